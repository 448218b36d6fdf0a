package io.github.ccsidbench.steady;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A fork's phases come out of its moments as a stopwatch would give them, and a fork with a missing moment gives none. */
class ForkTimelineTest {

    /** Launched at 0; main at 230 ms; ruler warm at 290; first iteration called at 340; the set-up takes 80 ms. */
    private static long[] moments(long exitedMillis) {
        long base = 1_700_000_000_000_000L;
        long[] t = ForkTimeline.empty();
        t[ForkTimeline.LAUNCHED] = base;
        t[ForkTimeline.MAIN] = base + 230_000;
        t[ForkTimeline.RULER_WARM] = base + 290_000;
        t[ForkTimeline.FIRST_ITERATION] = base + 340_000;
        t[ForkTimeline.EXITED] = base + exitedMillis * 1000;
        return t;
    }

    /** Ten iterations of 101 ms, the first after an 80 ms set-up. */
    private static long[] ends() {
        long base = 1_700_000_000_000L;
        long[] e = new long[10];
        e[0] = base + 340 + 80 + 101;
        for (int i = 1; i < e.length; i++) {
            e[i] = e[i - 1] + 101;
        }
        return e;
    }

    @Test
    void phasesAddUpToTheForksWholeTime() {
        long[] ends = ends();
        long exit = ends[9] - 1_700_000_000_000L + 40;
        Map<String, Double> p = ForkTimeline.phases(moments(exit), ends);
        assertEquals(230, p.get("jvmStart"), 1e-6);
        assertEquals(60, p.get("rulerWarm"), 1e-6);
        assertEquals(50, p.get("jmhStart"), 1e-6);
        assertEquals(80, p.get("setUp"), 1e-6);
        assertEquals(1010, p.get("iterations"), 1e-6);
        assertEquals(40, p.get("exit"), 1e-6);
        double sum = p.values().stream().mapToDouble(Double::doubleValue).sum();
        assertEquals(exit, sum, 1e-6);
        assertEquals(ForkTimeline.PHASES, new ArrayList<>(p.keySet()));
    }

    @Test
    void aForkWithoutItsHostsMomentsHasNoPhases() {
        long[] t = moments(2000);
        t[ForkTimeline.EXITED] = -1;
        assertTrue(ForkTimeline.phases(t, ends()).isEmpty());
        assertTrue(ForkTimeline.phases(null, ends()).isEmpty());
    }

    @Test
    void theSummaryIsTheMedianForkAndItsOverheadBesideItsNominalIterations() {
        long[] ends = ends();
        long exit = ends[9] - 1_700_000_000_000L + 40;
        List<ForkOutcome> forks = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ArrayList<org.openjdk.jmh.results.IterationResult> iterations = new ArrayList<>();
            for (int k = 0; k < 10; k++) {
                iterations.add(null);
            }
            forks.add(new ForkOutcome(null, iterations, null, true, null, null, null, Double.NaN, ends, moments(exit + i * 10)));
        }
        Map<String, Double> s = ForkTimeline.summary(forks, 100);
        assertEquals(3, s.get("forks"));
        assertEquals(exit + 10, s.get("total"), 1e-6);
        assertEquals(exit + 10 - 1000, s.get("overhead"), 1e-6);
        assertEquals(50, s.get("exit"), 1e-6);
    }
}
