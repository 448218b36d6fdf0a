package io.github.ccsidbench.accuracy;

import io.github.ccsidbench.stats.SignedRank;
import io.github.ccsidbench.stats.Stats;
import org.apache.commons.statistics.distribution.TDistribution;

import java.util.List;

/**
 * The arithmetic of the accuracy check in pairs (docs/how-sure.md, "Accuracy"): a figure's bias from its pairs' log ratios
 * by the Hodges-Lehmann estimate and its exact signed-rank interval (the gate's {@link SignedRank}: the pair ratios of a
 * shared host have heavy tails, and the t interval below is shown beside it), and the bias over figures by a
 * random-effects mean (DerSimonian and Laird, Controlled Clinical Trials 7, 1986, eq. 7-9), so that one odd figure widens
 * the pooled interval instead of passing for the rule. Checked against scipy and R's help page in {@code PairedBiasTest}.
 */
public final class PairedBias {

    private PairedBias() {
    }

    /**
     * One figure's bias: the centre of its log ratios (suite fork over long fork) with its 95% interval.
     *
     * @param n pairs
     * @param mean the centre of ln(suite / long): the Hodges-Lehmann estimate, or the mean for the t interval
     * @param standardError its standard error; NaN with fewer than 2 pairs
     * @param low lower end of the 95% interval of the mean log ratio
     * @param high upper end
     */
    public record Estimate(int n, double mean, double standardError, double low, double high) {

        /** The bias as a relative difference: exp(mean) - 1. */
        public double bias() {
            return Math.expm1(mean);
        }

        /** The interval's relative half-width, (exp(high) - exp(low)) / 2 over exp(mean). */
        public double halfWidth() {
            return (Math.exp(high) - Math.exp(low)) / 2 / Math.exp(mean);
        }
    }

    /**
     * The figure's bias as the check reads it: the Hodges-Lehmann estimate of the centre of {@code logRatios} with its exact
     * signed-rank 95% interval (coverage at least 95%; with fewer than 6 pairs, the range of the Walsh averages, which
     * covers less). Its standard error, for pooling, is the interval's width over 2 x 1.96. With fewer than 2 pairs, an
     * interval of (-inf, inf).
     */
    public static Estimate signedRank(double[] logRatios) {
        int n = logRatios.length;
        if (n < 2) {
            return paired(logRatios);
        }
        double[] iv = SignedRank.interval(logRatios, 0.95);
        return new Estimate(n, SignedRank.hodgesLehmann(logRatios), (iv[1] - iv[0]) / (2 * Stats.Z95), iv[0], iv[1]);
    }

    /** The paired t estimate of the mean of {@code logRatios}; with fewer than 2, an interval of (-inf, inf). */
    public static Estimate paired(double[] logRatios) {
        int n = logRatios.length;
        double mean = 0;
        for (double x : logRatios) {
            mean += x / n;
        }
        if (n < 2) {
            return new Estimate(n, n == 0 ? Double.NaN : mean, Double.NaN, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
        }
        double ss = 0;
        for (double x : logRatios) {
            ss += (x - mean) * (x - mean);
        }
        double se = Math.sqrt(ss / (n - 1) / n);
        double t = TDistribution.of(n - 1).inverseCumulativeProbability(0.975);
        return new Estimate(n, mean, se, mean - t * se, mean + t * se);
    }

    /**
     * The random-effects mean over figures.
     *
     * @param mean the pooled mean log ratio
     * @param standardError its standard error
     * @param low lower end of its 95% interval (normal quantile)
     * @param high upper end
     * @param tau2 the between-figure variance of the log bias (DerSimonian and Laird's moment estimate, at least 0)
     * @param q Cochran's Q
     * @param figures the figures pooled
     */
    public record Pooled(double mean, double standardError, double low, double high, double tau2, double q, int figures) {

        public double bias() {
            return Math.expm1(mean);
        }
    }

    /** DerSimonian and Laird's random-effects mean of the figures' estimates (each with at least 2 pairs). */
    public static Pooled pooled(List<Estimate> figures) {
        List<Estimate> usable = figures.stream().filter(e -> e.n() >= 2 && e.standardError() > 0).toList();
        int k = usable.size();
        if (k == 0) {
            return new Pooled(Double.NaN, Double.NaN, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NaN, Double.NaN, 0);
        }
        double sw = 0;
        double sw2 = 0;
        double swy = 0;
        for (Estimate e : usable) {
            double w = 1 / (e.standardError() * e.standardError());
            sw += w;
            sw2 += w * w;
            swy += w * e.mean();
        }
        double fixed = swy / sw;
        double q = 0;
        for (Estimate e : usable) {
            double w = 1 / (e.standardError() * e.standardError());
            q += w * (e.mean() - fixed) * (e.mean() - fixed);
        }
        double tau2 = k < 2 ? 0 : Math.max(0, (q - (k - 1)) / (sw - sw2 / sw));
        double sws = 0;
        double swsy = 0;
        for (Estimate e : usable) {
            double w = 1 / (e.standardError() * e.standardError() + tau2);
            sws += w;
            swsy += w * e.mean();
        }
        double mean = swsy / sws;
        double se = Math.sqrt(1 / sws);
        return new Pooled(mean, se, mean - Stats.Z95 * se, mean + Stats.Z95 * se, tau2, q, k);
    }
}
