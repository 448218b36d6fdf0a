package io.github.ccsidbench.steady;

/**
 * The tunables of the steady-state analysis, in one place so that the fork driver (which stops forks) and
 * the report (which reads their series afterwards) judge a series by the same rules.
 *
 * <p>Defaults ({@link #DEFAULT}) and why:
 * <ul>
 *   <li>{@code equivalence} 0.03: levels closer than 3% are one level. The noise of one 100 ms iteration
 *       on a quiet machine is a few per cent, and changepoint analysis splits a long series at shifts smaller than
 *       that; a few percent is also what separates JIT tiers that are "the same code" for this report.</li>
 *   <li>{@code minSteady} 6: the smallest sample whose distribution-free 95% confidence interval for the
 *       median exists (the extremes of 6 values cover the median with probability 1 - 2/64 = 96.9%), and
 *       0.6 s of 100 ms iterations at one level.</li>
 *   <li>{@code targetHalfWidth} 0.05: stop when the fork's level is known to within ±5% (95%). With 6 kept
 *       iterations the distribution-free interval is their range, so this asks for six in a row within
 *       ±5%. A ±2% target almost never fires on shared hosts, whose well-available 100 ms iterations scatter by
 *       several per cent; how ±5% does on real forks: docs/method.md, "The stopping rule". A run needs ±10% per
 *       benchmark to decide and asks for ±5% (extra forks); between-fork spread, not one fork's interval, dominates
 *       that.</li>
 *   <li>{@code minIterations} 8 and {@code maxIterations} 40: at least 0.8 s, at most 4 s of 100 ms
 *       iterations per fork: room for a JIT warm-up of a second or two plus a steady stretch, short enough
 *       for several forks per benchmark (a choice of this project, not from the literature).</li>
 *   <li>{@code slowPhase} 0.10: a machine slow phase (a busy sibling hyperthread, host contention) shows
 *       as a level 10% to 100% above the fork's level; smaller excursions that the series comes back from
 *       are taken as the fork still warming up (JIT tiers differ by a few percent), not as the machine.</li>
 *   <li>{@code busyStretch} 1 by default (every iteration counts towards the cap), 3 in the suite's presets, whose cap
 *       counts only the iterations in which the thread had the CPU: why, and why the gate keeps 1, docs/method.md, "The
 *       stopping rule".</li>
 *   <li>{@code penalty} 4: the changepoint penalty is {@code beta = penalty * ln(n)} on a cost in units
 *       of the noise variance, i.e. twice the Schwarz (BIC) penalty of a change in mean. Real iteration
 *       times are heavy-tailed and autocorrelated, and the noise scale is estimated from a few dozen
 *       iterations, so BIC itself cuts noise too often. On the synthetic series of the tests (lognormal
 *       noise of 1-3%, 20-60 iterations) 4 keeps nearly every flat series in one piece ({@code ForkAnalysisTest}
 *       says how many must be) and still finds nearly every warm-up step, slowdown and slow phase; 3 splits flat noise
 *       more often and 5 gains little.</li>
 * </ul>
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

    /** The defaults documented on this type. */
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
