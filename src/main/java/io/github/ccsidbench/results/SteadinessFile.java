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

    /**
     * Where the median fork's time went, in words ("the median fork took 1.41 s, 0.52 s of it beside its iterations: JVM
     * start 0.26 s, ..."), for the run's last lines and the report; empty when the run recorded no fork's moments.
     */
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
