package io.github.ccsidbench.steady;

/**
 * The tunables of the steady-state analysis, in one place so that the fork driver (which stops forks) and
 * the report (which reads their series afterwards) judge a series by the same rules.
 *
 * <p>The defaults ({@link #DEFAULT}) and why each is what it is: docs/method.md, "The steady-state settings".
 *
 * @param equivalence     two levels within this relative distance are the same level
 * @param minSteady       iterations a steady segment needs at least
 * @param targetHalfWidth relative 95% half-width of the fork's level at which a fork may stop
 * @param minIterations   never stop before this many iterations
 * @param maxIterations   stop here whatever happened
 * @param slowPhase       a post-warm-up segment at least this much slower than the steady level, that the
 *                        series returns from, is a slow phase of the machine
 * @param penalty         changepoint penalty factor: {@code beta = penalty * ln(n)}
 * @param busyStretch     at least 1: the cap counts usable iterations, and a fork stops at {@code busyStretch} times
 *                        the cap in all, whatever happened (1: the cap counts every iteration)
 */
public record SteadySettings(
        double equivalence,
        int minSteady,
        double targetHalfWidth,
        int minIterations,
        int maxIterations,
        double slowPhase,
        double penalty,
        double busyStretch) {

    /** The defaults: docs/method.md, "The steady-state settings". */
    public static final SteadySettings DEFAULT = new SteadySettings(0.03, 6, 0.05, 8, 40, 0.10, 4.0, 1);

    /** The suite's stretch of a fork on a busy host: its cap counts usable iterations, up to three times the cap in all. */
    public static final double SUITE_BUSY_STRETCH = 3;

    /** Checks the values. */
    public SteadySettings {
        if (!(equivalence >= 0) || !Double.isFinite(equivalence)) {
            throw new IllegalArgumentException("equivalence must be finite and >= 0: " + equivalence);
        }
        if (minSteady < 2) {
            throw new IllegalArgumentException("minSteady must be >= 2: " + minSteady);
        }
        if (!(targetHalfWidth > 0)) {
            throw new IllegalArgumentException("targetHalfWidth must be > 0: " + targetHalfWidth);
        }
        if (minIterations < 1 || maxIterations < minIterations) {
            throw new IllegalArgumentException("need 1 <= minIterations <= maxIterations: "
                    + minIterations + ", " + maxIterations);
        }
        if (!(slowPhase > equivalence) || !Double.isFinite(slowPhase)) {
            throw new IllegalArgumentException("slowPhase must be finite and > equivalence: " + slowPhase);
        }
        if (!(penalty > 0) || !Double.isFinite(penalty)) {
            throw new IllegalArgumentException("penalty must be finite and > 0: " + penalty);
        }
        if (!(busyStretch >= 1) || !Double.isFinite(busyStretch)) {
            throw new IllegalArgumentException("busyStretch must be finite and >= 1: " + busyStretch);
        }
    }

    /** The most iterations a fork runs in all: {@code busyStretch} times the cap. */
    public int boundIterations() {
        return (int) Math.ceil(maxIterations * busyStretch);
    }

    /** These settings with another stretch on a busy host. */
    public SteadySettings withBusyStretch(double busyStretch) {
        return new SteadySettings(equivalence, minSteady, targetHalfWidth, minIterations, maxIterations, slowPhase, penalty,
                busyStretch);
    }

    /** These settings with another iteration cap (the minimum is lowered to it if it was higher). */
    public SteadySettings withMaxIterations(int maxIterations) {
        return new SteadySettings(equivalence, minSteady, targetHalfWidth, Math.min(minIterations, maxIterations),
                maxIterations, slowPhase, penalty, busyStretch);
    }
}
