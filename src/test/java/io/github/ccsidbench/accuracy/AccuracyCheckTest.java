package io.github.ccsidbench.accuracy;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A check measured when the figure was JMH's mean, read again from its forks.log as the figure is now: each pair finds
 * its own fork by its iterations and recorded reading, whatever the log holds beside it.
 */
class AccuracyCheckTest {

    private static final List<String> LOG = List.of(
            "# ccsid-bench: encode 37 (suite), at most 30 iterations: java ...",
            "Iteration 1: 900.0 ns/op  (CPU ?, JIT 300 ms, ruler 230 ns)",
            "Iteration 2: 100.0 ns/op  (CPU 99%, JIT 1 ms, ruler 230 ns)",
            "# ccsid-bench: steady after 2 iterations",
            "# ccsid-bench: encode 37 (gc-off), at most 30 iterations: java ...",
            "Iteration 1: 5.0 ns/op  (CPU ?, JIT 300 ms, ruler 230 ns)",
            "# ccsid-bench: encode 37 (suite), at most 30 iterations: java ...",
            "Iteration 1: 900.0 ns/op  (CPU ?, JIT 300 ms, ruler 230 ns)",
            "Iteration 2: 100.0 ns/op  (CPU 99%, JIT 1 ms, ruler 230 ns)",
            "Iteration 3: 300.0 ns/op  (CPU 99%, JIT 1 ms, ruler 230 ns)");

    private static AccuracyResult.Pair pair(int round, double suite, int iterations, String ended) {
        return new AccuracyResult.Pair("encode 37", round, List.of("long", "suite"),
                Map.of("long", 150.0, "suite", suite, "suite:warmup", 1.0, "suite:iterations", (double) iterations), ended);
    }

    @Test
    void eachPairTakesItsOwnForkAndReadsItAsTheTimePerOperation() {
        // The first pair's fork was sent back (a fork of 2 iterations whose mean is not its reading), the second's is
        // the fork of 3: mean 200, time per operation 2 / (1/100 + 1/300) = 150.
        List<AccuracyResult.Pair> read = AccuracyCheck.asTimePerOperation(LOG, List.of(pair(1, 200.0, 3, "2026-11-30T10:00:00Z")));
        assertEquals(150.0, read.get(0).readings().get("suite"), 1e-9);
        assertEquals(200.0, read.get(0).readings().get("suite:jmh-mean"), 1e-9);
        assertEquals(150.0, read.get(0).readings().get("long"), 1e-9);
    }

    @Test
    void aPairWithoutItsForkStopsTheReread() {
        assertThrows(IllegalStateException.class,
                () -> AccuracyCheck.asTimePerOperation(LOG, List.of(pair(1, 250.0, 3, "2026-11-30T10:00:00Z"))));
    }

    /**
     * A check measured with the window of 12 iterations, read again at the build's window from the iterations and JIT
     * times its forks.log holds: the JIT busy in iterations 1 and 3 puts both windows after iteration 3; the old one
     * read six iterations of 100 ns, four of 300 and two of 100 (12 / (8/100 + 4/300)), the new one its first
     * {@link io.github.ccsidbench.steady.FigureWindow#ITERATIONS}.
     */
    @Test
    void aCheckMeasuredWithALongerWindowIsReadAtThisOne() {
        double[] scores = {900, 100, 100, 100, 100, 100, 100, 100, 100, 300, 300, 300, 300, 100, 100, 100};
        List<String> log = new java.util.ArrayList<>(List.of("# ccsid-bench: encode 37 (suite), at most 30 iterations: java ..."));
        for (int i = 0; i < scores.length; i++) {
            log.add(String.format(java.util.Locale.ROOT, "Iteration %d: %.1f ns/op  (CPU 99%%, JIT %d ms, ruler 230 ns)", i + 1,
                    scores[i], i == 0 ? 300 : i == 2 ? 50 : 1));
        }
        double measured = 12 / (8 / 100.0 + 4 / 300.0);
        Map<String, Double> readings = new java.util.LinkedHashMap<>(Map.of("long", 125.0, "suite", measured, "suite:settled", measured,
                "suite:rule", 140.0, "suite:window-from", 3.0, "suite:iterations", 16.0));
        List<AccuracyResult.Pair> read = AccuracyCheck.atThisWindow(log,
                List.of(new AccuracyResult.Pair("encode 37", 1, List.of("long", "suite"), readings, "2026-12-01T10:00:00Z")));
        int n = io.github.ccsidbench.steady.FigureWindow.ITERATIONS;
        double[] window = java.util.Arrays.copyOfRange(scores, 3, 3 + n);
        double expected = n / java.util.Arrays.stream(window).map(x -> 1 / x).sum();
        Map<String, Double> r = read.get(0).readings();
        assertEquals(expected, r.get("suite"), 1e-9);
        assertEquals(expected, r.get("suite:settled"), 1e-9);
        assertEquals(measured, r.get("suite:window-12"), 1e-9);
        assertEquals(3.0, r.get("suite:window-from"));
        assertEquals(3.0 + n, r.get("suite:window-to"));
        assertEquals(140.0, r.get("suite:rule"), 1e-9, "the other readings as measured");
        assertEquals(125.0, r.get("long"), 1e-9);
        assertThrows(IllegalStateException.class, () -> AccuracyCheck.atThisWindow(log, List.of(new AccuracyResult.Pair("encode 37", 1,
                List.of("long", "suite"), Map.of("suite", 110.0, "suite:window-from", 3.0, "suite:iterations", 16.0),
                "2026-12-01T10:00:00Z"))), "a pair whose fork the log does not hold stops the re-read");
    }
}
