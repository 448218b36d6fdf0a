package io.github.ccsidbench.cli;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.gate.AbGate;
import io.github.ccsidbench.gate.BenchmarksJar;
import io.github.ccsidbench.gate.BaseBuild;
import io.github.ccsidbench.gate.BaseSide;
import io.github.ccsidbench.gate.GateRequest;
import io.github.ccsidbench.gate.GateThresholds;
import io.github.ccsidbench.suite.ForkLauncher;
import io.github.ccsidbench.suite.Preset;
import io.github.ccsidbench.suite.RunFolder;
import io.github.ccsidbench.suite.Selection;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/** {@code gate}: the CI regression gate, base and this build measured on this machine in one run (docs/gate.md). */
@Command(name = "gate", mixinStandardHelpOptions = true, subcommands = GateBisectCommand.class,
        description = {"Regression gate: measure a base and this build in one run on this machine, in",
                "pairs of forks, and fail on a significant, confirmed slowdown. Writes gate.md,",
                "gate.json and gate-forks.json to target/ccsid-bench-gate (or --out DIR).",
                "Exit status: 0 pass (every benchmark slower by less than the failure threshold, at",
                "95%%), 1 a confirmed regression, 2 bad input, 3 the gate cannot tell about a",
                "benchmark even after its confirmation pairs (--strict: 1), 4 the run failed",
                "before a verdict (a fork crashed). Under GitHub Actions it also prints one",
                "::error annotation per FAIL and one ::warning per WARN and CANNOT_TELL."})
final class GateCommand implements Callable<Integer> {

    @Option(names = "--base", paramLabel = "REF", defaultValue = "${sys:ccsidbench.gate.base:-}",
            description = "the base commit (any git ref), built in a temporary git worktree with offline Maven (online when that"
                    + " fails) and cached under target/gate-base (default: the merge-base with the"
                    + " upstream main branch)")
    String base;

    @Option(names = "--base-jar", paramLabel = "FILE", description = "a benchmarks jar built elsewhere as the base (e.g. the last release)")
    Path baseJar;

    @Mixin
    BuildRecipeOptions build;

    @Option(names = "--base-jvm", paramLabel = "JAVA",
            description = "this jar on another JVM as the base (a JDK upgrade judged in one run; --jvm is the candidate's)")
    String baseJvm;

    @Mixin
    CcsidProviderOptions matrix;

    @Mixin
    SubsetOptions subset;

    @Mixin
    ForkOptions forkJvm;

    @Mixin
    OutputOptions output;

    /** Where the gate writes its files unless {@code --out} says otherwise. */
    static final Path DEFAULT_OUT = Path.of("target", "ccsid-bench-gate");

    @Mixin
    GatePairOptions measure;

    @Option(names = "--budget", defaultValue = "12", paramLabel = "MINUTES", converter = OptionValues.Minutes.class,
            description = "the gate's wall time, base build included: suspects get no further look of confirmation pairs"
                    + " that would not fit, and once it is used up a pair that did not settle is not tried again (the screening pairs are"
                    + " always measured; 0: no limit; default: ${DEFAULT-VALUE})")
    double budgetMinutes;

    @Option(names = "--strict", description = "exit 1, not 3, when the gate cannot tell about a benchmark (a CI job that must block on it)")
    boolean strict;

    @Option(names = "--dry-run", description = "build (or find) the base and check both sides' plug-ins, measure nothing: what a"
            + " CI job runs to fill the base cache under the name the gate looks up")
    boolean dryRun;

    @Spec
    CommandSpec spec;

    /** Where base builds and the fork driver jar are cached. */
    static final Path CACHE = Path.of("target", "gate-base");

    private final long started = System.nanoTime();

    @Override
    public Integer call() {
        // Held from the start, so that a second gate on the same folder is refused before it builds anything.
        try (RunFolder folder = RunFolder.hold(output.dir(DEFAULT_OUT), System.err)) {
            return gate(folder.dir());
        }
    }

    private int gate(Path out) {
        Providers.usePlugins(measure.plugins); // before --provider names are resolved: a plug-in's provider is one of them
        int chosen = (base != null && !base.isBlank() ? 1 : 0) + (baseJar != null ? 1 : 0) + (baseJvm != null ? 1 : 0);
        boolean pluginOnly = chosen == 0 && !measure.basePlugins.isEmpty();
        if (chosen > 1) {
            throw new CcsidBenchException("choose one base: --base REF, --base-jar FILE or --base-jvm JAVA");
        }
        build.onlyWith(baseJar == null && baseJvm == null && !pluginOnly);
        GateThresholds thresholds = measure.thresholds();
        String java = forkJvm.java();
        // The gate measures 1 KiB unless told otherwise; its include pattern narrows the gate's own benchmarks.
        Selection selection = subset.narrow(matrix.narrow(Selection.everything().withLengths(List.of(1024))));
        List<String> args = forkJvm.args();
        ForkLauncher.Side candidate = new ForkLauncher.Side("candidate (this build)", java, args, System.getProperty("java.class.path"));
        ForkLauncher.Side baseSide;
        Set<String> baseMethods = null;
        boolean builtPlugin = false;
        if (pluginOnly) {
            // The converter is what changed: both sides run this jar's benchmarks, each with its own plug-in.
            baseSide = new ForkLauncher.Side("base (this build, its own plug-in)", java, args, System.getProperty("java.class.path"));
        } else if (baseJvm != null) {
            ForkOptions.executable("--base-jvm", baseJvm);
            baseSide = new ForkLauncher.Side("base JVM " + baseJvm, baseJvm, args, System.getProperty("java.class.path"));
            candidate = new ForkLauncher.Side("candidate JVM " + java, java, args, System.getProperty("java.class.path"));
        } else {
            Path jar;
            String label;
            if (baseJar != null) {
                if (!Files.isRegularFile(baseJar)) {
                    throw new CcsidBenchException("--base-jar " + baseJar + ": no such file");
                }
                jar = baseJar;
                label = "base jar " + baseJar.getFileName();
                BenchmarksJar.checkBenchmarksJar(jar); // a plug-in is --base-plugin's
            } else {
                Path here = Path.of("").toAbsolutePath();
                String ref = base != null && !base.isBlank() ? base : BaseBuild.defaultBase(here).orElseThrow(() ->
                        new CcsidBenchException("no base to compare with (no upstream main branch here): pass --base REF,"
                                + " --base-jar FILE or --base-jvm JAVA"));
                BaseBuild.Built built = build.builder(here, CACHE, System.err).build(ref);
                jar = built.jar();
                label = "base " + built.commit().substring(0, Math.min(12, built.commit().length()))
                        + (ref.equals(built.commit()) ? "" : " (" + ref + ")");
            }
            // A build that left a plug-in, not a benchmarks jar: this jar's benchmarks with the base commit's converter.
            baseSide = BaseSide.ofBuilt(label, java, args, jar, CACHE, List.of());
            builtPlugin = !BenchmarksJar.holdsBenchmarks(jar);
            baseMethods = builtPlugin ? null : BaseSide.methods(jar);
        }
        // What is left of the budget after the base build, less half a minute for writing the results and a margin.
        Duration left = budgetMinutes <= 0 ? Duration.ZERO : Duration.ofMillis((long) (budgetMinutes * 60_000))
                .minus(Duration.ofNanos(System.nanoTime() - started)).minusSeconds(30);
        if (budgetMinutes > 0 && (left.isNegative() || left.isZero())) {
            left = Duration.ofMillis(1); // over budget already: the screening pairs only
        }
        for (Path p : measure.basePlugins) {
            if (!Files.exists(p)) {
                throw new CcsidBenchException("--base-plugin " + p + ": no such file or folder");
            }
        }
        if (!builtPlugin) { // a plug-in the base commit built is that side's only one
            baseSide = baseSide.withPlugins(measure.basePlugins());
        }
        candidate = candidate.withPlugins(measure.plugins);
        if (dryRun) {
            System.err.println("ccsid-bench gate: dry run: " + baseSide.label() + " and " + candidate.label()
                    + " are ready; nothing measured");
            return 0;
        }
        int exit = new AbGate(System.err).run(new GateRequest(baseSide, candidate, baseMethods, out, selection,
                Preset.GATE.timing(), thresholds, measure.pairs, measure.confirmationPairs, measure.duet(), left,
                given(spec.commandLine().getParseResult()))).exitCode();
        return strict && exit == AbGate.CANNOT_TELL_EXIT ? CcsidBenchException.FAILED : exit;
    }

    /** The options a gate was given, as typed, {@code --out} left out: what its reproduce command repeats. */
    static List<String> given(ParseResult parsed) {
        List<String> words = new ArrayList<>();
        for (OptionSpec option : new LinkedHashSet<>(parsed.matchedOptions())) { // listed once per occurrence
            String name = option.longestName();
            if (name.equals("--out")) {
                continue;
            }
            if (option.arity().max() == 0) {
                words.add(name);
                continue;
            }
            for (String value : option.originalStringValues()) {
                words.add(name);
                words.add(value);
            }
        }
        return words;
    }
}
