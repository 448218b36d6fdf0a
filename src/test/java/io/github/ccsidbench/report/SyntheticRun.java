package io.github.ccsidbench.report;

import io.github.ccsidbench.results.BenchmarkResult;
import io.github.ccsidbench.results.JmhResults;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.results.Steadiness;
import io.github.ccsidbench.results.SteadinessFile;
import io.github.ccsidbench.stats.LogLevel;
import io.github.ccsidbench.stats.Stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Builds a run in memory for the report's tests: JMH JSON results with chosen per-fork levels (so
 * medians and intervals are known), the steadiness of chosen benchmarks, and an environment, read
 * through the same parser as real files. Structure and text only: nothing here is a speed.
 */
final class SyntheticRun {

    static final String JDK = "17.0.15";

    private final List<String> json = new ArrayList<>();
    private final List<Steadiness> steadiness = new ArrayList<>();

    /**
     * Adds a result whose forks have these levels; each fork has eight iterations within +-1.1% of its level ({@link #PATTERN}),
     * so one level per fork gives a tight interval and levels far apart give a wide one. Two levels get a third fork at
     * their geometric mean: the runs these tests build hold families of a few benchmarks, which borrow no variance, and
     * two forks with nothing to borrow are never decisive (the scheduler gives such a figure a third fork).
     */
    SyntheticRun result(String benchmark, Map<String, String> params, double... levels) {
        double[] forkLevels = forkLevels(levels);
        String raw = Arrays.stream(forkLevels).mapToObj(level -> Arrays.stream(PATTERN)
                        .mapToObj(p -> String.format(Locale.ROOT, "%s", level * p)).collect(Collectors.joining(", ", "[", "]")))
                .collect(Collectors.joining(", ", "[", "]"));
        return json(benchmark, params, forkLevels.length, Arrays.stream(forkLevels).average().orElse(0), raw);
    }

    /**
     * Eight iterations within +-1.1% of a fork's level, their median and their time per operation (8 over the sum of
     * their reciprocals: 1/a + 1/(a / (2a - 1)) = 2) the level itself.
     */
    static final double[] PATTERN = {0.99, 1.0, 0.99 / 0.98, 1.0, 0.995, 0.995 / 0.99, 1.0, 1.0};

    private static double[] forkLevels(double... levels) {
        return levels.length == 2 ? new double[] {levels[0], levels[1], Math.sqrt(levels[0] * levels[1])} : levels;
    }

    /**
     * Adds a result whose forks, after a warm-up of two iterations, ran eight iterations at these levels (as
     * {@link #result}) and then a slow tail of {@code tail} iterations at {@code slowdown} times the level, and records
     * its steadiness as a run writes it: results.json holds every iteration after the warm-up, tails included, and JMH's
     * mean of them; the steadiness record keeps the eight of each fork, so the level leaves the tails out.
     */
    SyntheticRun resultWithSlowTail(String benchmark, Map<String, String> params, int tail, double slowdown, double... levels) {
        double[] forkLevels = forkLevels(levels);
        double[][] after = new double[forkLevels.length][];
        for (int f = 0; f < after.length; f++) {
            after[f] = new double[PATTERN.length + tail];
            for (int i = 0; i < after[f].length; i++) {
                after[f][i] = forkLevels[f] * (i < PATTERN.length ? PATTERN[i] : slowdown);
            }
        }
        String raw = Arrays.stream(after).map(f -> Arrays.stream(f).mapToObj(v -> String.format(Locale.ROOT, "%s", v))
                .collect(Collectors.joining(", ", "[", "]"))).collect(Collectors.joining(", ", "[", "]"));
        json(benchmark, params, after.length, Arrays.stream(after).flatMapToDouble(Arrays::stream).average().orElseThrow(), raw);
        List<Steadiness.Fork> forks = new ArrayList<>();
        double logLevel = 0;
        for (int f = 0; f < after.length; f++) {
            double[] series = new double[after[f].length + 2];
            series[0] = 5 * forkLevels[f];
            series[1] = 2 * forkLevels[f];
            System.arraycopy(after[f], 0, series, 2, after[f].length);
            int[] kept = java.util.stream.IntStream.range(2, 2 + PATTERN.length).toArray();
            double level = Stats.median(Arrays.copyOf(after[f], PATTERN.length));
            logLevel += Math.log(level) / after.length;
            forks.add(new Steadiness.Fork(f + 1, "warm-up", 2, kept.length, tail, 0, 0, level, 0.01, true, false, 3000, series,
                    kept, null, null, null, 0, 0));
        }
        LogLevel estimate = new LogLevel(logLevel, 0.005, 10, LogLevel.Variance.OWN);
        steadiness.add(Steadiness.of(key(benchmark, params), JDK, forks, forks.size(), forks.size(), "", "every fork steady, one mode",
                PATTERN.length * forks.size(), (PATTERN.length + tail + 2) * forks.size(), 2 * forks.size(), tail * forks.size(), 0,
                estimate, true, ""));
        return this;
    }

    private SyntheticRun json(String benchmark, Map<String, String> params, int forks, double mean, String raw) {
        String paramJson = new TreeMap<>(params).entrySet().stream()
                .map(e -> "\"" + e.getKey() + "\": \"" + e.getValue() + "\"").collect(Collectors.joining(", "));
        json.add(String.format(Locale.ROOT, """
                {"jmhVersion": "1.37", "benchmark": "io.github.ccsidbench.bench.%s", "mode": "avgt", "threads": 1, "forks": %d,
                 "jvm": "/usr/lib/jvm/java-17-openjdk-amd64/bin/java", "jvmArgs": [], "jdkVersion": "%s",
                 "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "17.0.15+6", "warmupIterations": 0, "warmupTime": "100 ms",
                 "warmupBatchSize": 1, "measurementIterations": 8, "measurementTime": "100 ms", "measurementBatchSize": 1,
                 "params": {%s}, "primaryMetric": {"score": %s, "scoreError": 0.1, "scoreConfidence": [%s, %s],
                 "scoreUnit": "ns/op", "rawData": %s}, "secondaryMetrics": {}}""",
                benchmark, forks, JDK, paramJson, mean, mean, mean, raw));
        return this;
    }

    /** The article's INSERT benchmarks with ASCII rows: the client at 400 ns, the server per column at these levels. */
    SyntheticRun article(double[] s37, double[] s367, double[] s1208) {
        result("Db2PathBenchmark.insertClient", Map.of("shape", "article", "rows", "ascii"), 400, 400);
        result("Db2PathBenchmark.insertServer", server("37"), s37);
        result("Db2PathBenchmark.insertServer", server("367"), s367);
        result("Db2PathBenchmark.insertServer", server("1208"), s1208);
        return this;
    }

    /** A Japanese shop's INSERT benchmarks ({@code japan} rows): the client at 700 ns, the server per column at these levels. */
    SyntheticRun japanese(double[] s1399, double[] s1390, double[] s1208) {
        result("Db2PathBenchmark.insertClient", Map.of("shape", "japan", "rows", "japanese"), 700, 700);
        result("Db2PathBenchmark.insertServer", Map.of("shape", "japan", "rows", "japanese", "column", "1399"), s1399);
        result("Db2PathBenchmark.insertServer", Map.of("shape", "japan", "rows", "japanese", "column", "1390"), s1390);
        result("Db2PathBenchmark.insertServer", Map.of("shape", "japan", "rows", "japanese", "column", "1208"), s1208);
        return this;
    }

    static Map<String, String> server(String column) {
        return Map.of("shape", "article", "rows", "ascii", "column", column);
    }

    /** The key {@link BenchmarkResult#key()} gives a benchmark with these parameters. */
    static String key(String benchmark, Map<String, String> params) {
        return benchmark + new TreeMap<>(params).entrySet().stream().map(e -> " " + e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining());
    }

    /**
     * Records the steadiness of a benchmark: {@code forks} forks of 30 iterations, {@code steady} of them
     * steady, 24 kept from each steady fork, {@code slowPhase} iterations excluded as slow phases.
     */
    SyntheticRun steadiness(String key, int forks, int steady, String modes, String because, int slowPhase) {
        return steadiness(key, forks, steady, modes, because, slowPhase, 0, "");
    }

    /** The same, with {@code machineSlow} iterations the machine ruler found slow and the harness's {@code note}. */
    SyntheticRun steadiness(String key, int forks, int steady, String modes, String because, int slowPhase, int machineSlow,
                            String note) {
        List<Steadiness.Fork> list = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            boolean isSteady = f < steady;
            int slow = f == 0 ? slowPhase : 0;
            list.add(new Steadiness.Fork(f + 1, isSteady ? "warm-up" : "no steady state", isSteady ? 6 - slow : 0,
                    isSteady ? 24 : 15, slow, 0, f == 0 ? machineSlow : 0, 1000, 0.01, true, !isSteady, 3000, null, new int[0], null, null, null, 0, 0));
        }
        int kept = list.stream().mapToInt(Steadiness.Fork::kept).sum();
        int warmup = list.stream().mapToInt(Steadiness.Fork::warmup).sum();
        // As the harness records it: the level and interval of the result's forks with the run's between-fork variance
        // (of the results added so far), decisive when some fork is steady and the interval is within +-10%.
        Optional<io.github.ccsidbench.results.DerivedFigures> derived = io.github.ccsidbench.results.DerivedFigures.derive(results(), Map.of())
                .stream().filter(f -> f.result().key().equals(key)).findFirst();
        LogLevel estimate = derived.map(io.github.ccsidbench.results.DerivedFigures::estimate)
                .orElse(new LogLevel(Math.log(1000), Math.log(1.01) / Stats.Z95, Double.POSITIVE_INFINITY, LogLevel.Variance.PRIOR));
        boolean decisive = Steadiness.decisive(steady > 0, true, estimate);
        steadiness.add(Steadiness.of(key, JDK, list, steady, Math.max(steady, 1), modes, because, kept, 30 * forks, warmup,
                slowPhase, machineSlow, estimate, decisive, note));
        return this;
    }

    /** A steadiness record of steady forks with these levels, one per round, every one reported (for paired ratios). */
    SyntheticRun steadinessOfForks(String key, double... levels) {
        List<Steadiness.Fork> list = new ArrayList<>();
        for (int f = 0; f < levels.length; f++) {
            list.add(new Steadiness.Fork(f + 1, "warm-up", 6, 24, 0, 0, 0, levels[f], 0.01, true, false, 3000, null,
                    new int[0], null, null, null, 0, 0));
        }
        LogLevel estimate = io.github.ccsidbench.results.DerivedFigures.derive(results(), Map.of()).stream()
                .filter(f -> f.result().key().equals(key)).findFirst().orElseThrow().estimate();
        steadiness.add(Steadiness.of(key, JDK, list, levels.length, levels.length, "", "every fork steady, one mode",
                24 * levels.length, 30 * levels.length, 6 * levels.length, 0, 0, estimate, true, ""));
        return this;
    }

    List<BenchmarkResult> results() {
        return JmhResults.parse(resultsJson(), "synthetic");
    }

    /** The run's results.json, as JMH would write it. */
    String resultsJson() {
        return "[" + String.join(",\n", json) + "]";
    }

    /** The same environment on another CPU: a run of another machine. */
    static RunEnvironment environmentOn(String cpu) {
        RunEnvironment e = environment();
        return new RunEnvironment(e.date(), e.preset(), e.timing(), e.forkJvm(), e.forkJavaVendor(), e.os(), cpu, e.cores(),
                e.hostJava(), e.commit(), e.ccsidBenchVersion(), e.jmhVersion(), e.icu4jVersion(), e.jt400Version(), e.wallTime(),
                e.cpuFeatures(), e.vector());
    }

    static RunEnvironment environment() {
        return new RunEnvironment("2026-07-01T10:00:00Z", "standard", "until steady", "/usr/lib/jvm/java-17-openjdk-amd64/bin/java",
                "Debian 17.0.15+6", "Linux 6.1 amd64", "AMD EPYC 7B13", 2, "Debian 17.0.15+6", "abc1234def", "0.1.0-SNAPSHOT",
                "1.37", "78.3", "21.0.6", "17m39s", "avx2", "UseAVX=2; reference translator: vector 256-bit (32 x 8-bit lanes, text rows), for AVX2");
    }

    /** The run as a report's input: with the environment, and with steadiness.json when any steadiness was recorded. */
    ReportInputs inputs() {
        Optional<SteadinessFile> file = steadiness.isEmpty() ? Optional.empty()
                : Optional.of(new SteadinessFile(42, 3, steadiness.stream().mapToInt(s -> s.forks().size()).sum(), 0, 0.07, steadiness, null));
        return new ReportInputs(List.of(new ReportInputs.Source("results.json", Optional.of(environment()), results(), file,
                Optional.empty(), Optional.of(io.github.ccsidbench.results.ModelFigures.of(results())), Optional.empty(), Optional.empty())));
    }
}
