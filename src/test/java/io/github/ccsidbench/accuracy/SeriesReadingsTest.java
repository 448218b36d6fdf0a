package io.github.ccsidbench.accuracy;

import io.github.ccsidbench.stats.BetweenForkVariance;
import io.github.ccsidbench.steady.SteadySettings;
import io.github.ccsidbench.suite.Preset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The series readings on series whose truth is known: a JVM that gets 10% faster at 4 s of age reads its rule's level
 * at the young speed and its {@code long-window} reading (the long fork's 5 s to 15 s) at the old one.
 */
class SeriesReadingsTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void theLongWindowReadsTheSpeedOfTheLongForksSecondsOfAge(long seed) {
        Random random = new Random(seed);
        double[] series = new double[160];
        for (int i = 0; i < series.length; i++) {
            double level = i < 3 ? 300 : i < 40 ? 100 : 90; // warm-up, young, old
            series[i] = level * (1 + 0.005 * random.nextGaussian());
        }
        Map<String, Double> r = SeriesReadings.of(series, null, null, 100, SteadySettings.DEFAULT);
        assertEquals(100, r.get("rule"), 1.5, r.toString());
        assertEquals(90, r.get("long-window"), 0.5, r.toString());
        assertEquals(90, r.get("late"), 0.5, r.toString());
        assertTrue(r.get("stop") < 40, "the rule stops while the JVM is young: " + r);
    }

    /**
     * A host with slow episodes (a two-state Markov chain: into a 1.3x slow state with chance 0.05 per iteration, out
     * with 0.3; 3% noise), the same at every age, so the truth is the process's long-run time per operation. The
     * suite's rule stops where the last iteration looks steady and cuts a slow start as warm-up, so its reading leans to
     * quiet stretches; windows that no level chose do not.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2})
    void windowsThatNoLevelChoseReadAnEpisodicHostUnbiasedAndTheRuleReadsItLow(long seed) {
        Random random = new Random(seed);
        double[] longRun = episodic(random, 1_000_000);
        double truth = BetweenForkVariance.perOperation(longRun);
        double rule = 0;
        double fixed = 0;
        double jitFixed = 0;
        int forks = 1500;
        int settled = 0;
        double[] jit = new double[160];
        jit[0] = 400;
        for (int f = 0; f < forks; f++) {
            Map<String, Double> r = SeriesReadings.of(episodic(random, 160), null, jit, 100, Preset.STANDARD.timing().steady());
            if (!Double.isNaN(r.get("rule"))) {
                rule += Math.log(r.get("rule") / truth);
                settled++;
            }
            fixed += Math.log(r.get("fixed") / truth);
            jitFixed += Math.log(r.get("jit-fixed") / truth);
        }
        assertEquals(0, fixed / forks, 0.004, "fixed");
        assertEquals(0, jitFixed / forks, 0.004, "jit-fixed");
        assertTrue(settled > forks * 0.95, settled + " of " + forks + " settled");
        assertTrue(rule / settled < -0.008, "the rule's reading leans quiet: " + rule / settled);
    }

    private static double[] episodic(Random random, int n) {
        double[] x = new double[n];
        boolean slow = random.nextDouble() < 0.05 / 0.35;
        for (int i = 0; i < n; i++) {
            slow = slow ? random.nextDouble() > 0.3 : random.nextDouble() < 0.05;
            x[i] = (slow ? 130 : 100) * Math.exp(0.03 * random.nextGaussian());
        }
        return x;
    }

    @Test
    void theJitWindowStartsAfterTheLastIterationTheJitWasBusyIn() {
        double[] series = new double[40];
        Arrays.fill(series, 100);
        series[0] = 500;
        series[3] = 200;
        double[] jit = new double[40];
        jit[0] = 300;
        jit[3] = 25;
        jit[5] = 19;
        Map<String, Double> r = SeriesReadings.of(series, null, jit, 100, SteadySettings.DEFAULT);
        assertEquals(4 + SeriesReadings.FIXED, r.get("jit-fixed-stop"));
        assertEquals(100, r.get("jit-fixed"), 1e-9);
    }

    /** The readings that count iterations or milliseconds are never pooled as levels against the reference. */
    @Test
    void theSeriesCountsAreNotAnalysedAsLevels() {
        double[] jit = new double[160];
        jit[0] = 400;
        List<AccuracyResult.Pair> pairs = new ArrayList<>();
        for (int round = 1; round <= 3; round++) {
            double[] series = new double[160];
            Arrays.fill(series, 100 + round);
            Map<String, Double> readings = new LinkedHashMap<>();
            readings.put("long", 100.0);
            SeriesReadings.of(series, null, jit, 100, Preset.STANDARD.timing().steady())
                    .forEach((k, v) -> readings.put(k.equals("rule") ? "series" : "series:" + k, v)); // as the arm names them
            pairs.add(new AccuracyResult.Pair("encode 1208", round, List.of("long", "series"), readings, "2026-11-30T10:0" + round + ":00Z"));
        }
        List<String> pooled = AccuracyResult.of("cpu", "class", "17", "2026-11-30", 1, "-wi 5", List.of(), List.of("series"), 0.025, 3,
                pairs, Map.of()).pooled().stream().map(p -> p.reading()).toList();
        assertTrue(pooled.contains("series") && pooled.contains("series:jit-fixed") && pooled.contains("series:long-window"), pooled.toString());
        for (String count : List.of("stop", "firstKept", "keptJitMillis", "jit-fixed-stop")) {
            assertTrue(pooled.stream().noneMatch(r -> r.startsWith("series:" + count)), count + " pooled: " + pooled);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {60, 149})
    void aSeriesShorterThanTheLongWindowHasNoSuchReading(int length) {
        double[] series = new double[length];
        Arrays.fill(series, 100);
        assertFalse(SeriesReadings.of(series, null, null, 100, SteadySettings.DEFAULT).containsKey("long-window"));
    }
}
