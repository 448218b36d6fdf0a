package io.github.ccsidbench.stats;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Simulated runs whose truth is known: 40 figures of three forks, each fork meeting the host quiet or in a slow phase
 * (state 1.8, as an SMT sibling's busy phase reads on the ruler, in a third of the forks), its level moving as the
 * state to the power {@link #SLOPE}, the ruler as the state, both with noise of their own.
 */
class RulerAdjustmentTest {

    static final double SLOPE = 0.6;

    /** Per figure key, forks as {log level, x}; {@code linked}: whether the level follows the host's state at all. */
    static Map<String, List<double[]>> run(long seed, boolean linked) {
        Random random = new Random(seed);
        Map<String, List<double[]>> out = new LinkedHashMap<>();
        for (int k = 0; k < 40; k++) {
            List<double[]> forks = new ArrayList<>();
            double truth = Math.log(100 + 50 * k);
            for (int f = 0; f < 3; f++) {
                double state = random.nextDouble() < 1 / 3.0 ? Math.log(1.8) : 0;
                double level = truth + (linked ? SLOPE * state : 0) + 0.01 * random.nextGaussian();
                double x = Math.log(300) + state + 0.02 * random.nextGaussian();
                forks.add(new double[] {level, x});
            }
            out.put("ConversionBenchmark.encode length=" + k, forks);
        }
        return out;
    }

    private static double medianSd(Map<String, List<double[]>> run, RulerAdjustment a) {
        double[] sds = run.entrySet().stream().mapToDouble(e -> {
            double[] y = e.getValue().stream().mapToDouble(f -> f[0] + Math.log(a.factor(e.getKey(), f[1]))).toArray();
            double mean = Arrays.stream(y).average().orElseThrow();
            return Math.sqrt(Arrays.stream(y).map(v -> (v - mean) * (v - mean)).sum() / (y.length - 1));
        }).sorted().toArray();
        return sds[sds.length / 2];
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void theSlopeIsFoundAndTheForksSpreadLessWhileTheRunsMeanStays(long seed) {
        Map<String, List<double[]>> run = run(seed, true);
        RulerAdjustment a = RulerAdjustment.fit(run);
        String key = "ConversionBenchmark.encode length=0";
        assertEquals(SLOPE, a.slope(key), 0.05, "the slope");
        double raw = medianSd(run, RulerAdjustment.NONE);
        double adjusted = medianSd(run, a);
        assertTrue(adjusted < 0.5 * raw, "the spread the state explains leaves: " + raw + " -> " + adjusted);
        double shift = run.entrySet().stream().flatMap(e -> e.getValue().stream().map(f -> Math.log(a.factor(e.getKey(), f[1]))))
                .mapToDouble(Double::doubleValue).average().orElseThrow();
        assertEquals(0, shift, 1e-12, "over the run's forks the adjustment averages to nothing: the estimand stays");
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void aRulerThatExplainsNothingChangesLittle(long seed) {
        Map<String, List<double[]>> run = run(seed, false);
        RulerAdjustment a = RulerAdjustment.fit(run);
        assertTrue(a.slope("ConversionBenchmark.encode length=0") < 0.05, "slope " + a.slope("ConversionBenchmark.encode length=0"));
        assertTrue(medianSd(run, a) > 0.9 * medianSd(run, RulerAdjustment.NONE));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2})
    void aFamilyWithTooFewForksOrAForkWithoutARulerStaysAsMeasured(long seed) {
        Map<String, List<double[]>> run = run(seed, true);
        Map<String, List<double[]>> few = new LinkedHashMap<>();
        run.entrySet().stream().limit(RulerAdjustment.MIN_DOF / 2 - 1).forEach(e -> few.put(e.getKey(), e.getValue()));
        RulerAdjustment a = RulerAdjustment.fit(few);
        assertEquals(0, a.slope("ConversionBenchmark.encode length=0"), "6 degrees of freedom within figures: no slope");
        assertEquals(1, a.factor("ConversionBenchmark.encode length=0", Math.log(540)));
        RulerAdjustment b = RulerAdjustment.fit(run);
        assertEquals(1, b.factor("ConversionBenchmark.encode length=0", Double.NaN), "no ruler");
        assertEquals(1, b.factor("FloorBenchmark.isoEncode length=16", Math.log(540)), "another family: none of its forks given");
        assertTrue(Double.isNaN(RulerAdjustment.meanLogRuler(new double[] {300, Double.NaN}, 0, 2)));
        assertEquals(Math.log(300), RulerAdjustment.meanLogRuler(new double[] {1, 300, 300}, 1, 3), 1e-12);
    }
}
