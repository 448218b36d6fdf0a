package io.github.ccsidbench.stats;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The exact signed-rank test against values worked out by hand and against brute-force enumeration. */
class SignedRankTest {

    @Test
    void knownValues() {
        // All n positive: only the all-positive sign vector reaches W+ = n(n+1)/2.
        assertEquals(1.0 / 16, SignedRank.pAbove(new double[]{0.1, 0.2, 0.3, 0.4}), 1e-12);
        assertEquals(1.0 / 4, SignedRank.pAbove(new double[]{0.3, 0.1}), 1e-12);
        // One negative value with the smallest rank among 8: W+ = 35 of 36, reached by 2 of 256 sign vectors.
        assertEquals(2.0 / 256, SignedRank.pAbove(new double[]{-0.01, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8}), 1e-12);
        assertEquals(1.0, SignedRank.pAbove(new double[]{-1, -2, -3}), 1e-12);
        assertEquals(1.0, SignedRank.pAbove(new double[0]));
        assertEquals(7, SignedRank.pairsFor(0.01));
        assertEquals(5, SignedRank.pairsFor(0.05));
    }

    /** Of 8 values, one negative may still reach p < 0.01 (if it turns out the smallest); two never can. */
    /**
     * The one-sided bound against its definition: with n = 8 and level 0.05, P(W+ <= 5) = 10/256 <= 0.05 < 14/256, so
     * the bound is the 6th largest Walsh average; 4 values cannot reach 5% (1/16); and under symmetric noise whose truth
     * is known (centre 0) the bound lies below the centre about as often as its level says.
     */
    @Test
    void theUpperBoundIsTheWalshOrderStatisticItsLevelAllows() {
        double[] x = {0.01, -0.02, 0.03, 0.015, -0.005, 0.02, 0.0, 0.04};
        java.util.List<Double> w = new java.util.ArrayList<>();
        for (int i = 0; i < x.length; i++) {
            for (int j = i; j < x.length; j++) {
                w.add((x[i] + x[j]) / 2);
            }
        }
        w.sort(null);
        assertEquals(w.get(w.size() - 6), SignedRank.upperBound(x, 0.05), 1e-15);
        assertTrue(Double.isNaN(SignedRank.upperBound(new double[]{0.1, 0.2, 0.3, 0.4}, 0.05)));
        java.util.SplittableRandom r = new java.util.SplittableRandom(5);
        int below = 0;
        for (int run = 0; run < 4000; run++) {
            double[] v = new double[10];
            for (int i = 0; i < v.length; i++) {
                v[i] = Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
            }
            below += SignedRank.upperBound(v, 0.05) < 0 ? 1 : 0;
        }
        assertTrue(below >= 0.03 * 4000 && below <= 0.06 * 4000, below + " of 4000 bounds below the true centre");
    }

    /** With ties (midranks) the exact p equals the fraction of all 2^n sign flips whose W+ is at least the observed one. */
    @Test
    void matchesBruteForceWithTies() {
        SplittableRandom r = new SplittableRandom(5);
        for (int round = 0; round < 200; round++) {
            int n = 1 + r.nextInt(10);
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = (r.nextInt(7) - 2) / 4.0; // small integers: ties and zeros
            }
            double[] nonzero = java.util.Arrays.stream(x).filter(v -> v != 0).toArray();
            assertEquals(bruteForce(nonzero), SignedRank.pAbove(x), 1e-12, java.util.Arrays.toString(x));
        }
    }

    @Test
    void hodgesLehmannAndItsInterval() {
        assertEquals(2.0, SignedRank.hodgesLehmann(new double[]{1, 2, 3}), 1e-12);
        double[] six = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6};
        double[] iv = SignedRank.interval(six, 0.95);
        assertEquals(0.1, iv[0], 1e-12); // n = 6 at 95%: the whole range of Walsh averages, coverage 1 - 2/64
        assertEquals(0.6, iv[1], 1e-12);
        assertEquals(1 - 2.0 / 64, iv[2], 1e-12);
        double[] two = SignedRank.interval(new double[]{0.1, 0.3}, 0.95);
        assertEquals(0.5, two[2], 1e-12); // 2 values: the range covers only 50%, and it says so
        double[] many = new double[20];
        for (int i = 0; i < many.length; i++) {
            many[i] = i;
        }
        double[] m = SignedRank.interval(many, 0.95);
        assertTrue(m[0] > 0 && m[1] < 19 && m[2] >= 0.95 && m[2] < 0.97, java.util.Arrays.toString(m));
    }

    private static double bruteForce(double[] x) {
        int n = x.length;
        if (n == 0) {
            return 1;
        }
        double[] ranks = midranks(x);
        double observed = 0;
        for (int i = 0; i < n; i++) {
            observed += x[i] > 0 ? ranks[i] : 0;
        }
        int count = 0;
        for (int mask = 0; mask < (1 << n); mask++) {
            double w = 0;
            for (int i = 0; i < n; i++) {
                w += (mask >> i & 1) == 1 ? ranks[i] : 0;
            }
            count += w >= observed - 1e-9 ? 1 : 0;
        }
        return count / (double) (1 << n);
    }

    private static double[] midranks(double[] x) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            int below = 0;
            int equal = 0;
            for (double y : x) {
                below += Math.abs(y) < Math.abs(x[i]) ? 1 : 0;
                equal += Math.abs(y) == Math.abs(x[i]) ? 1 : 0;
            }
            r[i] = below + (equal + 1) / 2.0;
        }
        return r;
    }
}
