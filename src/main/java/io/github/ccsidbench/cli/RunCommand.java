package io.github.ccsidbench.cli;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.suite.BenchmarkPlan;
import io.github.ccsidbench.db2.RowShape;
import io.github.ccsidbench.suite.Preset;
import io.github.ccsidbench.suite.Selection;
import io.github.ccsidbench.suite.SuiteRunner;
import io.github.ccsidbench.suite.Timing;
import io.github.ccsidbench.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code run}: measures a preset (narrowed by filters) and writes results.json and summary.md. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a benchmark preset and write results.json (JMH JSON), environment.json and summary.md.",
                "Progress goes to stderr; JMH's own output to jmh.log in the output directory."})
final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--preset", defaultValue = "standard", paramLabel = "NAME",
            description = "smoke, quick, standard, gate, reference, dbcs or full (default: ${DEFAULT-VALUE}); 'list presets' describes them")
    String preset;

    @Option(names = "--include", defaultValue = ".*", paramLabel = "REGEX",
            description = "only benchmarks whose JMH name matches, e.g. 'encode' or 'ConversionBenchmark.decode' "
                    + "(the floors always run: every ratio needs them)")
    String include;

    @Mixin
    ForkOptions forkJvm;

    @Option(names = "--out", defaultValue = "target/ccsid-bench", paramLabel = "DIR",
            description = "output directory (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--ccsid", paramLabel = "LIST", description = "only these CCSIDs, e.g. 37,1208 (default: the preset's)")
    String ccsids;

    @Option(names = "--provider", paramLabel = "LIST", description = "only these providers, e.g. jdk,icu (default: all built-in)")
    String providers;

    @Option(names = "--workload", paramLabel = "LIST", description = "only these workloads (default: the preset's)")
    String workloads;

    @Option(names = "--length", paramLabel = "LIST", description = "these lengths instead of the preset's, e.g. 8,1024,65536")
    String lengths;

    @Option(names = "--forks", paramLabel = "N", description = "forks per benchmark instead of the preset's (2 or more to measure)")
    Integer forks;

    @Option(names = "--max-forks", paramLabel = "N",
            description = "forks a benchmark may get when its forks disagree or do not settle, instead of the preset's")
    Integer maxForks;

    @Option(names = "--max-iterations", paramLabel = "N",
            description = "the per-fork cap on iterations, instead of the preset's (a fork stops earlier once steady)")
    Integer maxIterations;

    @Option(names = "--iteration-ms", paramLabel = "MS", description = "length of one iteration, instead of the preset's")
    Integer iterationMs;

    @Option(names = "--time-limit", paramLabel = "MINUTES",
            description = "the run's time budget in minutes instead of the preset's; 0: none (forks run to their cap)")
    Double timeLimit;

    @Option(names = "--shape", paramLabel = "NAME|FILE",
            description = "row shape for the Db2 paths: 'article' (default) or a JSON file of your columns")
    String shape;

    @Option(names = "--substitution", description = "also measure substitution where a workload is lossy in a CCSID (full does)")
    boolean substitution;

    @Option(names = "--no-gc-profiler", description = "do not record allocation per operation")
    boolean noGc;

    @Option(names = "--dry-run", description = "print the plan and its estimated time, run nothing")
    boolean dryRun;

    @Override
    public Integer call() {
        Preset p = Preset.byId(preset);
        Options.include(include);
        Selection selection = Selection.everything()
                .withCcsids(ccsids == null ? null : Options.list(ccsids, CcsidRegistry::lookup))
                .withProviders(providers == null ? null : Options.list(providers, Providers::byName))
                .withWorkloads(workloads == null ? null : Options.list(workloads, Workload::byId))
                .withLengths(lengths == null ? null : Options.list(lengths, Options::length))
                .withInclude(include)
                .withSubstitution(substitution)
                .withShape(shape == null ? null : RowShape.named(shape).name());
        Timing timing = p.timing();
        if (forks != null) {
            if (forks < 1) {
                throw new CcsidBenchException("--forks must be at least 1");
            }
            timing = timing.withForks(forks);
        }
        timing = tuned(timing);
        BenchmarkPlan plan = BenchmarkPlan.of(p, timing, selection);
        if (dryRun) {
            spec.commandLine().getOut().print(plan.describe());
            spec.commandLine().getOut().flush();
            return 0;
        }
        if (timing.forks() < 2 && p != Preset.SMOKE) {
            spec.commandLine().getErr().println("ccsid-bench: warning: fewer than 2 forks: fork-to-fork variance is not"
                    + " sampled; treat the numbers as a smoke check");
        }
        String java = forkJvm.java();
        List<String> args = forkJvm.args();
        new SuiteRunner(System.err).run(plan, new SuiteRunner.Settings(p.id(), out, java, args, !noGc));
        return 0;
    }

    /** The preset's timing with the options that override it, each checked. */
    private Timing tuned(Timing timing) {
        Timing t = timing;
        if (maxForks != null) {
            if (maxForks < t.forks()) {
                throw new CcsidBenchException("--max-forks must be at least the forks (" + t.forks() + ")");
            }
            t = t.withMaxForks(maxForks);
        }
        if (maxIterations != null) {
            if (maxIterations < 2 || maxIterations > 10_000) {
                throw new CcsidBenchException("--max-iterations must be from 2 to 10000");
            }
            t = t.withMaxIterations(maxIterations);
        }
        if (iterationMs != null) {
            if (iterationMs < 10 || iterationMs > 60_000) {
                throw new CcsidBenchException("--iteration-ms must be from 10 to 60000");
            }
            t = t.withIteration(java.time.Duration.ofMillis(iterationMs));
        }
        if (timeLimit != null) {
            if (timeLimit < 0 || timeLimit.isNaN() || timeLimit > 100_000) {
                throw new CcsidBenchException("--time-limit must be a number of minutes, 0 for none");
            }
            t = t.withBudget(java.time.Duration.ofMillis(Math.round(timeLimit * 60_000)));
        }
        return t;
    }
}
