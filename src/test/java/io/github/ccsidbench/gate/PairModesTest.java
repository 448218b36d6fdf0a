package io.github.ccsidbench.gate;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Two modes among paired forks, found only where a side's forks fall in both. */
class PairModesTest {

    /** Fork levels read from one measured gate of the first share codec's encode (docs/results/gate, share-codec-before-slowed-1). */
    @Test
    void findsTheTwoModesOfAMeasuredGateAndCountsEachSidesForks() {
        double[] base = {911, 936, 386, 390, 375, 915, 921, 906, 800};
        double[] candidate = {498, 494, 920, 893, 490, 503, 495, 935, 920};
        PairModes m = PairModes.of(base, candidate);
        assertNotNull(m);
        assertArrayEquals(new int[]{3, 5}, m.fastForks());
        assertArrayEquals(new int[]{6, 4}, m.slowForks());
        assertEquals(492, m.fast(), 1);
        assertEquals(917.5, m.slow(), 1);
    }

    /** Every base fork in one place and every candidate fork in another is a shift, which the pairs judge as they are. */
    @Test
    void aPlainShiftIsNotModes() {
        assertNull(PairModes.of(new double[]{380, 385, 390, 382}, new double[]{900, 910, 905, 899}));
    }

    /** Noise that spreads the forks evenly, however wide, has no gap wider than its clusters. */
    @Test
    void evenNoiseIsNotModes() {
        assertNull(PairModes.of(new double[]{300, 340, 380, 420}, new double[]{320, 360, 400, 440}));
        assertNull(PairModes.of(new double[]{500, 502}, new double[]{501, 499}), "too few forks on one side of any gap");
    }

    /** One fork far off is an outlier, not a mode: a mode needs two forks. */
    @Test
    void oneForkAloneIsNotAMode() {
        assertNull(PairModes.of(new double[]{500, 502, 498, 900}, new double[]{501, 499, 503, 497}));
    }

    /** McNemar's exact one-sided test: 8 of 8 discordant pairs with the candidate slow is p = 2^-8; 4 and 4 is even. */
    @Test
    void mcNemarIsTheExactSignTestOnThePairsInOppositeModes() {
        assertEquals(1 / 256.0, PairModes.pMoreOftenSlow(8, 0), 1e-12);
        assertEquals(0.63671875, PairModes.pMoreOftenSlow(4, 4), 1e-9); // scipy.stats.binomtest(4, 8, alternative='greater')
        assertEquals(1, PairModes.pMoreOftenSlow(0, 0));
    }
}
