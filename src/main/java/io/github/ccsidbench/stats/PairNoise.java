package io.github.ccsidbench.stats;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

import java.util.Arrays;
import java.util.List;

/**
 * How much one pair's log ratio scatters on this machine, learnt from the benchmarks of one gate run: what lets a few
 * screening pairs make a claim ("slower by less than 8%") that so few pairs alone never can (the exact signed-rank test
 * needs 6 pairs even at 97.5%). The prior is Smyth's: each benchmark's screening pairs give a variance on n - 1 degrees of
 * freedom, and {@link PriorVariance#fit} finds the prior scale s0² and degrees of freedom d0 from how much those
 * variances differ (Smyth, SAGMB 3, 2004; docs/gate.md, "The claim"). Benchmarks whose noise is alike pool almost fully;
 * where it differs, d0 is small and each benchmark keeps more of its own width.
 *
 * @param sigma s0, the prior scale of one pair's log ratio
 * @param dof d0, the prior degrees of freedom (infinite: the benchmarks' variances differ no more than sampling explains)
 * @param benchmarks how many benchmarks it was learnt from
 */
public record PairNoise(double sigma, double dof, int benchmarks) {

    /** The fewest benchmarks with two pairs each from which the noise is learnt; below it the screen claims nothing. */
    public static final int MIN_BENCHMARKS = 8;

    /**
     * The prior of the benchmarks' log ratios (each array one benchmark's pairs; those with fewer than two are skipped);
     * null when fewer than {@link #MIN_BENCHMARKS} have two.
     */
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
     * The one-sided upper bound of a benchmark's mean log ratio at {@code level} (the chance that the true change lies
     * above it): mean + t x s / sqrt n, with s² Smyth's posterior variance of the benchmark (the prior moderated by its own
     * pairs' variance) on d0 + n - 1 degrees of freedom, and never below the benchmark's own variance: borrowing strength
     * may narrow a bound only where the benchmark's own pairs scatter less than the run's, as the suite's figures never
     * borrow below their own forks (docs/how-sure.md). One benchmark three times noisier than the rest barely moves d0
     * among 35, and without this floor it would get their width.
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

    /**
     * True when the pairs disagree beyond this noise: their range exceeds what any two of n pairs differ by with
     * probability {@code level} under it ({@link #disagreement}). One fork in a mode the other pairs' forks were not in
     * reads this way.
     */
    public boolean disagree(double[] logRatios, double level) {
        return range(logRatios) > disagreement(level, logRatios.length);
    }

    /**
     * The range of n log ratios beyond which they {@linkplain #disagree disagree}: q x sqrt 2 x s0, with q two-sided at
     * {@code level} shared over the n(n - 1)/2 differences (Bonferroni), so that n unchanged pairs of a benchmark drawn
     * from this prior reach it with probability at most {@code level}. q is Student's t on d0 degrees of freedom: under
     * Smyth's prior a difference of two pairs over sqrt 2 x s0 is t on d0 (normal when d0 is infinite).
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
