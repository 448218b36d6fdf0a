package io.github.ccsidbench.report;

import io.github.ccsidbench.results.RunEnvironment;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportInputsTest {

    /**
     * Two runs of one JDK on two machines (the README's answer reads every committed run) are two groups: each figure
     * is derived from its own run's forks and floor, and the answer has a row per run, not one row of both mixed.
     */
    @Test
    void runsOfOneJdkOnTwoMachinesAreDerivedApart() {
        RunEnvironment e = SyntheticRun.environment();
        RunEnvironment other = SyntheticRun.environmentOn("Intel Xeon");
        ReportInputs both = new ReportInputs(List.of(CalibrationTest.run(1, e), CalibrationTest.run(2, other)));
        assertEquals(2, both.jvms().size(), both.jvms().stream().map(ReportInputs.JvmGroup::label).toList().toString());
        assertTrue(both.jvms().get(1).label().endsWith(" on Intel Xeon"), both.jvms().get(1).label());
        assertNotEquals(both.jvms().get(0).slug(), both.jvms().get(1).slug());
        assertEquals(2, Answer.of(both).size(), "a row per run");
        ReportInputs one = new ReportInputs(List.of(CalibrationTest.run(1, e), CalibrationTest.run(1.01, e)));
        assertEquals(1, one.jvms().size(), "runs of one machine and JDK stay one group");
        assertTrue(!one.jvms().get(0).label().contains(" on "), one.jvms().get(0).label());
    }
}
