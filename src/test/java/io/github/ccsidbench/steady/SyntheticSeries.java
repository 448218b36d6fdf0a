package io.github.ccsidbench.steady;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Seeded synthetic fork series with known structure, for the property-style tests: a noiseless level per
 * iteration, a known warm-up length and known disturbed iterations, times lognormal noise of 1-3% per
 * iteration (what one 100 ms iteration shows on a quiet machine).
 */
final class SyntheticSeries {

    /**
     * One drawn series and its truth.
     *
     * @param values    the series
     * @param levels    the noiseless level of each iteration
     * @param warmup    true warm-up length (iterations before the steady level); n when never steady
     * @param disturbed indices of iterations that are slow phases or outliers (ascending)
     * @param level     the true steady level; NaN when never steady
     * @param noise     the noise's sigma of ln(x)
     */
    record Drawn(double[] values, double[] levels, int warmup, int[] disturbed, double level, double noise) {
        @Override
        public String toString() {
            return String.format(java.util.Locale.ROOT, "n=%d warmup=%d disturbed=%s level=%.1f noise=%.4f values=%s",
                    values.length, warmup, Arrays.toString(disturbed), level, noise,
                    Arrays.toString(Arrays.stream(values).mapToLong(Math::round).toArray()));
        }

        /** First iteration whose noiseless level is within {@code excess} of the steady level. */
        int firstWithin(double excess) {
            for (int i = 0; i < levels.length; i++) {
                if (levels[i] <= level * (1 + excess)) {
                    return i;
                }
            }
            return levels.length;
        }
    }

    private final SplittableRandom random;
    private final double noise;

    /** Series drawn from {@code seed}, with a noise sigma drawn uniformly from 1% to 3%. */
    SyntheticSeries(long seed) {
        this.random = new SplittableRandom(seed + 12345);
        this.noise = 0.01 + 0.02 * random.nextDouble();
    }

    /** Series drawn from {@code seed} with the given noise sigma of ln(x). */
    SyntheticSeries(long seed, double noise) {
        this.random = new SplittableRandom(seed + 12345);
        random.nextDouble();
        this.noise = noise;
    }

    /** The noise sigma of this instance's series. */
    double noise() {
        return noise;
    }

    /** Uniform integer in [min, max]. */
    int length(int min, int max) {
        return min + random.nextInt(max - min + 1);
    }

    /** Uniform in [min, max). */
    double uniform(double min, double max) {
        return min + (max - min) * random.nextDouble();
    }

    /** {@code level} times lognormal noise. */
    double noisy(double level) {
        return level * Math.exp(noise * gaussian());
    }

    /** Standard normal (Box-Muller: SplittableRandom has no nextGaussian on Java 17). */
    double gaussian() {
        double u = random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * v);
    }

    private Drawn draw(double[] levels, int warmup, int[] disturbed, double level) {
        double[] x = new double[levels.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = noisy(levels[i]);
        }
        return new Drawn(x, levels, warmup, disturbed, level, noise);
    }

    /** Flat at a level between 200 and 5000 ns/op, 20-60 iterations. */
    Drawn flat() {
        return flat(length(20, 60));
    }

    /** Flat at a level between 200 and 5000 ns/op, {@code n} iterations. */
    Drawn flat(int n) {
        double level = uniform(200, 5000);
        double[] levels = new double[n];
        Arrays.fill(levels, level);
        return draw(levels, 0, new int[0], level);
    }

    /**
     * A stepped warm-up, like 5000, 2600, 2100 then flat 1000: 1-4 steps of 1-3 iterations each, each
     * step 1.25 to 1.6 times the next, then flat to 20-60 iterations in all.
     */
    Drawn steppedWarmup() {
        return steppedWarmup(length(20, 60));
    }

    /** A stepped warm-up as {@link #steppedWarmup()}, {@code n} (at least 13) iterations in all. */
    Drawn steppedWarmup(int n) {
        int steps = length(1, 4);
        int[] lengths = new int[steps];
        int warm = 0;
        for (int k = 0; k < steps; k++) {
            lengths[k] = length(1, 3);
            warm += lengths[k];
        }
        double[] levels = new double[n];
        Arrays.fill(levels, 1000);
        int i = warm;
        double stepLevel = 1000;
        for (int k = steps - 1; k >= 0; k--) {
            stepLevel *= uniform(1.25, 1.6);
            for (int j = 0; j < lengths[k]; j++) {
                levels[--i] = stepLevel;
            }
        }
        return draw(levels, warm, new int[0], 1000);
    }

    /**
     * A decaying warm-up: {@code 1000 (1 + a r^t)} with a in [2, 5] and r in [0.2, 0.5], 20-60 iterations;
     * its warm-up is taken to end where the excess {@code a r^t} first drops below 3% (the default
     * equivalence), though a decay has no sharp end.
     */
    Drawn decayingWarmup() {
        int n = length(20, 60);
        double a = uniform(2, 5);
        double r = uniform(0.2, 0.5);
        double[] levels = new double[n];
        for (int t = 0; t < n; t++) {
            levels[t] = 1000 * (1 + a * Math.pow(r, t));
        }
        Drawn d = draw(levels, 0, new int[0], 1000);
        return new Drawn(d.values(), levels, d.firstWithin(0.03), d.disturbed(), 1000, noise);
    }

    /** Flat 1000 for 20 iterations, then flat 1400 to 30-60 iterations in all. */
    Drawn slowdown() {
        int n = length(30, 60);
        double[] levels = new double[n];
        for (int i = 0; i < n; i++) {
            levels[i] = i < 20 ? 1000 : 1400;
        }
        return draw(levels, 0, new int[0], 1400);
    }

    /**
     * Flat 1000, 40-60 iterations, with two blocks of 5-8 iterations at 1600-2000 in the middle: a slow
     * phase of the machine, twice. The blocks start after at least 4 iterations, are at least 4 apart and
     * end at least 8 before the end.
     */
    Drawn slowPhases() {
        int n = length(40, 60);
        int len1 = length(5, 8);
        int len2 = length(5, 8);
        int room = n - 8 - 4 - len1 - 4 - len2;
        int gapA = random.nextInt(room / 2 + 1);
        int start1 = 4 + gapA;
        int start2 = start1 + len1 + 4 + random.nextInt(room - gapA + 1);
        double level1 = uniform(1600, 2000);
        double level2 = uniform(1600, 2000);
        double[] levels = new double[n];
        int[] disturbed = new int[len1 + len2];
        int d = 0;
        for (int i = 0; i < n; i++) {
            if (i >= start1 && i < start1 + len1) {
                levels[i] = level1;
                disturbed[d++] = i;
            } else if (i >= start2 && i < start2 + len2) {
                levels[i] = level2;
                disturbed[d++] = i;
            } else {
                levels[i] = 1000;
            }
        }
        return draw(levels, 0, disturbed, 1000);
    }

    /** A linear trend of 30% over 20-60 iterations, up or down: never steady. */
    Drawn trend() {
        int n = length(20, 60);
        boolean up = random.nextBoolean();
        double[] levels = new double[n];
        for (int i = 0; i < n; i++) {
            double f = 1 + 0.3 * i / (n - 1);
            levels[i] = up ? 1000 * f : 1300 / f;
        }
        return draw(levels, n, new int[0], Double.NaN);
    }

    /** A random walk of ln(x) with steps of 3% plus the noise, 20-60 iterations: never steady. */
    Drawn randomWalk() {
        return randomWalk(length(20, 60), 0.03);
    }

    /** A random walk of ln(x) with normal steps of sigma {@code step}, plus the noise. */
    Drawn randomWalk(int n, double step) {
        double[] levels = new double[n];
        double l = Math.log(1000);
        for (int i = 0; i < n; i++) {
            l += step * gaussian();
            levels[i] = Math.exp(l);
        }
        return draw(levels, n, new int[0], Double.NaN);
    }

    /** Flat, 20-60 iterations, with 1-3 single iterations 10 times slower, not adjacent. */
    Drawn flatWithOutliers() {
        Drawn flat = flat();
        double[] x = flat.values().clone();
        double[] levels = flat.levels().clone();
        int n = x.length;
        int k = length(1, 3);
        boolean[] hit = new boolean[n];
        int placed = 0;
        while (placed < k) {
            int i = random.nextInt(n);
            if (!hit[i] && (i == 0 || !hit[i - 1]) && (i == n - 1 || !hit[i + 1])) {
                hit[i] = true;
                x[i] *= 10;
                levels[i] *= 10;
                placed++;
            }
        }
        int[] disturbed = new int[k];
        int d = 0;
        for (int i = 0; i < n; i++) {
            if (hit[i]) {
                disturbed[d++] = i;
            }
        }
        return new Drawn(x, levels, 0, disturbed, flat.level(), noise);
    }
}
