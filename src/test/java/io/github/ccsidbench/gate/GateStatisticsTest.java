package io.github.ccsidbench.gate;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gate's statistics on synthetic data drawn with the noise measured here (see
 * {@link SyntheticRuns}), through the gate's own code: a three-pass baseline of a full gate's
 * worth of benchmarks, a candidate pass, and the gate's confirmation passes for every FAIL. Measures how often
 * unchanged code fails a gate run (A/A), and how often real slowdowns of 10%, 15% and 25% are
 * caught. The rates are printed; the README quotes them.
 */
class GateStatisticsTest {

    private static final int FORKS = 2;
    private static final int ITERATIONS = 4;
    private static final int BASELINE_PASSES = 3;
    /** Benchmarks in one gate run: a false FAIL anywhere fails the run. */
    private static final int PER_GATE = 93;

    /** Simulates {@code gates} gate runs with every benchmark truly slower by {@code slowdown}. */
    private static int[] simulate(double slowdown, int gates, long seed) {
        SyntheticRuns runs = new SyntheticRuns(seed);
        int failedGates = 0;
        int failedBenchmarks = 0;
        for (int g = 0; g < gates; g++) {
            List<Map<String, double[][]>> passes = new ArrayList<>();
            for (int p = 0; p < BASELINE_PASSES; p++) {
                Map<String, double[][]> pass = new LinkedHashMap<>();
                for (int b = 0; b < PER_GATE; b++) {
                    pass.put("b" + b, runs.normalisedRun(1.0, FORKS, ITERATIONS));
                }
                passes.add(pass);
            }
            BaselineStatistics stats = BaselineStatistics.of(passes, key -> new double[0]);
            boolean anyFail = false;
            for (int b = 0; b < PER_GATE; b++) {
                BaselineStatistics.Entry entry = stats.entries().get("b" + b);
                BenchmarkComparison first = BenchmarkComparison.compare("b" + b, entry,
                        runs.normalisedRun(slowdown, FORKS, ITERATIONS), OptionalDouble.empty(), GateThresholds.DEFAULT);
                if (first.verdict() != Verdict.FAIL) {
                    continue;
                }
                boolean confirmed = true;
                for (int round = 0; round < GateRunner.CONFIRMATIONS && confirmed; round++) {
                    confirmed = BenchmarkComparison.compare("b" + b, entry, runs.normalisedRun(slowdown, FORKS, ITERATIONS),
                            OptionalDouble.empty(), GateThresholds.DEFAULT).verdict() == Verdict.FAIL;
                }
                if (confirmed) {
                    failedBenchmarks++;
                    anyFail = true;
                }
            }
            if (anyFail) {
                failedGates++;
            }
        }
        return new int[]{failedGates, failedBenchmarks};
    }

    @Test
    void unchangedCodeRarelyFailsAGateRun() {
        int gates = 400;
        int[] r = simulate(1.0, gates, 1);
        double perGate = (double) r[0] / gates;
        double perBenchmark = (double) r[1] / (gates * PER_GATE);
        System.out.printf(Locale.ROOT, "gate statistics: A/A false FAIL rate %.3f%% per benchmark, %.1f%% of %d gate runs of %d%n",
                perBenchmark * 100, perGate * 100, gates, PER_GATE);
        assertTrue(perGate < 0.03, "a gate that fails on noise gets switched off: " + perGate);
    }

    @Test
    void realSlowdownsAreCaught() {
        double[] slowdowns = {1.10, 1.15, 1.25, 1.35, 1.50};
        double[] rates = new double[slowdowns.length];
        for (int i = 0; i < slowdowns.length; i++) {
            int gates = 25;
            rates[i] = (double) simulate(slowdowns[i], gates, 10 + i)[1] / (gates * PER_GATE);
        }
        System.out.printf(Locale.ROOT, "gate statistics: detection +10%% %.1f%%, +15%% %.1f%%, +25%% %.1f%%, +35%% %.1f%%,"
                + " +50%% %.1f%%%n", rates[0] * 100, rates[1] * 100, rates[2] * 100, rates[3] * 100, rates[4] * 100);
        // A pass's estimate moves about 6% here, so a 15% slowdown is within noise of the 15% threshold:
        // what the gate promises is that large slowdowns never pass, and that detection grows with them.
        assertTrue(rates[4] > 0.95, "+50% must be caught: " + rates[4]);
        assertTrue(rates[3] > 0.75, "+35% is caught most of the time: " + rates[3]);
        for (int i = 1; i < rates.length; i++) {
            assertTrue(rates[i] >= rates[i - 1], "detection grows with the slowdown");
        }
    }
}
