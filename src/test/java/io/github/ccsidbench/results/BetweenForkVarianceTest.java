package io.github.ccsidbench.results;

import io.github.ccsidbench.stats.Stats;
import org.apache.commons.numbers.gamma.Trigamma;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BetweenForkVarianceTest {

    /** Benchmarks whose forks' log levels scatter with variances drawn from a scaled inverse chi-square (d0, s0^2). */
    private static List<double[]> simulate(SplittableRandom random, int benchmarks, int forks, double d0, double s02, double[] truth) {
        List<double[]> out = new ArrayList<>();
        for (int b = 0; b < benchmarks; b++) {
            double chi2 = 0;
            for (int i = 0; i < (int) d0; i++) {
                double g = gaussian(random);
                chi2 += g * g;
            }
            double sigma = Math.sqrt(d0 * s02 / chi2);
            double level = 10 + 1000 * random.nextDouble();
            truth[b] = level;
            double[] f = new double[forks];
            for (int i = 0; i < forks; i++) {
                f[i] = level * Math.exp(sigma * gaussian(random));
            }
            out.add(f);
        }
        return out;
    }

    /** Forks of one iteration each at these levels: nothing within a fork to floor the variance. */
    private static double[][] forks(double[] levels) {
        double[][] out = new double[levels.length][];
        for (int i = 0; i < levels.length; i++) {
            out[i] = new double[] {levels[i]};
        }
        return out;
    }

    private static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void thePriorRecoversTheVarianceTheForksWereDrawnWith(long seed) {
        double[] truth = new double[2000];
        BetweenForkVariance v = BetweenForkVariance.of(simulate(new SplittableRandom(seed), 2000, 3, 8, 0.0004, truth));
        assertEquals(8, v.priorDof(), 3, "degrees of freedom");
        assertEquals(0.0004, v.priorVariance(), 0.0004 * 0.15, "variance");
    }

    /** The point of it all: intervals of two forks each that cover the true level 95% of the time, and are not wide. */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {11, 12, 13})
    void twoForksEachCoverTheTrueLevelNinetyFivePercentOfTheTime(long seed) {
        int n = 3000;
        double[] truth = new double[n];
        List<double[]> benchmarks = simulate(new SplittableRandom(seed), n, 2, 6, 0.0004, truth);
        BetweenForkVariance v = BetweenForkVariance.of(benchmarks);
        int covered = 0;
        double width = 0;
        for (int b = 0; b < n; b++) {
            Stats.Interval ci = v.interval(forks(benchmarks.get(b)), 0.95);
            covered += ci.contains(truth[b]) ? 1 : 0;
            width += (ci.high() / ci.low() - 1) / 2 / n;
        }
        double coverage = (double) covered / n;
        assertTrue(coverage > 0.93 && coverage < 0.97, "coverage " + coverage);
        assertTrue(width < 0.05, "mean half-width " + width + ": the prior lends two forks the run's degrees of freedom");
        // Each benchmark's own two forks alone: a t-interval with one degree of freedom, as wide as it is honest.
        Stats.Interval alone = BetweenForkVariance.NONE.interval(forks(benchmarks.get(0)), 0.95);
        assertTrue(alone.high() / alone.low() > v.interval(forks(benchmarks.get(0)), 0.95).high() / v.interval(forks(benchmarks.get(0)), 0.95).low()
                || Math.abs(Math.log(benchmarks.get(0)[0] / benchmarks.get(0)[1])) < 0.003, "one degree of freedom is wider");
    }

    @Test
    void withoutAPriorTwoForksGiveTheTIntervalWithOneDegreeOfFreedom() {
        double[] forks = {100, 110};
        Stats.Interval ci = BetweenForkVariance.NONE.interval(forks(forks), 0.95);
        double mean = (Math.log(100) + Math.log(110)) / 2;
        double s = Math.abs(Math.log(110) - Math.log(100)) / Math.sqrt(2);
        double half = 12.706204736174698 * s / Math.sqrt(2);
        assertEquals(Math.exp(mean - half), ci.low(), 1e-6);
        assertEquals(Math.exp(mean + half), ci.high(), 1e-6);
        assertEquals(Math.sqrt(100 * 110), BetweenForkVariance.level(forks), 1e-9);
        assertNull(BetweenForkVariance.NONE.interval(forks(new double[] {100}), 0.95), "one fork and nothing to borrow: no interval");
    }

    @Test
    void tooFewBenchmarksOrForksGiveNoPrior() {
        assertEquals(BetweenForkVariance.NONE, BetweenForkVariance.of(List.of(new double[] {1, 2}, new double[] {3, 4})));
        assertEquals(BetweenForkVariance.NONE, BetweenForkVariance.of(List.of(new double[] {1}, new double[] {3}, new double[] {5})));
    }

    @Test
    void aRatioOfTwoBenchmarksIsWiderThanEitherLevel() {
        double[] truth = new double[200];
        List<double[]> b = simulate(new SplittableRandom(5), 200, 3, 6, 0.0004, truth);
        BetweenForkVariance v = BetweenForkVariance.of(b);
        Stats.Interval a = v.interval(forks(b.get(0)), 0.95);
        Stats.Interval r = BetweenForkVariance.ratioInterval(v, forks(b.get(0)), v, forks(b.get(1)), 0.95);
        assertTrue(r.high() / r.low() > a.high() / a.low());
        double ratio = BetweenForkVariance.level(b.get(0)) / BetweenForkVariance.level(b.get(1));
        assertTrue(r.contains(ratio));
    }

    @ParameterizedTest(name = "trigamma = {0}")
    @ValueSource(doubles = {1e-4, 0.01, 0.3, 1, 5, 100})
    void trigammaInverseInverts(double x) {
        assertEquals(x, Trigamma.value(BetweenForkVariance.trigammaInverse(x)), x * 1e-6);
    }
}
