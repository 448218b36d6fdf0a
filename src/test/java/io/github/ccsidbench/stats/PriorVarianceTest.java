package io.github.ccsidbench.stats;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Smyth's prior against limma's published results, and against a simulation whose truth is known. */
class PriorVarianceTest {

    /** limma's tests/limma-Tests.Rout.save (3.5.0 to 3.61): {@code trigammaInverse(c(1e-6, NA, 5, 1e6))}. */
    @Test
    void trigammaInverseIsLimmas() {
        assertEquals(1.000000e+06, PriorVariance.trigammaInverse(1e-6), 1);
        assertEquals(4.961687e-01, PriorVariance.trigammaInverse(5), 1e-7);
        assertEquals(1.000001e-03, PriorVariance.trigammaInverse(1e6), 1e-9);
    }

    /**
     * limma's tests/limma-Tests.Rout.save, "Similar to Mette Langaas 19 May 2004": eBayes of five genes whose residual
     * standard deviations print as below, on 6, 6, 6, 6 and 4 degrees of freedom, gives df.prior 9.306153 and s2.prior
     * 0.923179 (every limma from 2015 to 3.61.7, when fitFDist served unequal degrees of freedom too).
     */
    @Test
    void thePriorIsLimmas() {
        double[] sigma = {1.3425032, 0.4647155, 1.1993444, 0.9428569, 0.9421509};
        PriorVariance p = PriorVariance.fit(Arrays.stream(sigma).map(s -> s * s).toArray(), new double[] {6, 6, 6, 6, 4});
        assertEquals(9.306153, p.dof(), 5e-6);
        assertEquals(0.923179, p.scale(), 5e-7);
    }

    /**
     * Variances that differ no more than sampling explains: infinite degrees of freedom, the scale from the mean log
     * variance corrected for its bias on 3 degrees of freedom, exp(mean ln s² - digamma(3/2) + ln(3/2)) = 1.4462154832747693
     * (scipy 1.17's digamma).
     */
    @Test
    void alikeVariancesPoolFully() {
        PriorVariance p = PriorVariance.fit(new double[] {1.0, 1.01, 0.99, 1.0}, new double[] {3, 3, 3, 3});
        assertTrue(Double.isInfinite(p.dof()));
        assertEquals(1.4462154832747693, p.scale(), 1e-12);
        assertEquals(p.scale(), p.moderated(9, 3), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> PriorVariance.fit(new double[] {1}, new double[] {1}));
    }

    /**
     * Truth known: true variances drawn from s0² d0 / chi²(d0) (d0 = 6, s0² = 0.01), each observed on 3 degrees of
     * freedom, 20,000 of them. The fit finds both within a few percent.
     */
    @Test
    void aSimulatedPriorIsFound() {
        SplittableRandom r = new SplittableRandom(67);
        int n = 20_000;
        double[] v = new double[n];
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            double sigma2 = 0.01 * 6 / chiSquare(r, 6);
            v[i] = sigma2 * chiSquare(r, 3) / 3;
            d[i] = 3;
        }
        PriorVariance p = PriorVariance.fit(v, d);
        assertEquals(6, p.dof(), 0.6);
        assertEquals(0.01, p.scale(), 0.0005);
        // a variance far above the prior keeps more of its own width than a near-full pooling would give it
        assertTrue(p.moderated(0.09, 3) > 0.03, String.valueOf(p.moderated(0.09, 3)));
    }

    private static double chiSquare(SplittableRandom r, int k) {
        double s = 0;
        for (int i = 0; i < k; i++) {
            double z = StrictMath.sqrt(-2 * StrictMath.log(1 - r.nextDouble())) * StrictMath.cos(2 * StrictMath.PI * r.nextDouble());
            s += z * z;
        }
        return s;
    }
}
