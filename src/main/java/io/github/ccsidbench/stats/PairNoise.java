package io.github.ccsidbench.stats;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

import java.util.Arrays;
import java.util.List;

/**
 * How much one pair's log ratio scatters on this machine, learnt from the benchmarks of one gate run ({@link
 * PriorVariance#fit}; Smyth, SAGMB 3, 2004): what lets a few screening pairs make a claim that so few pairs alone never
 * can (the exact signed-rank test needs 6 pairs even at 97.5%). docs/gate.md, "How a run goes" and "The rule".
 *
 * @param sigma s0, the prior scale of one pair's log ratio
 * @param dof d0, the prior degrees of freedom (infinite: the benchmarks' variances differ no more than sampling explains)
 * @param benchmarks how many benchmarks it was learnt from
 */
public record PairNoise(double sigma, double dof, int benchmarks) {

    /** The fewest benchmarks with two pairs each from which the noise is learnt; below it the screen claims nothing. */
    public static final int MIN_BENCHMARKS = 8;

    /** The prior of the benchmarks' log ratios (one array each); null when fewer than {@link #MIN_BENCHMARKS} have two. */
    public static PairNoise of(List<double[]> logRatios) {
        List<double[]> usable = logRatios.stream().filter(x -> x.length >= 2).toList();
        if (usable.size() < MIN_BENCHMARKS) {
            return null;
        }
        double[] variances = usable.stream().mapToDouble(PairNoise::variance).toArray();
        double[] dof = usable.stream().mapToDouble(x -> x.length - 1).toArray();
        PriorVariance prior = PriorVariance.fit(variances, dof);
        return new PairNoise(Math.max(Math.sqrt(prior.scale()), 1e-4), prior.dof(), usable.size());
    }

    private PriorVariance prior() {
        return new PriorVariance(sigma * sigma, dof);
    }

    /**
     * The one-sided upper bound of a benchmark's mean log ratio at {@code level}: mean + t x s / sqrt n, s² Smyth's
     * posterior variance on d0 + n - 1 dof (docs/gate.md, "The rule"), never below the benchmark's own variance, as the
     * suite's figures never borrow below their own forks: a benchmark much noisier than the rest barely moves d0.
     */
    public double upperBound(double[] logRatios, double level) {
        int n = logRatios.length;
        double mean = Arrays.stream(logRatios).average().orElse(Double.NaN);
        int own = Math.max(0, n - 1);
        double ownVariance = n < 2 ? 0 : variance(logRatios);
        double s = Math.sqrt(Math.max(prior().moderated(ownVariance, own), ownVariance));
        double df = prior().moderatedDof(own);
        double q = Double.isInfinite(df) ? NormalDistribution.of(0, 1).inverseSurvivalProbability(level)
                : TDistribution.of(df).inverseSurvivalProbability(level);
        return mean + q * s / Math.sqrt(n);
    }

    /** True when the pairs' range exceeds {@link #disagreement}: one fork in a mode the others were not in reads this way. */
    public boolean disagree(double[] logRatios, double level) {
        return range(logRatios) > disagreement(level, logRatios.length);
    }

    /**
     * The range of n log ratios beyond which they {@linkplain #disagree disagree}: q x sqrt 2 x s0, q Student's t on d0
     * two-sided at {@code level} shared over the n(n - 1)/2 differences (Bonferroni; docs/gate.md, "How a run goes").
     */
    public double disagreement(double level, int n) {
        int differences = Math.max(1, n * (n - 1) / 2);
        double p = level / (2 * differences);
        double q = Double.isInfinite(dof) ? NormalDistribution.of(0, 1).inverseSurvivalProbability(p)
                : TDistribution.of(dof).inverseSurvivalProbability(p);
        return q * Math.sqrt(2) * sigma;
    }

    /** The largest log ratio less the smallest. */
    public static double range(double[] logRatios) {
        return Arrays.stream(logRatios).max().orElse(0) - Arrays.stream(logRatios).min().orElse(0);
    }

    private static double variance(double[] x) {
        double mean = Arrays.stream(x).average().orElse(0);
        return Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum() / (x.length - 1);
    }
}
