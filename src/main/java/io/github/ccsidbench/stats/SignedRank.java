package io.github.ccsidbench.stats;

import java.util.Arrays;

/**
 * The exact Wilcoxon signed-rank test and its Hodges-Lehmann estimate and interval, for the A/B gate's pairs: under
 * "no change" each pair's log ratio is as likely positive as negative whatever the forks' distribution, so the exact
 * distribution is the true null and n pairs cannot give p below 2^-n (why not a bootstrap: docs/decisions.md, "Tried in
 * the gate and dropped").
 */
public final class SignedRank {

    private SignedRank() {
    }

    /**
     * One-sided p-value of "the values are centred above 0": P(W+ >= observed) under the null that each value's
     * sign is a fair coin, exact (midranks for ties, zeros dropped). 1 when there is nothing to test.
     */
    public static double pAbove(double[] values) {
        double[] d = Arrays.stream(values).filter(v -> v != 0 && !Double.isNaN(v)).toArray();
        int n = d.length;
        if (n == 0) {
            return 1;
        }
        int[] doubledRanks = doubledMidranks(d);
        int total = 0;
        int observed = 0;
        for (int i = 0; i < n; i++) {
            total += doubledRanks[i];
            observed += d[i] > 0 ? doubledRanks[i] : 0;
        }
        // counts[s] = number of sign vectors whose positive ranks (doubled) sum to s, built rank by rank.
        double[] counts = new double[total + 1];
        counts[0] = 1;
        int reach = 0;
        for (int r : doubledRanks) {
            for (int s = reach; s >= 0; s--) {
                if (counts[s] != 0) {
                    counts[s + r] += counts[s];
                }
            }
            reach += r;
        }
        double atLeast = 0;
        for (int s = observed; s <= total; s++) {
            atLeast += counts[s];
        }
        return atLeast / Math.pow(2, n);
    }

    /** The smallest p-value n pairs can give: 2^-n. */
    public static double smallestP(int n) {
        return Math.pow(2, -n);
    }

    /** The fewest pairs that can reach a p-value below {@code alpha}. */
    public static int pairsFor(double alpha) {
        int n = 1;
        while (smallestP(n) >= alpha) {
            n++;
        }
        return n;
    }

    /** Hodges-Lehmann estimate of the centre: the median of the Walsh averages (x_i + x_j) / 2, i <= j. */
    public static double hodgesLehmann(double[] values) {
        return Stats.median(walsh(values));
    }

    /**
     * The distribution-free interval of the centre from the Walsh averages with the exact signed-rank
     * distribution (no ties): the widest-needed order statistics whose coverage is at least {@code confidence};
     * when n is too small for that (below 6 values for 95%), the range of the Walsh averages, with its coverage.
     *
     * @return {low, high, coverage}
     */
    public static double[] interval(double[] values, double confidence) {
        double[] w = walsh(values);
        int n = values.length;
        if (n == 0) {
            return new double[]{Double.NaN, Double.NaN, 0};
        }
        double[] cdf = nullCdf(n);
        // Lower critical value k: P(W+ <= k) <= (1 - confidence) / 2; the interval is [w(k), w(M - 1 - k)] (0-based).
        double tail = (1 - confidence) / 2;
        int k = -1;
        while (k + 1 < cdf.length && cdf[k + 1] <= tail) {
            k++;
        }
        int lowIndex = Math.max(k, 0); // k < 0: too few values for the confidence asked, the range
        double coverage = 1 - 2 * cdf[lowIndex];
        return new double[]{w[lowIndex], w[w.length - 1 - lowIndex], coverage};
    }

    /**
     * The distribution-free one-sided upper confidence bound of the centre: the Walsh average {@code w(M - 1 - k)} with
     * the largest k whose exact null probability P(W+ <= k) is at most {@code level}, so that the centre lies above the
     * bound with probability at most {@code level}. NaN when n values cannot give so small a level (2^-n above it).
     */
    public static double upperBound(double[] values, double level) {
        int n = values.length;
        if (n == 0 || smallestP(n) > level) {
            return Double.NaN;
        }
        double[] w = walsh(values);
        double[] cdf = nullCdf(n);
        int k = 0;
        while (k + 1 < cdf.length && cdf[k + 1] <= level) {
            k++;
        }
        return w[w.length - 1 - k];
    }

    /** P(W+ <= s) for s = 0 .. n(n+1)/2 with ranks 1..n. */
    private static double[] nullCdf(int n) {
        int max = n * (n + 1) / 2;
        double[] counts = new double[max + 1];
        counts[0] = 1;
        int reach = 0;
        for (int r = 1; r <= n; r++) {
            for (int s = reach; s >= 0; s--) {
                counts[s + r] += counts[s];
            }
            reach += r;
        }
        double[] cdf = new double[max + 1];
        double all = Math.pow(2, n);
        double sum = 0;
        for (int s = 0; s <= max; s++) {
            sum += counts[s];
            cdf[s] = sum / all;
        }
        return cdf;
    }

    private static double[] walsh(double[] x) {
        int n = x.length;
        double[] w = new double[n * (n + 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                w[k++] = (x[i] + x[j]) / 2;
            }
        }
        Arrays.sort(w);
        return w;
    }

    /** Twice the midrank of each |value| (integers even with ties). */
    private static int[] doubledMidranks(double[] d) {
        int n = d.length;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(Math.abs(d[a]), Math.abs(d[b])));
        int[] ranks = new int[n];
        int i = 0;
        while (i < n) {
            int j = i;
            while (j + 1 < n && Math.abs(d[order[j + 1]]) == Math.abs(d[order[i]])) {
                j++;
            }
            int doubled = (i + 1) + (j + 1); // 2 x the mean of ranks i+1 .. j+1
            for (int m = i; m <= j; m++) {
                ranks[order[m]] = doubled;
            }
            i = j + 1;
        }
        return ranks;
    }
}
