package io.github.ccsidbench.stats;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one statistics helper: medians, percentiles, bootstrap intervals, the median's distribution-free interval. */
class StatsTest {

    @Test
    void medianAndPercentiles() {
        assertEquals(2.0, Stats.median(new double[]{3, 1, 2}));
        assertEquals(2.5, Stats.median(new double[]{4, 1, 2, 3}));
        assertEquals(1.0, Stats.percentile(new double[]{1, 2, 3}, 0));
        assertEquals(3.0, Stats.percentile(new double[]{1, 2, 3}, 100));
        assertTrue(Double.isNaN(Stats.median(new double[0])));
    }

    @Test
    void bootstrapIntervalIsDeterministicAndCoversTheTrueMedianMostOfTheTime() {
        SplittableRandom random = new SplittableRandom(1);
        int covered = 0;
        int trials = 200;
        for (int t = 0; t < trials; t++) {
            double[][] forks = new double[3][10];
            for (double[] fork : forks) {
                double forkShift = random.nextGaussian() * 0.5; // forks differ, as JIT decisions do
                for (int i = 0; i < fork.length; i++) {
                    fork[i] = 100 + forkShift + random.nextGaussian();
                }
            }
            Stats.Interval ci = Stats.bootstrapMedian(forks, 0.95, t);
            assertEquals(ci, Stats.bootstrapMedian(forks, 0.95, t), "same data and seed, same interval");
            if (ci.contains(100)) {
                covered++;
            }
        }
        // With 3 forks the fork-level resampling is coarse: demand a reasonable, not nominal, coverage.
        assertTrue(covered > trials * 0.75, "covered " + covered + " of " + trials);
    }

    /**
     * The rank k of the distribution-free 95% interval [x(k), x(n+1-k)] for the median, against the
     * binomial tables: none below 6 values, the extremes for 6 to 8, k = 2 for 9, 6 for 20, 14 for 40.
     */
    @Test
    void medianRanks() {
        for (int n = 0; n < 6; n++) {
            assertEquals(0, Stats.medianRank(n, 0.95), "n " + n);
        }
        assertEquals(1, Stats.medianRank(6, 0.95));
        assertEquals(1, Stats.medianRank(8, 0.95));
        assertEquals(2, Stats.medianRank(9, 0.95));
        assertEquals(6, Stats.medianRank(20, 0.95));
        assertEquals(14, Stats.medianRank(40, 0.95));
        // Large n does not underflow: about n/2 - 0.98 sqrt(n).
        assertEquals(5000 - 98, Stats.medianRank(10000, 0.95), 1);
    }

    /** Half-width relative to the median; +Inf with fewer than 6 values. */
    @Test
    void relativeHalfWidth() {
        assertEquals(Double.POSITIVE_INFINITY, Stats.relativeHalfWidth(new double[] {1, 2, 3, 4, 5}));
        assertEquals((12 - 8) / 2.0 / 10, Stats.relativeHalfWidth(new double[] {10, 12, 8, 10, 11, 9}), 1e-12);
        assertEquals(2.5, Stats.median(new double[] {4, 1, 3, 2}, 0, 4));
        assertEquals(Double.NaN, Stats.median(new double[0], 0, 0));
    }
}
