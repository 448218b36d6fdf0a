package io.github.ccsidbench.suite;

import java.io.PrintStream;
import java.time.Duration;

/** Tells the user on stderr what is running and how much is left, from the estimate, then from the actual pace. */
public final class Progress {

    private final PrintStream err;
    private int total;
    private final Duration plannedEach;
    private final long startNanos = System.nanoTime();
    private int started;
    private int finished;
    /** Forks taken from a journal: done at once, so they count as done but not in the pace. */
    private int replayed;

    public Progress(PrintStream err, int total, Duration plannedEach) {
        this.err = err;
        this.total = total;
        this.plannedEach = plannedEach;
    }

    /** More benchmarks than planned will run (a re-run): count them in. */
    public void extend(int more) {
        total += more;
    }

    public void start(String benchmark) {
        started++;
        Duration elapsed = Duration.ofNanos(System.nanoTime() - startNanos);
        int timed = finished - replayed;
        Duration each = timed >= 3 ? elapsed.dividedBy(timed) : plannedEach;
        Duration left = each.multipliedBy(Math.max(0, total - started + 1));
        err.printf("[%" + width() + "d/%d] %s  (%s elapsed, ~%s left)%n", started, total, benchmark,
                Timing.format(elapsed), Timing.format(left));
        err.flush();
    }

    public void end(String score) {
        finished++;
        err.printf("%" + (2 * width() + 4) + "s-> %s%n", "", score);
        err.flush();
    }

    /** A fork taken from an interrupted run's journal ended: it counts as done, not in the pace of the rest. */
    public void endReplayed(String score) {
        replayed++;
        end(score);
    }

    public void message(String line) {
        err.println(line);
        err.flush();
    }

    public Duration elapsed() {
        return Duration.ofNanos(System.nanoTime() - startNanos);
    }

    private int width() {
        return Integer.toString(total).length();
    }
}
