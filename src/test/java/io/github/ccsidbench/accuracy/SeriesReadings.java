package io.github.ccsidbench.accuracy;

import io.github.ccsidbench.stats.BetweenForkVariance;
import io.github.ccsidbench.steady.FigureWindow;
import io.github.ccsidbench.steady.ForkAnalysis;
import io.github.ccsidbench.steady.SteadySettings;
import io.github.ccsidbench.steady.StoppingRule;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * What one long series of 100 ms iterations reads when cut the way the suite's fork cuts it, and when cut otherwise: the
 * suspects of the young-JVM bias measured inside one JVM, so that drift cancels exactly (docs/how-sure.md, "Accuracy").
 * The suite's rule ({@link StoppingRule}) is replayed on the series' prefixes, as the fork runs it after every iteration.
 */
final class SeriesReadings {

    private SeriesReadings() {
    }

    /** Iterations at the end of a series that give its late level: 1 s of 100 ms iterations. */
    static final int LATE = 10;

    /** Iterations of the fixed window {@code fixed}: as many as the figure's window ({@link FigureWindow}). */
    static final int FIXED = FigureWindow.ITERATIONS;

    /**
     * Where the long plain JMH fork measures, in milliseconds of iterations from its first: after its 5 warm-up
     * iterations of 1 s, its 5 measured ones of 2 s ({@code AccuracyResult.LONG_OPTIONS}).
     */
    static final long LONG_WINDOW_FROM_MILLIS = 5_000;
    static final long LONG_WINDOW_TO_MILLIS = 15_000;

    /**
     * The readings of a series: {@code rule} (the suite's figure where its fork would have stopped: the time per
     * operation over every iteration after the warm-up), {@code rule-quiet} (the fork's quiet state there, the median of its steady
     * iterations), {@code rule-nojit} (the figure without the iterations in which the JIT compiled), {@code late} (the
     * same over the last {@link #LATE}), {@code long-window} (the same over the seconds of its age in which the long fork
     * measures, 5 s to 15 s, for a series that long), and two windows that no level chose: {@code fixed} (from iteration 2,
     * as many as the window) and {@code jit-fixed} (the suite's figure now, its {@link FigureWindow}); NaN where a reading has nothing to read. Also the iteration the rule stopped at
     * ({@code stop}), the first iteration after the warm-up ({@code firstKept}) and the JIT's milliseconds after it
     * ({@code keptJitMillis}).
     *
     * @param usable per iteration, whether its thread had the CPU (null: all)
     * @param jitMillis per iteration, the JIT's milliseconds (null: unknown)
     */
    static Map<String, Double> of(double[] series, boolean[] usable, double[] jitMillis, long iterationMillis,
                                  SteadySettings settings) {
        Map<String, Double> out = new LinkedHashMap<>();
        StoppingRule rule = new StoppingRule(settings);
        double[] share = jitMillis == null ? null : Arrays.stream(jitMillis).map(j -> j / iterationMillis).toArray();
        int stop = -1;
        for (int n = 1; n <= series.length; n++) {
            if (rule.done(Arrays.copyOf(series, n), usable == null ? null : Arrays.copyOf(usable, n),
                    share == null ? null : Arrays.copyOf(share, n))) {
                stop = n;
                break;
            }
        }
        if (stop > 0) {
            boolean[] usablePrefix = usable == null ? null : Arrays.copyOf(usable, stop);
            ForkAnalysis a = ForkAnalysis.of(Arrays.copyOf(series, stop), usablePrefix, settings);
            int from = Math.min(a.warmupEnd(usablePrefix), stop);
            out.put("rule", a.kind().steady() ? mean(series, IntStream.range(from, stop)) : Double.NaN);
            out.put("rule-quiet", a.kind().steady() ? a.level() : Double.NaN);
            out.put("rule-nojit", mean(series, IntStream.range(from, stop).filter(i -> jitMillis == null || !(jitMillis[i] > 0))));
            out.put("stop", (double) stop);
            out.put("firstKept", (double) from);
            out.put("keptJitMillis", jitMillis == null ? Double.NaN : IntStream.range(from, stop).mapToDouble(i -> jitMillis[i]).sum());
        } else {
            out.put("rule", Double.NaN);
        }
        FigureWindow window = FigureWindow.of(share, series.length);
        if (window.complete()) {
            out.put("jit-fixed", mean(series, IntStream.range(window.from(), window.to())));
            out.put("jit-fixed-stop", (double) window.to());
        }
        if (series.length >= 2 + FIXED) {
            out.put("fixed", mean(series, IntStream.range(2, 2 + FIXED)));
        }
        out.put("late", series.length >= LATE ? mean(series, IntStream.range(series.length - LATE, series.length)) : Double.NaN);
        int windowFrom = (int) (LONG_WINDOW_FROM_MILLIS / iterationMillis);
        int windowTo = (int) (LONG_WINDOW_TO_MILLIS / iterationMillis);
        if (series.length >= windowTo) {
            out.put("long-window", mean(series, IntStream.range(windowFrom, windowTo)));
        }
        return out;
    }

    /** The time per operation over the iterations at {@code indices}, as the suite's figure reads a fork. */
    private static double mean(double[] series, IntStream indices) {
        return BetweenForkVariance.perOperation(indices.mapToDouble(i -> series[i]).toArray());
    }
}
