package io.github.ccsidbench.suite;

import java.time.Duration;
import java.util.Optional;

/**
 * A time budget counted from a start: how long a run or a gate may take, how long it has taken, and what is left. The
 * suite's rounds (the forks' caps, whether an extra fork still fits) and the gate (whether a suspect's next look still
 * fits) spend the same kind of budget, so both count it alike; a resumed run starts its budget earlier by the time the
 * interrupted run spent.
 */
public final class Budget {

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
