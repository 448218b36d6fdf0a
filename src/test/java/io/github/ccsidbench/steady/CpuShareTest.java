package io.github.ccsidbench.steady;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The share of a CPU a fork is told it has ({@link ForkOutcome#CPU_SHARE}): a gate pair on one CPU gives each half. */
class CpuShareTest {

    @Test
    void aShareIsReadOrAWholeCpu() {
        assertEquals(0.5, IterationRecorder.cpuShare("0.5"));
        assertEquals(1, IterationRecorder.cpuShare(null));
        assertEquals(1, IterationRecorder.cpuShare("0"));
        assertEquals(1, IterationRecorder.cpuShare("1.5"));
        assertEquals(1, IterationRecorder.cpuShare("half"));
    }
}
