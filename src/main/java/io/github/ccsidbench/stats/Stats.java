package io.github.ccsidbench.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The one statistics helper of the project: medians, percentiles, the distribution-free interval of a
 * median, and bootstrap confidence intervals that respect JMH's structure (iterations within forks are
 * correlated; forks are the independent samples), seeded so the same data always gives the same interval. Over two
 * forks such a bootstrap cannot see the spread between JVMs, so figures with forks to compare take theirs from
 * {@code results.BetweenForkVariance}; the bootstrap serves a figure measured in one fork.
 * It depends on the JDK only, because the fork driver uses it inside the measured JVM.
 */
public final class Stats {

    /** Bootstrap resamples per interval: enough for stable 95% bounds, cheap for a few thousand results. */
    public static final int BOOTSTRAP_RESAMPLES = 2000;

    private Stats() {
    }

    /** The bootstrap seed of a benchmark's figures: the same benchmark on the same JDK always gets the same interval. */
    public static long seed(String key, String jdkVersion) {
        return key.hashCode() * 0x9E3779B97F4A7C15L ^ jdkVersion.hashCode();
    }

    /**
     * The fork (its iterations) with the lowest median. A fork that compiled worse (C2 can settle on slower code
     * in one JVM than in the next) did not reach the code's speed, so the floors take the fastest fork.
     */
    public static double[] fastestFork(double[][] forks) {
        double[] best = forks[0];
        double bestMedian = median(best);
        for (double[] f : forks) {
            double m = median(f);
            if (m < bestMedian) {
                best = f;
                bestMedian = m;
            }
        }
        return best;
    }

    /** The median of {@code values} (NaN when empty). */
    public static double median(double[] values) {
        return percentile(values, 50);
    }

    /** Median of {@code x[from..to)}; the mean of the two middle values for an even count; NaN when empty. */
    public static double median(double[] x, int from, int to) {
        return medianInPlace(Arrays.copyOfRange(x, from, to));
    }

    /** Median of {@code a}, sorting it in place (no copy, for hot paths); NaN when empty. */
    public static double medianInPlace(double[] a) {
        int n = a.length;
        if (n == 0) {
            return Double.NaN;
        }
        Arrays.sort(a);
        return (n & 1) == 1 ? a[n / 2] : (a[n / 2 - 1] + a[n / 2]) / 2;
    }

    /**
     * The 1-based rank {@code k} of the distribution-free two-sided confidence interval
     * {@code [x(k), x(n+1-k)]} for the median of {@code n} values: the largest {@code k} with
     * {@code 2 P(Bin(n, 1/2) <= k - 1) <= 1 - confidence}; 0 when even the extremes do not reach the
     * confidence.
     */
    public static int medianRank(int n, double confidence) {
        double alpha = 1 - confidence;
        // P(Bin(n, 1/2) = i), computed in logs so that large n does not underflow.
        double logPmf = -n * Math.log(2);
        double cdf = 0;
        int k = 0;
        for (int i = 0; i < n; i++) {
            cdf += Math.exp(logPmf);
            if (2 * cdf > alpha) {
                break;
            }
            k = i + 1;
            logPmf += Math.log((double) (n - i) / (i + 1));
        }
        return Math.min(k, (n + 1) / 2);
    }

    /**
     * Relative half-width of the distribution-free 95% confidence interval for the median of {@code v}:
     * {@code (x(n+1-k) - x(k)) / 2 / median}; +Inf when {@code v} has fewer than 6 values (then even the
     * extremes cover the median with less than 95%).
     */
    public static double relativeHalfWidth(double[] v) {
        int n = v.length;
        int k = medianRank(n, 0.95);
        if (k == 0) {
            return Double.POSITIVE_INFINITY;
        }
        double[] a = v.clone();
        double med = medianInPlace(a);
        return (a[n - k] - a[k - 1]) / 2 / med;
    }

    /** The {@code p}th percentile (0..100), linear between order statistics; NaN when empty. */
    public static double percentile(double[] values, double p) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sortedPercentile(sorted, p);
    }

    private static double sortedPercentile(double[] sorted, double p) {
        double rank = p / 100.0 * (sorted.length - 1);
        int lo = (int) Math.floor(rank);
        int hi = (int) Math.ceil(rank);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
    }

    /** A two-sided interval. */
    public record Interval(double low, double high) {
        public boolean contains(double x) {
            return x >= low && x <= high;
        }
    }

    /**
     * A {@code confidence} (e.g. 0.95) bootstrap interval for the median of per-fork data:
     * each resample draws forks with replacement, then iterations with replacement within each fork.
     */
    public static Interval bootstrapMedian(double[][] forks, double confidence, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] medians = new double[BOOTSTRAP_RESAMPLES];
        for (int r = 0; r < BOOTSTRAP_RESAMPLES; r++) {
            medians[r] = median(resample(forks, random));
        }
        Arrays.sort(medians);
        double tail = (1 - confidence) / 2 * 100;
        return new Interval(sortedPercentile(medians, tail), sortedPercentile(medians, 100 - tail));
    }

    /**
     * A {@code confidence} bootstrap interval for median(a) / median(b), resampling both sets of
     * per-fork data independently and hierarchically.
     */
    public static Interval bootstrapRatio(double[][] a, double[][] b, double confidence, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] ratios = new double[BOOTSTRAP_RESAMPLES];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = median(resample(a, random)) / median(resample(b, random));
        }
        Arrays.sort(ratios);
        double tail = (1 - confidence) / 2 * 100;
        return new Interval(sortedPercentile(ratios, tail), sortedPercentile(ratios, 100 - tail));
    }

    /** One hierarchical resample of per-fork data, flattened. */
    public static double[] resample(double[][] forks, SplittableRandom random) {
        int total = 0;
        double[][] picked = new double[forks.length][];
        for (int f = 0; f < forks.length; f++) {
            picked[f] = forks[random.nextInt(forks.length)];
            total += picked[f].length;
        }
        double[] out = new double[total];
        int k = 0;
        for (double[] fork : picked) {
            for (int i = 0; i < fork.length; i++) {
                out[k++] = fork[random.nextInt(fork.length)];
            }
        }
        return out;
    }
}
