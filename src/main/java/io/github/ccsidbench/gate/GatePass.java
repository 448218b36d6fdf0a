package io.github.ccsidbench.gate;

import io.github.ccsidbench.stats.Stats;
import io.github.ccsidbench.results.BenchmarkResult;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * One measured pass of the gate: rulers at the start, the benchmarks, rulers at the end. Knows how
 * stable the machine was (how far the rulers moved) and gives every benchmark's raw data divided by
 * the ruler of its length from the same pass, so that a uniformly slower machine cancels out.
 *
 * @param rulersStart ISO-8859-1 round trips measured first
 * @param benchmarks the gated benchmarks
 * @param rulersEnd the same rulers measured last
 */
public record GatePass(List<BenchmarkResult> rulersStart, List<BenchmarkResult> benchmarks, List<BenchmarkResult> rulersEnd) {

    public GatePass {
        rulersStart = List.copyOf(rulersStart);
        benchmarks = List.copyOf(benchmarks);
        rulersEnd = List.copyOf(rulersEnd);
    }

    /**
     * A ruler's level: its fastest fork's median. Rulers are the cheapest work there is; a fork that
     * compiled worse (seen here: an ISO-8859-1 decode fork ten times slower) did not reach the floor.
     */
    static double level(BenchmarkResult ruler) {
        return Stats.median(Stats.fastestFork(ruler.rawData()));
    }

    /** Each ruler's end level over its start level, by length. */
    public Map<Integer, Double> rulerDrift() {
        Map<Integer, Double> drift = new TreeMap<>();
        for (BenchmarkResult start : rulersStart) {
            int length = length(start);
            rulersEnd.stream().filter(e -> length(e) == length).findFirst().ifPresent(end ->
                    drift.put(length, level(end) / level(start)));
        }
        return drift;
    }

    /** The largest relative movement of any one ruler, e.g. 0.03 for 3%. */
    public double maxDrift() {
        return rulerDrift().values().stream().mapToDouble(r -> Math.abs(r - 1)).max().orElse(Double.NaN);
    }

    /**
     * How far the machine as a whole moved: the geometric mean of the rulers' movements (a slower
     * machine slows every ruler; one ruler alone moving is more likely its own noise).
     */
    public double machineDrift() {
        double logSum = rulerDrift().values().stream().mapToDouble(Math::log).sum();
        return Math.abs(Math.exp(logSum / rulerDrift().size()) - 1);
    }

    /**
     * True when the machine changed during the pass: the rulers together moved by more than
     * {@code tolerance}, or one ruler by more than twice that.
     */
    public boolean unstable(double tolerance) {
        return machineDrift() > tolerance || maxDrift() > 2 * tolerance;
    }

    /** The ruler of each length: the geometric mean of its start and end levels. */
    public Map<Integer, Double> rulers() {
        Map<Integer, Double> rulers = new TreeMap<>();
        for (BenchmarkResult start : rulersStart) {
            int length = length(start);
            double end = rulersEnd.stream().filter(e -> length(e) == length).findFirst().map(GatePass::level).orElse(level(start));
            rulers.put(length, Math.sqrt(level(start) * end));
        }
        return rulers;
    }

    /** Every benchmark's per-fork raw data divided by its ruler, by benchmark key. */
    public Map<String, double[][]> normalised() {
        Map<Integer, Double> rulers = rulers();
        if (rulers.isEmpty()) {
            throw new IllegalStateException("a gate pass without rulers");
        }
        int longest = ((TreeMap<Integer, Double>) rulers).lastKey();
        Map<String, double[][]> out = new LinkedHashMap<>();
        for (BenchmarkResult r : benchmarks) {
            // Conversions: the ruler of the same length. The Db2 paths handle a row: the longest ruler.
            double ruler = rulers.getOrDefault(r.param("length").map(Integer::parseInt).orElse(longest), rulers.get(longest));
            double[][] raw = r.rawData();
            double[][] n = new double[raw.length][];
            for (int f = 0; f < raw.length; f++) {
                n[f] = java.util.Arrays.stream(raw[f]).map(x -> x / ruler).toArray();
            }
            out.put(r.key(), n);
        }
        return out;
    }

    /** Bytes per operation of a benchmark, when the gc profiler recorded it. */
    public OptionalDouble bytesPerOp(String key) {
        return benchmarks.stream().filter(r -> r.key().equals(key)).findFirst().map(BenchmarkResult::bytesPerOp)
                .orElse(OptionalDouble.empty());
    }

    private static int length(BenchmarkResult r) {
        return Integer.parseInt(r.param("length").orElseThrow());
    }
}
