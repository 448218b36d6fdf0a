package io.github.ccsidbench.gate;


import io.github.ccsidbench.stats.Stats;
import java.util.Arrays;

/**
 * Decides whether a pair's two forks ran in the same state of the machine, from the machine ruler (the short lookup
 * loop timed around every iteration, {@code steady.MachineRuler}): a pair whose forks saw the ruler at different
 * levels would compare the machine, not the code, and is measured again instead of compared.
 */
final class MachineRulerReferee {

    /**
     * How far apart the machine ruler's levels in a pair's two forks may be, as the larger over the smaller, for the
     * pair to be kept: the ruler referees the pair, it does not correct it, since dividing by it can hide a regression
     * (docs/gate.md, "The machine ruler referees each pair"; {@code RulerRefereeTest} replays real pairs).
     */
    static final double RULER_AGREEMENT = 1.10;

    private MachineRulerReferee() {
    }

    /**
     * How far apart the rulers may be under {@code thresholds}: {@link #RULER_AGREEMENT}, or the failure threshold when
     * that is larger. A gate that looks for +50% needs no pair whose rulers agree within 10%: a disturbance smaller than
     * the change it looks for cannot make that change.
     */
    static double agreement(GateThresholds thresholds) {
        return Math.max(RULER_AGREEMENT, thresholds.failRatio());
    }

    /**
     * Whether a pair's forks saw the machine ruler at levels within {@code agreement} of each other, close enough to
     * compare them; true when either has no ruler (a jar built before the ruler hooks: nothing to referee).
     */
    static boolean rulersAgree(double baseLevel, double candidateLevel, double agreement) {
        double apart = rulersApart(baseLevel, candidateLevel);
        return Double.isNaN(apart) || apart <= agreement;
    }

    /** How far apart two ruler levels are, the larger over the smaller; NaN when either fork has no ruler. */
    static double rulersApart(double baseLevel, double candidateLevel) {
        if (!(baseLevel > 0) || !(candidateLevel > 0)) {
            return Double.NaN;
        }
        return Math.max(baseLevel, candidateLevel) / Math.min(baseLevel, candidateLevel);
    }

    /** The median of the ruler over the iterations {@code kept}, NaN when the fork has no ruler samples for them. */
    static double rulerLevel(double[] ruler, int[] kept) {
        if (ruler == null) {
            return Double.NaN;
        }
        double[] v = new double[kept.length];
        for (int k = 0; k < kept.length; k++) {
            v[k] = kept[k] < ruler.length ? ruler[kept[k]] : Double.NaN;
        }
        return Arrays.stream(v).allMatch(x -> x > 0 && Double.isFinite(x)) && v.length > 0 ? Stats.median(v) : Double.NaN;
    }
}
