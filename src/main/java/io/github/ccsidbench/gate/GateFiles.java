package io.github.ccsidbench.gate;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.results.AtomicFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The gate's output files, each written atomically: a CI step that reads gate.md or gate.json never sees half a file,
 * and a gate that fails before the end leaves the previous run's files whole.
 */
public final class GateFiles {

    /** The verdict and every benchmark's comparison, for programs. */
    public static final String GATE_JSON = "gate.json";
    /** The same for people (and CI job summaries). */
    public static final String GATE_MD = "gate.md";
    /** Every fork of the run with its whole series, beside gate.json. */
    public static final String GATE_FORKS_JSON = "gate-forks.json";
    /** What the forks and JMH printed, appended to as the run goes. */
    public static final String GATE_JMH_LOG = "gate-jmh.log";

    /** gate.json's and bisect.json's writer: NaN kept (an unmeasured figure), no HTML escapes in the reasons. */
    static final Gson PRETTY = new GsonBuilder().setPrettyPrinting().serializeSpecialFloatingPointValues().disableHtmlEscaping()
            .create();

    private GateFiles() {
    }

    /** The benchmarks a gate.json FAILed, for a bisection; a one-line error when missing, not a gate.json, or none failed. */
    public static Set<String> failedIn(Path gateJson) {
        String text;
        try {
            text = Files.readString(gateJson);
        } catch (IOException e) {
            throw new CcsidBenchException("cannot read " + gateJson + ": "
                    + CcsidBenchException.reason(e));
        }
        Set<String> failed = new LinkedHashSet<>();
        try {
            JsonElement root = JsonParser.parseString(text);
            if (!root.isJsonObject() || !root.getAsJsonObject().has("comparisons")) {
                throw new IllegalStateException("no comparisons");
            }
            for (JsonElement e : root.getAsJsonObject().getAsJsonArray("comparisons")) {
                JsonObject c = e.getAsJsonObject();
                if ("FAIL".equals(c.get("verdict").getAsString())) {
                    failed.add(c.get("key").getAsString());
                }
            }
        } catch (RuntimeException e) {
            throw new CcsidBenchException(gateJson + " is not a gate.json written by the gate");
        }
        if (failed.isEmpty()) {
            throw new CcsidBenchException(gateJson + " has no FAIL to bisect");
        }
        return failed;
    }

    /** gate-forks.json's text. */
    static String forksJson(List<ForkSeries> forks) {
        return new GsonBuilder().serializeSpecialFloatingPointValues().disableHtmlEscaping().create()
                .toJson(Map.of("forks", forks)) + "\n";
    }

    /** Writes gate-forks.json, gate.json and gate.md into {@code out}; returns gate.md's path. */
    static Path write(Path out, GateResult result, List<ForkSeries> forks) {
        AtomicFiles.writeString(out.resolve(GATE_FORKS_JSON), forksJson(forks));
        AtomicFiles.writeString(out.resolve(GATE_JSON), result.toJson());
        AtomicFiles.writeString(out.resolve(GATE_MD), GateMarkdown.of(result));
        return out.resolve(GATE_MD);
    }
}
