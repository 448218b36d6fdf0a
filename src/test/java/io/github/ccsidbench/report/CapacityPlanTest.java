package io.github.ccsidbench.report;

import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.results.DerivedFigures;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The capacity plan multiplies rows per day by the mean cost per operation, GC included: where a benchmark's forks had a
 * slow tail after their warm-up, the plan's µs per row is the time per operation with the tail in it, as the figure's
 * level is (the geometric mean of the forks' times per operation), and the comparison with EBCDIC stays a ratio of
 * levels.
 */
class CapacityPlanTest {

    @Test
    void thePlanUsesTheMeanCostPerOperationWhereItDiffersFromTheLevel() {
        SyntheticRun run = new SyntheticRun();
        run.result(BenchmarkMethod.DB2_INSERT_CLIENT.shortName(), Map.of("shape", "article", "rows", "ascii"), 400, 400);
        // Each fork of 37 ran 8 iterations at its level after its warm-up, then 4 at three times it.
        run.resultWithSlowTail(BenchmarkMethod.DB2_INSERT_SERVER.shortName(), SyntheticRun.server("37"), 4, 3.0, 300, 303);
        run.result(BenchmarkMethod.DB2_INSERT_SERVER.shortName(), SyntheticRun.server("367"), 340, 343);
        run.result(BenchmarkMethod.DB2_INSERT_SERVER.shortName(), SyntheticRun.server("1208"), 160, 161);
        ReportInputs inputs = run.inputs();
        DerivedFigures server37 = inputs.jvms().get(0).find(BenchmarkMethod.DB2_INSERT_SERVER.shortName(), SyntheticRun.server("37"))
                .orElseThrow();
        DerivedFigures server367 = inputs.jvms().get(0).find(BenchmarkMethod.DB2_INSERT_SERVER.shortName(), SyntheticRun.server("367"))
                .orElseThrow();
        double mean = server37.meanCost().level();
        assertEquals(301.5 * 12 / (8 + 4 / 3.0), mean, 2, "the time per operation over every iteration after the warm-up, the tails in");
        assertEquals(301.5 * (8 + 4 * 3) / 12, server37.result().score(), 2, "JMH's score, their arithmetic mean, reads above it");
        assertEquals(mean, server37.level(), 0.002 * mean, "the level: the forks' times per operation, the tails in too");

        CapacityPlan plan = CapacityPlan.compute(inputs, "article", RowFlavour.ASCII, 5_000_000, OptionalDouble.empty(), null);
        CapacityPlan.Line ebcdic = plan.lines().get(0);
        CapacityPlan.Line ascii = plan.lines().get(1);
        assertEquals(37, ebcdic.ccsid());
        assertEquals(mean / 1000, ebcdic.serverUs(), 1e-12, "µs per row: the mean per operation, GC included");
        assertEquals(5_000_000 * mean / 1000 / 1e6, ebcdic.serverSecondsPerDay(), 1e-9);
        assertTrue(ebcdic.serverCi().low() < ebcdic.serverUs() && ebcdic.serverUs() < ebcdic.serverCi().high()
                && Double.isFinite(ebcdic.serverCi().high()), "with its interval over forks: " + ebcdic.serverCi());
        assertEquals(ebcdic.clientUs() + ebcdic.serverUs(), ebcdic.insertUs(), 1e-12, "no INSERT measured: the means add up");

        String text = plan.render();
        assertTrue(text.contains(CapacityPlan.MEAN_MEANS), text);
        String levels = Comparison.percent(server367.level() / server37.level());
        assertTrue(text.contains("| " + levels + " |"), "367 against EBCDIC is the ratio of levels (" + levels + "): " + text);
        assertEquals(server367.level() / 1000, ascii.serverLevelUs(), 1e-12);
    }
}
