package io.github.ccsidbench.steady;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * What one fork is to measure, handed from the host to {@link ForkDriver} as a properties file, so that parameter
 * values need no quoting on any platform; a property this build does not know is ignored.
 *
 * @param include JMH include pattern that matches exactly one benchmark method
 * @param params one value per @Param
 * @param iterationMillis length of one iteration
 * @param steady the stopping rule's settings (its maxIterations is this fork's cap)
 * @param gcProfiler whether to run JMH's gc profiler (bytes per operation)
 * @param rulerFastLevel the run's {@link MachineRuler} fast level so far (NaN: none yet)
 * @param profile what to sample once the series is steady (a profiled fork), or null: a measured fork
 * @param window whether the fork runs until its figure's {@link FigureWindow} is complete ({@link StoppingRule#forkDone});
 *               false for a fork read by its quiet state alone (the gate's), which stops when the rule is done
 */
public record ForkRequest(String include, Map<String, String> params, long iterationMillis, SteadySettings steady,
                          boolean gcProfiler, double rulerFastLevel, ProfileRequest profile, boolean window) {

    private static final String PARAM = "param.";

    public ForkRequest {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /** A measured fork's request: no profile. */
    public ForkRequest(String include, Map<String, String> params, long iterationMillis, SteadySettings steady,
                       boolean gcProfiler, double rulerFastLevel) {
        this(include, params, iterationMillis, steady, gcProfiler, rulerFastLevel, null, true);
    }

    /** The same request, sampled as {@code p} says once steady: a profiled fork. */
    public ForkRequest withProfile(ProfileRequest p) {
        return new ForkRequest(include, params, iterationMillis, steady, gcProfiler, rulerFastLevel, p, window);
    }

    /** The same request for a fork read by its quiet state alone: it stops when the rule is done. */
    public ForkRequest withoutWindow() {
        return new ForkRequest(include, params, iterationMillis, steady, gcProfiler, rulerFastLevel, profile, false);
    }

    /** Writes the request to {@code file}. */
    public void write(Path file) throws IOException {
        Properties p = new Properties();
        p.setProperty("include", include);
        new TreeMap<>(params).forEach((k, v) -> p.setProperty(PARAM + k, v));
        p.setProperty("iterationMillis", Long.toString(iterationMillis));
        p.setProperty("equivalence", Double.toString(steady.equivalence()));
        p.setProperty("minSteady", Integer.toString(steady.minSteady()));
        p.setProperty("targetHalfWidth", Double.toString(steady.targetHalfWidth()));
        p.setProperty("minIterations", Integer.toString(steady.minIterations()));
        p.setProperty("maxIterations", Integer.toString(steady.maxIterations()));
        p.setProperty("slowPhase", Double.toString(steady.slowPhase()));
        p.setProperty("penalty", Double.toString(steady.penalty()));
        p.setProperty("busyStretch", Double.toString(steady.busyStretch()));
        p.setProperty("gcProfiler", Boolean.toString(gcProfiler));
        p.setProperty("rulerFastLevel", Double.toString(rulerFastLevel));
        p.setProperty("window", Boolean.toString(window));
        if (profile != null) {
            profile.write(p);
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            p.store(out, "ccsid-bench fork request");
        }
    }

    /** Reads a request written by {@link #write}. */
    public static ForkRequest read(Path file) throws IOException {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        }
        Map<String, String> params = new LinkedHashMap<>();
        new TreeMap<>(p).forEach((k, v) -> {
            if (k.toString().startsWith(PARAM)) {
                params.put(k.toString().substring(PARAM.length()), v.toString());
            }
        });
        SteadySettings s = new SteadySettings(d(p, "equivalence"), i(p, "minSteady"), d(p, "targetHalfWidth"),
                i(p, "minIterations"), i(p, "maxIterations"), d(p, "slowPhase"), d(p, "penalty"),
                Double.parseDouble(p.getProperty("busyStretch", "1")));
        return new ForkRequest(p.getProperty("include"), params, Long.parseLong(p.getProperty("iterationMillis")), s,
                Boolean.parseBoolean(p.getProperty("gcProfiler")), Double.parseDouble(p.getProperty("rulerFastLevel", "NaN")),
                ProfileRequest.read(p), Boolean.parseBoolean(p.getProperty("window", "true")));
    }

    private static double d(Properties p, String key) {
        return Double.parseDouble(p.getProperty(key));
    }

    private static int i(Properties p, String key) {
        return Integer.parseInt(p.getProperty(key));
    }
}
