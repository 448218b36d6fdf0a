package io.github.ccsidbench.suite;

import io.github.ccsidbench.steady.SteadySettings;

import java.time.Duration;
import java.util.Optional;

/**
 * How a preset measures each benchmark (forks, iterations, {@link SteadySettings}, budget), and the one home of a run's
 * time: the estimates, the {@link Budget} as it is spent, and how durations are written ({@link #format}).
 *
 * @param forks forks every benchmark gets (at least 2 for anything but a smoke run)
 * @param maxForks forks a benchmark may get when its forks disagree or do not settle
 * @param iteration length of one iteration
 * @param steady the per-fork stopping rule and steady-state detection, with the per-fork cap
 * @param budget the longest the whole run may take, or zero for no limit
 */
public record Timing(int forks, int maxForks, Duration iteration, SteadySettings steady, Duration budget) {

    /** A fork's cost beyond its iterations on a quiet host, until the run has timed its own (docs/method.md, "The time budget"). */
    public static final Duration FORK_OVERHEAD = Duration.ofMillis(800);

    /** A run's time beside its forks: the look at the host and the report (docs/method.md, "The time budget"). */
    public static final Duration AROUND_FORKS = Duration.ofSeconds(8);

    public Timing {
        if (forks < 1 || maxForks < forks) {
            throw new IllegalArgumentException("forks " + forks + ".." + maxForks);
        }
    }

    /** The expected wall time of a typical fork on a quiet host: the rule's minimum iterations and one more. */
    public Duration typicalFork() {
        return FORK_OVERHEAD.plus(iteration.multipliedBy(Math.min(steady.maxIterations(), steady.minIterations() + 1L)));
    }

    /** The forks a benchmark typically gets: its required ones and, where allowed, one more (docs/method.md, "The time budget"). */
    public int expectedForks() {
        return Math.min(maxForks, forks + 1);
    }

    /** The longest a fork may take: its start and its cap stretched as on a busy host ({@link SteadySettings#boundIterations()}). */
    public Duration longestFork() {
        return FORK_OVERHEAD.plus(iteration.multipliedBy(steady.boundIterations()));
    }

    /** {@code d}, or the budget when it is longer: a run spends its budget at most, its required forks aside. */
    public Duration within(Duration d) {
        return limit().map(b -> d.compareTo(b) > 0 ? b : d).orElse(d);
    }

    /** The budget, when there is one. */
    public Optional<Duration> limit() {
        return budget.isZero() || budget.isNegative() ? Optional.empty() : Optional.of(budget);
    }

    /** The budget as a run spends it, counted from {@code startNanos} ({@link System#nanoTime()}). */
    public Budget budgetFrom(long startNanos) {
        return new Budget(limit(), startNanos);
    }

    /** A copy with another minimum fork count (the maximum grows with it). */
    public Timing withForks(int value) {
        return new Timing(value, Math.max(value, maxForks), iteration, steady, budget);
    }

    /** A copy with another fork cap (at least the minimum). */
    public Timing withMaxForks(int value) {
        return new Timing(forks, Math.max(forks, value), iteration, steady, budget);
    }

    /** A copy with another per-fork iteration cap. */
    public Timing withMaxIterations(int value) {
        return new Timing(forks, maxForks, iteration, steady.withMaxIterations(value), budget);
    }

    /** A copy with another iteration length. */
    public Timing withIteration(Duration value) {
        return new Timing(forks, maxForks, value, steady, budget);
    }

    /** A copy with another time budget (zero: none). */
    public Timing withBudget(Duration value) {
        return new Timing(forks, maxForks, iteration, steady, value);
    }

    /** "2-6 forks x 100 ms iterations until steady (8-30 per fork at full speed, 90 at most), at most 18m00s in all". */
    public String describe() {
        String f = forks == maxForks ? forks + (forks == 1 ? " fork" : " forks") : forks + "-" + maxForks + " forks";
        String it = steady.minIterations() == steady.maxIterations()
                ? steady.maxIterations() + " iterations of " + iteration.toMillis() + " ms"
                : iteration.toMillis() + " ms iterations until steady (" + steady.minIterations() + "-" + steady.maxIterations()
                + " per fork" + (steady.busyStretch() > 1 ? " at full speed, " + steady.boundIterations() + " at most" : "") + ")";
        return f + " x " + it
                + limit().map(b -> ", at most " + format(b) + " in all").orElse("");
    }

    /** A duration as progress lines, estimates and wall times write it: "42s", "12m05s", "3h20m" (negative: "0s"). */
    public static String format(Duration d) {
        long s = Math.max(0, d.toSeconds());
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return String.format("%dm%02ds", s / 60, s % 60);
        }
        return String.format("%dh%02dm", s / 3600, s % 3600 / 60);
    }

    /** A time budget counted from a start, so that the suite's rounds and the gate's confirmations count it alike. */
    public static final class Budget {

        private final Optional<Duration> limit;
        private final long startNanos;

        /**
         * @param limit how long it may take (empty: no limit)
         * @param startNanos when it started ({@link System#nanoTime()})
         */
        public Budget(Optional<Duration> limit, long startNanos) {
            this.limit = limit;
            this.startNanos = startNanos;
        }

        public boolean limited() {
            return limit.isPresent();
        }

        public Optional<Duration> limit() {
            return limit;
        }

        public Duration elapsed() {
            return Duration.ofNanos(System.nanoTime() - startNanos);
        }

        /** What is left of the limit (negative once overrun), when there is one. */
        public Optional<Duration> left() {
            return limit.map(l -> l.minus(elapsed()));
        }

        /** Whether the limit, when there is one, is used up. */
        public boolean usedUp() {
            return left().map(Duration::isNegative).orElse(false);
        }

        /** Whether {@code more} still fits in the limit (always, without one). */
        public boolean fits(Duration more) {
            return left().map(l -> more.compareTo(l) <= 0).orElse(true);
        }
    }
}
