package io.github.ccsidbench.suite;

import io.github.ccsidbench.machine.MachineRuler;

import java.time.Duration;
import java.util.Locale;

/** What a run needs on this host, said before the first fork and after the first few (docs/method.md, "The time budget"). */
final class RunEstimate {

    /** The forks of a run that decides most figures, over its required forks (docs/method.md, "The time budget"). */
    static final double COMPLETE_RUN = 1.35;
    /** How long the look at the host before the first fork takes. */
    static final long LOOK_MILLIS = 3000;

    private final Timing timing;
    private final Duration prepared;

    /**
     * @param timing the run's timing
     * @param prepared the time the run spent before its forks (reading and checking a user's file)
     */
    RunEstimate(Timing timing, Duration prepared) {
        this.timing = timing;
        this.prepared = prepared;
    }

    /**
     * The opening line from a look at the host: how often the ruler ran slow (said, not acted on: a slow phase lengthens
     * no fork, whose iterations last their set time), and the needs at a typical fork ({@link Timing#typicalFork()}).
     */
    String lookLine(MachineRuler.Look look, int required, int expected, Timing.Budget budget) {
        Duration fork = timing.typicalFork();
        return String.format(Locale.ROOT, "ccsid-bench: a %.0f s look at this host: the machine ruler ran slow in %.0f%% of the time%s;"
                        + " %s", LOOK_MILLIS / 1000.0, 100 * look.slowShare(),
                look.slowShare() > 0 ? String.format(Locale.ROOT, " (%.2fx slower; such iterations stay in the figures, flagged)",
                        look.slowdown()) : "",
                needs(fork.multipliedBy(required), required, budget) + wholeRun(fork, required, expected));
    }

    /** The line after the first forks: the same estimate from this run's own forks ({@code costs}). */
    String afterForks(ForkCosts costs, int required, int expected, Timing.Budget budget) {
        int n = costs.forks();
        long forkMillis = costs.forkMillis();
        Duration fork = Duration.ofMillis(forkMillis / Math.max(1, n));
        return String.format(Locale.ROOT, "ccsid-bench: after %d forks: the benchmark's thread lacked the CPU in %.0f%% of "
                + "iterations, and a fork took %.1f s; %s", n, 100 * costs.slowShare(), forkMillis / 1000.0 / Math.max(1, n),
                needs(fork.multipliedBy(required), required, budget) + wholeRun(fork, required, expected));
    }

    /** The whole run at {@code fork} a fork: time before, forks within the budget and beyond, {@link Timing#AROUND_FORKS}. */
    private String wholeRun(Duration fork, int required, int expected) {
        Duration needed = fork.multipliedBy(required);
        Duration all = prepared.plus(Timing.AROUND_FORKS).plus(timing.within(fork.multipliedBy(Math.max(required, expected))))
                .plus(needed.compareTo(timing.limit().orElse(needed)) > 0 ? needed.minus(timing.limit().get()) : Duration.ZERO);
        return " The whole run: about " + Timing.format(all) + " here" + (prepared.isZero() ? ""
                : ", the reading of the file included") + ".";
    }

    /** "the 360 required forks need about 23m00s here, beyond the budget of 14m00s: ...". */
    private String needs(Duration needed, int required, Timing.Budget budget) {
        String need = "the " + required + " required forks need about " + Timing.format(needed) + " here";
        if (budget.limit().isEmpty()) {
            return need + ".";
        }
        Duration limit = budget.limit().get();
        if (needed.compareTo(limit.multipliedBy(9).dividedBy(10)) <= 0) {
            return need + ", within the budget of " + Timing.format(limit) + ".";
        }
        long minutes = (long) Math.ceil(needed.toSeconds() * COMPLETE_RUN / 60.0);
        return need + ", beyond the budget of " + Timing.format(limit) + ": forks get lower caps (of iterations at full "
                + "speed) and few extra forks, the answer's benchmarks first, so expect fewer decisive figures; --budget "
                + minutes + " (minutes) would give this preset its time on this host.";
    }
}
