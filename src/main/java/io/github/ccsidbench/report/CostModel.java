package io.github.ccsidbench.report;

/**
 * The per-call cost model of a converter: t(n) = a + b*n, fitted by least squares over a length
 * sweep. a is the fixed cost of a call in ns (encoder creation, buffers, dispatch), b the cost per
 * character in ns. Residuals are weighted by 1/t^2, so a 16-character point counts as much as a
 * 4096-character one (relative error); otherwise the longest length alone would decide a.
 */
public final class CostModel {

    private CostModel() {
    }

    /**
     * A fitted line.
     *
     * @param a per-call overhead, ns
     * @param b cost per character, ns
     * @param rSquared weighted coefficient of determination; NaN with fewer than 3 lengths (two points always fit)
     * @param points how many lengths were fitted
     */
    public record Fit(double a, double b, double rSquared, int points) {
        /** The length at which the per-call overhead equals the per-character cost (a / b). */
        public double breakEven() {
            return b > 0 ? a / b : Double.NaN;
        }
    }

    /** Fits t = a + b*n to lengths {@code n} and times {@code t} (ns), at least two distinct lengths. */
    public static Fit fit(double[] n, double[] t) {
        if (n.length != t.length || n.length < 2) {
            throw new IllegalArgumentException("a fit needs at least two (length, time) points");
        }
        double s = 0;
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < n.length; i++) {
            double w = 1 / (t[i] * t[i]);
            s += w;
            sx += w * n[i];
            sy += w * t[i];
            sxx += w * n[i] * n[i];
            sxy += w * n[i] * t[i];
        }
        double denominator = s * sxx - sx * sx;
        if (denominator == 0) {
            throw new IllegalArgumentException("a fit needs at least two distinct lengths");
        }
        double b = (s * sxy - sx * sy) / denominator;
        double a = (sy - b * sx) / s;
        double mean = sy / s;
        double residual = 0;
        double total = 0;
        for (int i = 0; i < n.length; i++) {
            double w = 1 / (t[i] * t[i]);
            double e = t[i] - (a + b * n[i]);
            residual += w * e * e;
            total += w * (t[i] - mean) * (t[i] - mean);
        }
        double r2 = n.length < 3 ? Double.NaN : total == 0 ? 1 : 1 - residual / total;
        return new Fit(a, b, r2, n.length);
    }
}
