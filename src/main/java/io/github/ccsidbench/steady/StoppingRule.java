package io.github.ccsidbench.steady;

import java.util.Objects;

/**
 * Decides after each iteration whether a fork has measured enough, so that a fork that settled quickly
 * stops early and one that is still warming up or disturbed goes on, up to a cap. It follows the idea of
 * Laaber, Würsten, Gall and Leitner, "Dynamically reconfiguring software microbenchmarks: reducing
 * execution time without sacrificing result quality" (ESEC/FSE 2020): stop once the measurement is stable,
 * here judged by the steady-state analysis of {@link ForkAnalysis} rather than by a variability threshold
 * alone, since a fork that is stable in a slow phase or in the middle of its warm-up has not settled.
 *
 * <p>The rule: stop at {@code maxIterations} usable iterations (those the machine let run at full speed; every one when
 * {@link SteadySettings#busyStretch()} is 1) or at {@link SteadySettings#boundIterations()} in all, whatever happened;
 * never before {@code minIterations};
 * otherwise stop when the fork is steady, at least {@code minSteady} iterations count, the relative 95%
 * half-width of the level is at most {@code targetHalfWidth}, and the series ends in its steady segment
 * (its last iteration is one that counts, not an outlier that may be the start of a new level). A fork that
 * settled at a slower level than one it had reached (a slowdown) does not stop early: until the series comes
 * back, a slow phase of the machine looks just like it (a real series in {@code RealSeriesTest} would otherwise
 * stop on a plateau that the fork later leaves for a much lower level).
 *
 * <p>Nor does a fork stop while its JIT is still at work: when one of its last {@code minSteady} iterations saw
 * compilations take at least {@link #JIT_BUSY} of an iteration's time. A plateau reached before the JIT has finished
 * is an intermediate state, not the steady state: forks of the Db2 INSERT paths sit at one level for several
 * iterations and then, after a burst of compilation, drop to a much lower one ({@code RealSeriesTest.jitAtWorkDelaysTheStop}
 * replays such forks).
 *
 * <p>The fork driver calls {@link #done} inside the measured JVM after every iteration; a call analyses the
 * whole series again (a few arrays of n values, well under a millisecond for n = 300) and keeps no state,
 * so one instance may be shared.
 */
public final class StoppingRule {

    private final SteadySettings settings;

    /** A rule with these settings. */
    public StoppingRule(SteadySettings s) {
        this.settings = Objects.requireNonNull(s, "settings");
    }

    /**
     * A share of an iteration's time spent compiling (by all compiler threads, counted when a compilation ends) from
     * which an iteration counts as one in which the JIT was still at work: half of it. Once the JIT is done, the
     * compilations that still happen now and then (the harness's own code, rarely taken paths) take a few
     * milliseconds per 100 ms iteration.
     */
    public static final double JIT_BUSY = 0.5;

    /**
     * True when the fork may stop after the iterations measured so far (see the type's description), counting only the
     * iterations whose {@code usable} flag is set (null: all): iterations the machine disturbed do not count towards
     * {@code minSteady}, and the series must end in a usable, kept one. Not while the JIT is at work: {@code jitShare}
     * is, per iteration, the compilation time during it over the iteration's length (null, or NaN for an iteration:
     * unknown, taken as quiet).
     */
    public boolean done(double[] seriesSoFar, boolean[] usable, double[] jitShare) {
        int n = seriesSoFar.length;
        if (atCap(n, usable)) {
            return true;
        }
        if (n < settings.minIterations() || jitBusy(jitShare, n, settings.minSteady())) {
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

    /**
     * True when a fork of {@code n} iterations is at its cap: {@code maxIterations} of them usable (all of them when
     * the stretch is 1 or {@code usable} is null), or {@link SteadySettings#boundIterations()} in all.
     */
    public boolean atCap(int n, boolean[] usable) {
        if (n >= settings.boundIterations()) {
            return true;
        }
        if (settings.busyStretch() <= 1 || usable == null) {
            return n >= settings.maxIterations();
        }
        int counted = 0;
        for (int i = 0; i < Math.min(n, usable.length); i++) {
            counted += usable[i] ? 1 : 0;
        }
        return counted >= settings.maxIterations();
    }

    /** True when one of the last {@code last} of the first {@code n} iterations had the JIT at work. */
    static boolean jitBusy(double[] jitShare, int n, int last) {
        if (jitShare == null) {
            return false;
        }
        for (int i = Math.max(0, n - last); i < Math.min(n, jitShare.length); i++) {
            if (jitShare[i] >= JIT_BUSY) {
                return true;
            }
        }
        return false;
    }
}
