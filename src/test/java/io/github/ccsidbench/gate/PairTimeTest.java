package io.github.ccsidbench.gate;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When the gate's pairs turn from duet to interleaved, and the pair time its budget expects before and after.
 */
class PairTimeTest {

    @Test
    void interleavedPairsAreExpectedToTakeTwiceTheDuetsTime() {
        PairMeasurement.PairTime t = new PairMeasurement.PairTime();
        assertEquals(Duration.ofSeconds(6), t.typical(), "before any pair");
        t.add(Duration.ofSeconds(10).toNanos());
        t.add(Duration.ofSeconds(14).toNanos());
        assertEquals(Duration.ofSeconds(12), t.typical());
        t.interleaved();
        assertEquals(Duration.ofSeconds(24), t.typical(), "two forks one after the other");
        t.add(Duration.ofSeconds(21).toNanos());
        assertEquals(Duration.ofSeconds(23), t.typical(), "then the interleaved pairs' own times count");
    }

    @Test
    void pairsTurnInterleavedOnceHalfOfAtLeastTenDuetPairsWereSentBack() {
        assertFalse(PairMeasurement.tooManySentBack(8, 1), "9 tried: too few to say");
        assertTrue(PairMeasurement.tooManySentBack(5, 5), "5 of 10: a kept duet pair costs two forks' time");
        assertFalse(PairMeasurement.tooManySentBack(4, 6), "4 of 10");
        assertTrue(PairMeasurement.tooManySentBack(160, 110), "most sent back (the Intel host beside the neighbour)");
        assertFalse(PairMeasurement.tooManySentBack(16, 62), "16 of 78 (the Zen 4 host beside it): duet is cheaper");
        assertEquals("1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 111th",
                String.join(" ", java.util.stream.IntStream.of(1, 2, 3, 4, 11, 12, 13, 21, 22, 111)
                        .mapToObj(PairMeasurement::ordinal).toList()));
    }
}
