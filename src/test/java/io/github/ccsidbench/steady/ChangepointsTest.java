package io.github.ccsidbench.steady;

import io.github.ccsidbench.stats.Stats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The segmentation: known changepoints are found, outliers and sub-equivalence shifts are not changes. */
class ChangepointsTest {

    private static final SteadySettings S = SteadySettings.DEFAULT;

    static LongStream seeds() {
        return LongStream.range(0, 50);
    }

    /**
     * Three levels (1000 for 10-20 iterations, 1500 for 8-15, 800 for 10-20) with 1-3% lognormal noise, 400 seeds: three
     * segments, each boundary within one iteration of the truth and each level within 3%, in at least 97.5% of the
     * draws (about 99% over 2,000 independent draws: noise now and then splits a level or moves a boundary by two).
     */
    @Test
    void findsKnownChangepointsInNearlyEveryDraw() {
        int seeds = 400;
        List<String> missed = new java.util.ArrayList<>();
        for (long seed = 0; seed < seeds; seed++) {
            SyntheticSeries g = new SyntheticSeries(seed);
            int a = g.length(10, 20);
            int b = g.length(8, 15);
            int c = g.length(10, 20);
            double[] x = new double[a + b + c];
            for (int i = 0; i < x.length; i++) {
                x[i] = g.noisy(i < a ? 1000 : i < a + b ? 1500 : 800);
            }
            List<Segment> segs = Changepoints.fit(x, S).segments();
            boolean found = segs.size() == 3 && Math.abs(segs.get(1).start() - a) <= 1 && Math.abs(segs.get(2).start() - (a + b)) <= 1
                    && Math.abs(segs.get(0).level() / 1000 - 1) <= 0.03 && Math.abs(segs.get(1).level() / 1500 - 1) <= 0.03
                    && Math.abs(segs.get(2).level() / 800 - 1) <= 0.03;
            if (!found) {
                missed.add("seed " + seed + ": " + segs);
            }
        }
        assertTrue(missed.size() <= seeds / 40, missed.size() + " of " + seeds + " draws missed: " + missed);
    }

    /**
     * A flat series with 1-3 single iterations ten times slower: every outlier is flagged, none forms a
     * segment of its own (every segment has at least 3 iterations and a level within 5% of the truth).
     * 50 seeds.
     */
    @ParameterizedTest
    @MethodSource("seeds")
    void singleOutliersAreNotSegments(long seed) {
        SyntheticSeries.Drawn d = new SyntheticSeries(seed).flatWithOutliers();
        List<Segment> segs = Changepoints.fit(d.values(), S).segments();
        for (Segment g : segs) {
            assertTrue(g.length() >= 3, "seed " + seed + ": " + segs);
            assertTrue(Math.abs(g.level() / d.level() - 1) <= 0.05, "seed " + seed + ": " + segs);
        }
        Changepoints.Fit fit = Changepoints.fit(d.values(), S);
        for (int i : d.disturbed()) {
            assertTrue(fit.outlier()[i], "seed " + seed + ": iteration " + i + " not flagged");
        }
    }

    /**
     * Segments cover the series in order, without gaps; a segment's level is the median of its iterations once
     * isolated outliers are replaced by their neighbourhood's median (the series the changepoints were found on).
     */
    @ParameterizedTest
    @MethodSource("seeds")
    void segmentsCoverTheSeries(long seed) {
        SyntheticSeries.Drawn d = new SyntheticSeries(seed).slowPhases();
        List<Segment> segs = Changepoints.fit(d.values(), S).segments();
        int at = 0;
        for (Segment g : segs) {
            assertEquals(at, g.start());
            at = g.end();
        }
        assertEquals(d.values().length, at);
        double[] cleaned = java.util.Arrays.stream(Changepoints.fit(d.values(), S).clean()).map(Math::exp).toArray();
        for (Segment g : segs) {
            assertEquals(Stats.median(cleaned, g.start(), g.end()), g.level(), 1e-9 * g.level(), "seed " + seed + ": " + segs);
        }
    }

    /** Adjacent levels within the equivalence (2% apart, almost no noise) are one segment; 8% apart are two. */
    @Test
    void mergesLevelsWithinEquivalence() {
        SplittableRandom r = new SplittableRandom(7);
        double[] near = new double[40];
        double[] far = new double[40];
        for (int i = 0; i < 40; i++) {
            double noise = 1 + 0.001 * (r.nextDouble() - 0.5);
            near[i] = (i < 20 ? 1000 : 1020) * noise;
            far[i] = (i < 20 ? 1000 : 1080) * noise;
        }
        assertEquals(1, Changepoints.fit(near, S).segments().size(), Changepoints.fit(near, S).segments().toString());
        assertEquals(2, Changepoints.fit(far, S).segments().size(), Changepoints.fit(far, S).segments().toString());
        // With no equivalence, the 2% step is a change: the 0.5% noise floor does not hide it.
        SteadySettings strict = new SteadySettings(0, 6, 0.02, 8, 40, 0.10, 4, 1);
        assertEquals(2, Changepoints.fit(near, strict).segments().size());
    }

    /** The noise scale has a floor of 0.5%, and level shifts and outliers hardly move it. */
    @Test
    void noiseScaleIsRobustAndFloored() {
        double[] constant = new double[30];
        Arrays.fill(constant, Math.log(1234));
        assertEquals(Changepoints.NOISE_MINIMUM, Changepoints.noiseScale(constant));
        SyntheticSeries g = new SyntheticSeries(3, 0.02);
        double[] y = new double[60];
        for (int i = 0; i < y.length; i++) {
            y[i] = Math.log(g.noisy(i < 30 ? 1000 : 2000) * (i % 17 == 5 ? 10 : 1));
        }
        double sigma = Changepoints.noiseScale(y);
        assertTrue(sigma > 0.014 && sigma < 0.028, "sigma " + sigma);
    }

    /** Edge cases: empty, one, two or three iterations; non-positive or non-finite values are refused. */
    @Test
    void edgeCases() {
        assertEquals(List.of(), Changepoints.fit(new double[0], S).segments());
        assertEquals(List.of(new Segment(0, 1, 5)), Changepoints.fit(new double[] {5}, S).segments());
        assertEquals(1, Changepoints.fit(new double[] {5, 500}, S).segments().size());
        assertEquals(1, Changepoints.fit(new double[] {5, 500, 5}, S).segments().size());
        assertEquals(2, Changepoints.fit(new double[] {500, 500, 5, 5}, S).segments().size());
        assertThrows(IllegalArgumentException.class, () -> Changepoints.fit(new double[] {1, 0, 1}, S).segments());
        assertThrows(IllegalArgumentException.class, () -> Changepoints.fit(new double[] {1, Double.NaN}, S).segments());
        assertThrows(IllegalArgumentException.class,
                () -> Changepoints.fit(new double[] {1, Double.POSITIVE_INFINITY}, S).segments());
    }

    /**
     * PELT's pruning loses nothing: on 200 random series of 5-80 values with random steps, its
     * changepoints are those of plain optimal partitioning (the same cost, penalty and minimum segment
     * length, without pruning).
     */
    @Test
    void peltEqualsOptimalPartitioning() {
        SplittableRandom r = new SplittableRandom(42);
        for (int k = 0; k < 200; k++) {
            int n = 5 + r.nextInt(76);
            double[] y = new double[n];
            double level = 0;
            for (int i = 0; i < n; i++) {
                if (r.nextInt(8) == 0) {
                    level += r.nextDouble() - 0.5;
                }
                y[i] = level + 0.05 * (r.nextDouble() - 0.5);
            }
            double sigma = 0.02;
            double beta = 4 * Math.log(n);
            assertArrayEquals(optimalPartitioning(y, sigma, beta), Changepoints.pelt(y, sigma, beta), "series " + k);
        }
    }

    /** O(n^2) optimal partitioning, the reference PELT must match. */
    private static int[] optimalPartitioning(double[] y, double sigma, double beta) {
        int n = y.length;
        double[] f = new double[n + 1];
        int[] prev = new int[n + 1];
        Arrays.fill(f, Double.POSITIVE_INFINITY);
        f[0] = -beta;
        for (int t = 2; t <= n; t++) {
            for (int s = 0; s <= t - 2; s++) {
                if (f[s] == Double.POSITIVE_INFINITY) {
                    continue;
                }
                double mean = 0;
                for (int i = s; i < t; i++) {
                    mean += y[i];
                }
                mean /= t - s;
                double cost = 0;
                for (int i = s; i < t; i++) {
                    cost += (y[i] - mean) * (y[i] - mean);
                }
                double v = f[s] + cost / (sigma * sigma) + beta;
                if (v < f[t] - 1e-9) {
                    f[t] = v;
                    prev[t] = s;
                }
            }
        }
        return Changepoints.backtrack(prev, n);
    }
}
