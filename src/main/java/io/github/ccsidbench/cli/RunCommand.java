package io.github.ccsidbench.cli;

import java.time.Duration;
import java.util.ArrayList;
import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.data.DataProfile;
import io.github.ccsidbench.data.DataRun;
import io.github.ccsidbench.suite.BenchmarkPlan;
import io.github.ccsidbench.db2.RowShape;
import io.github.ccsidbench.suite.Preset;
import io.github.ccsidbench.suite.ProfiledForks;
import io.github.ccsidbench.suite.Selection;
import io.github.ccsidbench.suite.RunFolder;
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
        description = {"Run a benchmark preset; write the report (report.html, report.md), results.json,",
                "steadiness.json, environment.json and summary.md to target/ccsid-bench (or --out DIR).",
                "Progress goes to stderr; JMH's own output to jmh.log in the output directory."})
final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--preset", defaultValue = "${sys:ccsidbench.preset:-}", paramLabel = "NAME",
            description = "smoke, quick, standard, gate, reference, dbcs, data or full (default: standard, or data with --data);"
                    + " 'list presets' describes them")
    String preset;

    @Mixin
    ZosOptions zos;

    @Mixin
    DataOptions data;

    @Option(names = "--resume", paramLabel = "DIR",
            description = "continue the interrupted run whose output directory (and journal) is DIR: the same command, measuring"
                    + " only the forks its journal does not hold; give no other option")
    Path resume;

    /** Set when this run continues an interrupted one (the command is the journal's, the output directory its). */
    @Option(names = "--resuming", hidden = true)
    boolean resuming;

    @Mixin
    CcsidProviderOptions matrix;

    @Mixin
    SubsetOptions subset;

    @Mixin
    ForkOptions forkJvm;

    @Mixin
    OutputOptions output;

    /** Where a run writes its files unless {@code --out} says otherwise. */
    static final Path DEFAULT_OUT = Path.of("target", "ccsid-bench");

    @Option(names = "--workload", paramLabel = "LIST", split = ",", description = "only these workloads (default: the preset's)")
    List<String> workloads;

    @Option(names = "--forks", paramLabel = "N", converter = OptionValues.Forks.class, description = "forks per benchmark instead of the preset's (2 or more to measure)")
    Integer forks;

    @Option(names = "--max-forks", paramLabel = "N", converter = OptionValues.Forks.class,
            description = "forks a benchmark may get when its forks disagree or do not settle, instead of the preset's")
    Integer maxForks;

    @Option(names = "--max-iterations", paramLabel = "N", converter = OptionValues.MaxIterations.class,
            description = "the per-fork cap on iterations, instead of the preset's (a fork stops earlier once steady)")
    Integer maxIterations;

    @Option(names = "--iteration-ms", paramLabel = "MS", converter = OptionValues.IterationMillis.class, description = "length of one iteration, instead of the preset's")
    Integer iterationMs;

    @Option(names = "--budget", paramLabel = "MINUTES", converter = OptionValues.Minutes.class,
            description = "the run's time budget in minutes instead of the preset's; 0: none (forks run to their cap)")
    Double budget;

    @Option(names = "--shape", paramLabel = "NAME|FILE",
            description = "row shape for the Db2 paths: 'article' (default) or a JSON file of your columns")
    String shape;

    @Option(names = "--substitution", description = "also measure substitution where a workload is lossy in a CCSID (full does)")
    boolean substitution;

    @Option(names = "--no-gc-profiler", description = "do not record allocation per operation")
    boolean noGc;

    @Option(names = "--dry-run", description = "print the plan and its estimated time, run nothing")
    boolean dryRun;

    @Option(names = "--profile", description = "after the measured forks, one extra fork per profiled benchmark sampled by"
            + " async-profiler once steady: flame graphs and collapsed stacks in profiles/, the report's 'Where the time goes';"
            + " these forks feed no figure")
    boolean profile;

    @Option(names = "--profile-include", paramLabel = "REGEX",
            description = "profile the benchmarks whose key this finds (default: the answer's: jdk, icu and jt400 encode and"
                    + " decode of 37, 367 and 1208 at the longest length, and the server's INSERT into 37, 367, 1208 and the"
                    + " direct table)")
    String profileInclude;

    @Option(names = "--profile-event", paramLabel = "LIST", split = ",",
            description = "async-profiler events to try in order, the first that starts is used (default: cpu,ctimer,itimer)")
    List<String> profileEvents;

    @Option(names = "--profile-seconds", paramLabel = "S",
            description = "seconds sampled per profiled benchmark once steady (default: 2)")
    Double profileSeconds;

    @Override
    public Integer call() {
        zos.costs(); // options before files: a cost that is no number is refused before anything runs
        ProfiledForks.Settings profiled = profiled();
        if (resume != null) {
            return resumeRun();
        }
        data.checkUnused();
        Preset p = Preset.byId(preset == null || preset.isBlank() ? (data.given() ? Preset.DATA.id() : Preset.STANDARD.id()) : preset);
        if (p == Preset.DATA && !data.given()) {
            throw new CcsidBenchException("the data preset measures your own rows: give --data FILE");
        }
        Selection selection = subset.narrow(matrix.narrow(Selection.everything()))
                .withWorkloads(workloads == null ? null : OptionValues.each(workloads, Workload::byId))
                .withSubstitution(substitution)
                .withShape(shape == null ? null : RowShape.named(shape).name());
        Timing timing = p.timing();
        if (forks != null) {
            timing = timing.withForks(forks);
        }
        timing = tuned(timing);
        Path out = output.dir(DEFAULT_OUT);
        if (!data.given()) {
            if (dryRun) {
                return measure(p, timing, selection, out, null, profiled, Duration.ZERO);
            }
            try (RunFolder folder = RunFolder.hold(out, System.err)) {
                return measure(p, timing, selection, out, null, profiled, Duration.ZERO);
            }
        }
        List<ConverterProvider> providers = matrix.providersGiven() ? matrix.providers() : p.providers();
        // The file is read and checked before the folder is held: a bad file is refused without touching the folder.
        try (DataRun run = DataRun.prepare(data.source(), data.rows(), data.seed(), matrix.ccsids(null), providers,
                data.showExamples, System.err, out.resolve(RunFolder.PRIVATE).resolve("sample.bin"))) {
            // The data's own CCSIDs replace --ccsid for the preset's other parts: --ccsid adds columns to the data's.
            selection = selection.withCcsids(null).withData(new Selection.Data(run.samplePath(), run.columns(), run.ccsids(),
                    run.profile().leftOutKeys()));
            if (dryRun) {
                return measure(p, timing, selection, out, run.profile(), profiled, run.reading());
            }
            try (RunFolder folder = RunFolder.hold(out, System.err)) {
                run.writeSample();
                return measure(p, timing, selection, out, run.profile(), profiled, run.reading());
            }
        }
    }

    /** The profiled forks the options ask for, checked before anything runs; null without {@code --profile}. */
    private ProfiledForks.Settings profiled() {
        if (!profile) {
            if (profileInclude != null || profileEvents != null || profileSeconds != null) {
                throw new CcsidBenchException("--profile-include, --profile-event and --profile-seconds need --profile");
            }
            return null;
        }
        ProfiledForks.Settings d = ProfiledForks.Settings.defaults();
        return new ProfiledForks.Settings(profileInclude, profileEvents == null ? d.events() : profileEvents,
                profileSeconds == null ? d.seconds() : profileSeconds);
    }

    private int measure(Preset p, Timing timing, Selection selection, Path out, DataProfile profile,
                        ProfiledForks.Settings profiled, Duration prepared) {
        BenchmarkPlan plan = BenchmarkPlan.of(p, timing, selection);
        if (profiled != null && ProfiledForks.chosen(plan.runs().stream().flatMap(r -> r.cases().stream()).toList(), profiled).isEmpty()) {
            throw new CcsidBenchException("--profile: no benchmark of this run is to be profiled"
                    + (profiled.include() == null ? " (the answer's benchmarks are not in it: choose some with --profile-include)"
                    : " (--profile-include " + profiled.include() + " finds none of its keys)"));
        }
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
        new SuiteRunner(System.err, zos.costs()).run(plan, new SuiteRunner.Settings(p.id(), out, java, args, !noGc, profile,
                recordedCommand(), resuming, profiled, prepared));
        return 0;
    }

    /** {@code run --resume DIR}: the interrupted run's own command again, replaying its journal into DIR. */
    private int resumeRun() {
        List<String> given = spec.commandLine().getParseResult().expandedArgs();
        if (given.stream().filter(a -> a.startsWith("-")).anyMatch(a -> !a.equals("--resume") && !a.startsWith("--resume="))) {
            throw new CcsidBenchException("--resume DIR takes no other option: the interrupted run's journal holds them");
        }
        List<String> command = new ArrayList<>(List.of("run"));
        command.addAll(SuiteRunner.interruptedCommand(resume));
        command.addAll(List.of("--out", resume.toString(), "--resuming"));
        return Main.commandLine(spec.commandLine().getOut(), spec.commandLine().getErr(), picocli.CommandLine.defaultFactory())
                .execute(command.toArray(String[]::new));
    }

    /** The command as the journal records it: without the output directory, values from -Dbench.* properties written out. */
    private List<String> recordedCommand() {
        picocli.CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        List<String> args = new ArrayList<>();
        List<String> given = parsed.expandedArgs();
        for (int i = 0; i < given.size(); i++) {
            String a = given.get(i);
            if (a.equals("--out") || a.equals("--resuming")) {
                i += a.equals("--out") ? 1 : 0;
                continue;
            }
            if (a.startsWith("--out=")) {
                continue;
            }
            args.add(a);
        }
        if (!parsed.hasMatchedOption("--preset") && preset != null && !preset.isBlank()) {
            args.addAll(List.of("--preset", preset));
        }
        if (!parsed.hasMatchedOption("--data") && data.given()) {
            args.addAll(List.of("--data", data.file));
        }
        ForkOptions.fromMaven().forEach(a -> args.add("--jvm-arg=" + a));
        return args;
    }

    /** The preset's timing with the options that override it (each value checked by its converter, the forks' order here). */
    private Timing tuned(Timing timing) {
        Timing t = timing;
        if (maxForks != null) {
            if (maxForks < t.forks()) {
                throw new CcsidBenchException("--max-forks must be at least the forks (" + t.forks() + ")");
            }
            t = t.withMaxForks(maxForks);
        }
        if (maxIterations != null) {
            t = t.withMaxIterations(maxIterations);
        }
        if (iterationMs != null) {
            t = t.withIteration(Duration.ofMillis(iterationMs));
        }
        if (budget != null) {
            t = t.withBudget(Duration.ofMillis(Math.round(budget * 60_000)));
        }
        return t;
    }
}
