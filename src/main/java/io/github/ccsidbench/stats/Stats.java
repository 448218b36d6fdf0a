package io.github.ccsidbench.stats;

import java.util.Arrays;

/**
 * The statistics the measured JVM needs as well as the host: medians, percentiles, the distribution-free interval of a
 * median, and {@link #Z95}. JDK only, because the fork driver uses it inside the measured JVM and the A/B gate copies
 * it in front of an older base jar (docs/architecture.md, "Two JVMs, one protocol").
 */
public final class Stats {

    /** The two-sided 95% quantile of the standard normal distribution, z(0.975): the one such constant of the project. */
    public static final double Z95 = 1.959963984540054;

    private Stats() {
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
     * The 1-based rank {@code k} of the distribution-free two-sided interval {@code [x(k), x(n+1-k)]} for the median of
     * {@code n} values: the largest {@code k} with {@code 2 P(Bin(n, 1/2) <= k - 1) <= 1 - confidence}; 0 when none.
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

    /** The exact coverage of [x(k), x(n+1-k)] for the median of {@code n} values: 1 - 2 P(Bin(n, 1/2) <= k - 1). */
    public static double medianIntervalCoverage(int n, int k) {
        if (k <= 0) {
            return 0;
        }
        double logPmf = -n * Math.log(2);
        double cdf = 0;
        for (int i = 0; i < k; i++) {
            cdf += Math.exp(logPmf);
            logPmf += Math.log((double) (n - i) / (i + 1));
        }
        return 1 - 2 * cdf;
    }

    /** Relative half-width of the distribution-free 95% interval of the median of {@code v}; +Inf with fewer than 6 values. */
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
}
