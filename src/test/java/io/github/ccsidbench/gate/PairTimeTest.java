package io.github.ccsidbench.gate;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When the gate's pairs turn from duet to interleaved and back ({@link PairKind}), and the pair time its budget expects
 * before and after.
 */
class PairTimeTest {

    @Test
    void interleavedPairsAreExpectedToTakeTwiceTheDuetsTime() {
        PairKind t = new PairKind(true);
        assertEquals(Duration.ofSeconds(6), t.typical(), "before any pair");
        for (int i = 0; i < 4; i++) { // each benchmark's round: one duet pair sent back, one kept; 10 s, then 14 s
            assertFalse(t.after(Duration.ofSeconds(i % 2 == 0 ? 10 : 14).toNanos(), 2, true, 1));
        }
        assertTrue(t.after(Duration.ofSeconds(10).toNanos(), 2, true, 1), "5 of 10 sent back");
        assertFalse(t.duet());
        assertEquals("interleaved from the 11th pair on, since the machine ruler sent back 5 of the first 10 duet pairs (one"
                + " core ran slower than the other)", t.lastSwitch());
        assertEquals(Duration.ofMillis(23200), t.typical(), "two forks one after the other: twice the mean 11.6 s");
        t.after(Duration.ofSeconds(21).toNanos(), 1, true, 0);
        assertEquals(Duration.ofNanos(137_000_000_000L / 6), t.typical(), "then the interleaved pairs' own times count");
    }

    /**
     * The pair time is per kept pair: once the budget is used up, a round tries once and may keep nothing, and its time
     * counts towards the pairs that were kept, not as a cheap round of its own.
     */
    @Test
    void roundsThatKeptNoPairMakeAKeptPairDearerNotCheaper() {
        PairKind t = new PairKind(true);
        for (int i = 0; i < 4; i++) { // four duet pairs kept at once, 10 s each
            t.after(Duration.ofSeconds(10).toNanos(), 1, true, 0);
        }
        assertEquals(Duration.ofSeconds(10), t.typical());
        for (int i = 0; i < 4; i++) { // four rounds of one try each, given up: 5 s each and nothing kept
            t.after(Duration.ofSeconds(5).toNanos(), 1, false, 1);
        }
        assertEquals(Duration.ofSeconds(15), t.typical(), "60 s for 4 kept pairs, not 60 s for 8 rounds");
    }

    @Test
    void pairsTurnInterleavedOnceHalfOfAtLeastTenDuetPairsWereSentBack() {
        assertFalse(PairKind.tooManySentBack(8, 1), "9 tried: too few to say");
        assertTrue(PairKind.tooManySentBack(5, 5), "5 of 10: a kept duet pair costs two forks' time");
        assertFalse(PairKind.tooManySentBack(4, 6), "4 of 10");
        assertTrue(PairKind.tooManySentBack(160, 110), "most sent back (the Intel host beside the neighbour)");
        assertFalse(PairKind.tooManySentBack(16, 62), "16 of 78 (the Zen 4 host beside it): duet is cheaper");
        assertEquals("1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 111th",
                String.join(" ", java.util.stream.IntStream.of(1, 2, 3, 4, 11, 12, 13, 21, 22, 111)
                        .mapToObj(PairKind::ordinal).toList()));
    }

    @Test
    void pairsTurnBackToDuetWhenInterleavedOnesCostMoreAndAgainWhenDuetOnesDo() {
        PairKind t = new PairKind(true);
        for (int i = 0; i < 5; i++) { // 5 of 10 duet tries sent back: 25 s for 5 kept, 5.0 s a kept pair
            t.after(Duration.ofSeconds(5).toNanos(), 2, true, 1);
        }
        assertFalse(t.duet());
        for (int i = 0; i < 9; i++) { // interleaved pairs kept at once, 8 s each: dearer, but 9 tries say too little
            assertFalse(t.after(Duration.ofSeconds(8).toNanos(), 1, true, 0));
        }
        assertTrue(t.after(Duration.ofSeconds(8).toNanos(), 1, true, 0));
        assertTrue(t.duet());
        assertEquals("duet again from the 21st pair on, since interleaved pairs took 8.0 s a kept pair over the last 10"
                + " tries (0 sent back or unsettled), duet ones 5.0 s a kept pair", t.lastSwitch());
        for (int i = 0; i < 20; i++) { // duet pairs as cheap as before stay duet
            assertFalse(t.after(Duration.ofSeconds(5).toNanos(), 1, true, 0));
        }
        t = new PairKind(true);
        for (int i = 0; i < 5; i++) {
            t.after(Duration.ofSeconds(5).toNanos(), 2, true, 1);
        }
        for (int i = 0; i < 10; i++) {
            t.after(Duration.ofSeconds(8).toNanos(), 1, true, 0);
        }
        for (int i = 0; i < 3; i++) { // then duet forks that never settle: 3 tries each, none kept
            assertFalse(t.after(Duration.ofSeconds(15).toNanos(), 3, false, 0));
        }
        assertTrue(t.after(Duration.ofSeconds(15).toNanos(), 3, false, 0), "12 tries, none kept");
        assertFalse(t.duet());
        assertEquals("interleaved again from the 33rd pair on, since duet pairs took their time and kept none over the last 12"
                + " tries, interleaved ones 8.0 s a kept pair", t.lastSwitch());
        assertTrue(t.switches().startsWith("; interleaved from the 11th pair on") && t.switches().contains("; duet again from the"
                + " 21st pair on"), t.switches());
    }

    @Test
    void anInterleavedRunStaysInterleaved() {
        PairKind t = new PairKind(false);
        for (int i = 0; i < 30; i++) {
            assertFalse(t.after(Duration.ofSeconds(20).toNanos(), 3, false, 3));
        }
        assertFalse(t.duet());
        assertEquals("", t.switches());
    }
}
