package io.github.ccsidbench.suite;

import io.github.ccsidbench.CcsidBenchException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The order of an accuracy check's runs: ABBA for two of each, and for other counts the suite runs' mean position at the
 * long runs', each suite run between long runs where it can be.
 */
class AccuracyOrderTest {

    private static String order(int longRuns, int suiteRuns) {
        return AccuracyOrder.describe(AccuracyOrder.of(longRuns, suiteRuns));
    }

    @Test
    void twoOfEachIsAbba() {
        assertEquals("suite 1, long 1, long 2, suite 2", order(2, 2));
        assertEquals(List.of("suite-1", "long-1", "long-2", "suite-2"), AccuracyOrder.of(2, 2).stream().map(AccuracyOrder.Step::folder).toList());
    }

    @Test
    void threeLongRunsAndOneSuiteRunPutTheSuiteBetweenLongRuns() {
        assertEquals("long 1, suite 1, long 2, long 3", order(3, 1));
    }

    @Test
    void otherCountsBalanceTheDriftAndFlankTheSuiteRuns() {
        assertEquals("long 1, suite 1, long 2", order(2, 1));
        assertEquals("suite 1, long 1, suite 2, long 2, suite 3", order(2, 3));
        assertEquals("long 1, suite 1, long 2, suite 2, long 3", order(3, 2));
        assertEquals("long 1, suite 1, long 2, long 3, suite 2, long 4", order(4, 2));
    }

    /** Every order holds each run once, numbered in the order it runs, and puts the two kinds' mean positions within one place. */
    @Test
    void everyOrderHoldsEachRunOnceInItsTurn() {
        for (int l = 1; l <= 6; l++) {
            for (int s = 1; s <= 6; s++) {
                List<AccuracyOrder.Step> order = AccuracyOrder.of(l, s);
                assertEquals(l + s, order.size());
                double suiteMean = 0;
                double longMean = 0;
                int si = 0;
                int li = 0;
                for (int p = 0; p < order.size(); p++) {
                    AccuracyOrder.Step step = order.get(p);
                    if (step.kind() == AccuracyOrder.Kind.SUITE) {
                        assertEquals(++si, step.index());
                        suiteMean += (double) p / s;
                    } else {
                        assertEquals(++li, step.index());
                        longMean += (double) p / l;
                    }
                }
                assertEquals(s, si);
                assertEquals(l, li);
                assertTrue(Math.abs(suiteMean - longMean) <= 1, l + " long, " + s + " suite: " + AccuracyOrder.describe(order));
            }
        }
    }

    @Test
    void countsOutOfRangeAreRefused() {
        assertThrows(CcsidBenchException.class, () -> AccuracyOrder.of(0, 2));
        assertThrows(CcsidBenchException.class, () -> AccuracyOrder.of(2, AccuracyOrder.MAX_RUNS + 1));
    }
}
