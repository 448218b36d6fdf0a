package io.github.ccsidbench.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The between-run component, against values worked out by hand (and in Python: the Welch-Satterthwaite dof). */
class BetweenRunVarianceTest {

    /** mean(d^2 - w) = (0.0021 + 0.0003 + 0) / 3 = 0.0008, above half the long runs' mean squared ratio (0.000425). */
    @Test
    void thePairsGiveTheComponentWhenTheyShowMoreThanTheLongRuns() {
        BetweenRunVariance b = BetweenRunVariance.estimate(new double[]{0.05, -0.02, 0.03}, new double[]{0.0004, 0.0001, 0.0009},
                new double[]{0.04, -0.01});
        assertEquals(0.0008, b.variance(), 1e-15);
        assertEquals(3, b.dof());
        assertEquals(3, b.pairs());
        assertEquals(0.028688069301858337, b.relative(), 1e-12);
    }

    /** Never narrower than the long runs' own spread: one pair inside its error, long runs 6% apart give 0.0036 / 2. */
    @Test
    void neverNarrowerThanTheLongRunsDisagreement() {
        BetweenRunVariance b = BetweenRunVariance.estimate(new double[]{0.01}, new double[]{0.0004}, new double[]{0.06});
        assertEquals(0.0018, b.variance(), 1e-15);
        assertEquals(1, b.dof());
    }

    /** Pairs inside their own errors and no second long run: nothing to add. Nothing usable: none at all. */
    @Test
    void nothingBeyondTheForksIsNoComponent() {
        BetweenRunVariance b = BetweenRunVariance.estimate(new double[]{0.01}, new double[]{0.0004}, new double[0]);
        assertEquals(0, b.variance());
        assertFalse(b.present());
        assertSame(BetweenRunVariance.NONE, BetweenRunVariance.estimate(new double[]{Double.NaN}, new double[]{0.1},
                new double[]{0.5}));
        assertThrows(IllegalArgumentException.class, () -> new BetweenRunVariance(-1, 3, 3));
    }

    /**
     * se' = sqrt(0.02^2 + 0.0008) = 0.034641; Welch's dof 0.0012^2 / (0.0004^2 / 4 + 0.0008^2 / 3) = 5.684211 is more
     * than the level's own 4, so 4 stays; with 100 of its own, Welch's 0.0012^2 / (0.0004^2 / 100 + 0.0008^2 / 3) =
     * 6.6998 (computed apart) is taken. The interval is wider either way.
     */
    @Test
    void aLevelWithTheComponentIsWiderOnWelchsDegreesOfFreedom() {
        LogLevel own = new LogLevel(5, 0.02, 4, LogLevel.Variance.OWN);
        LogLevel wide = own.withBetweenRun(new BetweenRunVariance(0.0008, 3, 3));
        assertEquals(5, wide.centre());
        assertEquals(0.034641016151377546, wide.standardError(), 1e-12);
        assertEquals(4, wide.dof());
        LogLevel many = new LogLevel(5, 0.02, 100, LogLevel.Variance.OWN);
        LogLevel manyWide = many.withBetweenRun(new BetweenRunVariance(0.0008, 3, 3));
        assertEquals(0.0012 * 0.0012 / (0.0004 * 0.0004 / 100 + 0.0008 * 0.0008 / 3), manyWide.dof(), 1e-9);
        assertTrue(manyWide.interval(0.95).high() > many.interval(0.95).high());
        assertTrue(wide.interval(0.95).high() > own.interval(0.95).high());
        assertEquals(LogLevel.Variance.OWN, wide.variance());
        assertSame(own, own.withBetweenRun(BetweenRunVariance.NONE));
        LogLevel none = new LogLevel(5, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, LogLevel.Variance.NONE);
        assertTrue(Double.isInfinite(none.withBetweenRun(new BetweenRunVariance(0.0008, 3, 3)).standardError()),
                "a level with no interval keeps none");
    }
}
