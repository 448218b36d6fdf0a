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
 * worth of benchmarks, a candidate pass, and a confirmation pass for every FAIL. Measures how often
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
                BenchmarkComparison again = BenchmarkComparison.compare("b" + b, entry,
                        runs.normalisedRun(slowdown, FORKS, ITERATIONS), OptionalDouble.empty(), GateThresholds.DEFAULT);
                if (again.verdict() == Verdict.FAIL) {
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
        double[] rates = new double[3];
        double[] slowdowns = {1.10, 1.15, 1.25};
        for (int i = 0; i < 3; i++) {
            int gates = 25;
            rates[i] = (double) simulate(slowdowns[i], gates, 10 + i)[1] / (gates * PER_GATE);
        }
        System.out.printf(Locale.ROOT, "gate statistics: detection +10%% %.1f%%, +15%% %.1f%%, +25%% %.1f%%%n",
                rates[0] * 100, rates[1] * 100, rates[2] * 100);
        assertTrue(rates[2] > 0.85, "+25% must be caught: " + rates[2]);
        assertTrue(rates[1] > 0.2, "+15% sits on the threshold, caught about a third of the time here: " + rates[1]);
        assertTrue(rates[0] < rates[1] && rates[1] < rates[2], "detection grows with the slowdown");
    }
}
