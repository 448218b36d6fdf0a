package io.github.ccsidbench.report;

import io.github.ccsidbench.results.DerivedFiguresTest;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.results.SteadinessFile;
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

    /**
     * Two runs of one JDK on one machine in one report: each figure rests on the kept iterations of its own run's
     * steadiness record, although the two records have the same key.
     */
    @Test
    void eachFigureRestsOnItsOwnRunsRecord() {
        double[][] a = {DerivedFiguresTest.afterWarmup(100), DerivedFiguresTest.afterWarmup(101), DerivedFiguresTest.afterWarmup(99)};
        double[][] b = {DerivedFiguresTest.afterWarmup(200), DerivedFiguresTest.afterWarmup(202), DerivedFiguresTest.afterWarmup(198)};
        List<ReportInputs.Source> sources = new java.util.ArrayList<>();
        for (double[][] raw : List.of(a, b)) {
            io.github.ccsidbench.results.BenchmarkResult r = DerivedFiguresTest.result(raw, 1088);
            SteadinessFile file = new SteadinessFile(1, 3, 3, 0, 0, List.of(DerivedFiguresTest.record(r.key(), raw, 1088.0)), null);
            sources.add(new ReportInputs.Source("results.json", java.util.Optional.of(SyntheticRun.environment()), List.of(r),
                    java.util.Optional.of(file), java.util.Optional.empty(), java.util.Optional.empty(), java.util.Optional.empty(),
                    java.util.Optional.empty()));
        }
        ReportInputs both = new ReportInputs(sources);
        assertEquals(1, both.jvms().size());
        List<io.github.ccsidbench.results.DerivedFigures> figures = both.jvms().get(0).figures();
        assertEquals(16 / (12 / 100.0 + 4 / 200.0), figures.get(0).level(), 1,
                "the time per operation over every iteration after the warm-up: 12 at 100, 4 at 200");
        assertEquals(16 / (12 / 200.0 + 4 / 400.0), figures.get(1).level(), 2);
    }
}
