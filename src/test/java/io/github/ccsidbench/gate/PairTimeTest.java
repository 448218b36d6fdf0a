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
    void pairsTurnInterleavedOnceAFifthOfAtLeastTenDuetPairsWereSentBack() {
        assertFalse(PairMeasurement.tooManySentBack(5, 4), "9 tried: too few to say");
        assertTrue(PairMeasurement.tooManySentBack(2, 8), "2 of 10");
        assertFalse(PairMeasurement.tooManySentBack(1, 9), "1 of 10");
        assertTrue(PairMeasurement.tooManySentBack(160, 110), "most sent back");
        assertFalse(PairMeasurement.tooManySentBack(8, 92), "8 of 100: below a fifth");
        assertEquals("1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 111th",
                String.join(" ", java.util.stream.IntStream.of(1, 2, 3, 4, 11, 12, 13, 21, 22, 111)
                        .mapToObj(PairMeasurement::ordinal).toList()));
    }
}
