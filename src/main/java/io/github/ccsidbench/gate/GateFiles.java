package io.github.ccsidbench.gate;

import com.google.gson.GsonBuilder;
import io.github.ccsidbench.results.AtomicFiles;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

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

    private GateFiles() {
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
        AtomicFiles.writeString(out.resolve(GATE_MD), result.toMarkdown());
        return out.resolve(GATE_MD);
    }
}
