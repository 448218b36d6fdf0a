package io.github.ccsidbench.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A level's interval, the Welch ratio of two and the calibration's agreement test, against scipy's numbers. */
class LogLevelTest {

    static final LogLevel A = new LogLevel(Math.log(100), 0.01, 5, LogLevel.Variance.MODERATED);
    static final LogLevel B = new LogLevel(Math.log(103), 0.02, 3, LogLevel.Variance.OWN);

    /** scipy.stats.t.ppf(0.975, 3.7) = 2.86752070719119, t.ppf(0.95, 12.5) = 1.77636622124703; norm.ppf(0.975). */
    /** The p of no change, against scipy 1.17: 2 * stats.t.sf(|c| / se, df), and stats.norm.sf for infinite df. */
    @Test
    void thePOfNoChangeIsScipys() {
        assertEquals(0.05176199225448288, new LogLevel(0.1, 0.04, 5.3, LogLevel.Variance.RATIO).pNoChange(), 1e-12);
        assertEquals(0.05176199225448288, new LogLevel(-0.1, 0.04, 5.3, LogLevel.Variance.RATIO).pNoChange(), 1e-12);
        assertEquals(0.012419330651552265, new LogLevel(0.1, 0.04, Double.POSITIVE_INFINITY, LogLevel.Variance.RATIO).pNoChange(), 1e-12);
        assertEquals(0.6261174762253241, new LogLevel(0.02, 0.04, 12, LogLevel.Variance.RATIO).pNoChange(), 1e-12);
        assertTrue(Double.isNaN(new LogLevel(0.1, Double.POSITIVE_INFINITY, 3, LogLevel.Variance.RATIO).pNoChange()));
    }

    @Test
    void quantilesOfStudentsTAndTheNormal() {
        assertEquals(2.86752070719119, LogLevel.quantile(3.7, 0.95), 1e-10);
        assertEquals(1.77636622124703, LogLevel.quantile(12.5, 0.90), 1e-10);
        assertEquals(Stats.Z95, LogLevel.quantile(Double.POSITIVE_INFINITY, 0.95), 0);
        assertEquals(1.6448536269514722, LogLevel.quantile(Double.POSITIVE_INFINITY, 0.90), 1e-12);
    }

    /** Welch-Satterthwaite: (1e-4 + 4e-4)^2 / (1e-8 / 5 + 1.6e-7 / 3) = 4.51807228915663 (scipy check). */
    @Test
    void aRatioTakesWelchsDegreesOfFreedom() {
        LogLevel r = A.over(B);
        assertEquals(Math.log(100.0 / 103), r.centre(), 1e-15);
        assertEquals(Math.sqrt(0.0005), r.standardError(), 1e-15);
        assertEquals(4.51807228915663, r.dof(), 1e-10);
        assertEquals(LogLevel.Variance.RATIO, r.variance());
        LogLevel normal = new LogLevel(0, 0.01, Double.POSITIVE_INFINITY, LogLevel.Variance.PRIOR);
        assertEquals(Double.POSITIVE_INFINITY, normal.over(normal).dof(), "both infinite");
        assertEquals(3 * Math.pow(0.0004 + 0.0001, 2) / (0.0004 * 0.0004), B.over(normal).dof(), 1e-9, "an infinite dof adds nothing");
        LogLevel unbounded = new LogLevel(0, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, LogLevel.Variance.NONE);
        assertEquals(Double.POSITIVE_INFINITY, A.over(unbounded).interval(0.95).high());
    }

    /** z = ln(100/103) / sqrt(5e-4) = -1.32190982291131 against t(4.518, 0.975) = 2.65528435178542 (scipy): agrees. */
    @Test
    void twoRunsAgreeByWelchsTestOnTheirOwnStandardErrors() {
        RepeatAgreement r = RepeatAgreement.of(A, B, 0.95);
        assertEquals(-1.32190982291131, r.z(), 1e-12);
        assertEquals(4.51807228915663, r.dof(), 1e-10);
        assertEquals(2.65528435178542, r.critical(), 1e-9);
        assertTrue(r.agrees());
        LogLevel far = new LogLevel(Math.log(110), 0.01, 5, LogLevel.Variance.MODERATED);
        RepeatAgreement apart = RepeatAgreement.of(A, far, 0.95);
        assertEquals(Math.log(100.0 / 110) / Math.sqrt(0.0002), apart.z(), 1e-12);
        assertFalse(apart.agrees(), "10% apart with se 1% each");
    }

    /**
     * A mean cost per operation with its interval over forks, against scipy 1.17: forks' means 100, 110 and 121 are
     * ln(1.1) apart, so se = ln(1.1) / sqrt(3) = 0.05502735796653864 on 2 dof, and around a mean of 110.5 the 95% interval
     * is 110.5 exp(-+ t.ppf(0.975, 2) se) = [87.20414890703351, 140.01914075231775]. One fork: no interval.
     */
    @Test
    void aMeanCostTakesItsIntervalOverTheForksMeans() {
        LogLevel m = LogLevel.aroundMean(110.5, new double[] {100, 110, 121});
        assertEquals(110.5, m.level(), 1e-12);
        assertEquals(0.05502735796653864, m.standardError(), 1e-15);
        assertEquals(2, m.dof());
        assertEquals(LogLevel.Variance.OWN, m.variance());
        assertEquals(87.20414890703351, m.interval(0.95).low(), 1e-9);
        assertEquals(140.01914075231775, m.interval(0.95).high(), 1e-9);
        LogLevel one = LogLevel.aroundMean(110.5, new double[] {110.5});
        assertEquals(110.5, one.level(), 1e-12);
        assertEquals(Double.POSITIVE_INFINITY, one.interval(0.95).high());
        assertFalse(one.canDecide());
    }
}
