package io.github.ccsidbench.accuracy;

import io.github.ccsidbench.stats.Stats;
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

    /**
     * The readings of a series: {@code rule} (the level where the suite's fork would have stopped), {@code rule-mean} (the
     * mean of the same kept iterations), {@code rule-nojit} (their median without the iterations in which the JIT
     * compiled), {@code late} (the median of the last {@link #LATE}); NaN where a reading has nothing to read. Also the
     * iteration the rule stopped at ({@code stop}), the first kept one ({@code firstKept}) and the JIT's milliseconds
     * in the kept iterations ({@code keptJitMillis}).
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
            double[] prefix = Arrays.copyOf(series, stop);
            ForkAnalysis a = ForkAnalysis.of(prefix, usable == null ? null : Arrays.copyOf(usable, stop), settings);
            int[] kept = a.kept();
            out.put("rule", a.kind().steady() ? a.level() : Double.NaN);
            out.put("rule-mean", IntStream.of(kept).mapToDouble(i -> series[i]).average().orElse(Double.NaN));
            double[] quiet = IntStream.of(kept).filter(i -> jitMillis == null || !(jitMillis[i] > 0)).mapToDouble(i -> series[i]).toArray();
            out.put("rule-nojit", quiet.length >= 3 ? Stats.median(quiet) : Double.NaN);
            out.put("stop", (double) stop);
            out.put("firstKept", kept.length == 0 ? Double.NaN : kept[0]);
            out.put("keptJitMillis", jitMillis == null ? Double.NaN : IntStream.of(kept).mapToDouble(i -> jitMillis[i]).sum());
        } else {
            out.put("rule", Double.NaN);
        }
        out.put("late", series.length >= LATE ? Stats.median(Arrays.copyOfRange(series, series.length - LATE, series.length))
                : Double.NaN);
        return out;
    }
}
