package io.github.ccsidbench.gate;

import io.github.ccsidbench.stats.Stats;
import io.github.ccsidbench.steady.ForkModes;
import org.apache.commons.statistics.distribution.BetaDistribution;
import org.apache.commons.statistics.distribution.BinomialDistribution;

import java.util.Arrays;
import java.util.List;

/**
 * Two modes among a suspect's paired forks (the JIT compiled the same code two ways, {@link ForkModes}), which
 * {@link Confirmation} judges by same-mode pairs and McNemar's test (docs/gate.md, "The rule": forks in modes); unless
 * both forks of every pair ran in the same one, a state of the moment that each pair's ratio cancels.
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

    /** McNemar's exact one-sided p-value that the candidate's fork is the slow one of an opposite-mode pair more often. */
    static double pMoreOftenSlow(int candidateSlow, int baseSlow) {
        int n = candidateSlow + baseSlow;
        return n == 0 ? 1 : BinomialDistribution.of(n, 0.5).survivalProbability(candidateSlow - 1);
    }

    /**
     * The upper bound at one-sided {@code level} of how far landing in the slow mode moves the candidate's mean, as a
     * ratio (Clopper-Pearson on the candidate's share of the opposite-mode pairs); at least 1.
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
