package io.github.ccsidbench.suite;

import java.time.Duration;

/**
 * How long a preset measures each benchmark: forks, warm-up and measurement iterations.
 *
 * @param forks separate JVMs per benchmark (at least 2 for anything but a smoke run)
 * @param warmupIterations iterations thrown away while the JIT settles
 * @param warmupTime length of one warm-up iteration
 * @param measurementIterations iterations that count, per fork
 * @param measurementTime length of one measured iteration
 */
public record Timing(int forks, int warmupIterations, Duration warmupTime, int measurementIterations,
                     Duration measurementTime) {

    /** What a fork costs beyond its iterations: JVM start, class loading, set-up with verification (measured: ~0.3 s). */
    static final Duration FORK_OVERHEAD = Duration.ofMillis(500);

    /** The expected wall time of one benchmark (all its forks). */
    public Duration perBenchmark() {
        Duration fork = FORK_OVERHEAD.plus(warmupTime.multipliedBy(warmupIterations))
                .plus(measurementTime.multipliedBy(measurementIterations));
        return fork.multipliedBy(forks);
    }

    /** A copy with another fork count. */
    public Timing withForks(int value) {
        return new Timing(value, warmupIterations, warmupTime, measurementIterations, measurementTime);
    }

    /** "2 forks x (3 x 300 ms warm-up + 5 x 300 ms)". */
    public String describe() {
        return forks + (forks == 1 ? " fork" : " forks") + " x (" + warmupIterations + " x " + warmupTime.toMillis()
                + " ms warm-up + " + measurementIterations + " x " + measurementTime.toMillis() + " ms)";
    }
}
