package io.github.ccsidbench.results;

import io.github.ccsidbench.CcsidBenchException;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads JMH's JSON result format ({@code -rf json}) into {@link BenchmarkResult}s; anything else is a one-line error. */
public final class JmhResults {

    private JmhResults() {
    }

    /** The results in {@code file}; a missing, empty or malformed file is a {@link CcsidBenchException}. */
    public static List<BenchmarkResult> read(Path file) {
        String json;
        try {
            json = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new CcsidBenchException("results file " + file + " does not exist");
        } catch (IOException e) {
            throw new CcsidBenchException("cannot read results file " + file + ": " + e.getMessage());
        }
        return parse(json, file.toString());
    }

    /** The results in a JSON text; {@code source} names it in error messages. */
    public static List<BenchmarkResult> parse(String json, String source) {
        if (json.isBlank()) {
            throw new CcsidBenchException("results file " + source + " is empty");
        }
        JsonElement root;
        try {
            root = JsonParser.parseString(json);
        } catch (JsonParseException e) {
            throw new CcsidBenchException("results file " + source + " is not valid JSON: " + CcsidBenchException.reason(e));
        }
        if (!root.isJsonArray()) {
            throw new CcsidBenchException("results file " + source + " is not a JMH JSON result (expected an array of benchmarks)");
        }
        JsonArray array = root.getAsJsonArray();
        if (array.isEmpty()) {
            throw new CcsidBenchException("results file " + source + " holds no benchmark results");
        }
        List<BenchmarkResult> results = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            try {
                results.add(toResult(array.get(i).getAsJsonObject()));
            } catch (RuntimeException e) {
                throw new CcsidBenchException("results file " + source + ": entry " + (i + 1)
                        + " is not a JMH benchmark result (" + CcsidBenchException.reason(e) + ")");
            }
        }
        return results;
    }

    private static BenchmarkResult toResult(JsonObject o) {
        String benchmark = required(o, "benchmark").getAsString();
        JsonObject primary = required(o, "primaryMetric").getAsJsonObject();
        Map<String, String> params = new LinkedHashMap<>();
        if (o.has("params")) {
            o.getAsJsonObject("params").entrySet().forEach(e -> params.put(e.getKey(), e.getValue().getAsString()));
        }
        JsonArray raw = required(primary, "rawData").getAsJsonArray();
        double[][] rawData = new double[raw.size()][];
        for (int f = 0; f < raw.size(); f++) {
            JsonArray fork = raw.get(f).getAsJsonArray();
            rawData[f] = new double[fork.size()];
            for (int i = 0; i < fork.size(); i++) {
                rawData[f][i] = number(fork.get(i));
            }
        }
        if (rawData.length == 0 || rawData[0].length == 0) {
            throw new IllegalArgumentException("no raw data for " + benchmark);
        }
        Map<String, Double> secondary = new LinkedHashMap<>();
        if (o.has("secondaryMetrics")) {
            o.getAsJsonObject("secondaryMetrics").entrySet().forEach(e -> secondary.put(
                    e.getKey().replace("\u00b7", ""), number(e.getValue().getAsJsonObject().get("score"))));
        }
        List<String> jvmArgs = new ArrayList<>();
        if (o.has("jvmArgs")) {
            o.getAsJsonArray("jvmArgs").forEach(a -> jvmArgs.add(a.getAsString()));
        }
        BenchmarkResult.JvmInfo jvm = new BenchmarkResult.JvmInfo(text(o, "jvm"), text(o, "jdkVersion"),
                text(o, "vmName"), text(o, "vmVersion"), List.copyOf(jvmArgs), integer(o, "forks"),
                integer(o, "warmupIterations"), text(o, "warmupTime"), integer(o, "measurementIterations"),
                text(o, "measurementTime"));
        return new BenchmarkResult(benchmark, text(o, "mode"), Map.copyOf(params), number(required(primary, "score")),
                primary.has("scoreError") ? number(primary.get("scoreError")) : Double.NaN,
                text(primary, "scoreUnit"), rawData, Map.copyOf(secondary), jvm);
    }

    private static JsonElement required(JsonObject o, String name) {
        JsonElement e = o.get(name);
        if (e == null || e.isJsonNull()) {
            throw new IllegalArgumentException("missing \"" + name + "\"");
        }
        return e;
    }

    private static String text(JsonObject o, String name) {
        JsonElement e = o.get(name);
        return e == null || e.isJsonNull() ? "" : e.getAsString();
    }

    private static int integer(JsonObject o, String name) {
        JsonElement e = o.get(name);
        return e == null || e.isJsonNull() ? 0 : e.getAsInt();
    }

    /** JMH writes "NaN" as a string where a number is undefined. */
    private static double number(JsonElement e) {
        if (e.isJsonPrimitive() && e.getAsJsonPrimitive().isString()) {
            return Double.parseDouble(e.getAsString());
        }
        return e.getAsDouble();
    }
}
