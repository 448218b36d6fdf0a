package io.github.ccsidbench.stats;

import org.apache.commons.numbers.gamma.Trigamma;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The moderated between-fork variance against values computed independently: limma's {@code fitFDist} moments written
 * out again with scipy's digamma, trigamma and root finder, and Student's t quantiles from scipy ({@code
 * scipy.stats.t.ppf}); the rule that a figure is never surer than its own forks; the within-fork lower bound.
 */
class BetweenForkVarianceTest {

    /** Twelve figures of five forks whose spreads differ (seeded numpy draws, rounded to 0.01 ns). */
    static final double[][] FAMILY = {
        {100.30, 99.73, 99.11, 99.55, 99.01},
        {101.39, 99.49, 99.36, 100.51, 100.37},
        {99.02, 99.97, 100.74, 98.59, 99.52},
        {99.50, 99.29, 99.91, 99.51, 100.10},
        {99.80, 97.31, 99.42, 99.95, 100.12},
        {99.78, 99.55, 99.62, 100.49, 99.62},
        {100.87, 99.43, 99.89, 100.11, 100.06},
        {100.04, 100.74, 99.16, 100.47, 100.06},
        {101.46, 100.55, 99.13, 100.05, 100.42},
        {100.62, 99.94, 100.61, 101.32, 99.39},
        {99.49, 100.14, 98.69, 99.36, 99.78},
        {101.81, 97.95, 98.76, 101.02, 96.93},
    };

    /** Forks of one iteration each at these levels: nothing within a fork to bound the variance. */
    static double[][] forks(double... levels) {
        double[][] out = new double[levels.length][];
        for (int i = 0; i < levels.length; i++) {
            out[i] = new double[] {levels[i]};
        }
        return out;
    }

    static BetweenForkVariance family() {
        return BetweenForkVariance.of(List.of(FAMILY));
    }

    /** The estimate's kind, standard error, dof and 95% interval, against scipy's numbers. */
    static void assertEstimate(LogLevel e, LogLevel.Variance variance, double se, double dof, double low, double high) {
        assertEquals(variance, e.variance());
        assertEquals(se, e.standardError(), 1e-12);
        assertEquals(dof, e.dof(), 1e-8);
        assertEquals(low, e.interval(0.95).low(), 1e-7);
        assertEquals(high, e.interval(0.95).high(), 1e-7);
    }

    /** scipy: evar 0.33679 > 0, d0 = 2 trigamma^-1(evar) = 6.88340177619544, s0^2 = 5.37049009148798e-05. */
    @Test
    void thePriorIsLimmasFitFDist() {
        BetweenForkVariance v = family();
        assertEquals(6.88340177619544, v.priorDof(), 1e-8);
        assertEquals(5.37049009148798e-05, v.priorVariance(), 1e-15);
    }

    /** A member that agrees with its family: moderated, d0 + 4 dof; interval bounds from scipy. */
    @Test
    void aFigureLikeItsFamilyIsModerated() {
        assertEstimate(family().estimate(forks(FAMILY[0])), LogLevel.Variance.MODERATED, 0.00296507270895598, 10.8834017761954,
                98.8905883165237, 100.191495851996);
    }

    /**
     * Two forks 1.2% apart in a family whose forks agree within about 1%: the moderated variance (5.59e-5) is below the
     * figure's own (7.11e-5), so it takes its own, never surer than its own forks; the prior does not make so large a
     * variance unlikely (P(F(1, 6.88) >= 1.32) = 0.288), so it keeps the moderated degrees of freedom (scipy).
     */
    @Test
    void aFigureIsNeverSurerThanItsOwnForks() {
        assertEstimate(family().estimate(forks(100, 101.2)), LogLevel.Variance.OWN, 0.00596428543263672, 7.88340177619544,
                99.2205664342136, 101.994983133964);
    }

    /**
     * Two forks 4% apart, and forks in two modes 30% apart, in the same family: the prior makes such variances unlikely
     * (P = 0.0071 and 3.5e-8 < 0.05), so they are not like their family and take their own forks' t interval, their own
     * degrees of freedom too (scipy).
     */
    @Test
    void aFigureUnlikeItsFamilyKeepsItsOwnForksInterval() {
        assertEstimate(family().estimate(forks(100, 104)), LogLevel.Variance.OWN, 0.0196103565766403, 1, 79.4881009563096,
                130.837192924213);
        assertEstimate(family().estimate(forks(100, 130, 100, 130)), LogLevel.Variance.OWN, 0.0757380393580219, 3,
                89.5968420782571, 145.0943995174);
        assertTrue(family().isOutlier(0.000769132170125962, 1) && !family().isOutlier(7.11454014439251e-05, 1));
    }

    /** One fork borrows the prior alone, with its degrees of freedom (scipy). */
    @Test
    void oneForkTakesThePrior() {
        LogLevel e = family().estimate(forks(100));
        assertEquals(LogLevel.Variance.PRIOR, e.variance());
        assertEquals(0.00732836277178469, e.standardError(), 1e-12);
        assertEquals(6.88340177619544, e.dof(), 1e-8);
        assertEquals(98.2761800787481, e.interval(0.95).low(), 1e-8);
    }

    /** Without a prior, two forks give the t interval with one degree of freedom: t(1, 0.975) = 12.706204736174698. */
    @Test
    void withoutAPriorTwoForksGiveTheTIntervalWithOneDegreeOfFreedom() {
        LogLevel e = BetweenForkVariance.NONE.estimate(forks(100, 110));
        double mean = (Math.log(100) + Math.log(110)) / 2;
        double s = Math.abs(Math.log(110) - Math.log(100)) / Math.sqrt(2);
        double half = 12.706204736174698 * s / Math.sqrt(2);
        assertEquals(Math.exp(mean - half), e.interval(0.95).low(), 1e-6);
        assertEquals(Math.exp(mean + half), e.interval(0.95).high(), 1e-6);
        assertEquals(Math.sqrt(100 * 110), BetweenForkVariance.level(new double[] {100, 110}), 1e-9);
        assertEquals(LogLevel.Variance.TWO_FORKS, e.variance(), "one degree of freedom of its own, nothing to borrow");
        assertFalse(e.canDecide());
        assertEquals(LogLevel.Variance.OWN, BetweenForkVariance.NONE.estimate(forks(100, 110, 105)).variance());
    }

    /**
     * One fork of 8 iterations and nothing to borrow: its median's distribution-free interval [x(1), x(8)], which covers
     * the median with probability 1 - 2/256, as a standard error: se = log(1 + h) / z(0.99609375) with h = (102 - 98) /
     * 2 / 100.1, on 7 degrees of freedom (scipy: se 0.00743704401592753, upper bound 101.875909686725); marked as
     * seeing one fork only. With fewer than 6 iterations no interval at all.
     */
    @Test
    void oneForkAndNothingToBorrowIsMarked() {
        LogLevel e = BetweenForkVariance.NONE.estimate(new double[][] {{99, 100, 100.5, 101, 98, 102, 100.2, 99.7}});
        assertEquals(LogLevel.Variance.ONE_FORK, e.variance());
        // numpy, on the rates r = 1 / x whose mean the level inverts: std(r, ddof=1) / mean(r) / sqrt(8)
        assertEquals(0.0043063140760403705, e.standardError(), 1e-12);
        assertEquals(7, e.dof());
        // the level 1 / mean(r) times exp(t(0.975, 7) x se), scipy
        assertEquals(101.0608984290051, e.interval(0.95).high(), 1e-8);
        assertFalse(e.canDecide(), "such an interval sees nothing of the next JVM");
        LogLevel none = BetweenForkVariance.NONE.estimate(new double[][] {{99, 100, 101}});
        assertEquals(LogLevel.Variance.NONE, none.variance());
        assertEquals(Double.POSITIVE_INFINITY, none.standardError());
        assertEquals(0, none.interval(0.95).low());
        assertEquals(Double.POSITIVE_INFINITY, none.interval(0.95).high());
    }

    /**
     * Quantised timings: two forks of 20 ns with one 21 among eight iterations have equal levels, so no spread between
     * them. Their iterations' rates r = 1 / x leave a mean's variance of var(r, ddof=1) / mean(r)^2 / 8 =
     * 3.585643085087326e-05 per fork (numpy), but the iterations lie on a grid of 1 ns and round alike, off by at most
     * 0.5 ns: the 95% interval is never narrower than +-0.95 x 0.5 / 20.11976 (the level, 8 / (7 / 20 + 1 / 21)) =
     * +-0.0236, a standard error of 0.0236 / 1.959963984540054 = 0.012045441211472668 at infinite dof.
     */
    @Test
    void equalForksOfQuantisedTimingsKeepTheResolutionOfTheirGrid() {
        double[] fork = {20, 20, 20, 20, 20, 20, 20, 21};
        assertEquals(3.585643085087326e-05, BetweenForkVariance.withinFork(new double[][] {fork, fork}).variance(), 1e-15);
        LogLevel e = BetweenForkVariance.NONE.estimate(new double[][] {fork, fork.clone(), fork.clone()});
        assertEquals(LogLevel.Variance.RESOLUTION, e.variance());
        assertEquals(0.012045441211472668, e.standardError(), 1e-15);
        assertEquals(Double.POSITIVE_INFINITY, e.dof());
        assertTrue(e.interval(0.95).high() > e.interval(0.95).low(), "never a zero-width interval");
        LogLevel two = BetweenForkVariance.NONE.estimate(new double[][] {fork, fork.clone()});
        assertFalse(two.canDecide(), "two forks and nothing to borrow: " + two.describe());
    }

    /** A family is fitted from 10 members with a variance of their own, and not from 9. */
    @Test
    void aFamilyIsFittedFromTenMembersAndNotFromFewer() {
        List<double[]> members = new ArrayList<>(List.of(FAMILY).subList(0, 9));
        members.add(new double[] {100, 100}); // forks that agree exactly add nothing
        members.add(new double[] {100});
        assertEquals(BetweenForkVariance.NONE, BetweenForkVariance.of(members));
        members.add(FAMILY[9]);
        assertTrue(BetweenForkVariance.of(members).priorDof() > 0);
    }

    /** Members whose log variances scatter from a scaled inverse chi-square (d0 = 8, s0^2 = 4e-4): the fit finds them. */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void thePriorRecoversTheVarianceTheForksWereDrawnWith(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<double[]> members = new ArrayList<>();
        for (int b = 0; b < 2000; b++) {
            double chi2 = 0;
            for (int i = 0; i < 8; i++) {
                double g = IntervalCoverageTest.gaussian(random);
                chi2 += g * g;
            }
            double sigma = Math.sqrt(8 * 0.0004 / chi2);
            double[] f = new double[3];
            for (int i = 0; i < f.length; i++) {
                f[i] = 100 * Math.exp(sigma * IntervalCoverageTest.gaussian(random));
            }
            members.add(f);
        }
        BetweenForkVariance v = BetweenForkVariance.of(members);
        assertEquals(8, v.priorDof(), 3, "degrees of freedom");
        assertEquals(0.0004, v.priorVariance(), 0.0004 * 0.15, "variance");
    }

    @ParameterizedTest(name = "trigamma = {0}")
    @ValueSource(doubles = {1e-4, 0.01, 0.3, 1, 5, 100})
    void trigammaInverseInverts(double x) {
        assertEquals(x, Trigamma.value(BetweenForkVariance.trigammaInverse(x)), x * 1e-6);
    }
}
