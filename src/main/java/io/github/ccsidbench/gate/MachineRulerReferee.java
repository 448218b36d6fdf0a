package io.github.ccsidbench.gate;


import io.github.ccsidbench.stats.Stats;
import java.util.Arrays;

/**
 * Decides whether a pair's two forks ran in the same state of the machine, from the machine ruler
 * ({@code machine.MachineRuler}): a pair whose rulers disagree is measured again, not compared (docs/gate.md, "The
 * machine ruler referees each pair").
 */
final class MachineRulerReferee {

    /** How far apart a pair's two ruler levels may be (larger over smaller) for the pair to be kept. */
    static final double RULER_AGREEMENT = 1.10;

    private MachineRulerReferee() {
    }

    /** {@link #RULER_AGREEMENT}, or the failure threshold when larger: a smaller disturbance cannot make that change. */
    static double agreement(GateThresholds thresholds) {
        return Math.max(RULER_AGREEMENT, thresholds.failRatio());
    }

    /** Whether a pair's ruler levels are within {@code agreement}; true when either fork has no ruler. */
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
