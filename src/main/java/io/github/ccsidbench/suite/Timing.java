package io.github.ccsidbench.suite;

import io.github.ccsidbench.steady.SteadySettings;

import java.time.Duration;
import java.util.Optional;

/**
 * How a preset measures each benchmark: how many forks, how long an iteration is, when a fork has
 * measured enough (steady-state detection, {@link SteadySettings}) and how long the whole run may
 * take. There is no fixed warm-up: every fork is a series of short iterations from its start, and
 * only the part after it settled counts (see {@code steady.ForkAnalysis}).
 *
 * <p>It is also the one home of a run's time: the estimate of a fork and of the time around the forks, the budget as
 * it is spent ({@link Budget}, the suite's rounds and the gate's confirmations alike), and how durations are written
 * ({@link #format}).
 *
 * @param forks forks every benchmark gets (at least 2 for anything but a smoke run)
 * @param maxForks forks a benchmark may get when its forks disagree or do not settle
 * @param iteration length of one iteration
 * @param steady the per-fork stopping rule and steady-state detection, with the per-fork cap
 * @param budget the longest the whole run may take, or zero for no limit: forks shrink towards
 *               their minimum and extra forks stop when the run would exceed it
 */
public record Timing(int forks, int maxForks, Duration iteration, SteadySettings steady, Duration budget) {

    /**
     * What a fork costs beyond its iterations: JVM start, class loading, JMH, set-up with verification, exit, and the
     * host's own work between two forks, as forks take it on quiet hosts (docs/method.md, "How a run's time is
     * estimated"). It is only the estimate before the run has timed any fork: the scheduler then plans with the
     * overhead its own forks took, which grows when the host is busy.
     */
    public static final Duration FORK_OVERHEAD = Duration.ofMillis(800);

    /**
     * A run's time beside its forks: the look at the host before the first fork and the report (docs/method.md, "How a
     * run's time is estimated", says what it rests on).
     */
    public static final Duration AROUND_FORKS = Duration.ofSeconds(8);

    public Timing {
        if (forks < 1 || maxForks < forks) {
            throw new IllegalArgumentException("forks " + forks + ".." + maxForks);
        }
    }

    /**
     * The expected wall time of a typical fork on a quiet host: the rule's minimum iterations and one more, since a
     * fork's warm-up mostly falls inside the minimum (docs/method.md, "How a run's time is estimated").
     */
    public Duration typicalFork() {
        return FORK_OVERHEAD.plus(iteration.multipliedBy(Math.min(steady.maxIterations(), steady.minIterations() + 1L)));
    }

    /**
     * The forks a benchmark typically gets: its required ones and, where the preset allows more, one more, since two
     * forks with no family to borrow from are one degree of freedom and most figures want a third (docs/method.md).
     */
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

    /**
     * A time budget counted from a start: how long a run or a gate may take, how long it has taken, and what is left.
     * The suite's rounds (the forks' caps, whether an extra fork still fits) and the gate (whether a suspect's next look
     * still fits) spend the same kind of budget, so both count it alike; a resumed run starts its budget earlier by the
     * time the interrupted run spent.
     */
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

        /** Whether there is a limit at all. */
        public boolean limited() {
            return limit.isPresent();
        }

        /** The limit, when there is one. */
        public Optional<Duration> limit() {
            return limit;
        }

        /** The time since the start. */
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
