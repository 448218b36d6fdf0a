package io.github.ccsidbench.gate;

import io.github.ccsidbench.stats.Stats;
import io.github.ccsidbench.steady.ForkModes;
import org.apache.commons.statistics.distribution.BetaDistribution;
import org.apache.commons.statistics.distribution.BinomialDistribution;

import java.util.Arrays;
import java.util.List;

/**
 * Two modes among a suspect's paired forks ({@link ForkModes}: a JIT that compiled the same code two ways in different
 * forks), so that {@link Confirmation} judges a benchmark in modes by what it can trust: pairs whose two forks landed in
 * the same mode (their ratio compares like with like) and, from the pairs that did not, whether one side lands in the
 * slow mode more often (McNemar's exact test). One pair whose forks fell in opposite modes then decides nothing.
 *
 * <p>Two modes when the forks' levels group with gaps of {@link #MIN_GAP} or more, the split at the widest of those
 * gaps leaves two forks or more on each side of it, and one side of the comparison has forks on both sides of it (else it
 * is a plain shift, which the pairs judge as they are).
 *
 * @param fast the fast mode's level (median of its forks, ns/op)
 * @param slow the slow mode's level
 * @param threshold a fork at or above this level (ns/op) is in the slow mode
 * @param fastForks forks in the fast mode, {base, candidate}
 * @param slowForks forks in the slow mode, {base, candidate}
 */
record PairModes(double fast, double slow, double threshold, int[] fastForks, int[] slowForks) {

    /** The narrowest gap between two modes, as a ratio of levels: 25%, three times the widest pair noise the gate meets. */
    static final double MIN_GAP = 1.25;

    /** The two modes among the paired forks' levels (ns/op, base[i] and candidate[i] one pair), or null when there are not. */
    static PairModes of(double[] base, double[] candidate) {
        double[] all = new double[base.length + candidate.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(candidate, 0, all, base.length, candidate.length);
        List<ForkModes.Mode> modes = ForkModes.of(all, MIN_GAP - 1).modes();
        if (modes.size() < 2) {
            return null;
        }
        double threshold = Double.NaN;
        double widest = 0;
        for (int k = 1; k < modes.size(); k++) {
            double below = top(modes.get(k - 1), all);
            double above = bottom(modes.get(k), all);
            if (above / below > widest) {
                widest = above / below;
                threshold = Math.sqrt(above * below);
            }
        }
        double cut = threshold;
        double[] fastLevels = Arrays.stream(all).filter(x -> x < cut).toArray();
        double[] slowLevels = Arrays.stream(all).filter(x -> x >= cut).toArray();
        int[] fastForks = {count(base, cut), count(candidate, cut)};
        int[] slowForks = {base.length - fastForks[0], candidate.length - fastForks[1]};
        boolean mixed = fastForks[0] > 0 && slowForks[0] > 0 || fastForks[1] > 0 && slowForks[1] > 0;
        if (fastLevels.length < 2 || slowLevels.length < 2 || !mixed) {
            return null;
        }
        return new PairModes(Stats.median(fastLevels), Stats.median(slowLevels), cut, fastForks, slowForks);
    }

    /** Whether a fork at {@code level} is in the slow mode. */
    boolean slow(double level) {
        return level >= threshold;
    }

    /**
     * McNemar's exact one-sided p-value that the candidate lands in the slow mode more often than the base: of the pairs
     * whose forks fell in opposite modes, {@code candidateSlow} had the candidate's fork slow and {@code baseSlow} the
     * base's; under no change each is a fair coin.
     */
    static double pMoreOftenSlow(int candidateSlow, int baseSlow) {
        int n = candidateSlow + baseSlow;
        return n == 0 ? 1 : BinomialDistribution.of(n, 0.5).survivalProbability(candidateSlow - 1);
    }

    /**
     * The upper bound, at one-sided {@code level}, of how much landing in the slow mode moves the candidate's mean against
     * the base's, as a ratio: of {@code n} pairs, those in opposite modes ({@code candidateSlow + baseSlow}) times how much
     * more often the candidate's fork was the slow one, at the Clopper-Pearson upper bound of its share, times the modes'
     * ratio less 1. At least 1 (no bound below "no change").
     */
    static double shareBound(int candidateSlow, int baseSlow, int n, double modesRatio, double level) {
        int d = candidateSlow + baseSlow;
        if (d == 0) {
            return 1;
        }
        double share = candidateSlow == d ? 1 : BetaDistribution.of(candidateSlow + 1, d - candidateSlow).inverseSurvivalProbability(level);
        return 1 + Math.max(0, (double) d / n * (2 * share - 1)) * (modesRatio - 1);
    }

    private static double top(ForkModes.Mode m, double[] levels) {
        return m.forks().stream().mapToDouble(i -> levels[i]).max().orElseThrow();
    }

    private static double bottom(ForkModes.Mode m, double[] levels) {
        return m.forks().stream().mapToDouble(i -> levels[i]).min().orElseThrow();
    }

    private static int count(double[] levels, double threshold) {
        return (int) Arrays.stream(levels).filter(x -> x < threshold).count();
    }
}
