package io.github.ccsidbench.cli;

import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.gate.AbGate;
import io.github.ccsidbench.gate.BisectResult;
import io.github.ccsidbench.gate.Bisection;
import io.github.ccsidbench.gate.GateFiles;
import io.github.ccsidbench.gate.GateRequest;
import io.github.ccsidbench.gate.GateThresholds;
import io.github.ccsidbench.suite.RunFolder;
import io.github.ccsidbench.suite.Selection;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code gate bisect}: which commit made it slower ({@link Bisection}; docs/gate.md, "Which commit: `gate bisect`"). */
@Command(name = "bisect", mixinStandardHelpOptions = true,
        description = {"Find the first commit that made a benchmark slower: bisect the first-parent history",
                "between --good and --bad, each step a run of the gate (pairs of forks, confirmation pairs",
                "that decide) on this machine. Merges are measured like any commit; when one is the answer,",
                "the branch it merged is bisected too. Writes bisect.md, bisect.json and each step's gate",
                "files to target/ccsid-bench-bisect (or --out DIR).",
                "Exit status: 0 an answer (a commit, a range of skipped commits, a spread slowdown, or not",
                "slower), 1 it stopped (bisect.md names the commits left and the command that goes on),",
                "2 bad input."})
final class GateBisectCommand implements Callable<Integer> {

    @Option(names = "--good", required = true, paramLabel = "REF", description = "a commit that is not slower (older)")
    String good;

    @Option(names = "--bad", required = true, paramLabel = "REF", description = "a commit that is slower (newer; its first-parent"
            + " history must contain --good)")
    String bad;

    @Option(names = "--gate-result", paramLabel = "GATE_JSON",
            description = "follow the benchmarks this gate.json FAILed (e.g. the failed gate's target/ccsid-bench-gate/gate.json)")
    Path gateResult;

    @Mixin
    CcsidProviderOptions matrix;

    @Mixin
    SubsetOptions subset;

    @Mixin
    ForkOptions forkJvm;

    @Mixin
    OutputOptions output;

    @Mixin
    GatePairOptions measure;

    @Mixin
    BuildRecipeOptions build;

    @Option(names = "--first-parent", description = "when the answer is a merge, stop there: do not go into the branch it"
            + " merged (by default the branch is bisected too, and the commit inside is named with the merge)")
    boolean firstParent;

    @Spec
    CommandSpec spec;

    @Option(names = "--budget", defaultValue = "30", paramLabel = "MINUTES",
            description = "the bisection's wall time, builds included: once it is used up the bisection stops with the range"
                    + " left (0: no limit; default: ${DEFAULT-VALUE})")
    double budgetMinutes;

    /** The lengths to follow: those a --gate-result's FAILs name, else 1 KiB; --length still overrides. */
    private static List<Integer> lengths(Set<String> keys) {
        List<Integer> named = keys == null ? List.of() : keys.stream().map(LENGTH::matcher).filter(Matcher::find)
                .map(m -> Integer.valueOf(m.group(1))).distinct().sorted().toList();
        return named.isEmpty() ? List.of(1024) : named;
    }

    private static final Pattern LENGTH = Pattern.compile("\\blength=(\\d+)\\b");

    /** The options given after {@code bisect} but {@code --good} and {@code --bad}: what a continuing command repeats. */
    static List<String> otherOptions(List<String> original) {
        int start = original.indexOf("bisect") + 1;
        List<String> out = new ArrayList<>();
        for (int i = start; i < original.size(); i++) {
            String a = original.get(i);
            if (a.equals("--good") || a.equals("--bad")) {
                i++;
            } else if (!a.startsWith("--good=") && !a.startsWith("--bad=")) {
                out.add(a);
            }
        }
        return out;
    }

    /** Where the bisection writes its files unless {@code --out} says otherwise. */
    static final Path DEFAULT_OUT = Path.of("target", "ccsid-bench-bisect");

    @Override
    public Integer call() {
        try (RunFolder folder = RunFolder.hold(output.dir(DEFAULT_OUT), System.err)) {
            Providers.usePlugins(measure.plugins);
            GateThresholds thresholds = measure.thresholds();
            boolean duet = measure.duet();
            GateRequest.check(thresholds, measure.pairs, measure.confirmationPairs);
            Set<String> keys = gateResult == null ? null : GateFiles.failedIn(gateResult);
            Selection selection = subset.narrow(matrix.narrow(Selection.everything().withLengths(lengths(keys))));
            List<String> args = forkJvm.args();
            String mode = AbGate.mode(duet, args);
            Bisection bisection = Bisection.onThisMachine(build.builder(Path.of("").toAbsolutePath(), GateCommand.CACHE, System.err),
                    GateCommand.CACHE, forkJvm.java(), args,
                    measure.plugins, selection, thresholds, duet, System.err);
            Duration budget = budgetMinutes <= 0 ? Duration.ZERO : Duration.ofMillis((long) (budgetMinutes * 60_000));
            BisectResult result = bisection.run(new Bisection.Request(Path.of("").toAbsolutePath(), good, bad, keys,
                    measure.pairs, measure.confirmationPairs, thresholds, budget, folder.dir(), mode, !firstParent,
                    otherOptions(spec.commandLine().getParseResult().originalArgs())));
            return result.exitCode();
        }
    }
}
