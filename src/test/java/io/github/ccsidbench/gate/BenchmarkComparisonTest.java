package io.github.ccsidbench.gate;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchmarkComparisonTest {

    /** Two forks of four iterations around {@code level}, spread by a few per cent. */
    static double[][] samples(double level, double spread) {
        double[][] s = new double[2][4];
        double[] pattern = {-1.5, -0.5, 0.5, 1.5};
        for (int f = 0; f < 2; f++) {
            for (int i = 0; i < 4; i++) {
                s[f][i] = level * (1 + spread * (pattern[i] + (f == 0 ? -0.25 : 0.25)));
            }
        }
        return s;
    }

    /** A baseline of three passes at level 1, the passes 2% apart. */
    static BaselineStatistics.Entry baseline(OptionalDouble bytes) {
        List<Map<String, double[][]>> passes = List.of(Map.of("k", samples(0.98, 0.01)), Map.of("k", samples(1.0, 0.01)),
                Map.of("k", samples(1.02, 0.01)));
        BaselineStatistics.Entry e = BaselineStatistics.of(passes,
                k -> bytes.isPresent() ? new double[]{bytes.getAsDouble()} : new double[0]).entries().get("k");
        return e;
    }

    private static BenchmarkComparison compare(double[][] cand) {
        return BenchmarkComparison.compare("k", baseline(OptionalDouble.empty()), cand, OptionalDouble.empty(), GateThresholds.DEFAULT);
    }

    @Test
    void verdicts() {
        assertEquals(Verdict.PASS, compare(samples(1, 0.01)).verdict());
        assertEquals(Verdict.PASS, compare(samples(1.04, 0.01)).verdict(), "4% is within this baseline's spread");
        BenchmarkComparison fail = compare(samples(1.40, 0.01));
        assertEquals(Verdict.FAIL, fail.verdict(), fail.toString());
        assertTrue(fail.low() > 1 && fail.pSlower() < 0.01, fail.toString());
        assertEquals(Verdict.IMPROVED, compare(samples(0.7, 0.01)).verdict());
    }

    @Test
    void theEstimateIgnoresOneBadlyCompiledFork() {
        double[][] oneBadFork = samples(1, 0.01);
        for (int i = 0; i < 4; i++) {
            oneBadFork[1][i] *= 1.6;
        }
        assertEquals(Verdict.PASS, compare(oneBadFork).verdict(), "a slow fork is not a regression");
        assertEquals(Math.log(0.9975), BaselineStatistics.estimate(oneBadFork), 1e-12, "the estimate is the good fork's median");
    }

    @Test
    void runToRunSpreadComesFromTheBaselinePasses() {
        BaselineStatistics.Entry e = baseline(OptionalDouble.empty());
        assertEquals(3, e.passes());
        // each pass's estimate is its smaller fork median: level x (1 - 0.0025); the centre is the middle pass
        assertEquals(Math.log(1.0 * (1 - 0.0025)), e.center(), 1e-12);
        assertTrue(e.sigma() >= BaselineStatistics.MIN_SIGMA && e.sigma() < 0.05, "sigma " + e.sigma());
        assertEquals(24, e.iterations().length);
    }

    @Test
    void allocationGrowthFailsAboveBothLimits() {
        double[][] same = samples(1, 0.01);
        BenchmarkComparison grew = BenchmarkComparison.compare("k", baseline(OptionalDouble.of(1000)), same, OptionalDouble.of(1100),
                GateThresholds.DEFAULT);
        assertEquals(Verdict.FAIL, grew.verdict());
        assertTrue(grew.reasons().get(0).startsWith("allocates 1100 B/op instead of 1000"));
        assertEquals(Verdict.PASS, BenchmarkComparison.compare("k", baseline(OptionalDouble.of(100)), same, OptionalDouble.of(112),
                GateThresholds.DEFAULT).verdict(), "+12 B is under 16 B");
        assertEquals(Verdict.PASS, BenchmarkComparison.compare("k", baseline(OptionalDouble.of(10000)), same, OptionalDouble.of(10400),
                GateThresholds.DEFAULT).verdict(), "+4% is under 5%");
        assertTrue(!grew.timingFailure(), "an allocation failure needs no timing confirmation");
    }

    @Test
    void thresholdsAreValidated() {
        assertThrows(io.github.ccsidbench.CcsidBenchException.class, () -> new GateThresholds(1.05, 1.10, 0.01, 0.95, 0.05, 16, 0.05));
        assertThrows(io.github.ccsidbench.CcsidBenchException.class, () -> new GateThresholds(1.15, 1.08, 0.7, 0.95, 0.05, 16, 0.05));
    }
}
