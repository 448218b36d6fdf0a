package io.github.ccsidbench.report;

import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CostModelTest {

    private static final double[] LENGTHS = {8, 16, 32, 64, 256, 1024, 4096, 65536};

    @Test
    void recoversAKnownLineExactly() {
        double[] t = new double[LENGTHS.length];
        for (int i = 0; i < t.length; i++) {
            t[i] = 42 + 0.75 * LENGTHS[i];
        }
        CostModel.Fit fit = CostModel.fit(LENGTHS, t);
        assertEquals(42, fit.a(), 1e-9);
        assertEquals(0.75, fit.b(), 1e-12);
        assertEquals(1.0, fit.rSquared(), 1e-12);
        assertEquals(56, fit.breakEven(), 1e-9);
    }

    @Test
    void recoversAKnownLineFromNoisyMeasurements() {
        SplittableRandom random = new SplittableRandom(7);
        double[] t = new double[LENGTHS.length];
        for (int i = 0; i < t.length; i++) {
            t[i] = (120 + 0.3 * LENGTHS[i]) * (1 + 0.03 * random.nextGaussian()); // 3% noise, as on a quiet machine
        }
        CostModel.Fit fit = CostModel.fit(LENGTHS, t);
        assertEquals(120, fit.a(), 12, "per-call overhead within 10%");
        assertEquals(0.3, fit.b(), 0.03, "per-character cost within 10%");
        assertTrue(fit.rSquared() > 0.95, "R² " + fit.rSquared());
    }

    @Test
    void weightingLetsShortLengthsDecideTheOverhead() {
        // An unweighted fit would let the 64K point's 1% noise swamp a 10 ns overhead.
        double[] n = {16, 256, 65536};
        double[] t = {10 + 16, 10 + 256, (10 + 65536) * 1.01};
        assertEquals(10, CostModel.fit(n, t).a(), 2);
    }

    @Test
    void twoLengthsFitButHaveNoRSquared() {
        CostModel.Fit fit = CostModel.fit(new double[]{16, 4096}, new double[]{20, 2060});
        assertEquals(12, fit.a(), 1e-9);
        assertEquals(0.5, fit.b(), 1e-12);
        assertTrue(Double.isNaN(fit.rSquared()));
        assertThrows(IllegalArgumentException.class, () -> CostModel.fit(new double[]{16}, new double[]{20}));
        assertThrows(IllegalArgumentException.class, () -> CostModel.fit(new double[]{16, 16}, new double[]{20, 21}));
    }

    @Test
    void judgeFitsOnlyThreeLengthsOrMore() {
        CostModel.Verdict two = CostModel.judge(new double[]{16, 4096}, new double[]{20, 2060});
        assertFalse(two.fit().isPresent());
        assertEquals(Optional.of("not fitted: 2 lengths (needs 3 or more)"), two.withheld());
        assertEquals(Optional.of("not fitted: 1 length (needs 3 or more)"),
                CostModel.judge(new double[]{16}, new double[]{20}).withheld());
        assertEquals(Optional.of("not fitted: 2 lengths (needs 3 or more)"),
                CostModel.judge(new double[]{16, 16, 4096}, new double[]{20, 21, 2060}).withheld(), "distinct lengths count");
        CostModel.Verdict three = CostModel.judge(new double[]{16, 256, 4096}, new double[]{20, 140, 2060});
        assertTrue(three.fit().isPresent());
        assertEquals(12, three.fit().orElseThrow().a(), 1e-9);
        assertEquals(0.5, three.fit().orElseThrow().b(), 1e-12);
        assertTrue(three.withheld().isEmpty());
    }

    @Test
    void judgeShowsOnlyPhysicalFits() {
        double[] n = {1024, 4096, 65536};
        CostModel.Verdict negativeA = CostModel.judge(n, new double[]{-109 + 0.6 * 1024, -109 + 0.6 * 4096, -109 + 0.6 * 65536});
        assertFalse(negativeA.fit().isPresent());
        assertEquals(Optional.of("not shown: the fit gives a negative per-call cost (a = -109 ns), so time is not linear in length here"),
                negativeA.withheld());
        CostModel.Verdict zeroA = CostModel.judge(n, new double[]{0.6 * 1024, 0.6 * 4096, 0.6 * 65536});
        assertTrue(zeroA.fit().isPresent(), "a = 0 is physical: " + zeroA);
        CostModel.Verdict negativeB = CostModel.judge(n, new double[]{300, 290, 250});
        assertFalse(negativeB.fit().isPresent());
        assertTrue(negativeB.withheld().orElseThrow().startsWith("not shown: the fit gives a negative per-character cost (b = -"),
                negativeB.withheld().orElseThrow());
        CostModel.Verdict zeroB = CostModel.judge(n, new double[]{300, 300, 300});
        assertEquals(Optional.of("not shown: the fit gives a zero per-character cost (b = 0 ns), so time is not linear in length here"),
                zeroB.withheld());
    }
}
