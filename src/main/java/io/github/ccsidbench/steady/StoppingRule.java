package io.github.ccsidbench.steady;

import java.util.Objects;

/**
 * Decides after each iteration whether a fork has measured enough, so that a fork that settled quickly stops early and
 * one still warming up or disturbed goes on, up to a cap (after Laaber, Würsten, Gall and Leitner, ESEC/FSE 2020). The
 * conditions, why each, and the real series they were checked on: docs/method.md, "The stopping rule". A call analyses
 * the whole series again and keeps no state, so one instance may be shared.
 */
public final class StoppingRule {

    private final SteadySettings settings;

    /** A rule with these settings. */
    public StoppingRule(SteadySettings s) {
        this.settings = Objects.requireNonNull(s, "settings");
    }

    /** The share of an iteration's time spent compiling (all compiler threads) from which the JIT counts as at work. */
    public static final double JIT_BUSY = 0.5;

    /**
     * True when the fork may stop after the iterations so far, counting only those whose {@code usable} flag is set
     * (null: all); {@code jitShare} is, per iteration, its compilation time over its length (null or NaN: quiet).
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
     * True when the fork ends: {@link #done} and its {@link FigureWindow} complete, or at its cap. The rule settles the
     * fork; the window, which no level chose, is what its figure reads.
     */
    public boolean forkDone(double[] seriesSoFar, boolean[] usable, double[] jitShare) {
        int n = seriesSoFar.length;
        return done(seriesSoFar, usable, jitShare) && (atCap(n, usable) || FigureWindow.of(jitShare, n).complete());
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
