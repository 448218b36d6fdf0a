package io.github.ccsidbench.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The between-run component added to a level, against values worked out by hand (and in Python: the Welch-Satterthwaite dof). */
class BetweenRunVarianceTest {

    /** A negative variance is refused. */
    @Test
    void aNegativeVarianceIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new BetweenRunVariance(-1, 3, 3));
        assertFalse(BetweenRunVariance.NONE.present());
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
