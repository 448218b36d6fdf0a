package io.github.ccsidbench.gate;


import io.github.ccsidbench.stats.Stats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * What the baseline says about each benchmark, from its K passes: where it sits (the median over
 * passes of each pass's estimate) and how far a whole run moves it on this machine (run-to-run
 * spread, per benchmark and pooled over all: the per-benchmark one is shrunk towards the pool
 * because K is small, and never taken below the pool, because three passes that happen to agree
 * prove little).
 *
 * <p>Each pass's estimate is the smallest fork median of the ruler-normalised times: a fork that
 * compiled badly (4-5% of forks here run 15-60% slower) cannot pass for a regression, while a real
 * slowdown moves every fork.
 */
public final class BaselineStatistics {

    /** Prior weight, in passes, of the pooled spread against a benchmark's own. */
    static final double PRIOR_PASSES = 4;
    /** No benchmark is treated as steadier than this (log scale). */
    static final double MIN_SIGMA = 0.01;

    /**
     * One benchmark's baseline.
     *
     * @param center log of its typical normalised time
     * @param sigma run-to-run spread of a single pass, log scale
     * @param passes how many passes measured it
     * @param iterations every normalised iteration of every pass, for the rank test
     * @param bytesPerOp median allocation per operation over the passes
     */
    public record Entry(double center, double sigma, int passes, double[] iterations, OptionalDouble bytesPerOp) {
    }

    private final Map<String, Entry> entries;
    private final double pooledSigma;

    private BaselineStatistics(Map<String, Entry> entries, double pooledSigma) {
        this.entries = entries;
        this.pooledSigma = pooledSigma;
    }

    /** The gate's estimate of one pass: log of the smallest fork median. */
    public static double estimate(double[][] normalisedForks) {
        return Math.log(Stats.median(Stats.fastestFork(normalisedForks)));
    }

    /** Statistics of the baseline passes. */
    public static BaselineStatistics of(List<GatePass> passes) {
        return of(passes.stream().map(GatePass::normalised).toList(),
                key -> passes.stream().map(p -> p.bytesPerOp(key)).filter(OptionalDouble::isPresent)
                        .mapToDouble(OptionalDouble::getAsDouble).toArray());
    }

    /**
     * Statistics of passes given as ruler-normalised samples per benchmark key, with each key's
     * allocations over the passes (empty when not recorded).
     */
    public static BaselineStatistics of(List<Map<String, double[][]>> normalised,
                                        java.util.function.Function<String, double[]> allocations) {
        Map<String, double[]> estimates = new LinkedHashMap<>();
        for (String key : normalised.get(0).keySet()) {
            if (normalised.stream().allMatch(n -> n.containsKey(key))) {
                estimates.put(key, normalised.stream().mapToDouble(n -> estimate(n.get(key))).toArray());
            }
        }
        List<Double> deviations = new ArrayList<>();
        int k = normalised.size();
        for (double[] e : estimates.values()) {
            double mean = Arrays.stream(e).average().orElseThrow();
            for (double x : e) {
                deviations.add((x - mean) * Math.sqrt(k / (k - 1.0)));
            }
        }
        double pooled = k < 2 ? Double.NaN
                : Math.max(MIN_SIGMA, 1.4826 * Stats.median(deviations.stream().mapToDouble(Math::abs).toArray()));
        Map<String, Entry> entries = new LinkedHashMap<>();
        estimates.forEach((key, e) -> {
            double mean = Arrays.stream(e).average().orElseThrow();
            double ss = Arrays.stream(e).map(x -> (x - mean) * (x - mean)).sum();
            double own = k < 2 ? Double.NaN : ss;
            double sigma = k < 2 ? Double.NaN
                    : Math.max(pooled, Math.sqrt((PRIOR_PASSES * pooled * pooled + own) / (PRIOR_PASSES + k - 1)));
            double[] iterations = normalised.stream().flatMapToDouble(n -> Arrays.stream(BenchmarkComparison.flatten(n.get(key))))
                    .toArray();
            double[] bytes = allocations.apply(key);
            entries.put(key, new Entry(Stats.median(e), sigma, k, iterations,
                    bytes.length == 0 ? OptionalDouble.empty() : OptionalDouble.of(Stats.median(bytes))));
        });
        return new BaselineStatistics(entries, pooled);
    }

    public Map<String, Entry> entries() {
        return entries;
    }

    /** The run-to-run spread pooled over all benchmarks (log scale), NaN for a single pass. */
    public double pooledSigma() {
        return pooledSigma;
    }
}
