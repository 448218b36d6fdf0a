package io.github.ccsidbench.cli;

import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.gate.GateRunner;
import io.github.ccsidbench.gate.GateThresholds;
import io.github.ccsidbench.suite.Preset;
import io.github.ccsidbench.suite.Selection;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code gate}: the CI regression gate against a committed baseline. Exit 0 pass, 1 regression, 2 inconclusive or bad input. */
@Command(name = "gate", mixinStandardHelpOptions = true,
        description = {"Regression gate: measure the gate preset between rulers and compare it with the committed baseline",
                "for this JDK. Writes gate.json and gate.md. Exit status: 0 pass, 1 regression, 2 inconclusive or bad input."})
final class GateCommand implements Callable<Integer> {

    @Option(names = "--baseline", defaultValue = "gate-baselines", paramLabel = "DIR|FILE",
            description = "baseline directory (holding gate-jdk<N>.json) or file (default: ${DEFAULT-VALUE})")
    Path baseline;

    @Option(names = "--out", defaultValue = "target/ccsid-bench-gate", paramLabel = "DIR", description = "output directory (default: ${DEFAULT-VALUE})")
    Path out;

    @Mixin
    ForkOptions forkJvm;

    @Option(names = "--update-baseline", arity = "0..1", fallbackValue = "true",
            defaultValue = "${sys:ccsidbench.gate.update:-false}",
            description = "measure and write a new baseline (atomically) instead of comparing; the Maven profile sets it"
                    + " from -Dgate.update-baseline=true")
    boolean updateBaseline;

    @Option(names = "--baseline-passes", defaultValue = "3", paramLabel = "N",
            description = "passes a new baseline measures, to know the machine's run-to-run spread (default: ${DEFAULT-VALUE})")
    int baselinePasses;

    @Option(names = "--allow-jdk-change", description = "compare with a baseline from another JDK major version (a JDK upgrade check)")
    boolean allowJdkChange;

    @Option(names = "--ccsid", paramLabel = "LIST", description = "only these CCSIDs (default: 37,367,1208)")
    String ccsids;

    @Option(names = "--provider", paramLabel = "LIST", description = "only these providers (default: all built-in)")
    String providers;

    @Option(names = "--fail", defaultValue = "15", paramLabel = "PERCENT", description = "slowdown that fails (default: ${DEFAULT-VALUE})")
    double failPercent;

    @Option(names = "--warn", defaultValue = "8", paramLabel = "PERCENT", description = "slowdown that warns (default: ${DEFAULT-VALUE})")
    double warnPercent;

    @Option(names = "--alpha", defaultValue = "0.01", paramLabel = "P", description = "significance level (default: ${DEFAULT-VALUE})")
    double alpha;

    @Option(names = "--alloc-percent", defaultValue = "5", paramLabel = "PERCENT",
            description = "allocation growth that fails, with --alloc-bytes (default: ${DEFAULT-VALUE})")
    double allocPercent;

    @Option(names = "--alloc-bytes", defaultValue = "16", paramLabel = "BYTES",
            description = "allocation growth in bytes that fails, with --alloc-percent (default: ${DEFAULT-VALUE})")
    double allocBytes;

    @Option(names = "--ruler-tolerance", defaultValue = "8", paramLabel = "PERCENT",
            description = "how far the rulers may move together during a pass before it counts as unstable (default: ${DEFAULT-VALUE})")
    double rulerPercent;

    @Override
    public Integer call() {
        GateThresholds thresholds = new GateThresholds(1 + failPercent / 100, 1 + warnPercent / 100, alpha,
                GateThresholds.DEFAULT.confidence(), allocPercent / 100, allocBytes, rulerPercent / 100);
        String java = forkJvm.java();
        Selection selection = Selection.everything()
                .withCcsids(ccsids == null ? null : Options.list(ccsids, CcsidRegistry::lookup))
                .withProviders(providers == null ? null : Options.list(providers, Providers::byName));
        List<String> args = forkJvm.args();
        return new GateRunner(System.err).run(new GateRunner.Options(baseline, out, java, args, selection,
                Preset.GATE.timing(), thresholds, updateBaseline, allowJdkChange, baselinePasses)).exitCode();
    }
}
