package io.github.ccsidbench.steady;

import io.github.ccsidbench.stats.Stats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Cuts a fork's series into segments of constant level, because "where did the fork settle" is a question about the
 * last level it held (Barrett et al., "Virtual Machine Warmup Blows Hot and Cold", OOPSLA 2017; PELT: Killick,
 * Fearnhead and Eckley, JASA 107(500), 2012). The steps, and why each: docs/method.md, "Changepoints".
 */
public final class Changepoints {

    /** The smallest noise scale of ln(x): 0.5%. */
    static final double NOISE_MINIMUM = 0.005;
    /** Distance from the local median, in noise scales, that makes an iteration an outlier. */
    static final double OUTLIER_SIGMAS = 5.0;
    /** Half-width of the Hampel window (5 iterations). */
    static final int HAMPEL_HALF = 2;
    /** Shortest segment PELT may cut. */
    static final int MIN_SEGMENT = 2;

    private Changepoints() {
    }

    /** Everything the segmentation computed, for {@link ForkAnalysis}: the segments in order, covering the series. */
    record Fit(double[] log, double[] clean, boolean[] outlier, double sigma, double beta, List<Segment> segments) {
    }

    /**
     * Segments {@code series} (positive, finite values, e.g. ns/op per iteration); no segment for an empty series.
     *
     * @throws IllegalArgumentException when a value is not finite or not positive
     */
    static Fit fit(double[] series, SteadySettings s) {
        int n = series.length;
        double[] log = new double[n];
        for (int i = 0; i < n; i++) {
            double v = series[i];
            if (!(v > 0) || !Double.isFinite(v)) {
                throw new IllegalArgumentException("iteration " + i + " is not a positive finite value: " + v);
            }
            log[i] = Math.log(v);
        }
        double sigma = noiseScale(log);
        boolean[] outlier = new boolean[n];
        double[] clean = log.clone();
        double[] cleanX = series.clone();
        double threshold = Math.max(OUTLIER_SIGMAS * sigma, Math.log1p(s.equivalence()));
        double[] window = new double[2 * HAMPEL_HALF + 1];
        if (n >= window.length) {
            for (int i = 0; i < n; i++) {
                int from = Math.min(Math.max(0, i - HAMPEL_HALF), n - window.length);
                System.arraycopy(log, from, window, 0, window.length);
                Arrays.sort(window);
                double med = window[HAMPEL_HALF];
                if (Math.abs(log[i] - med) > threshold) {
                    outlier[i] = true;
                    clean[i] = med;
                    cleanX[i] = Math.exp(med);
                }
            }
            // Two or more flagged at the very start are warm-up steps: the window there compares them with later levels.
            int lead = 0;
            while (lead < n && outlier[lead]) {
                lead++;
            }
            if (lead >= 2) {
                for (int i = 0; i < lead; i++) {
                    outlier[i] = false;
                    clean[i] = log[i];
                    cleanX[i] = series[i];
                }
            }
        }
        double beta = s.penalty() * Math.log(Math.max(n, 2));
        int[] bounds = n == 0 ? new int[] {0} : pelt(clean, sigma, beta);
        List<Segment> segments = n == 0 ? List.of() : merge(bounds, cleanX, s);
        return new Fit(log, clean, outlier, sigma, beta, segments);
    }

    /**
     * The noise scale of {@code log}: {@code 1.4826 * MAD(first differences) / sqrt(2)}, refined three times by the
     * truncated root mean square of the differences within {@code 3 sqrt(2)} of it, at least {@link #NOISE_MINIMUM}
     * (docs/method.md, "Changepoints").
     */
    static double noiseScale(double[] log) {
        int m = log.length - 1;
        if (m < 2) {
            return NOISE_MINIMUM;
        }
        double[] d = new double[m];
        for (int i = 0; i < m; i++) {
            d[i] = log[i + 1] - log[i];
        }
        double[] a = d.clone();
        double med = Stats.medianInPlace(a);
        for (int i = 0; i < m; i++) {
            a[i] = Math.abs(d[i] - med);
        }
        double sigma = 1.4826 * Stats.medianInPlace(a) / Math.sqrt(2);
        for (int round = 0; round < 3 && sigma > 0; round++) {
            double cut = CUT * Math.sqrt(2) * sigma;
            double sum = 0;
            int count = 0;
            for (double v : d) {
                if (Math.abs(v - med) <= cut) {
                    sum += (v - med) * (v - med);
                    count++;
                }
            }
            if (count < 2) {
                break;
            }
            sigma = Math.sqrt(sum / count / (2 * TRUNCATED_VARIANCE));
        }
        return Math.max(NOISE_MINIMUM, sigma);
    }

    /** Differences further than this many of their standard deviations are level shifts or outliers. */
    private static final double CUT = 3.0;
    /** {@code E[Z^2 | |Z| < 3]} for a standard normal Z. */
    private static final double TRUNCATED_VARIANCE = 0.97330;

    /** PELT for a change in mean with known variance: the segments' bounds, 0, each later segment's start, then n. */
    static int[] pelt(double[] y, double sigma, double beta) {
        int n = y.length;
        double[] s1 = new double[n + 1];
        double[] s2 = new double[n + 1];
        for (int i = 0; i < n; i++) {
            s1[i + 1] = s1[i] + y[i];
            s2[i + 1] = s2[i] + y[i] * y[i];
        }
        double inv = 1 / (sigma * sigma);
        double[] f = new double[n + 1];
        int[] prev = new int[n + 1];
        Arrays.fill(f, Double.POSITIVE_INFINITY);
        f[0] = -beta;
        int[] cand = new int[n + 1];
        int size = 0;
        double[] seen = new double[n + 1];
        for (int t = MIN_SEGMENT; t <= n; t++) {
            int admitted = t - MIN_SEGMENT;
            if (f[admitted] < Double.POSITIVE_INFINITY) {
                cand[size++] = admitted;
            }
            double best = Double.POSITIVE_INFINITY;
            int arg = 0;
            for (int k = 0; k < size; k++) {
                int c = cand[k];
                double v = f[c] + cost(s1, s2, c, t) * inv;
                seen[k] = v;
                if (v + beta < best) {
                    best = v + beta;
                    arg = c;
                }
            }
            f[t] = best;
            prev[t] = arg;
            // Pruning (Killick et al., Theorem 3.1, K = 0): a start already worse than the optimum never becomes optimal.
            int kept = 0;
            for (int k = 0; k < size; k++) {
                if (seen[k] <= best) {
                    cand[kept++] = cand[k];
                }
            }
            size = kept;
        }
        if (n < MIN_SEGMENT) {
            return new int[] {0, n};
        }
        return backtrack(prev, n);
    }

    /** The segment bounds {0, ..., n} from the optimal partitioning's back pointers ({@code prev[t]}: the last cut before t). */
    static int[] backtrack(int[] prev, int n) {
        int count = 0;
        int[] back = new int[n + 1];
        for (int t = n; t > 0; t = prev[t]) {
            back[count++] = t;
        }
        int[] bounds = new int[count + 1];
        for (int i = 0; i < count; i++) {
            bounds[i + 1] = back[count - 1 - i];
        }
        return bounds;
    }

    /** Residual sum of squares of {@code y[a..b)} around its mean, from cumulative sums. */
    private static double cost(double[] s1, double[] s2, int a, int b) {
        double sum = s1[b] - s1[a];
        double c = s2[b] - s2[a] - sum * sum / (b - a);
        return c > 0 ? c : 0;
    }

    /** Turns boundaries into segments and merges neighbours within equivalence, closest pair first. */
    private static List<Segment> merge(int[] bounds, double[] x, SteadySettings s) {
        List<Segment> segs = new ArrayList<>(bounds.length);
        for (int i = 0; i + 1 < bounds.length; i++) {
            segs.add(new Segment(bounds[i], bounds[i + 1], Stats.median(x, bounds[i], bounds[i + 1])));
        }
        while (segs.size() > 1) {
            int best = -1;
            double bestRatio = Double.POSITIVE_INFINITY;
            for (int i = 0; i + 1 < segs.size(); i++) {
                double a = segs.get(i).level();
                double b = segs.get(i + 1).level();
                double ratio = Math.max(a, b) / Math.min(a, b);
                if (ratio <= 1 + s.equivalence() && ratio < bestRatio) {
                    bestRatio = ratio;
                    best = i;
                }
            }
            if (best < 0) {
                break;
            }
            int from = segs.get(best).start();
            int to = segs.get(best + 1).end();
            segs.set(best, new Segment(from, to, Stats.median(x, from, to)));
            segs.remove(best + 1);
        }
        return List.copyOf(segs);
    }
}
