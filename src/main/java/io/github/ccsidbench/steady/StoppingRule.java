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
 * <p>The rule ({@link #done}; why each condition is there, and the real series it was checked on: docs/method.md, "The
 * stopping rule"): stop at the cap ({@link #atCap}), never before {@code minIterations}; otherwise once the fork is
 * steady and not a slowdown, at least {@code minSteady} kept iterations hold its level within {@code targetHalfWidth},
 * its last iteration is a kept one, and the JIT is not at work ({@link #JIT_BUSY}).
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
