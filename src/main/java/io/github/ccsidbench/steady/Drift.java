package io.github.ccsidbench.steady;

import java.util.List;

/**
 * Whether a fork's series still drifts at its end, for {@link ForkAnalysis}: a slow trend is cut by PELT into a
 * staircase whose last step looks steady, and a straight line through the steps is what tells that staircase from a
 * warm-up, whose steps a line fits badly.
 */
final class Drift {

    private Drift() {
    }

    /**
     * True when, for some run of segments that ends the series, a straight line (its residual sum of squares in noise
     * variances plus one penalty) is cheaper than the run's steps (theirs plus one penalty per changepoint) and moves
     * by more than {@code equivalence} within the run (docs/method.md, "Classification").
     */
    static boolean drifting(Changepoints.Fit fit, SteadySettings s) {
        List<Segment> segs = fit.segments();
        double[] y = fit.clean();
        double var = fit.sigma() * fit.sigma();
        double move = Math.log1p(s.equivalence());
        int end = segs.get(segs.size() - 1).end();
        double steps = 0;
        for (int k = segs.size() - 1; k >= 0; k--) {
            Segment g = segs.get(k);
            steps += sse(y, g.start(), g.end(), Double.NaN) / var + (k < segs.size() - 1 ? fit.beta() : 0);
            double[] line = line(y, g.start(), end);
            if (line[1] / var + fit.beta() < steps && Math.abs(line[0]) * (end - 1 - g.start()) > move) {
                return true;
            }
        }
        return false;
    }

    /** {@code {slope, residual sum of squares}} of the least-squares line through y[a..b) against index. */
    static double[] line(double[] y, int a, int b) {
        int m = b - a;
        if (m < 3) {
            return new double[] {0, sse(y, a, b, Double.NaN)};
        }
        double tm = (a + b - 1) / 2.0;
        double ym = 0;
        for (int i = a; i < b; i++) {
            ym += y[i];
        }
        ym /= m;
        double stt = 0;
        double sty = 0;
        double syy = 0;
        for (int i = a; i < b; i++) {
            double dt = i - tm;
            double dy = y[i] - ym;
            stt += dt * dt;
            sty += dt * dy;
            syy += dy * dy;
        }
        double slope = sty / stt;
        return new double[] {slope, Math.max(0, syy - slope * sty)};
    }

    /** Sum of squares of y[a..b) around {@code centre}, or around its mean when {@code centre} is NaN. */
    static double sse(double[] y, int a, int b, double centre) {
        double c = centre;
        if (Double.isNaN(c)) {
            c = 0;
            for (int i = a; i < b; i++) {
                c += y[i];
            }
            c /= b - a;
        }
        double sum = 0;
        for (int i = a; i < b; i++) {
            sum += (y[i] - c) * (y[i] - c);
        }
        return sum;
    }
}
