package io.github.ccsidbench.gate;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The pair time the gate's budget expects, before and after its pairs turn from duet to interleaved. */
class PairTimeTest {

    @Test
    void interleavedPairsAreExpectedToTakeTwiceTheDuetsTime() {
        PairMeasurement.PairTime t = new PairMeasurement.PairTime();
        assertEquals(Duration.ofSeconds(6), t.typical(), "before any pair");
        t.add(Duration.ofSeconds(10).toNanos());
        t.add(Duration.ofSeconds(14).toNanos());
        assertEquals(Duration.ofSeconds(12), t.typical());
        t.interleaved();
        assertEquals(Duration.ofSeconds(24), t.typical(), "two forks one after the other");
        t.add(Duration.ofSeconds(21).toNanos());
        assertEquals(Duration.ofSeconds(23), t.typical(), "then the interleaved pairs' own times count");
    }
}
