package io.github.ccsidbench.steady;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Grouping forks by level. */
class ForkModesTest {

    /** Four forks at ~1000, two at ~1410: two modes, the four reported, the two described as 40% slower. */
    @Test
    void twoOfSixForksSlower() {
        ForkModes m = ForkModes.of(new double[] {1000, 1010, 990, 1400, 1420, 1005}, 0.10);
        assertTrue(m.multimodal());
        assertEquals(2, m.modes().size());
        assertEquals(0, m.reported());
        assertEquals(List.of(2, 0, 5, 1), m.modes().get(0).forks());
        assertEquals(1002.5, m.modes().get(0).level());
        assertEquals(List.of(3, 4), m.modes().get(1).forks());
        assertEquals(1410, m.modes().get(1).level());
        assertEquals("2 of 6 forks 40% slower", m.describe());
    }

    /** A tie goes to the faster mode; the other is then described as slower. */
    @Test
    void tiesGoToTheFasterMode() {
        ForkModes m = ForkModes.of(new double[] {1500, 1000, 1490, 1010}, 0.10);
        assertEquals(0, m.reported());
        assertEquals(1005, m.modes().get(m.reported()).level());
        assertEquals("2 of 4 forks 48% slower", m.describe());
    }

    /**
     * When more forks settled slower but two or more reached the faster level, the faster level is the
     * code's: the slower forks compiled worse or ended in a slow phase of the machine.
     */
    @Test
    void theFastestLevelTwoForksReachedIsReported() {
        ForkModes m = ForkModes.of(new double[] {1400, 1000, 1410, 1420, 1010, 1405}, 0.10);
        assertEquals(0, m.reported());
        assertEquals(List.of(1, 4), m.modes().get(m.reported()).forks());
        assertEquals("4 of 6 forks 40% slower", m.describe());
    }

    /** One fork alone at a faster level is not confirmed: the slow mode is reported and the fast one described as faster. */
    @Test
    void fasterModeIsDescribedAsFaster() {
        ForkModes m = ForkModes.of(new double[] {2000, 2010, 1000, 1990}, 0.10);
        assertEquals(1, m.reported());
        assertEquals("1 of 4 forks 50% faster", m.describe());
    }

    /** Three modes: each other mode gets its own phrase, fastest first. */
    @Test
    void threeModes() {
        ForkModes m = ForkModes.of(new double[] {1000, 1300, 1310, 1320, 2000}, 0.10);
        assertEquals(3, m.modes().size());
        assertEquals(1, m.reported());
        assertEquals("1 of 5 forks 23% faster, 1 of 5 forks 52% slower", m.describe());
    }

    /** One mode: nothing to describe. A chain of small gaps is one mode. */
    @Test
    void oneMode() {
        ForkModes m = ForkModes.of(new double[] {1000, 1080, 1160, 1250}, 0.10);
        assertFalse(m.multimodal());
        assertEquals("", m.describe());
        assertEquals(ForkModes.of(new double[] {7}, 0.10).describe(), "");
    }

    /** NaN levels (forks without a level) belong to no mode; no levels at all give no modes. */
    @Test
    void missingLevels() {
        ForkModes m = ForkModes.of(new double[] {Double.NaN, 1000, 1500, 1010}, 0.10);
        assertEquals(List.of(1, 3), m.modes().get(0).forks());
        assertEquals("1 of 3 forks 49% slower", m.describe());
        ForkModes none = ForkModes.of(new double[] {Double.NaN}, 0.10);
        assertEquals(-1, none.reported());
        assertEquals("", none.describe());
        assertThrows(IllegalArgumentException.class, () -> ForkModes.of(new double[] {1}, -0.1));
    }
}
