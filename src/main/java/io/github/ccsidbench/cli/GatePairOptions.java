package io.github.ccsidbench.cli;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.gate.AbGate;
import io.github.ccsidbench.gate.GateThresholds;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** How the gate measures and judges a comparison, declared once for {@code gate} and {@code gate bisect}. */
final class GatePairOptions {

    @Option(names = "--plugin", paramLabel = "JAR", description = "a jar or class folder with your own ConverterProvider"
            + " (META-INF/services), put on the class path of the base and of the candidate alike; name its providers with"
            + " --provider (repeatable)")
    List<Path> plugins = new ArrayList<>();

    @Option(names = "--base-plugin", paramLabel = "JAR", description = "the base side's own plug-in jar or class folder, when"
            + " it differs from --plugin's (your converter's previous version: base and candidate then run this tool's"
            + " benchmarks, each with its own converter; repeatable)")
    List<Path> basePlugins = new ArrayList<>();

    /** The base side's plug-ins: {@code --base-plugin}'s, else {@code --plugin}'s. */
    List<Path> basePlugins() {
        return basePlugins.isEmpty() ? plugins : basePlugins;
    }

    @Option(names = "--pairs", defaultValue = "" + AbGate.SCREEN_PAIRS, paramLabel = "N",
            description = "pairs of forks (base, candidate) every benchmark gets (default: ${DEFAULT-VALUE})")
    int pairs;

    @Option(names = "--confirmation-pairs", defaultValue = "" + AbGate.CONFIRMATION_PAIRS, paramLabel = "N",
            description = "at most this many more pairs for a benchmark that looks slower (or much faster), tested after 8, 12,"
                    + " ... of them; they decide it on their own (default: ${DEFAULT-VALUE}; at least 7 for p < 0.01, or 0 to let"
                    + " the first pairs decide)")
    int confirmationPairs;

    @Option(names = "--duet", description = "run the two forks of a pair at the same time, one per core (Bulej et al., ICPE 2020);"
            + " the default on 2 cores or more")
    boolean duet;

    @Option(names = "--interleaved", description = "run the two forks of a pair one after the other, in alternating order"
            + " (the default on 1 core)")
    boolean interleaved;

    @Option(names = "--fail", paramLabel = "PERCENT", description = "slowdown that fails (default: 8)")
    Double failPercent;

    @Option(names = "--warn", paramLabel = "PERCENT", description = "slowdown that warns (default: 4)")
    Double warnPercent;

    @Option(names = "--alpha", defaultValue = "0.01", paramLabel = "P", description = "significance level (default: ${DEFAULT-VALUE})")
    double alpha;

    @Option(names = "--alloc-percent", defaultValue = "5", paramLabel = "PERCENT",
            description = "allocation growth that fails, with --alloc-bytes (default: ${DEFAULT-VALUE})")
    double allocPercent;

    @Option(names = "--alloc-bytes", defaultValue = "16", paramLabel = "BYTES",
            description = "allocation growth in bytes that fails, with --alloc-percent (default: ${DEFAULT-VALUE})")
    double allocBytes;

    /** The thresholds the options give, the A/B defaults for those not given. */
    GateThresholds thresholds() {
        GateThresholds defaults = GateThresholds.AB;
        return new GateThresholds(failPercent != null ? 1 + failPercent / 100 : defaults.failRatio(),
                warnPercent != null ? 1 + warnPercent / 100 : defaults.warnRatio(), alpha,
                defaults.confidence(), allocPercent / 100, allocBytes);
    }

    /** Duet unless told otherwise or there is one core (docs/gate.md, "How a run goes"). */
    boolean duet() {
        if (duet && interleaved) {
            throw new CcsidBenchException("choose one of --duet and --interleaved");
        }
        return duet || (!interleaved && Runtime.getRuntime().availableProcessors() >= 2);
    }
}
