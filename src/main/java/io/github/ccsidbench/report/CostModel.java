package io.github.ccsidbench.report;

import java.util.Arrays;
import java.util.Optional;

/**
 * The per-call cost model of a converter, t(n) = a + b*n in ns, fitted by weighted least squares over a length sweep;
 * {@link #judge} alone decides what the report may show (docs/output.md, "How to read the report", the cost model).
 */
public final class CostModel {

    /** The fewest distinct lengths the model is fitted to. */
    public static final int MIN_LENGTHS = 3;

    /** Relative size below which a fitted a or b is round-off, not a cost. */
    private static final double ROUND_OFF = 1e-9;

    private CostModel() {
    }

    /**
     * The model of one length sweep as the report may present it.
     *
     * @param fit the fit, present only when it may be shown (enough lengths, a &gt;= 0, b &gt; 0)
     * @param withheld otherwise the sentence shown instead, e.g. "not fitted: 2 lengths (needs 3 or more)"
     */
    public record Verdict(Optional<Fit> fit, Optional<String> withheld) {
        public Verdict {
            if (fit.isPresent() == withheld.isPresent()) {
                throw new IllegalArgumentException("a verdict either shows a fit or says why not");
            }
        }
    }

    /** Fits t = a + b*n at {@link #MIN_LENGTHS} distinct lengths or more, kept only when a &gt;= 0 and b &gt; 0. */
    public static Verdict judge(double[] n, double[] t) {
        if (n.length != t.length) {
            throw new IllegalArgumentException("as many lengths as times");
        }
        long lengths = Arrays.stream(n).distinct().count();
        if (lengths < MIN_LENGTHS) {
            return withheld("not fitted: " + lengths + (lengths == 1 ? " length" : " lengths") + " (needs " + MIN_LENGTHS
                    + " or more)");
        }
        Fit fit = roundOffToZero(fit(n, t), n, t);
        if (!Double.isFinite(fit.a()) || !Double.isFinite(fit.b())) {
            return withheld("not shown: the fit gives no finite figures");
        }
        if (fit.a() < 0) {
            return withheld("not shown: the fit gives a negative per-call cost (a = " + Numbers.format(fit.a())
                    + " ns), so time is not linear in length here");
        }
        if (fit.b() <= 0) {
            return withheld("not shown: the fit gives " + (fit.b() == 0 ? "a zero" : "a negative")
                    + " per-character cost (b = " + Numbers.format(fit.b()) + " ns), so time is not linear in length here");
        }
        return new Verdict(Optional.of(fit), Optional.empty());
    }

    /** The fit with an a or b within {@link #ROUND_OFF} of the largest time (per character) set to 0, not "-0.000". */
    private static Fit roundOffToZero(Fit fit, double[] n, double[] t) {
        double tMax = Arrays.stream(t).map(Math::abs).max().orElse(0);
        double nMax = Arrays.stream(n).map(Math::abs).max().orElse(1);
        double a = Math.abs(fit.a()) <= ROUND_OFF * tMax ? 0 : fit.a();
        double b = Math.abs(fit.b()) <= ROUND_OFF * tMax / nMax ? 0 : fit.b();
        return new Fit(a, b, fit.rSquared());
    }

    private static Verdict withheld(String why) {
        return new Verdict(Optional.empty(), Optional.of(why));
    }

    /**
     * A fitted line.
     *
     * @param a per-call overhead, ns
     * @param b cost per character, ns
     * @param rSquared weighted coefficient of determination; NaN with fewer than 3 lengths (two points always fit)
     */
    public record Fit(double a, double b, double rSquared) {
        /** The length at which the per-call overhead equals the per-character cost (a / b). */
        public double breakEven() {
            return b > 0 ? a / b : Double.NaN;
        }
    }

    /** The weighted fit alone (weights 1/t², at least two distinct lengths), without {@link #judge}'s judgement. */
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
        return new Fit(a, b, r2);
    }
}
