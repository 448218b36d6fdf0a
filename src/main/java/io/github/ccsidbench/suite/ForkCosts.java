package io.github.ccsidbench.suite;

import io.github.ccsidbench.steady.SteadySettings;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** What a run's forks so far cost, and the per-fork caps that fit its budget by them (docs/method.md, "The time budget"). */
final class ForkCosts {

    /** Share of the budget kept for extra forks when the required rounds set their caps (docs/method.md, "The time budget"). */
    static final double EXTRA_SHARE = 0.05;

    /** One fork's stop: {@code n} iterations, at its {@code cap} (usable iterations) or steady before it. */
    private record Stop(int n, boolean capped, int cap) {
        /** Its iterations had its cap been {@code c}: a capped fork's iterations per usable one times c. */
        double at(int c) {
            return capped ? c * Math.max(1.0, (double) n / cap) : Math.min(n, c);
        }
    }

    private final Timing timing;
    /** Every fork so far: its iterations, whether it ran to its cap, and the cap it had. */
    private final List<Stop> stops = new ArrayList<>();
    /** Measured cost of the forks beyond their iterations (JVM start, set-up, verification), summed. */
    private long overheadNanos;
    /** The wall time and the usable and measured iterations of the forks so far, for the estimate. */
    private long forkMillis;
    private int usableIterations;
    private int measuredIterations;

    ForkCosts(Timing timing) {
        this.timing = timing;
    }

    /** Counts a fork in: its iterations, whether it ran to its {@code cap}, its wall time and its usable flags. */
    void add(int iterations, boolean capped, int cap, long nanos, boolean[] usable) {
        overheadNanos += Math.max(0, nanos - iterations * timing.iteration().toNanos());
        stops.add(new Stop(iterations, capped, cap));
        forkMillis += nanos / 1_000_000;
        measuredIterations += usable.length;
        for (boolean u : usable) {
            usableIterations += u ? 1 : 0;
        }
    }

    /** The forks counted so far. */
    int forks() {
        return stops.size();
    }

    /** Their wall time, summed. */
    long forkMillis() {
        return forkMillis;
    }

    /** The share of their iterations in which the benchmark's thread lacked the CPU. */
    double slowShare() {
        return measuredIterations == 0 ? 0 : 1 - (double) usableIterations / measuredIterations;
    }

    /** The per-fork cap (iterations) of a required fork: the preset's, or less when the run is behind its budget. */
    int cap(Timing.Budget budget, int requiredLeft) {
        if (!budget.limited() || requiredLeft <= 0) {
            return timing.steady().maxIterations();
        }
        return capFor(budget.limit().get().toNanos() * (1 - EXTRA_SHARE) - budget.elapsed().toNanos(), requiredLeft);
    }

    /** The per-fork cap of an extra fork, {@code extraLeft} of which are still to come in its round. */
    int extraCap(Timing.Budget budget, int extraLeft) {
        if (!budget.limited()) {
            return timing.steady().maxIterations();
        }
        return capFor(budget.left().get().toNanos(), Math.max(1, extraLeft));
    }

    /** The least an extra fork costs: its overhead and the rule's minimum iterations. */
    Duration leastFork() {
        return Duration.ofNanos((long) overhead()).plus(timing.iteration().multipliedBy(timing.steady().minIterations()));
    }

    /** What a fork costs beyond its iterations: the mean measured so far in this run, the planned figure before. */
    private double overhead() {
        return stops.size() < 3 ? Timing.FORK_OVERHEAD.toNanos() : (double) overheadNanos / stops.size();
    }

    /** The largest cap, never below {@link #lowestCap()}, at which {@code forksLeft} forks fit into {@code nanosLeft}. */
    private int capFor(double nanosLeft, int forksLeft) {
        SteadySettings s = timing.steady();
        int lowest = lowestCap();
        double perFork = nanosLeft / forksLeft - overhead();
        double iteration = timing.iteration().toNanos();
        if (stops.size() < 5) {
            return Math.max(lowest, Math.min(s.maxIterations(), (int) Math.floor(perFork / iteration)));
        }
        for (int c = s.maxIterations(); c > lowest; c--) {
            if (meanIterations(c) * iteration <= perFork) {
                return c;
            }
        }
        return lowest;
    }

    /** The lowest cap a budget may set: the rule's minimum plus a steady stretch of {@code minSteady}. */
    private int lowestCap() {
        SteadySettings s = timing.steady();
        return Math.min(s.maxIterations(), s.minIterations() + s.minSteady());
    }

    /** The mean iterations per fork so far had every fork been capped at {@code cap}. */
    private double meanIterations(int cap) {
        double sum = 0;
        for (Stop stop : stops) {
            sum += stop.at(cap);
        }
        return sum / stops.size();
    }
}
