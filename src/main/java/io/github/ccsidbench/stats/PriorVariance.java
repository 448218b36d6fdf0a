package io.github.ccsidbench.stats;

import org.apache.commons.numbers.gamma.Digamma;
import org.apache.commons.numbers.gamma.Trigamma;

import java.util.Arrays;

/**
 * The prior of a family of sample variances, estimated from how much they differ, so that each benchmark's own
 * variance can be {@link #moderated} by its family's: each s² on d dof is s0² times an F(d, d0) variable, d0 and s0²
 * from the mean and variance of log s² (Smyth, SAGMB 3, 2004, section 6; limma's {@code fitFDist} without a covariate
 * as it was until 2024, but for one choice in {@link #fit}; checked against limma in {@code PriorVarianceTest}).
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
            // Infinite dof, the scale from the mean log variance (limma with a covariate; limma now takes the mean
            // variance): one benchmark in modes, its variance a hundred times the rest's, must not set every bound.
            return new PriorVariance(Math.exp(emean), Double.POSITIVE_INFINITY);
        }
        double d0 = 2 * trigammaInverse(evar);
        return new PriorVariance(Math.exp(emean + Digamma.value(d0 / 2) - Math.log(d0 / 2)), d0);
    }

    /** The posterior variance of a benchmark's own {@code variance} on {@code dof}: (d0 s0² + d s²) / (d0 + d). */
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

    /** The y with trigamma(y) = x, by Newton's method on 1/trigamma as limma's {@code trigammaInverse} does. */
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

    /** psi''(y) for y > 0, by recurrence up to 10, then Abramowitz and Stegun 6.4.13: it only steers the Newton steps. */
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
