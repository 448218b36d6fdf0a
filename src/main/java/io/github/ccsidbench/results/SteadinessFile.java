package io.github.ccsidbench.results;

import java.util.Locale;
import io.github.ccsidbench.FileBeside;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code steadiness.json}: the steadiness of every benchmark ({@link Steadiness}) and of the run, beside results.json.
 *
 * @param seed the seed of the randomized fork order
 * @param rounds how many rounds of forks ran (the first {@code forks} rounds cover every benchmark)
 * @param forks forks measured in all
 * @param wantedMore benchmarks that wanted more forks than the budget or the cap allowed
 * @param steal the share of the machine's CPU time the hypervisor took during the run (Linux "steal"), -1 unknown
 * @param benchmarks one entry per benchmark
 * @param forkTime median ms per phase of a fork ({@code ForkTimeline}), {@code total}, {@code overhead}, {@code forks}; or null
 */
public record SteadinessFile(long seed, int rounds, int forks, int wantedMore, double steal, List<Steadiness> benchmarks,
                             Map<String, Double> forkTime) {

    public static final String FILE = "steadiness.json";

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping()
            .serializeSpecialFloatingPointValues().create();

    public SteadinessFile {
        benchmarks = List.copyOf(benchmarks);
    }

    /** "the median fork took 1.41 s, 0.52 s of it beside its iterations: JVM start 0.26 s, ..."; empty when unrecorded. */
    public Optional<String> forkTimeText() {
        Map<String, Double> t = forkTime;
        if (t == null || !t.keySet().containsAll(List.of("total", "overhead", "jvmStart", "rulerWarm", "jmhStart", "setUp", "exit",
                "forks"))) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "the median fork took %.2f s, %.2f s of it beside its iterations:"
                        + " JVM start %.2f s, machine ruler's warm-up %.2f s, JMH's start %.2f s, set-up and its proof %.2f s,"
                        + " exit %.2f s (medians of %d forks)",
                t.get("total") / 1000, t.get("overhead") / 1000, t.get("jvmStart") / 1000, t.get("rulerWarm") / 1000,
                t.get("jmhStart") / 1000, t.get("setUp") / 1000, t.get("exit") / 1000, t.get("forks").intValue()));
    }

    public String toJson() {
        return GSON.toJson(this) + "\n";
    }

    /** Benchmarks by {@code key + "|" + jdkVersion}. */
    public Map<String, Steadiness> byKey() {
        Map<String, Steadiness> map = new HashMap<>();
        benchmarks.forEach(s -> map.put(lookupKey(s.key(), s.jdkVersion()), s));
        return map;
    }

    /** The key {@link #byKey()} uses for a result. */
    public static String lookupKey(String key, String jdkVersion) {
        return key + "|" + jdkVersion;
    }

    /** The steadiness recorded beside {@code resultsFile}, if there is one; a malformed one is a one-line error. */
    public static Optional<SteadinessFile> besides(Path resultsFile) {
        return FileBeside.read(resultsFile, FILE, SteadinessFile.class, GSON, f -> f.benchmarks() != null);
    }
}
