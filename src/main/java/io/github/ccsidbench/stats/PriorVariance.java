package io.github.ccsidbench.stats;

import org.apache.commons.numbers.gamma.Digamma;
import org.apache.commons.numbers.gamma.Trigamma;

import java.util.Arrays;

/**
 * The prior of a family of sample variances, estimated from how much they differ (Smyth, "Linear models and empirical
 * Bayes methods for assessing differential expression in microarray experiments", SAGMB 3, 2004, section 6; limma's
 * {@code fitFDist} without a covariate, as it was until 2024, but for one choice: {@link #fit}): each variance s² on d degrees of freedom is taken as
 * s0² times an F(d, d0) variable, and d0 and s0² come from the mean and variance of log s². Benchmarks whose noise is
 * alike give a large d0 (pool almost fully); benchmarks whose noise differs give a small one, so that each keeps more of
 * its own width ({@link #moderated}). Checked against limma's published values in {@code PriorVarianceTest}.
 *
 * @param scale s0², the prior variance
 * @param dof d0, the prior degrees of freedom (infinite: the variances differ no more than sampling explains)
 */
public record PriorVariance(double scale, double dof) {

    /**
     * Fits the prior to {@code variances}, each on {@code dof[i]} degrees of freedom (at least two usable values).
     *
     * @throws IllegalArgumentException for fewer than two variances, or arrays of different lengths
     */
    public static PriorVariance fit(double[] variances, double[] dof) {
        if (variances.length != dof.length) {
            throw new IllegalArgumentException(variances.length + " variances but " + dof.length + " degrees of freedom");
        }
        int n = variances.length;
        if (n < 2) {
            throw new IllegalArgumentException("a prior needs two variances or more, not " + n);
        }
        double[] x = Arrays.stream(variances).map(v -> Math.max(v, 0)).toArray();
        double m = Stats.median(x);
        double floor = 1e-5 * (m == 0 ? 1 : m); // limma: avoid exactly zero values
        double[] e = new double[n];
        double meanTrigamma = 0;
        for (int i = 0; i < n; i++) {
            double half = dof[i] / 2;
            e[i] = Math.log(Math.max(x[i], floor)) - Digamma.value(half) + Math.log(half);
            meanTrigamma += Trigamma.value(half) / n;
        }
        double emean = Arrays.stream(e).average().orElseThrow();
        double evar = Arrays.stream(e).map(v -> (v - emean) * (v - emean)).sum() / (n - 1) - meanTrigamma;
        if (evar <= 0) {
            // The variances differ no more than sampling explains: infinite degrees of freedom, and the scale from the
            // mean log variance, as limma's fitFDist gives it with a covariate (and without one before 2017). limma now
            // takes the mean variance there (the maximum-likelihood scale); the log scale keeps one benchmark whose forks
            // fell into modes, its variance a hundred times the rest, from setting every benchmark's bound.
            return new PriorVariance(Math.exp(emean), Double.POSITIVE_INFINITY);
        }
        double d0 = 2 * trigammaInverse(evar);
        return new PriorVariance(Math.exp(emean + Digamma.value(d0 / 2) - Math.log(d0 / 2)), d0);
    }

    /**
     * The posterior variance of one benchmark whose own variance is {@code variance} on {@code dof} degrees of freedom:
     * (d0 s0² + d s²) / (d0 + d), on d0 + d degrees of freedom ({@link #moderatedDof}).
     */
    public double moderated(double variance, double dof) {
        if (Double.isInfinite(this.dof)) {
            return scale;
        }
        return (this.dof * scale + dof * variance) / (this.dof + dof);
    }

    /** The degrees of freedom of a {@linkplain #moderated moderated} variance: d0 + d. */
    public double moderatedDof(double dof) {
        return this.dof + dof;
    }

    /**
     * The y with trigamma(y) = x, by Newton's method on 1/trigamma as limma's {@code trigammaInverse} does, with the
     * derivative of trigamma from its recurrence and asymptotic series.
     */
    static double trigammaInverse(double x) {
        if (x > 1e7) {
            return 1 / Math.sqrt(x);
        }
        if (x < 1e-6) {
            return 1 / x;
        }
        double y = 0.5 + 1 / x;
        for (int i = 0; i < 50; i++) {
            double tri = Trigamma.value(y);
            double dif = tri * (1 - tri / x) / tetragamma(y);
            y += dif;
            if (-dif / y < 1e-8) {
                break;
            }
        }
        return y;
    }

    /**
     * psi''(y), the derivative of trigamma, for y > 0: the recurrence psi''(y) = psi''(y + 1) - 2 / y³ up to y >= 10,
     * then the asymptotic series -1/y² - 1/y³ - 1/(2y⁴) + 1/(6y⁶) - 1/(6y⁸) + 3/(10y¹⁰) - 5/(6y¹²) (Abramowitz and
     * Stegun 6.4.13), within about 1e-11 relative there: it only steers the Newton steps.
     */
    static double tetragamma(double y) {
        double shift = 0;
        while (y < 10) {
            shift -= 2 / (y * y * y);
            y += 1;
        }
        double r = 1 / y;
        double r2 = r * r;
        double series = -r2 * (1 + r * (1 + r / 2 - r2 * r * (1.0 / 6 - r2 * (1.0 / 6 - r2 * (3.0 / 10 - r2 * 5.0 / 6)))));
        return series + shift;
    }
}
