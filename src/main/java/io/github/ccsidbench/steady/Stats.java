package io.github.ccsidbench.steady;

import java.util.Arrays;

/** Small order statistics the package needs, on the JDK alone. */
final class Stats {

    private Stats() {
    }

    /** Median of {@code x[from..to)}; the mean of the two middle values for an even count. */
    static double median(double[] x, int from, int to) {
        return medianInPlace(Arrays.copyOfRange(x, from, to));
    }

    /** Median of {@code a}, sorting it; NaN when empty. */
    static double medianInPlace(double[] a) {
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
    static int medianRank(int n, double confidence) {
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
    static double relativeHalfWidth(double[] v) {
        int n = v.length;
        int k = medianRank(n, 0.95);
        if (k == 0) {
            return Double.POSITIVE_INFINITY;
        }
        double[] a = v.clone();
        double med = medianInPlace(a);
        return (a[n - k] - a[k - 1]) / 2 / med;
    }
}
