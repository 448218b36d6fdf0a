package io.github.ccsidbench.accuracy;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

import java.util.List;

/**
 * The arithmetic of the accuracy check in pairs (docs/how-sure.md, "Accuracy"): a figure's bias from its pairs' log ratios
 * by a paired t interval (Student, Biometrika 6, 1908), and the bias over figures by a random-effects mean (DerSimonian and
 * Laird, Controlled Clinical Trials 7, 1986, eq. 7-9), so that one odd figure widens the pooled interval instead of
 * passing for the rule. Checked against scipy in {@code PairedBiasTest}.
 */
public final class PairedBias {

    private PairedBias() {
    }

    /**
     * One figure's bias: the mean log ratio (suite fork over long fork) with its paired t interval.
     *
     * @param n pairs
     * @param mean mean of ln(suite / long)
     * @param standardError sd / sqrt(n); NaN with fewer than 2 pairs
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
        double z = NormalDistribution.of(0, 1).inverseCumulativeProbability(0.975);
        return new Pooled(mean, se, mean - z * se, mean + z * se, tau2, q, k);
    }
}
