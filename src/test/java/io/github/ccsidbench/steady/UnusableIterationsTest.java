package io.github.ccsidbench.steady;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Iterations in which the machine took the benchmark's CPU (the fork driver measures the thread's CPU
 * time against the wall time) are left out of the analysis and counted as disturbed, never kept.
 */
class UnusableIterationsTest {

    private static final SteadySettings S = SteadySettings.DEFAULT;

    /** A warm-up of three iterations, then flat at 1000 with 1% noise; iterations in {@code stolen} ran 1.5 to 4 times slower. */
    private static double[] series(int n, long seed, boolean[] stolen) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] s = new double[n];
        for (int i = 0; i < n; i++) {
            double start = i == 0 ? 5 : i == 1 ? 2.5 : i == 2 ? 1.6 : 1;
            s[i] = 1000 * start * (1 + 0.01 * (r.nextDouble() * 2 - 1)) * (stolen[i] ? 1.5 + 2.5 * r.nextDouble() : 1);
        }
        return s;
    }

    /** 50 seeds: a few stolen iterations scattered after the warm-up are excluded and counted; the level is the undisturbed one. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30,
            31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50})
    void stolenIterationsAreExcludedAndCounted(long seed) {
        int n = 30;
        boolean[] stolen = new boolean[n];
        SplittableRandom r = new SplittableRandom(seed * 31);
        int count = 0;
        for (int k = 0; k < 6; k++) {
            int i = 4 + r.nextInt(n - 4);
            count += stolen[i] ? 0 : 1;
            stolen[i] = true;
        }
        boolean[] usable = new boolean[n];
        for (int i = 0; i < n; i++) {
            usable[i] = !stolen[i];
        }
        double[] s = series(n, seed, stolen);
        ForkAnalysis a = ForkAnalysis.of(s, usable, S);
        assertTrue(a.kind().steady(), a.toString());
        for (int i : a.kept()) {
            assertTrue(usable[i], "a stolen iteration is never kept: " + i);
        }
        assertTrue(a.slowPhase() >= count, "stolen iterations are counted as disturbed: " + a.slowPhase() + " < " + count);
        assertEquals(1000, a.level(), 20);
        assertEquals(n, a.warmup() + a.kept().length + a.slowPhase(), "every iteration is warm-up, kept or disturbed");
    }

    /** With every flag set, the overload is the plain analysis. */
    @Test
    void allUsableIsThePlainAnalysis() {
        double[] s = series(25, 7, new boolean[25]);
        boolean[] all = new boolean[25];
        Arrays.fill(all, true);
        ForkAnalysis plain = ForkAnalysis.of(s, S);
        ForkAnalysis flagged = ForkAnalysis.of(s, all, S);
        assertEquals(plain.kind(), flagged.kind());
        assertArrayEquals(plain.kept(), flagged.kept());
        assertEquals(plain.level(), flagged.level());
    }

    /** The stopping rule does not count stolen iterations towards the steady part, nor stop on one. */
    @Test
    void theRuleDoesNotStopOnAStolenIteration() {
        StoppingRule rule = new StoppingRule(S);
        int n = 14;
        boolean[] stolen = new boolean[n];
        double[] s = series(n, 3, stolen);
        boolean[] usable = new boolean[n];
        Arrays.fill(usable, true);
        assertTrue(rule.done(s, usable, null), "a flat series of 14 with 11 steady iterations stops");
        usable[n - 1] = false;
        assertFalse(rule.done(s, usable, null), "not on an iteration the machine disturbed");
        Arrays.fill(usable, 3, n, false);
        assertFalse(rule.done(s, usable, null), "nothing usable after the warm-up: not steady");
        assertTrue(rule.done(Arrays.copyOf(s, S.maxIterations()), new boolean[S.maxIterations()], null), "the cap still stops it");
    }

    /** Only the CPU decides: an iteration the machine ruler calls slow stays usable, as it stays in a long run's mean. */
    @Test
    void anIterationIsUsableWhenItsThreadHadTheCpu() {
        double[] availability = {Double.NaN, 0.99, 0.50, 0.98, 0.97};
        assertArrayEquals(new boolean[]{true, true, false, true, true}, ForkOutcome.usable(availability, 5));
        assertArrayEquals(new boolean[]{true, true, true, true, true}, ForkOutcome.usable(null, 5));
    }

    /**
     * Where the warm-up ends in the series: {@link ForkAnalysis#warmup()} counts the usable iterations before the steady
     * part, and an iteration stolen during the warm-up is part of the warm-up too, so the warm-up ends one iteration later
     * in the series than that count says. With every iteration usable the two agree; a fork with no steady state is warm-up
     * throughout.
     */
    @Test
    void theWarmupEndsInTheSeriesAfterTheIterationsStolenDuringIt() {
        int n = 30;
        boolean[] stolen = new boolean[n];
        stolen[1] = true;
        stolen[12] = true;
        double[] s = series(n, 3, stolen);
        boolean[] usable = new boolean[n];
        for (int i = 0; i < n; i++) {
            usable[i] = !stolen[i];
        }
        ForkAnalysis a = ForkAnalysis.of(s, usable, S);
        assertTrue(a.kind().steady(), a.toString());
        assertEquals(2, a.warmup(), "two usable iterations of warm-up: " + a);
        assertEquals(3, a.warmupEnd(usable), "the stolen second iteration is warm-up too");
        assertEquals(3, a.kept()[0]);

        ForkAnalysis plain = ForkAnalysis.of(series(n, 3, new boolean[n]), S);
        assertEquals(plain.warmup(), plain.warmupEnd(null));

        double[] climbing = new double[n];
        for (int i = 0; i < n; i++) {
            climbing[i] = 1000 * Math.pow(1.03, i);
        }
        ForkAnalysis never = ForkAnalysis.of(climbing, S);
        assertFalse(never.kind().steady());
        assertEquals(n, never.warmupEnd(null), "no steady state: the whole series is warm-up");
    }
}
