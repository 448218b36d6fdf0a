package io.github.ccsidbench.machine;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The machine ruler's reference level and its verdict on a sample, on samples shaped like a shared machine's. */
class MachineRulerTest {

    /** A fork's ruler samples on a machine that was slow most of the time: mostly 540-620 ns per pass, five fast samples near 345, one of 845. */
    private static final double[] MOSTLY_SLOW = {606, 591, 617, 585, 343, 600, 495, 592, 517, 572, 629, 455, 600, 640, 619,
            603, 544, 845, 523, 559, 523, 1324, 696, 339, 562, 544, 535, 589, 599, 579, 551, 562, 543, 524, 354, 571, 472};

    @Test
    void theFastLevelIsFoundEvenWhenTheMachineIsMostlySlow() {
        double fast = MachineRuler.fastLevel(MOSTLY_SLOW);
        assertEquals(354, fast, 1e-9, "the median of the five lowest: 339, 343, 354, 455, 472");
        assertTrue(MachineRuler.slow(600, fast));
        assertTrue(MachineRuler.slow(472, fast), "472 is 33% above");
        assertFalse(MachineRuler.slow(455, fast), "455 is 29% above");
        assertFalse(MachineRuler.slow(343, fast));
    }

    @Test
    void tooFewSamplesOrUnknownOnesJudgeNothing() {
        assertTrue(Double.isNaN(MachineRuler.fastLevel(new double[]{400, 410, 420, 430})));
        assertTrue(Double.isNaN(MachineRuler.fastLevel(new double[]{400, Double.NaN, 420, Double.NaN, 430, 440})));
        assertTrue(Double.isNaN(MachineRuler.fastLevel(null)));
        assertFalse(MachineRuler.slow(10_000, Double.NaN));
        assertFalse(MachineRuler.slow(Double.NaN, 400));
        assertEquals(400, MachineRuler.lower(Double.NaN, 400));
        assertEquals(400, MachineRuler.lower(400, 500));
        assertTrue(Double.isNaN(MachineRuler.lower(Double.NaN, Double.NaN)));
    }

    @Test
    void theRulerMeasuresAndRecordsAroundAnIteration() {
        MachineRuler.warm();
        double a = MachineRuler.measure();
        assertTrue(a > 0 && Double.isFinite(a), "ns per pass: " + a);
        assertTrue(Double.isNaN(MachineRuler.take()), "nothing recorded yet");
        MachineRuler.before();
        MachineRuler.after();
        double r = MachineRuler.take();
        assertTrue(r > 0 && Double.isFinite(r));
        assertTrue(Double.isNaN(MachineRuler.take()), "taken once");
    }
}
