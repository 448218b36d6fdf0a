package io.github.ccsidbench.suite;

import io.github.ccsidbench.machine.CpuSteal;
import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.data.DataProfile;
import io.github.ccsidbench.report.Report;
import io.github.ccsidbench.report.ZosEstimate;
import io.github.ccsidbench.report.ReportInputs;
import io.github.ccsidbench.report.SummaryMarkdown;
import io.github.ccsidbench.results.AtomicFiles;
import io.github.ccsidbench.results.BenchmarkResult;
import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.JmhResults;
import io.github.ccsidbench.results.ModelFigures;
import io.github.ccsidbench.results.ProfileFile;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.results.SteadinessFile;
import io.github.ccsidbench.steady.ForkOutcome;
import io.github.ccsidbench.steady.ForkTimeline;
import io.github.ccsidbench.results.Steadiness;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;

import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** Runs a {@link BenchmarkPlan}, writing its files atomically once all succeeded (docs/output.md, "The output files of a run"). */
public final class SuiteRunner {

    /** File names in the output directory. */
    public static final String RESULTS = "results.json";
    public static final String SUMMARY = "summary.md";
    public static final String LOG = "jmh.log";

    /** JVM options of every fork: a fixed, pre-touched heap (docs/method.md, "How it is kept honest"). */
    public static final List<String> DEFAULT_JVM_ARGS = List.of("-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch");

    /**
     * How to run a plan.
     *
     * @param preset the preset's name, recorded in the environment
     * @param outDir where the files go
     * @param jvm the java executable for the forks
     * @param jvmArgs arguments for every fork
     * @param gcProfiler whether to record allocation per operation
     * @param data what a user's rows need and lose, when the run measures them ({@code data.json}), else null
     * @param command the run command's arguments, for the journal (a resumed run repeats them)
     * @param resume whether to continue the interrupted run whose journal is in {@code outDir}
     * @param profile what {@code --profile} samples after the measured forks, or null: no profiled fork
     * @param prepared the time the run spent before its forks (reading and checking a user's file)
     */
    public record Settings(String preset, Path outDir, String jvm, List<String> jvmArgs, boolean gcProfiler, DataProfile data,
                           List<String> command, boolean resume, ProfiledForks.Settings profile,
                           Duration prepared) {
    }

    /** The arguments of the run command whose interrupted run's journal is in {@code dir} (a one-line error when none). */
    public static List<String> interruptedCommand(Path dir) {
        return Journal.header(dir).args();
    }

    /** What a finished run wrote. */
    public record Outcome(Path results, Path summary, List<BenchmarkResult> parsed, Duration wallTime) {
    }

    private final PrintStream err;
    private final ZosEstimate.Costs zos;

    /** A runner whose report's z/OS estimate uses {@code zos}'s costs per conversion. */
    public SuiteRunner(PrintStream err, ZosEstimate.Costs zos) {
        this.err = err;
        this.zos = zos;
    }

    public Outcome run(BenchmarkPlan plan, Settings settings) {
        if (plan.size() == 0) {
            throw new CcsidBenchException("nothing to run: the filters exclude every benchmark");
        }
        Path out = settings.outDir();
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new CcsidBenchException("cannot create output directory " + out + ": " + e.getMessage());
        }
        List<RunResult> all;
        ProfileFile profiles;
        Duration wall;
        SteadinessFile steadiness;
        List<BenchmarkCase> cases = plan.runs().stream().flatMap(r -> r.cases().stream()).toList();
        Journal.Header header = new Journal.Header(Journal.VERSION, settings.command(), Journal.keys(cases));
        Journal.Read resumed = settings.resume() ? Journal.read(out) : null;
        if (resumed != null && !resumed.header().cases().equals(header.cases())) {
            throw new CcsidBenchException(String.format("the interrupted run in %s planned %d benchmarks, this plan %d"
                    + " (first difference: %s): the code, the preset or the data changed since; start the run again"
                    + " without --resume", out, resumed.header().cases().size(), header.cases().size(),
                    Journal.firstDifference(resumed.header().cases(), header.cases())));
        }
        Path log = out.resolve(LOG);
        Duration profiling = settings.profile() == null ? Duration.ZERO
                : ProfiledForks.estimate(ProfiledForks.chosen(cases, settings.profile()).size(), plan.timing(), settings.profile());
        err.printf("ccsid-bench: %d benchmarks, %s; about %s%s%s; forks run %s; JMH log: %s%n", plan.size(),
                plan.timing().describe(),
                Timing.format(plan.estimate().plus(settings.prepared()).plus(profiling).plus(Timing.AROUND_FORKS)),
                profiling.isZero() ? "" : " with " + Timing.format(profiling) + " of profiled forks after the budget",
                settings.prepared().isZero() ? "" : " in all, " + Timing.format(settings.prepared()) + " of it reading the file (done)",
                settings.jvm(), log);
        RunEnvironment environment = RunEnvironment.capture(settings.preset(), plan.timing().describe(), settings.jvm(), settings.jvmArgs());
        Journal journal;
        if (resumed != null) {
            journal = Journal.resume(out);
            err.printf("ccsid-bench: resuming the interrupted run in %s: %d forks are in its journal, the missing ones are measured%n",
                    out, resumed.size());
        } else {
            if (Files.exists(out.resolve(Journal.FILE))) {
                err.printf("ccsid-bench: the journal of an interrupted run in %s is replaced (run --resume %s would have continued it)%n",
                        out, out);
            }
            journal = Journal.start(out, header);
        }
        try (journal; Session session = new Session(log, err, plan.size() * plan.timing().forks(), plan.timing().typicalFork(),
                settings.resume())) {
            all = session.measure(plan.runs(), plan.timing(), settings, journal, resumed);
            wall = session.elapsed().plus(Duration.ofMillis(resumed == null ? 0 : resumed.millis()));
            steadiness = session.steadiness();
            profiles = session.profiles();
        }
        if (all.size() != plan.size()) {
            throw new CcsidBenchException("benchmark run incomplete: " + all.size() + " of " + plan.size()
                    + " benchmarks produced results (details in " + log + "); nothing was overwritten",
                    CcsidBenchException.FAILED);
        }
        String json = toJson(all);
        List<BenchmarkResult> parsed = JmhResults.parse(json, "this run");
        RunEnvironment env = environment.withWallTime(Timing.format(wall));
        String summary = SummaryMarkdown.render(DerivedFigures.derive(parsed, steadiness.byKey()), Optional.of(env),
                Optional.of(steadiness));
        Path results = out.resolve(RESULTS);
        Path summaryFile = out.resolve(SUMMARY);
        AtomicFiles.writeString(out.resolve(RunEnvironment.FILE), env.toJson());
        AtomicFiles.writeString(out.resolve(SteadinessFile.FILE), steadiness.toJson());
        if (settings.data() != null) {
            AtomicFiles.writeString(out.resolve(DataProfile.FILE), settings.data().toJson());
        }
        ModelFigures model = ModelFigures.of(parsed);
        AtomicFiles.writeString(out.resolve(ModelFigures.FILE), model.toJson());
        AtomicFiles.writeString(results, json);
        AtomicFiles.writeString(summaryFile, summary);
        placeProfiles(out, profiles);
        Journal.remove(out); // the run is complete: nothing is left to resume
        err.printf("ccsid-bench: %d benchmarks in %s%s; wrote %s and %s%n", parsed.size(), Timing.format(wall),
                settings.prepared().isZero() ? "" : ", " + Timing.format(wall.plus(settings.prepared())) + " with the reading of the file",
                results, summaryFile);
        steadiness.forkTimeText().ifPresent(t -> err.println("ccsid-bench: " + t + "; steadiness.json has them"));
        try {
            // The report of the files just written, read as `report` reads them: what a later `report results.json` writes.
            ReportInputs inputs = ReportInputs.read(List.of(results));
            List<Path> written = Report.write(Report.build(inputs, zos), out);
            err.printf("ccsid-bench: wrote %s and %s (%d report files)%n", out.resolve(Report.MARKDOWN), out.resolve(Report.HTML),
                    written.size());
        } catch (RuntimeException e) {
            throw new CcsidBenchException("the results are in " + results + ", but the report failed: " + e
                    + "; write it again with: ccsid-bench report " + results, CcsidBenchException.FAILED, e);
        }
        return new Outcome(results, summaryFile, parsed, wall);
    }

    /** Puts a run's profiles where the report reads them; a run without profiles removes those of the run it replaces. */
    private static void placeProfiles(Path out, ProfileFile profiles) {
        Path dir = out.resolve(ProfileFile.DIR);
        try {
            RunFolder.deleteTree(dir);
            if (profiles == null) {
                Files.deleteIfExists(out.resolve(ProfileFile.FILE));
                return;
            }
            Path staging = profileStaging(out);
            if (Files.isDirectory(staging)) {
                Files.move(staging, dir);
            }
        } catch (IOException e) {
            throw new CcsidBenchException("the results are written, but the profiles could not be moved to " + dir + ": "
                    + e.getMessage(), CcsidBenchException.FAILED);
        }
        AtomicFiles.writeString(out.resolve(ProfileFile.FILE), profiles.toJson());
    }

    /** Where profiled forks write their files until the run is whole: the run's private space. */
    static Path profileStaging(Path out) {
        return out.resolve(RunFolder.PRIVATE).resolve("profiles");
    }

    /** The JMH log, the progress display and the steadiness record of one run's measurement. */
    private static final class Session implements AutoCloseable {
        private final Path logFile;
        private final PrintStream log;
        private final Progress progress;
        private final List<Steadiness> steadiness = new ArrayList<>();
        private int rounds;
        private int forks;
        private int wantedMore;
        private final List<ForkOutcome> timed = new ArrayList<>();
        private long iterationMillis;
        private final CpuSteal stealAtStart = CpuSteal.now();
        private ProfileFile profiles;

        /**
         * @param logFile where JMH's own output goes
         * @param err where progress goes
         * @param total how many forks all measurements of the session will run at least
         * @param plannedEach the expected time of one fork, until some have finished
         */
        Session(Path logFile, PrintStream err, int total, Duration plannedEach, boolean resumed) {
            this.logFile = logFile;
            try {
                // Forks append to the same file, so the session appends too; a resumed run keeps what was logged.
                if (!resumed || !Files.exists(logFile)) {
                    Files.write(logFile, new byte[0]);
                }
                this.log = new PrintStream(new FileOutputStream(logFile.toFile(), true), true, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new CcsidBenchException("cannot write the JMH log " + logFile + ": " + e.getMessage());
            }
            this.progress = new Progress(err, total, plannedEach);
        }

        /** Measures every benchmark of {@code runs} ({@link ForkScheduler}); a failure is one line naming it and the log. */
        List<RunResult> measure(List<PlannedRun> runs, Timing timing, Settings settings, Journal journal, Journal.Read resumed) {
            List<BenchmarkCase> cases = runs.stream().flatMap(r -> r.cases().stream()).toList();
            ForkScheduler.Measured m;
            try {
                ForkScheduler scheduler = new ForkScheduler(logFile, log, progress, settings, timing, null, journal, resumed);
                m = scheduler.measure(cases);
                if (settings.profile() != null) {
                    profiles = scheduler.profile(ProfiledForks.chosen(cases, settings.profile()), settings.profile(),
                            profileStaging(settings.outDir()));
                }
            } catch (ForkLauncher.ForkFailure e) {
                throw new CcsidBenchException("benchmark run failed: " + e.getMessage() + " (details in " + logFile
                        + "); nothing in " + settings.outDir() + " was overwritten", CcsidBenchException.FAILED, e);
            }
            steadiness.addAll(m.steadiness());
            rounds = Math.max(rounds, m.rounds());
            forks += m.forks();
            wantedMore += m.wantedMore();
            timed.addAll(m.timed());
            iterationMillis = timing.iteration().toMillis();
            return m.results();
        }

        /** Steadiness of everything measured so far, for {@code steadiness.json}. */
        SteadinessFile steadiness() {
            return new SteadinessFile(ForkRunner.SEED, rounds, forks, wantedMore, CpuSteal.now().since(stealAtStart), steadiness,
                    ForkTimeline.summary(timed, iterationMillis));
        }

        /** What the profiled forks sampled, or null when the run profiled nothing. */
        ProfileFile profiles() {
            return profiles;
        }

        Duration elapsed() {
            return progress.elapsed();
        }

        @Override
        public void close() {
            log.close();
        }
    }

    /** JMH's own JSON for {@code results}. */
    public static String toJson(Collection<RunResult> results) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, ps).writeOut(results);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
