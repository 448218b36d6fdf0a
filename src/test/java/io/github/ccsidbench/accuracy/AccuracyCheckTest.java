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
}
