package io.github.ccsidbench.steady;

import java.util.Arrays;

/**
 * The iterations of a fork that its figure reads: the first {@link #ITERATIONS} after the last iteration in which the
 * JIT compiled for {@link #JIT_WARMUP} of the iteration or more, never the first. No level chooses the window, so a
 * quiet stretch of the host is kept no more often than the host has one; a window the levels chose read 1.4% to 4%
 * low (docs/decisions.md, "A fork's figure reads a window no level chose").
 *
 * @param from the first iteration read (an index into the series)
 * @param to one past the last
 */
public record FigureWindow(int from, int to) {

    /** Iterations in a complete window: as accurate as a longer one, and short enough for the required forks to fit a preset's budget (docs/decisions.md). */
    public static final int ITERATIONS = 8;

    /** The share of an iteration the JIT compiles for from which the iteration is warm-up. */
    public static final double JIT_WARMUP = 0.2;

    /**
     * The window of the first {@code n} iterations, given each iteration's compile time over its length
     * ({@code jitShare}; null or NaN: quiet). Found as the fork runs: once complete, later iterations do not move it.
     * Incomplete (fewer than {@link #ITERATIONS}) when the JIT was busy too late in the series.
     */
    public static FigureWindow of(double[] jitShare, int n) {
        int from = 1;
        for (int i = 0; i < n; i++) {
            if (jitShare != null && i < jitShare.length && jitShare[i] >= JIT_WARMUP) {
                from = i + 1;
            }
            if (i + 1 - from >= ITERATIONS) {
                return new FigureWindow(from, from + ITERATIONS);
            }
        }
        return new FigureWindow(Math.min(from, n), n);
    }

    /**
     * The window a fork's figure reads, whoever reads it (the run's result, the accuracy check): {@link #of} from the
     * JIT's milliseconds per iteration of {@code iterationMillis}; the second half of a fork whose window is empty. Where
     * the JIT's times are unknown, every iteration after the warm-up {@code analysis} found (a fork never steady, its
     * second half).
     */
    public static FigureWindow ofFork(ForkOutcome outcome, int n, long iterationMillis, ForkAnalysis analysis) {
        double[] share = jitShare(outcome, iterationMillis);
        if (share == null) {
            return new FigureWindow(analysis.kind().steady() ? Math.min(analysis.warmupEnd(outcome.usable()), n) : n / 2, n);
        }
        FigureWindow w = of(share, n);
        return w.empty() ? new FigureWindow(n / 2, n) : w;
    }

    /**
     * Whether the JIT, not a level, closed a fork's window: its compile times are known and {@link #of} found a complete
     * window. Such a fork's figure stands whether or not its levels settled, since neither its window nor its place in
     * the figure is chosen by what it read (docs/method.md, "Extra forks: modes and wide intervals").
     */
    public static boolean closedByJit(ForkOutcome outcome, int n, long iterationMillis) {
        double[] share = jitShare(outcome, iterationMillis);
        return share != null && of(share, n).complete();
    }

    /** Per iteration, the JIT's compile time over the iteration's length; null when the fork's compile times are unknown. */
    private static double[] jitShare(ForkOutcome outcome, long iterationMillis) {
        double[] compiled = outcome.compileMillis();
        if (compiled == null || Arrays.stream(compiled).allMatch(Double::isNaN)) {
            return null;
        }
        return Arrays.stream(compiled).map(ms -> ms / iterationMillis).toArray();
    }

    /** Whether the window holds {@link #ITERATIONS} iterations. */
    public boolean complete() {
        return to - from >= ITERATIONS;
    }

    /** Whether it holds none. */
    public boolean empty() {
        return to <= from;
    }
}
