package io.github.ccsidbench.gate;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.results.AtomicFiles;
import io.github.ccsidbench.results.BenchmarkResult;
import io.github.ccsidbench.results.JmhResults;
import io.github.ccsidbench.results.RunEnvironment;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * A committed baseline: several stable gate passes (three by default, so that the run-to-run
 * spread of this machine is known) for one JDK major version and preset, with the environment they
 * were measured in. Read strictly: a missing, empty or malformed file, or one for
 * another JDK or preset, is refused with a message that says what to do.
 *
 * @param preset the preset it was measured with
 * @param jdkMajor the forks' Java feature release
 * @param environment where and when
 * @param passes the measurements, one pass each
 */
public record GateBaseline(String preset, int jdkMajor, RunEnvironment environment, List<GatePass> passes) {

    static final String FORMAT = "ccsid-bench gate baseline 2";

    public GateBaseline {
        passes = List.copyOf(passes);
    }

    /** The baseline's statistics per benchmark. */
    public BaselineStatistics statistics() {
        return BaselineStatistics.of(passes);
    }
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create();

    /** The default file for a JDK major version in a baseline directory: "gate-jdk17.json". */
    public static Path fileIn(Path directory, String preset, int jdkMajor) {
        return directory.resolve(preset + "-jdk" + jdkMajor + ".json");
    }

    /**
     * Reads the baseline at {@code file} and checks it fits this run.
     *
     * @param update the command that would create a fitting one, for the messages
     */
    public static GateBaseline read(Path file, String preset, int jdkMajor, String update) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new CcsidBenchException("no gate baseline at " + file + " for JDK " + jdkMajor + " and preset " + preset
                    + ": measure one on this machine with '" + update + "' and commit it");
        } catch (IOException e) {
            throw new CcsidBenchException("cannot read gate baseline " + file + ": " + e.getMessage());
        }
        if (text.isBlank()) {
            throw new CcsidBenchException("gate baseline " + file + " is empty: measure it again with '" + update + "'");
        }
        GateBaseline baseline;
        try {
            JsonObject o = JsonParser.parseString(text).getAsJsonObject();
            if (!o.has("format") || !FORMAT.equals(o.get("format").getAsString())) {
                throw new IllegalArgumentException("not a ccsid-bench gate baseline (no \"format\": \"" + FORMAT + "\")");
            }
            JsonElement passesElement = o.get("passes");
            if (passesElement == null || !passesElement.isJsonArray() || passesElement.getAsJsonArray().isEmpty()) {
                throw new IllegalArgumentException("no \"passes\" array");
            }
            List<GatePass> passes = new java.util.ArrayList<>();
            for (JsonElement pe : passesElement.getAsJsonArray()) {
                JsonObject p = pe.getAsJsonObject();
                passes.add(new GatePass(results(p, "rulersStart", file), results(p, "benchmarks", file), results(p, "rulersEnd", file)));
            }
            baseline = new GateBaseline(o.get("preset").getAsString(), o.get("jdkMajor").getAsInt(),
                    o.has("environment") ? GSON.fromJson(o.get("environment"), RunEnvironment.class) : null, passes);
        } catch (CcsidBenchException e) {
            throw e;
        } catch (JsonParseException | IllegalStateException | IllegalArgumentException | NullPointerException
                 | UnsupportedOperationException e) {
            throw new CcsidBenchException("gate baseline " + file + " is malformed (" + CcsidBenchException.reason(e) + "): measure it again with '"
                    + update + "'");
        }
        if (baseline.jdkMajor() != jdkMajor) {
            throw new CcsidBenchException("gate baseline " + file + " was measured on JDK " + baseline.jdkMajor()
                    + ", but this run's forks are JDK " + jdkMajor + ": give the JDK " + jdkMajor + " baseline, or create it with '"
                    + update + "'; to check a JDK upgrade against the old baseline on purpose, add --allow-jdk-change");
        }
        if (!baseline.preset().equals(preset)) {
            throw new CcsidBenchException("gate baseline " + file + " was measured with preset " + baseline.preset()
                    + ", not " + preset + ": use a " + preset + " baseline, or create it with '" + update + "'");
        }
        return baseline;
    }

    /** Like {@link #read}, accepting a baseline from another JDK major version (a JDK upgrade check). */
    public static GateBaseline readAnyJdk(Path file, String preset, int jdkMajor, String update) {
        try {
            return read(file, preset, jdkMajor, update);
        } catch (CcsidBenchException e) {
            if (!e.getMessage().contains("was measured on JDK")) {
                throw e;
            }
            return read(file, preset, majorIn(file), update);
        }
    }

    private static int majorIn(Path file) {
        try {
            return JsonParser.parseString(Files.readString(file, StandardCharsets.UTF_8)).getAsJsonObject().get("jdkMajor").getAsInt();
        } catch (IOException | RuntimeException e) {
            throw new CcsidBenchException("cannot read gate baseline " + file + ": " + CcsidBenchException.reason(e));
        }
    }

    /** One pass as JMH's JSON, the form the baseline file keeps. */
    public record PassJson(String rulersStart, String benchmarks, String rulersEnd) {
    }

    /** Writes a baseline made of these passes to {@code file} atomically. */
    public static void write(Path file, String preset, int jdkMajor, RunEnvironment environment, List<PassJson> passes) {
        JsonObject o = new JsonObject();
        o.addProperty("format", FORMAT);
        o.addProperty("preset", preset);
        o.addProperty("jdkMajor", jdkMajor);
        o.add("environment", GSON.toJsonTree(environment));
        com.google.gson.JsonArray array = new com.google.gson.JsonArray();
        for (PassJson p : passes) {
            JsonObject pass = new JsonObject();
            pass.add("rulersStart", slim(JsonParser.parseString(p.rulersStart())));
            pass.add("benchmarks", slim(JsonParser.parseString(p.benchmarks())));
            pass.add("rulersEnd", slim(JsonParser.parseString(p.rulersEnd())));
            array.add(pass);
        }
        o.add("passes", array);
        AtomicFiles.writeString(file, GSON.toJson(o) + "\n");
    }

    /**
     * JMH's JSON without what the gate never reads (percentiles, the gc profiler's other metrics and
     * their raw data), so a committed baseline stays a few hundred kilobytes.
     */
    static JsonElement slim(JsonElement results) {
        for (JsonElement e : results.getAsJsonArray()) {
            JsonObject r = e.getAsJsonObject();
            if (r.has("primaryMetric")) {
                r.getAsJsonObject("primaryMetric").remove("scorePercentiles");
            }
            if (r.has("secondaryMetrics")) {
                JsonObject kept = new JsonObject();
                r.getAsJsonObject("secondaryMetrics").entrySet().stream()
                        .filter(m -> m.getKey().replace("\u00b7", "").equals(BenchmarkResult.ALLOC_NORM))
                        .forEach(m -> {
                            JsonObject metric = m.getValue().getAsJsonObject().deepCopy();
                            metric.remove("scorePercentiles");
                            metric.remove("rawData");
                            kept.add(m.getKey(), metric);
                        });
                r.add("secondaryMetrics", kept);
            }
        }
        return results;
    }

    private static List<BenchmarkResult> results(JsonObject o, String name, Path file) {
        JsonElement e = o.get(name);
        if (e == null || !e.isJsonArray()) {
            throw new IllegalArgumentException("no \"" + name + "\" array");
        }
        return JmhResults.parse(e.toString(), file + " (" + name + ")");
    }
}
