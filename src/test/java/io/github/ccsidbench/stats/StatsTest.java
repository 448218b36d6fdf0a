package io.github.ccsidbench.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The fork side's statistics: medians, percentiles, the median's distribution-free interval. */
class StatsTest {

    @Test
    void medianAndPercentiles() {
        assertEquals(2.0, Stats.median(new double[]{3, 1, 2}));
        assertEquals(2.5, Stats.median(new double[]{4, 1, 2, 3}));
        assertEquals(1.0, Stats.percentile(new double[]{1, 2, 3}, 0));
        assertEquals(3.0, Stats.percentile(new double[]{1, 2, 3}, 100));
        assertTrue(Double.isNaN(Stats.median(new double[0])));
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

    /** The exact coverage of [x(k), x(n+1-k)]: 1 - 2/128 for the extremes of 7; scipy's binom.cdf for 20 and 40 values. */
    @Test
    void medianIntervalCoverageIsExact() {
        assertEquals(1 - 2.0 / 128, Stats.medianIntervalCoverage(7, 1), 1e-15);
        assertEquals(0.958610534667969, Stats.medianIntervalCoverage(20, Stats.medianRank(20, 0.95)), 1e-12);
        assertEquals(0.9615226917158, Stats.medianIntervalCoverage(40, Stats.medianRank(40, 0.95)), 1e-12);
        assertEquals(0, Stats.medianIntervalCoverage(5, 0));
    }
}
