package io.github.ccsidbench.stats;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pooled pair noise against simulations whose truth is known: runs of 35 benchmarks, each with 2 pairs whose log
 * ratios are its change plus normal noise of a known scale.
 */
class PairNoiseTest {

    private static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    private static List<double[]> run(SplittableRandom r, double sigma, double change) {
        List<double[]> out = new ArrayList<>();
        for (int b = 0; b < 35; b++) {
            double c = b == 0 ? change : 0;
            out.add(new double[]{c + sigma * gaussian(r), c + sigma * gaussian(r)});
        }
        return out;
    }

    @Test
    void theScaleIsRobustAndNeedsEnoughBenchmarks() {
        assertNull(PairNoise.of(List.of(new double[]{0.01, 0.02}, new double[]{0.0})), "too few benchmarks");
        SplittableRandom r = new SplittableRandom(1);
        double sum = 0;
        for (int i = 0; i < 200; i++) {
            List<double[]> logs = run(r, 0.03, 0.5);
            logs.set(1, new double[]{0.0, 0.4}); // a fork in a mode: one benchmark's pairs 40% apart
            PairNoise n = PairNoise.of(logs);
            assertEquals(35, n.benchmarks());
            sum += n.sigma();
        }
        assertEquals(0.03, sum / 200, 0.003, "Smyth's scale recovers sigma, a change or a mode moves it little");
    }

    /**
     * Noise that differs: half the benchmarks three times noisier, 4 pairs each. The prior's degrees of freedom come out
     * small, so that a noisy benchmark keeps most of its own width; alike noise pools (d0 large or infinite).
     */
    @Test
    void noiseThatDiffersPoolsLess() {
        SplittableRandom r = new SplittableRandom(3);
        double unequal = 0;
        double alike = 0;
        for (int i = 0; i < 100; i++) {
            List<double[]> a = new ArrayList<>();
            List<double[]> b = new ArrayList<>();
            for (int k = 0; k < 36; k++) {
                double sa = k % 2 == 0 ? 0.06 : 0.02;
                a.add(new double[]{sa * gaussian(r), sa * gaussian(r), sa * gaussian(r), sa * gaussian(r)});
                b.add(new double[]{0.02 * gaussian(r), 0.02 * gaussian(r), 0.02 * gaussian(r), 0.02 * gaussian(r)});
            }
            unequal += Math.min(PairNoise.of(a).dof(), 1000) / 100;
            alike += Math.min(PairNoise.of(b).dof(), 1000) / 100;
        }
        assertTrue(unequal < 6 && alike > 100, "mean d0: unequal " + unequal + ", alike " + alike);
    }

    /** The bound of benchmark 0's change, made on its 2 pairs and the run's noise, lies below the truth about 5% of the time. */
    @Test
    void theBoundHoldsTheTrueChangeAsOftenAsItsLevelSays() {
        SplittableRandom r = new SplittableRandom(2);
        int below = 0;
        int disagree = 0;
        int runs = 4000;
        for (int i = 0; i < runs; i++) {
            List<double[]> logs = run(r, 0.03, 0.08);
            PairNoise n = PairNoise.of(logs);
            below += n.upperBound(logs.get(0), 0.05) < 0.08 ? 1 : 0;
            disagree += n.disagree(logs.get(2), 0.01) ? 1 : 0;
        }
        assertTrue(below >= 0.035 * runs && below <= 0.065 * runs, below + " of " + runs + " bounds below the true change");
        assertTrue(disagree <= 0.02 * runs, disagree + " of " + runs + " unchanged benchmarks disagree at the 1% level");
    }

    @Test
    void aBenchmarkWhosePairsScatterGetsAWiderBound() {
        PairNoise n = new PairNoise(0.02, 13, 35);
        double tight = n.upperBound(new double[]{0.0, 0.0}, 0.05);
        double loose = n.upperBound(new double[]{-0.1, 0.1}, 0.05);
        assertTrue(loose > tight + 0.01, tight + " " + loose);
        assertTrue(n.disagree(new double[]{-0.1, 0.1}, 0.01) && !n.disagree(new double[]{0.0, 0.02}, 0.01));
        assertEquals(0.2, PairNoise.range(new double[]{-0.1, 0.05, 0.1}), 1e-12);
    }
}
