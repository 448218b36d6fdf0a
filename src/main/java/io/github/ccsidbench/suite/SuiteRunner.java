package io.github.ccsidbench.suite;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.report.Report;
import io.github.ccsidbench.report.ReportInputs;
import io.github.ccsidbench.report.SummaryMarkdown;
import io.github.ccsidbench.results.AtomicFiles;
import io.github.ccsidbench.results.BenchmarkResult;
import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.JmhResults;
import io.github.ccsidbench.results.RunEnvironment;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs a {@link BenchmarkPlan} through JMH's Runner API and writes its files: {@code results.json}
 * (JMH's JSON, all runs merged), {@code environment.json}, {@code summary.md} and the report
 * ({@code report.md}, {@code report.html}, charts, CSV). Nothing is
 * written until every benchmark has succeeded, and then each file replaces its predecessor in one
 * atomic move, so a failed or interrupted run never overwrites a good result.
 */
public final class SuiteRunner {

    /** File names in the output directory. */
    public static final String RESULTS = "results.json";
    public static final String SUMMARY = "summary.md";
    public static final String LOG = "jmh.log";

    /** Heap for every fork: fixed, so GC sizing does not differ between runs. */
    public static final List<String> DEFAULT_JVM_ARGS = List.of("-Xms1g", "-Xmx1g");

    /**
     * How to run a plan.
     *
     * @param preset the preset's name, recorded in the environment
     * @param outDir where the files go
     * @param jvm the java executable for the forks
     * @param jvmArgs arguments for every fork
     * @param gcProfiler whether to record allocation per operation
     */
    public record Settings(String preset, Path outDir, String jvm, List<String> jvmArgs, boolean gcProfiler) {
    }

    /** What a finished run wrote. */
    public record Outcome(Path results, Path summary, List<BenchmarkResult> parsed, Duration wallTime) {
    }

    private final PrintStream err;

    public SuiteRunner(PrintStream err) {
        this.err = err;
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
        Path log = out.resolve(LOG);
        err.printf("ccsid-bench: %d benchmarks, %s each, about %s; forks run %s; JMH log: %s%n", plan.size(),
                plan.timing().describe(), Durations.format(plan.estimate()), settings.jvm(), log);
        RunEnvironment environment = RunEnvironment.capture(settings.preset(), plan.timing().describe(), settings.jvm());
        List<RunResult> all;
        Duration wall;
        try (Session session = new Session(log, err, plan.size(), plan.timing().perBenchmark())) {
            all = session.measure(plan.runs(), plan.timing(), settings);
            wall = session.elapsed();
        }
        if (all.size() != plan.size()) {
            throw new CcsidBenchException("benchmark run incomplete: " + all.size() + " of " + plan.size()
                    + " benchmarks produced results (details in " + log + "); nothing was overwritten",
                    CcsidBenchException.FAILED);
        }
        String json = toJson(all);
        List<BenchmarkResult> parsed = JmhResults.parse(json, "this run");
        RunEnvironment env = environment.withWallTime(Durations.format(wall));
        String summary = SummaryMarkdown.render(DerivedFigures.derive(parsed), Optional.of(env));
        Path results = out.resolve(RESULTS);
        Path summaryFile = out.resolve(SUMMARY);
        AtomicFiles.writeString(out.resolve(RunEnvironment.FILE), env.toJson());
        AtomicFiles.writeString(results, json);
        AtomicFiles.writeString(summaryFile, summary);
        err.printf("ccsid-bench: %d benchmarks in %s; wrote %s and %s%n", parsed.size(), Durations.format(wall),
                results, summaryFile);
        try {
            ReportInputs inputs = new ReportInputs(List.of(new ReportInputs.Source(results.toString(), Optional.of(env), parsed)));
            List<Path> written = Report.write(Report.build(inputs), out);
            err.printf("ccsid-bench: wrote %s and %s (%d report files)%n", out.resolve(Report.MARKDOWN), out.resolve(Report.HTML),
                    written.size());
        } catch (RuntimeException e) {
            throw new CcsidBenchException("the results are in " + results + ", but the report failed: " + e
                    + "; write it again with: ccsid-bench report " + results, CcsidBenchException.FAILED, e);
        }
        return new Outcome(results, summaryFile, parsed, wall);
    }

    /**
     * One JMH log and one progress display over several measurements: a run measures once, the
     * gate measures its rulers, its benchmarks and its rulers again.
     */
    public static final class Session implements AutoCloseable {
        private final Path logFile;
        private final PrintStream log;
        private final Progress progress;

        /**
         * @param logFile where JMH's own output goes
         * @param err where progress goes
         * @param total how many benchmarks all measurements of the session will run
         * @param plannedEach the expected time of one benchmark, until some have finished
         */
        public Session(Path logFile, PrintStream err, int total, Duration plannedEach) {
            this.logFile = logFile;
            try {
                this.log = new PrintStream(new FileOutputStream(logFile.toFile()), true, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new CcsidBenchException("cannot write the JMH log " + logFile + ": " + e.getMessage());
            }
            this.progress = new Progress(err, total, plannedEach);
        }

        /** Runs {@code runs} with {@code timing}; a failure is one line naming the benchmark and the log. */
        public List<RunResult> measure(List<PlannedRun> runs, Timing timing, Settings settings) {
            List<RunResult> all = new ArrayList<>();
            try {
                for (PlannedRun run : runs) {
                    Runner runner = new Runner(options(run, timing, settings).build(), new ProgressOutputFormat(
                            OutputFormatFactory.createFormatInstance(log, VerboseMode.NORMAL), progress));
                    all.addAll(runner.run());
                }
            } catch (RunnerException e) {
                throw new CcsidBenchException("benchmark run failed: " + failureMessage(e) + " (details in " + logFile
                        + "); nothing in " + settings.outDir() + " was overwritten", CcsidBenchException.FAILED, e);
            }
            return all;
        }

        /** Announces {@code more} benchmarks beyond the planned total (a re-run). */
        public void extend(int more) {
            progress.extend(more);
        }

        /** Prints one line among the progress lines. */
        public void message(String line) {
            progress.message(line);
        }

        /** Time since the session started. */
        public Duration elapsed() {
            return progress.elapsed();
        }

        @Override
        public void close() {
            log.close();
        }
    }

    private static ChainedOptionsBuilder options(PlannedRun run, Timing timing, Settings settings) {
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include(run.includeRegex())
                .forks(timing.forks())
                .warmupIterations(timing.warmupIterations())
                .warmupTime(TimeValue.milliseconds(timing.warmupTime().toMillis()))
                .measurementIterations(timing.measurementIterations())
                .measurementTime(TimeValue.milliseconds(timing.measurementTime().toMillis()))
                .timeUnit(TimeUnit.NANOSECONDS)
                .jvm(settings.jvm())
                .jvmArgs(settings.jvmArgs().toArray(String[]::new))
                .jvmArgsAppend(run.jvmArgs().toArray(String[]::new))
                .shouldFailOnError(true);
        run.params().forEach((name, values) -> b.param(name, values.toArray(String[]::new)));
        if (settings.gcProfiler()) {
            b.addProfiler(GCProfiler.class);
        }
        return b;
    }

    /** JMH's own JSON for {@code results}. */
    public static String toJson(Collection<RunResult> results) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, ps).writeOut(results);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /**
     * The most useful line from a failed run: the message of our own exception if a benchmark
     * threw one (a set-up verification failure says which converter, CCSID and input), else the
     * deepest message JMH passed along.
     */
    static String failureMessage(Throwable failure) {
        Deque<Throwable> todo = new ArrayDeque<>(List.of(failure));
        String fallback = failure.getMessage();
        int guard = 0;
        while (!todo.isEmpty() && guard++ < 100) {
            Throwable t = todo.pop();
            if (t instanceof CcsidBenchException) {
                return t.getMessage();
            }
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                fallback = t.getClass().getSimpleName() + ": " + t.getMessage().lines().findFirst().orElse("");
            }
            if (t.getCause() != null) {
                todo.push(t.getCause());
            }
            for (Throwable s : t.getSuppressed()) {
                todo.push(s);
            }
        }
        return fallback;
    }
}
