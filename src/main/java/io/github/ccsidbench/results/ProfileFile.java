package io.github.ccsidbench.results;

import java.util.LinkedHashMap;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import io.github.ccsidbench.FileBeside;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code profiles.json}: what {@code run --profile} sampled, beside {@code results.json}, naming the collapsed stacks and
 * flame graphs under {@code profiles/}; it feeds no figure (docs/output.md, "What a sampled profile can and cannot show").
 *
 * @param events the events the profiler was asked for, in the order tried (cpu, then ctimer, then itimer by default)
 * @param refused the events that could not start, each with the profiler's own reason; empty when the first one did
 * @param intervalNanos the sampling interval asked for
 * @param unavailable why nothing was profiled (no profiler library for the platform, or no event could start), or null
 * @param benchmarks one entry per profiled benchmark, in the order profiled
 */
public record ProfileFile(List<String> events, List<Refusal> refused, long intervalNanos, String unavailable,
                          List<Entry> benchmarks) {

    /** The file, and the folder of collapsed stacks and flame graphs, beside results.json. */
    public static final String FILE = "profiles.json";
    public static final String DIR = "profiles";

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    public ProfileFile {
        events = List.copyOf(events);
        refused = List.copyOf(refused);
        benchmarks = List.copyOf(benchmarks);
    }

    /** An event the profiler could not start, and the profiler's reason. */
    public record Refusal(String event, String reason) {
    }

    /**
     * One profiled benchmark.
     *
     * @param key the benchmark's key ({@code BenchmarkResult#key()}: "ConversionBenchmark.encode ccsid=37 ...")
     * @param jdkVersion the JDK the profiled fork ran on, as results.json records it
     * @param event the event it was sampled with (null when it could not be profiled)
     * @param collapsed the collapsed stacks' file, relative to the folder of results.json (null when none)
     * @param flameGraph the flame graph's file, relative to the folder of results.json (null when none)
     * @param samples how many samples the profiler took, in all of the fork's threads
     * @param warmIterations the iterations run before sampling started (until the series was steady)
     * @param sampledIterations the iterations sampled
     * @param failure why this benchmark has no profile, or null
     */
    public record Entry(String key, String jdkVersion, String event, String collapsed, String flameGraph, long samples,
                        int warmIterations, int sampledIterations, String failure) {
    }

    /** The event every profiled benchmark was sampled with, or a list when they differ ("cpu, ctimer"); empty when none. */
    public Optional<String> eventUsed() {
        List<String> used = benchmarks.stream().map(Entry::event).filter(e -> e != null).distinct().toList();
        return used.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", used));
    }

    /** The entry of a benchmark's key, if it was profiled. */
    public Optional<Entry> entry(String key) {
        return benchmarks.stream().filter(e -> e.key().equals(key)).findFirst();
    }

    public String toJson() {
        return GSON.toJson(this) + "\n";
    }

    /** The profiles recorded beside {@code resultsFile}, if any; a malformed file is a one-line error. */
    public static Optional<ProfileFile> besides(Path resultsFile) {
        return FileBeside.read(resultsFile, FILE, ProfileFile.class, GSON,
                f -> f.events() != null && f.refused() != null && f.benchmarks() != null
                        && f.benchmarks().stream().allMatch(e -> e.key() != null));
    }

    /** Parameters in a key: "encode ccsid=37 provider=jdk" -> {ccsid=37, provider=jdk}. */
    public static Map<String, String> paramsOfKey(String key) {
        Map<String, String> params = new LinkedHashMap<>();
        for (String part : key.split(" ")) {
            int eq = part.indexOf('=');
            if (eq > 0) {
                params.put(part.substring(0, eq), part.substring(eq + 1));
            }
        }
        return params;
    }
}
