package io.github.ccsidbench.stats;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

import java.util.Arrays;
import java.util.List;

/**
 * How much one pair's log ratio scatters on this machine, pooled over the benchmarks of one gate run: what lets two
 * screening pairs make a claim ("slower by less than 8%, at 97.5%") that two pairs alone never can (the exact
 * signed-rank test needs 6 pairs for that). Most benchmarks of a change are unchanged, and a change moves a benchmark's
 * level, not the scatter of its pairs, so the scatter of the run's other benchmarks is the noise the bound needs.
 *
 * <p>Estimate: each benchmark's first two pairs give {@code e = (x1 - x2) / sqrt 2}, distributed as the noise of one
 * pair whatever the benchmark's change; the scale is {@code median |e| / 0.6745}, robust to the few benchmarks whose
 * forks fell into modes (they are caught by {@link #disagree}, not averaged into everyone's bound). The median's
 * efficiency against the standard deviation is about 37% under normal noise, so it counts as
 * {@code 0.37 x benchmarks} degrees of freedom. A benchmark's bound moderates the pooled scale with its own pairs'
 * variance (Smyth, "Linear models and empirical Bayes methods for assessing differential expression", 2004): pairs
 * that scatter more than the run's make their own bound wider.
 *
 * @param sigma the noise of one pair's log ratio
 * @param dof its degrees of freedom
 * @param benchmarks how many benchmarks it was pooled over
 */
public record PairNoise(double sigma, double dof, int benchmarks) {

    /** The fewest benchmarks with two pairs each from which the noise is pooled; below it the screen claims nothing. */
    public static final int MIN_BENCHMARKS = 8;

    /** The median of |N(0, 1)|. */
    static final double MEDIAN_ABS_NORMAL = 0.6744897501960817;

    /** The efficiency of a median-based scale against the standard deviation under normal noise. */
    static final double MEDIAN_EFFICIENCY = 0.37;

    /**
     * The pooled noise of the benchmarks' log ratios (each array one benchmark's pairs, in the order measured; those
     * with fewer than two are skipped); null when fewer than {@link #MIN_BENCHMARKS} have two.
     */
    public static PairNoise of(List<double[]> logRatios) {
        double[] e = logRatios.stream().filter(x -> x.length >= 2).mapToDouble(x -> Math.abs(x[0] - x[1]) / Math.sqrt(2))
                .toArray();
        if (e.length < MIN_BENCHMARKS) {
            return null;
        }
        double sigma = Stats.median(e) / MEDIAN_ABS_NORMAL;
        return new PairNoise(Math.max(sigma, 1e-4), Math.max(1, MEDIAN_EFFICIENCY * e.length), e.length);
    }

    /**
     * The one-sided upper bound of a benchmark's mean log ratio at {@code level} (the chance that the true change lies
     * above it): mean + t x s / sqrt n, with s the pooled scale moderated by the benchmark's own variance.
     */
    public double upperBound(double[] logRatios, double level) {
        int n = logRatios.length;
        double mean = Arrays.stream(logRatios).average().orElse(Double.NaN);
        double own = n < 2 ? 0 : Arrays.stream(logRatios).map(x -> (x - mean) * (x - mean)).sum() / (n - 1);
        double df = dof + Math.max(0, n - 1);
        double s = Math.sqrt((dof * sigma * sigma + Math.max(0, n - 1) * own) / df);
        return mean + TDistribution.of(df).inverseSurvivalProbability(level) * s / Math.sqrt(n);
    }

    /**
     * True when the pairs disagree beyond this noise: their range exceeds what two pairs' difference reaches with
     * probability {@code level} under it ({@code z x sqrt 2 x sigma}). One fork in a mode the other pairs' forks were
     * not in reads this way.
     */
    public boolean disagree(double[] logRatios, double level) {
        return range(logRatios) > disagreement(level);
    }

    /** The range of log ratios beyond which pairs {@linkplain #disagree disagree}. */
    public double disagreement(double level) {
        return NormalDistribution.of(0, 1).inverseSurvivalProbability(level / 2)
                * Math.sqrt(2) * sigma;
    }

    /** The largest log ratio less the smallest. */
    public static double range(double[] logRatios) {
        return Arrays.stream(logRatios).max().orElse(0) - Arrays.stream(logRatios).min().orElse(0);
    }
}
