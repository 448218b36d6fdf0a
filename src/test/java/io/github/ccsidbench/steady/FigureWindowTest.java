package io.github.ccsidbench.steady;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FigureWindowTest {

    @Test
    void theWindowStartsAfterTheJitsLastBusyIterationAndNeverAtTheFirst() {
        int n = FigureWindow.ITERATIONS;
        assertEquals(new FigureWindow(1, 1 + n), FigureWindow.of(null, 40), "no JIT times: from the second iteration");
        double[] share = new double[40];
        share[0] = 3;
        share[4] = 0.25;
        share[6] = 0.19; // below the threshold: not warm-up
        assertEquals(new FigureWindow(5, 5 + n), FigureWindow.of(share, 40));
        share[4 + n] = Double.NaN; // unknown counts as quiet
        assertEquals(new FigureWindow(5, 5 + n), FigureWindow.of(share, 40));
    }

    @Test
    void aWindowTheJitKeptBusyTooLongIsIncompleteAndAnEmptyOneSaysSo() {
        double[] share = new double[20];
        int last = 0;
        for (int i = 4; i < 20; i += FigureWindow.ITERATIONS - 2) { // busy again before each window completes
            share[i] = 0.5;
            last = i;
        }
        FigureWindow w = FigureWindow.of(share, 20);
        assertEquals(new FigureWindow(last + 1, 20), w);
        assertFalse(w.complete());
        assertFalse(w.empty());
        share[19] = 0.5;
        assertTrue(FigureWindow.of(share, 20).empty());
    }

    /** Found as the fork runs: a window complete after n iterations is the window of every longer series. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void aCompleteWindowIsNotMovedByLaterIterations(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] share = new double[200];
        for (int i = 0; i < share.length; i++) {
            share[i] = r.nextDouble() < 0.1 ? 0.2 + r.nextDouble() : 0.19 * r.nextDouble();
        }
        int firstComplete = -1;
        for (int n = 1; n <= share.length; n++) {
            if (FigureWindow.of(share, n).complete()) {
                firstComplete = n;
                break;
            }
        }
        assertTrue(firstComplete > 0, "seed " + seed + ": 12 quiet iterations in a row somewhere in 200");
        FigureWindow w = FigureWindow.of(share, firstComplete);
        assertEquals(firstComplete, w.to(), "complete at the iteration it ends with");
        for (int n = firstComplete; n <= share.length; n++) {
            assertEquals(w, FigureWindow.of(share, n), "n = " + n);
        }
        for (int i = w.from(); i < w.to(); i++) {
            assertTrue(share[i] < FigureWindow.JIT_WARMUP, "no busy iteration inside");
        }
        assertTrue(w.from() == 1 || share[w.from() - 1] >= FigureWindow.JIT_WARMUP, "it starts right after a busy one");
    }
}
