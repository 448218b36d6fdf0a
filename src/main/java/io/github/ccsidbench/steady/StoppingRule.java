package io.github.ccsidbench.steady;

/**
 * Decides after each iteration whether a fork has measured enough, so that a fork that settled quickly
 * stops early and one that is still warming up or disturbed goes on, up to a cap. It follows the idea of
 * Laaber, Würsten, Gall and Leitner, "Dynamically reconfiguring software microbenchmarks: reducing
 * execution time without sacrificing result quality" (ESEC/FSE 2020): stop once the measurement is stable,
 * here judged by the steady-state analysis of {@link ForkAnalysis} rather than by a variability threshold
 * alone, since a fork that is stable in a slow phase or in the middle of its warm-up has not settled.
 *
 * <p>The rule: stop at {@code maxIterations} whatever happened; never before {@code minIterations};
 * otherwise stop when the fork is steady, at least {@code minSteady} iterations count, the relative 95%
 * half-width of the level is at most {@code targetHalfWidth}, and the series ends in its steady segment
 * (its last iteration is one that counts, not an outlier that may be the start of a new level). A fork that
 * settled at a slower level than one it had reached (a slowdown) does not stop early: until the series comes
 * back, a slow phase of the machine looks just like it (replayed on a real series: with a ±5% target, the
 * fork would otherwise have stopped on a 3,100 ns/op plateau that later fell back to 2,100).
 *
 * <p>The fork driver calls {@link #done} inside the measured JVM after every iteration; a call analyses the
 * whole series again (a few arrays of n values, well under a millisecond for n = 300) and keeps no state,
 * so one instance may be shared.
 */
public final class StoppingRule {

    private final SteadySettings settings;

    /** A rule with these settings. */
    public StoppingRule(SteadySettings s) {
        this.settings = java.util.Objects.requireNonNull(s, "settings");
    }

    /** The settings of this rule. */
    public SteadySettings settings() {
        return settings;
    }

    /** True when the fork may stop after the iterations measured so far (see the type's description). */
    public boolean done(double[] seriesSoFar) {
        return done(seriesSoFar, null);
    }

    /**
     * The same, counting only the iterations whose {@code usable} flag is set (null: all); iterations the
     * machine disturbed do not count towards {@code minSteady}, and the series must end in a usable, kept one.
     */
    public boolean done(double[] seriesSoFar, boolean[] usable) {
        int n = seriesSoFar.length;
        if (n >= settings.maxIterations()) {
            return true;
        }
        if (n < settings.minIterations()) {
            return false;
        }
        ForkAnalysis a = ForkAnalysis.of(seriesSoFar, usable, settings);
        int[] kept = a.kept();
        return a.kind().steady()
                && a.kind() != ForkClass.SLOWDOWN
                && kept.length >= settings.minSteady()
                && a.halfWidth() <= settings.targetHalfWidth()
                && kept[kept.length - 1] == n - 1;
    }
}
