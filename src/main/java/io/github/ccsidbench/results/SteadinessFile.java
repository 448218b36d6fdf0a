package io.github.ccsidbench.results;

import io.github.ccsidbench.FileBeside;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code steadiness.json}: the steadiness of every benchmark of a run ({@link Steadiness}) and of the
 * run as a whole, written beside {@code results.json}, which stays JMH's own JSON for JMH's tools.
 *
 * @param seed the seed of the randomized fork order
 * @param rounds how many rounds of forks ran (the first {@code forks} rounds cover every benchmark)
 * @param forks forks measured in all
 * @param wantedMore benchmarks that wanted more forks than the budget or the cap allowed
 * @param steal the share of the machine's CPU time the hypervisor took during the run (Linux "steal"), -1 unknown
 * @param benchmarks one entry per benchmark
 * @param forkTime where the run's forks' time went: the median milliseconds of each phase of a fork (the fork driver's
 *                 {@code ForkTimeline}), the median fork's whole time ({@code total}) and its time beside its iterations
 *                 ({@code overhead}), and over how many forks ({@code forks}); null in files written before it was recorded
 */
public record SteadinessFile(long seed, int rounds, int forks, int wantedMore, double steal, List<Steadiness> benchmarks,
                             Map<String, Double> forkTime) {

    public static final String FILE = "steadiness.json";

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping()
            .serializeSpecialFloatingPointValues().create();

    public SteadinessFile {
        benchmarks = List.copyOf(benchmarks);
    }

    /** A file with no fork times. */
    public SteadinessFile(long seed, int rounds, int forks, int wantedMore, double steal, List<Steadiness> benchmarks) {
        this(seed, rounds, forks, wantedMore, steal, benchmarks, null);
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
