package io.github.ccsidbench.stats;

/**
 * The variance, on the log scale, that separates one run's level of a benchmark from a long run of it on the same
 * machine beyond what the run's own forks show, so that intervals can count it ({@link LogLevel#withBetweenRun}); from
 * the committed accuracy check ({@code report.AccuracyRecord#betweenRun}; docs/how-sure.md, "How sure an interval is").
 *
 * @param variance sigma^2 on the natural-log scale (0: none)
 * @param dof its degrees of freedom (+Infinity for none)
 * @param pairs the figures it was estimated from
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

    /** The component's standard deviation as a relative size, e.g. 0.021 for about ±2.1% at one sigma. */
    public double relative() {
        return Math.expm1(Math.sqrt(variance));
    }

    /** True when there is a component to add. */
    public boolean present() {
        return variance > 0;
    }
}
