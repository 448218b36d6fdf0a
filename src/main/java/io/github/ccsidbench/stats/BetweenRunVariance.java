package io.github.ccsidbench.stats;

/**
 * The variance, on the log scale, that separates one run's level of a benchmark from a long run of it on the same
 * machine, beyond what the run's own forks show: the host's hour, or a JIT outcome or code layout that the forks of one
 * run share and a long run does not. A figure's interval built from its forks alone cannot see it, and holds an outside
 * reference less often than it says; adding this component ({@link LogLevel#withBetweenRun}) makes it count.
 *
 * <p>It is estimated from an accuracy check (the suite's figures against long plain JMH runs of the same benchmarks on
 * the same machine) by the method of moments, the estimator of a random-effects variance component (DerSimonian and
 * Laird, "Meta-analysis in clinical trials", Controlled Clinical Trials 7, 1986, eq. 3, there with inverse-variance
 * weights; here unweighted):
 * <ul>
 *   <li>each (figure, suite run) pair gives d = ln(suite level / long level) and w = se_suite^2 + se_long^2, the two
 *       sides' sampling variances; E[d^2] = w + sigma^2 when the suite is unbiased, so sigma^2 = mean(d^2 - w). A
 *       persistent bias is counted as variance too (d is not centred on its mean), so that it widens the intervals
 *       rather than hiding behind them;</li>
 *   <li>two long runs of one figure give r = ln(long 2 / long 1), whose variance is at least 2 sigma^2 when each long
 *       run meets the host's hour as a run does: sigma^2 is at least mean(r^2) / 2, so the component is never narrower
 *       than the spread the long runs themselves show;</li>
 *   <li>the larger of the two, never below 0.</li>
 * </ul>
 * Its degrees of freedom are the number of (figure, suite run) pairs it rests on: this treats the figures of one run as
 * independent, which they are not where the host's hour moves them together, so the dof is generous; the accuracy check
 * itself is what tells whether intervals with this component hold the long runs' levels.
 *
 * @param variance sigma^2 on the natural-log scale (0: none)
 * @param dof its degrees of freedom (+Infinity for none)
 * @param pairs the (figure, suite run) pairs it was estimated from
 */
public record BetweenRunVariance(double variance, double dof, int pairs) {

    /** No component: intervals from the forks alone. */
    public static final BetweenRunVariance NONE = new BetweenRunVariance(0, Double.POSITIVE_INFINITY, 0);

    /** Checks the values. */
    public BetweenRunVariance {
        if (!(variance >= 0) || !Double.isFinite(variance)) {
            throw new IllegalArgumentException("variance must be finite and >= 0: " + variance);
        }
        if (!(dof > 0)) {
            throw new IllegalArgumentException("dof must be > 0: " + dof);
        }
    }

    /**
     * The component from an accuracy check, as documented on this type: {@code d[i]} the log ratios of suite to long
     * level, {@code w[i]} their sampling variances (pairs with a non-finite value are passed over), {@code longLogRatios}
     * the log ratios of a figure's last long run to its first (none when there was one long run). {@link #NONE} when no
     * pair is usable.
     */
    public static BetweenRunVariance estimate(double[] d, double[] w, double[] longLogRatios) {
        double sum = 0;
        int n = 0;
        for (int i = 0; i < d.length; i++) {
            if (Double.isFinite(d[i]) && Double.isFinite(w[i])) {
                sum += d[i] * d[i] - w[i];
                n++;
            }
        }
        if (n == 0) {
            return NONE;
        }
        double fromPairs = sum / n;
        double longs = 0;
        int m = 0;
        for (double r : longLogRatios) {
            if (Double.isFinite(r)) {
                longs += r * r;
                m++;
            }
        }
        double fromLongRuns = m == 0 ? 0 : longs / m / 2;
        return new BetweenRunVariance(Math.max(0, Math.max(fromPairs, fromLongRuns)), n, n);
    }

    /** The component's standard deviation as a relative size, e.g. 0.021 for about ±2.1% at one sigma. */
    public double relative() {
        return Math.expm1(Math.sqrt(variance));
    }

    /** True when there is a component to add. */
    public boolean present() {
        return variance > 0;
    }
}
