package io.github.ccsidbench.steady;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The stopping rule as the fork driver uses it: asked after every iteration, from the first. */
class StoppingRuleTest {

    private static final SteadySettings S = SteadySettings.DEFAULT;
    private static final StoppingRule RULE = new StoppingRule(S);

    static LongStream seeds() {
        return LongStream.range(0, 50);
    }

    /** The iteration count at which the rule first says done, asking after each iteration as the driver does. */
    static int stopsAt(StoppingRule rule, double[] series) {
        return stopsAt(rule, series, null);
    }

    /**
     * A flat series on a quiet machine (1% noise), 50 seeds: stops at minIterations to minIterations + 2.
     * (Eight iterations with 1% noise give a median known to about ±1.5%, well under the ±5% target.)
     */
    @ParameterizedTest
    @MethodSource("seeds")
    void flatStopsSoonAfterTheMinimum(long seed) {
        double[] x = new SyntheticSeries(seed, 0.01).flat(60).values();
        int n = stopsAt(RULE, x);
        assertTrue(n >= S.minIterations() && n <= S.minIterations() + 2, "seed " + seed + " stopped at " + n);
    }

    /**
     * Flat series with 1-3% noise, 200 seeds: every one stops by the cap, never before minIterations.
     */
    @Test
    void flatStopsBetweenTheMinimumAndTheCap() {
        for (int seed = 0; seed < 200; seed++) {
            int n = stopsAt(RULE, new SyntheticSeries(seed).flat(60).values());
            assertTrue(n >= S.minIterations() && n <= S.maxIterations(), "seed " + seed + ": " + n);
        }
    }

    /**
     * The rule stops on the level's interval, so noise costs iterations: the same 200 flat series drawn with 1% and
     * with 5% noise (the same draws, spread five times wider). The interval of eight iterations is their range: with
     * 1% noise about ±1.4%, so nearly every fork stops at minIterations; with 5% about ±7%, wider than the ±5%
     * target, so most forks run on until more iterations narrow the interval. No series stops sooner for
     * being noisier; the noisy ones run at least two iterations longer on average; at least three in four of them
     * run past minIterations, against at most one in ten of the quiet ones.
     */
    @Test
    void flatWithMoreNoiseRunsLonger() {
        int n = 200;
        int quietTotal = 0;
        int noisyTotal = 0;
        int quietPastMinimum = 0;
        int noisyPastMinimum = 0;
        TreeMap<Integer, Integer> quietWhen = new TreeMap<>();
        TreeMap<Integer, Integer> noisyWhen = new TreeMap<>();
        for (int seed = 0; seed < n; seed++) {
            int quiet = stopsAt(RULE, new SyntheticSeries(seed, 0.01).flat(S.maxIterations()).values());
            int noisy = stopsAt(RULE, new SyntheticSeries(seed, 0.05).flat(S.maxIterations()).values());
            assertTrue(quiet >= S.minIterations() && noisy >= S.minIterations(), "seed " + seed + ": " + quiet + ", " + noisy);
            assertTrue(noisy >= quiet, "seed " + seed + ": with 5% noise stops at " + noisy + ", with 1% at " + quiet);
            quietTotal += quiet;
            noisyTotal += noisy;
            quietPastMinimum += quiet > S.minIterations() ? 1 : 0;
            noisyPastMinimum += noisy > S.minIterations() ? 1 : 0;
            quietWhen.merge(quiet, 1, Integer::sum);
            noisyWhen.merge(noisy, 1, Integer::sum);
        }
        String why = "iterations at the stop -> series: 1% noise " + quietWhen + ", 5% noise " + noisyWhen;
        assertTrue(noisyTotal >= quietTotal + 2 * n, "mean " + (double) noisyTotal / n + " against " + (double) quietTotal / n + "; " + why);
        assertTrue(noisyPastMinimum >= 3 * n / 4, noisyPastMinimum + " noisy series ran past the minimum; " + why);
        assertTrue(quietPastMinimum <= n / 10, quietPastMinimum + " quiet series ran past the minimum; " + why);
    }

    /**
     * A stepped warm-up (1-4 steps of 1-3 iterations) then flat, 60 iterations, 1% noise, 50 seeds: stops
     * only once at least minSteady iterations after the true warm-up have been measured, and by then the
     * analysis puts the warm-up within one iteration of the truth.
     */
    @ParameterizedTest
    @MethodSource("seeds")
    void warmupStopsOnlyAfterEnoughSteadyIterations(long seed) {
        SyntheticSeries.Drawn d = new SyntheticSeries(seed, 0.01).steppedWarmup(60);
        int n = stopsAt(RULE, d.values());
        String why = "seed " + seed + " stopped at " + n + ": " + d;
        assertTrue(n >= d.warmup() + S.minSteady(), why);
        assertTrue(n >= S.minIterations(), why);
        ForkAnalysis a = ForkAnalysis.of(Arrays.copyOf(d.values(), n), S);
        assertEquals(ForkClass.WARMUP, a.kind(), why + " " + a);
        assertTrue(Math.abs(a.warmup() - d.warmup()) <= 1, why + " " + a);
    }

    /** Never before minIterations, whatever the series (every shape, 50 seeds each). */
    @ParameterizedTest
    @MethodSource("seeds")
    void neverBeforeTheMinimum(long seed) {
        for (Function<SyntheticSeries, SyntheticSeries.Drawn> shape : shapes()) {
            double[] x = shape.apply(new SyntheticSeries(seed)).values();
            for (int n = 0; n < S.minIterations(); n++) {
                assertFalse(RULE.done(Arrays.copyOf(x, n), null, null), "seed " + seed + ", n " + n);
            }
        }
        // Even a perfectly constant series.
        double[] constant = new double[S.minIterations() - 1];
        Arrays.fill(constant, 1000);
        assertFalse(RULE.done(constant, null, null));
    }

    /** Always at maxIterations, whatever the series (every shape, 50 seeds each), and with other caps. */
    @ParameterizedTest
    @MethodSource("seeds")
    void alwaysAtTheCap(long seed) {
        for (Function<SyntheticSeries, SyntheticSeries.Drawn> shape : shapes()) {
            double[] x = shape.apply(new SyntheticSeries(seed)).values();
            if (x.length >= S.maxIterations()) {
                assertTrue(RULE.done(Arrays.copyOf(x, S.maxIterations()), null, null));
            }
            assertTrue(new StoppingRule(S.withMaxIterations(x.length)).done(x, null, null));
            int n = stopsAt(RULE, x);
            assertTrue(n >= 1 && n <= S.maxIterations() || x.length < S.maxIterations());
        }
    }

    /**
     * A linear trend of 30% over the 40 iterations of the cap (0.77% per iteration), 1-3% noise, 200 seeds, against
     * flat series with the same noise: never a stop before minIterations, and a stop before the cap only while the
     * drift so far is within the noise (by iteration 20, 15% into the trend): over the first 8 to 15 iterations such
     * a drift is within the noise, so the rule may stop there, as any rule that looks only at the iterations so far
     * must (a slow drift is the one thing a short fork cannot see). Once the drift shows, the fork runs to the cap:
     * at least 40% of the series do, and on average they run at least ten iterations longer than the flat ones.
     */
    @Test
    void slowTrendStopsEarlyOnlyBeforeItShows() {
        int n = 200;
        int trendTotal = 0;
        int flatTotal = 0;
        int atCap = 0;
        TreeMap<Integer, Integer> when = new TreeMap<>();
        for (int seed = 0; seed < n; seed++) {
            SyntheticSeries g = new SyntheticSeries(seed);
            SyntheticSeries f = new SyntheticSeries(seed);
            double[] x = new double[S.maxIterations()];
            double[] flat = new double[S.maxIterations()];
            for (int i = 0; i < x.length; i++) {
                x[i] = g.noisy(1000 * (1 + 0.3 * i / (x.length - 1)));
                flat[i] = f.noisy(1000);
            }
            int stop = stopsAt(RULE, x);
            assertTrue(stop >= S.minIterations(), "seed " + seed + ": " + stop);
            assertTrue(stop <= 20 || stop == S.maxIterations(), "seed " + seed + " stopped at " + stop + ", the drift long visible");
            trendTotal += stop;
            flatTotal += stopsAt(RULE, flat);
            atCap += stop == S.maxIterations() ? 1 : 0;
            when.merge(stop, 1, Integer::sum);
        }
        String why = "iterations at the stop -> series: " + when;
        assertTrue(atCap >= 0.4 * n, atCap + " of " + n + " ran to the cap; " + why);
        assertTrue(trendTotal >= flatTotal + 10 * n, "mean " + (double) trendTotal / n + " against " + (double) flatTotal / n
                + " for flat series; " + why);
    }

    /** A last iteration that is an outlier (it may start a new level) does not let the fork stop. */
    @Test
    void doesNotStopOnAnOutlier() {
        double[] x = new SyntheticSeries(5, 0.01).flat(12).values();
        assertTrue(RULE.done(Arrays.copyOf(x, 10), null, null));
        double[] y = Arrays.copyOf(x, 10);
        y[9] *= 5;
        assertFalse(RULE.done(y, null, null));
    }

    /**
     * A flat, quiet series stops soon after the minimum, but not while the JIT is at work: a burst of compilation
     * (80 ms of a 100 ms iteration) in iteration 8 holds the stop until six quiet iterations follow it; a few ms of
     * compilation, or none known (null, NaN), changes nothing; at the cap the fork stops whatever the JIT does.
     */
    @Test
    void doesNotStopWhileTheJitIsAtWork() {
        double[] x = new SyntheticSeries(5, 0.01).flat(S.maxIterations()).values();
        int quiet = stopsAt(RULE, x);
        assertTrue(quiet <= S.minIterations() + 2, "quiet: " + quiet);
        double[] share = new double[x.length];
        Arrays.fill(share, 0.03);
        assertEquals(quiet, stopsAt(RULE, x, share));
        double[] unknown = new double[x.length];
        Arrays.fill(unknown, Double.NaN);
        assertEquals(quiet, stopsAt(RULE, x, unknown));
        share[7] = 0.8;
        assertEquals(8 + S.minSteady(), stopsAt(RULE, x, share));
        Arrays.fill(share, 0.8);
        assertEquals(S.maxIterations(), stopsAt(RULE, x, share));
    }

    /**
     * A fork ends when the rule is done and its figure's window is complete: a quiet series the rule settles early runs
     * to iteration 0 and a window; with the JIT busy in iteration 8 it runs to 8 and a window; at the cap it ends
     * whatever the JIT does. The rule's own answer is unchanged.
     */
    @Test
    void theForkEndsOnlyOnceItsWindowIsComplete() {
        double[] x = new SyntheticSeries(5, 0.01).flat(S.maxIterations()).values();
        double[] share = new double[x.length];
        assertEquals(1 + FigureWindow.ITERATIONS, forkEndsAt(x, share));
        share[7] = 0.8;
        assertEquals(8 + FigureWindow.ITERATIONS, forkEndsAt(x, share));
        assertEquals(8 + S.minSteady(), stopsAt(RULE, x, share), "the rule alone");
        Arrays.fill(share, 0.8);
        assertEquals(S.maxIterations(), forkEndsAt(x, share));
    }

    private static int forkEndsAt(double[] x, double[] share) {
        for (int n = 1; n <= x.length; n++) {
            if (RULE.forkDone(Arrays.copyOf(x, n), null, Arrays.copyOf(share, n))) {
                return n;
            }
        }
        return -1;
    }

    /**
     * A fork on a shared host whose neighbour slows the benchmark's thread 1.65x in 45% of the time, switching every 2
     * to 4 iterations (the Intel host of issue 44): a JIT warm-up of 5 iterations at 1.5x, then a level of 100 with 2%
     * noise; the slow iterations are marked unusable, as the machine ruler marks them. Seeded; returns {series, usable}.
     */
    static Object[] busyHostFork(long seed, int length) {
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        double[] x = new double[length];
        boolean[] usable = new boolean[length];
        boolean slow = r.nextDouble() < 0.45;
        int left = 2 + r.nextInt(3);
        for (int i = 0; i < length; i++) {
            if (left-- == 0) {
                slow = r.nextDouble() < 0.45 ? !slow || r.nextBoolean() : false;
                left = 1 + r.nextInt(3);
            }
            double level = i < 5 ? 150 : 100;
            x[i] = level * (slow ? 1.65 : 1) * Math.exp(0.02 * r.nextGaussian());
            usable[i] = !slow;
        }
        return new Object[]{x, usable};
    }

    /** Asks the rule after each iteration as the driver does, with the usable flags; returns {n, steady at the stop}. */
    static int[] stopWithUsable(SteadySettings settings, double[] x, boolean[] usable) {
        StoppingRule rule = new StoppingRule(settings);
        for (int n = 1; n <= x.length; n++) {
            double[] series = Arrays.copyOf(x, n);
            boolean[] u = Arrays.copyOf(usable, n);
            if (rule.done(series, u, null)) {
                boolean steady = !rule.atCap(n, u) || ForkAnalysis.of(series, u, settings).kind().steady();
                return new int[]{n, steady ? 1 : 0};
            }
        }
        return new int[]{-1, 0};
    }

    /**
     * The cap counts the iterations the machine let run at full speed: on the busy host above, with the lowest cap a
     * budget sets (14), a cap that counts every iteration ends many forks before they hold six fast iterations in a
     * row at one level; one that counts usable iterations (stretch 3: at most 42 in all) lets nearly all of them settle.
     * On a quiet host (every iteration usable) the two stop at the same iteration. 300 seeds (when written: 160 and 300
     * of 300 steady).
     */
    @Test
    void onABusyHostTheCapCountsUsableIterations() {
        SteadySettings everyIteration = S.withMaxIterations(14);
        SteadySettings usableOnly = S.withMaxIterations(14).withBusyStretch(3);
        int steadyEvery = 0;
        int steadyUsable = 0;
        for (long seed = 0; seed < 300; seed++) {
            Object[] fork = busyHostFork(seed, 60);
            double[] x = (double[]) fork[0];
            boolean[] usable = (boolean[]) fork[1];
            int[] a = stopWithUsable(everyIteration, x, usable);
            int[] b = stopWithUsable(usableOnly, x, usable);
            assertTrue(a[0] <= 14 && b[0] <= 42 && b[0] >= a[0], "seed " + seed + ": " + a[0] + ", " + b[0]);
            steadyEvery += a[1];
            steadyUsable += b[1];
            boolean[] quiet = new boolean[x.length];
            Arrays.fill(quiet, true);
            double[] flat = new SyntheticSeries(seed, 0.02).flat(60).values();
            assertEquals(stopWithUsable(everyIteration, flat, quiet)[0], stopWithUsable(usableOnly, flat, quiet)[0], "seed " + seed);
        }
        assertTrue(steadyUsable >= 0.95 * 300, "usable-counted cap: " + steadyUsable + " of 300 steady");
        assertTrue(steadyEvery < 0.8 * steadyUsable, "every-iteration cap: " + steadyEvery + " of 300 steady, against " + steadyUsable);
    }

    @Test
    void theCapAndTheBound() {
        StoppingRule rule = new StoppingRule(S.withMaxIterations(10).withBusyStretch(2.5));
        boolean[] half = new boolean[25];
        for (int i = 0; i < half.length; i++) {
            half[i] = i % 2 == 0;
        }
        assertFalse(rule.atCap(18, half), "9 iterations usable of 18");
        assertTrue(rule.atCap(19, half), "10 usable of 19");
        assertTrue(rule.atCap(25, new boolean[25]), "the bound, 2.5 x 10, whatever was usable");
        assertTrue(new StoppingRule(S.withMaxIterations(10)).atCap(10, new boolean[10]), "stretch 1: every iteration counts");
        assertTrue(rule.atCap(10, null), "no flags: every iteration counts");
    }

    static int stopsAt(StoppingRule rule, double[] series, double[] jitShare) {
        for (int n = 1; n <= series.length; n++) {
            if (rule.done(Arrays.copyOf(series, n), null, jitShare == null ? null : Arrays.copyOf(jitShare, n))) {
                return n;
            }
        }
        return -1;
    }

    private static java.util.List<Function<SyntheticSeries, SyntheticSeries.Drawn>> shapes() {
        return java.util.List.of(SyntheticSeries::flat, SyntheticSeries::steppedWarmup, SyntheticSeries::decayingWarmup,
                SyntheticSeries::slowdown, SyntheticSeries::slowPhases, SyntheticSeries::trend,
                SyntheticSeries::randomWalk, SyntheticSeries::flatWithOutliers);
    }
}
