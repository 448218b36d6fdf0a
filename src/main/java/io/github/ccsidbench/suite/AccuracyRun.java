package io.github.ccsidbench.suite;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ChildProcess;
import io.github.ccsidbench.report.Accuracy;
import io.github.ccsidbench.results.AtomicFiles;
import io.github.ccsidbench.results.JmhResults;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs an {@link AccuracyPlan} on this machine: each suite run and each long plain JMH run as a child process of the
 * same jar and java, in the plan's order, one progress line per run on stderr and each child's own output in a log
 * file; then the analysis ({@link Accuracy}) and its files. The runs write into a staging folder ({@value #STAGING})
 * and move into the output folder only when every run succeeded and the analysis is made, so a failed check replaces
 * none of a previous one's files, and its logs stay in the staging folder to be read.
 */
public final class AccuracyRun {

    /** Where the runs write until the check is whole. */
    public static final String STAGING = ".partial";
    /** A long run's results (all its invocations' JMH JSON merged) in its folder. */
    public static final String LONG_RESULTS = "results.json";
    /** A child's own output in its folder: the suite's progress, JMH's log. */
    public static final String SUITE_LOG = "progress.log";
    public static final String LONG_LOG = "jmh.log";

    /** How a child run is started: the real one runs a process; tests fake the children's outputs. */
    @FunctionalInterface
    public interface Children {
        /** Runs {@code command} to its end within {@code timeout}, its output appended to {@code log}; returns its exit status. */
        int run(List<String> command, Path log, Duration timeout);
    }

    /** Children as processes ({@link ChildProcess}): killed with their own children on a timeout or this JVM's exit. */
    public static final Children PROCESSES = (command, log, timeout) -> {
        try {
            return ChildProcess.run(new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(Redirect.appendTo(log.toFile())), timeout).exit();
        } catch (ChildProcess.Failure e) {
            throw new CcsidBenchException(e.getMessage(), CcsidBenchException.FAILED);
        }
    };

    private final PrintStream err;
    private final Children children;

    public AccuracyRun(PrintStream err) {
        this(err, PROCESSES);
    }

    public AccuracyRun(PrintStream err, Children children) {
        this.err = err;
        this.children = children;
    }

    /** The JSON file of invocation {@code i} (0-based) of {@code n} in a long run's folder. */
    static String longResults(int n, int i) {
        return n == 1 ? LONG_RESULTS : "part-" + (i + 1) + ".json";
    }

    /**
     * Runs the plan into {@code out} and returns the analysis, written there as accuracy.json and accuracy.md beside the
     * runs' folders. A run that fails, or leaves no usable output, ends the check with a one-line error (exit status 1)
     * naming its log.
     */
    public Accuracy run(AccuracyPlan plan, Path out) {
        Path staging = out.resolve(STAGING);
        deleteTree(staging);
        createDirectories(staging);
        String date = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        long start = System.nanoTime();
        err.printf("ccsid-bench: accuracy check of %s; the runs' own output goes to their folders in %s%n", plan.headline(), staging);
        List<AccuracyOrder.Step> order = plan.order();
        for (int i = 0; i < order.size(); i++) {
            AccuracyOrder.Step step = order.get(i);
            Path dir = staging.resolve(step.folder());
            long began = System.nanoTime();
            String prefix = String.format("ccsid-bench: [%d/%d] %s", i + 1, order.size(), step.label());
            if (step.kind() == AccuracyOrder.Kind.SUITE) {
                err.printf("%s: the suite (run --preset %s), about %s; progress in %s%n", prefix, plan.preset().id(),
                        Timing.format(plan.suiteEstimate()), dir.resolve(SUITE_LOG));
                suite(plan, step, dir);
            } else {
                err.printf("%s: plain JMH (%s) of %d figures, about %s; JMH's log in %s%n", prefix, plan.longOptions().text(),
                        plan.figures().size(), Timing.format(plan.longEstimate()), dir.resolve(LONG_LOG));
                longRun(plan, step, dir);
            }
            err.printf("%s done in %s (%s since the start)%n", prefix, Timing.format(Duration.ofNanos(System.nanoTime() - began)),
                    Timing.format(Duration.ofNanos(System.nanoTime() - start)));
        }
        Accuracy accuracy;
        try {
            accuracy = Accuracy.of(inputs(plan, staging, date));
        } catch (CcsidBenchException e) {
            throw new CcsidBenchException("the runs finished, but their outputs cannot be compared: " + e.getMessage()
                    + " (the runs are in " + staging + ")", CcsidBenchException.FAILED, e);
        }
        place(staging, out, order);
        accuracy.write(out);
        deleteTree(staging);
        return accuracy;
    }

    /** What the analysis reads: every run's outputs, relative to the folder accuracy.json is in. */
    static Accuracy.Inputs inputs(AccuracyPlan plan, Path root, String date) {
        List<String> suites = plan.order().stream().filter(s -> s.kind() == AccuracyOrder.Kind.SUITE)
                .map(AccuracyOrder.Step::folder).toList();
        List<String> longs = plan.order().stream().filter(s -> s.kind() == AccuracyOrder.Kind.LONG)
                .map(s -> s.folder() + "/" + LONG_RESULTS).toList();
        Accuracy.Settings settings = new Accuracy.Settings(plan.preset().id(), plan.request().include(), plan.longOptions().text(),
                plan.request().java(), plan.jvmArgs(), plan.shownSuiteCommand(Path.of("")), plan.shownLongCommands(Path.of("")),
                plan.suiteExtras());
        return new Accuracy.Inputs(settings, plan.order().stream().map(AccuracyOrder.Step::label).toList(),
                plan.figures().stream().map(BenchmarkCase::key).toList(), root, suites, longs, date);
    }

    private void suite(AccuracyPlan plan, AccuracyOrder.Step step, Path dir) {
        createDirectories(dir);
        Path log = dir.resolve(SUITE_LOG);
        int exit = child(step, "", plan.suiteCommand(dir), log, timeout(plan.suiteEstimate()));
        if (exit != 0) {
            throw new CcsidBenchException(step.label() + " failed (exit status " + exit + ")" + lastMessage(log) + "; its log: " + log,
                    CcsidBenchException.FAILED);
        }
    }

    private void longRun(AccuracyPlan plan, AccuracyOrder.Step step, Path dir) {
        createDirectories(dir);
        Path log = dir.resolve(LONG_LOG);
        int n = plan.invocations().size();
        List<Path> parts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            PlainJmhRuns.Invocation inv = plan.invocations().get(i);
            Path json = dir.resolve(longResults(n, i));
            int exit = child(step, n == 1 ? "" : ", invocation " + (i + 1) + " of " + n, plan.longCommand(inv, json), log,
                    timeout(PlainJmhRuns.estimate(List.of(inv), plan.longOptions())));
            if (exit != 0) {
                throw new CcsidBenchException(step.label() + ": JMH failed (exit status " + exit + "); its log: " + log,
                        CcsidBenchException.FAILED);
            }
            if (!Files.isRegularFile(json)) {
                throw new CcsidBenchException(step.label() + ": JMH wrote no results (" + json + "); its log: " + log,
                        CcsidBenchException.FAILED);
            }
            parts.add(json);
        }
        if (n > 1) {
            StringBuilder merged = new StringBuilder("[\n");
            for (int i = 0; i < n; i++) {
                try {
                    String text = Files.readString(parts.get(i), StandardCharsets.UTF_8).strip();
                    JmhResults.parse(text, parts.get(i).toString());
                    merged.append(i == 0 ? "" : ",\n").append(text, 1, text.length() - 1);
                } catch (IOException | CcsidBenchException e) {
                    throw new CcsidBenchException(step.label() + ": " + (e instanceof CcsidBenchException ? e.getMessage()
                            : "cannot read " + parts.get(i) + ": " + CcsidBenchException.reason(e)) + "; its log: " + log,
                            CcsidBenchException.FAILED);
                }
            }
            AtomicFiles.writeString(dir.resolve(LONG_RESULTS), merged.append("\n]\n").toString());
        }
    }

    /**
     * Runs one child ({@code part}: which of the step's invocations, or ""), its command first written to its log; one
     * that cannot start or runs past its timeout is one line naming the run and its log (exit 1).
     */
    private int child(AccuracyOrder.Step step, String part, List<String> command, Path log, Duration timeout) {
        appendLine(log, "# ccsid-bench accuracy, " + step.label() + part + ": " + String.join(" ", AccuracyPlan.quoted(command)));
        try {
            return children.run(command, log, timeout);
        } catch (CcsidBenchException e) {
            throw new CcsidBenchException(step.label() + ": " + e.getMessage() + "; its log: " + log, CcsidBenchException.FAILED, e);
        }
    }

    /** A child's timeout: three times its estimate, and never under half an hour (a busy host stretches any run). */
    static Duration timeout(Duration estimate) {
        Duration three = estimate.multipliedBy(3);
        return three.compareTo(Duration.ofMinutes(30)) < 0 ? Duration.ofMinutes(30) : three;
    }

    /** "": ", ccsid-bench: ..." from the child's log: the one line a failed command wrote, if any. */
    private static String lastMessage(Path log) {
        try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
            return lines.filter(l -> l.startsWith("ccsid-bench: ")).reduce((a, b) -> b).map(l -> ": " + l.substring(13)).orElse("");
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }

    /**
     * Moves the runs' folders from the staging folder into {@code out}, replacing those of a previous check (any
     * suite-N and long-N folder there, so that none of an earlier check with more runs is left to be taken for this one's).
     */
    private static void place(Path staging, Path out, List<AccuracyOrder.Step> order) {
        try (Stream<Path> old = Files.list(out)) {
            for (Path p : old.filter(p -> Files.isDirectory(p) && p.getFileName().toString().matches("(suite|long)-\\d+")).toList()) {
                deleteTree(p);
            }
            for (AccuracyOrder.Step s : order) {
                Files.move(staging.resolve(s.folder()), out.resolve(s.folder()));
            }
        } catch (IOException e) {
            throw new CcsidBenchException("cannot move the runs from " + staging + " to " + out + ": " + CcsidBenchException.reason(e),
                    CcsidBenchException.FAILED);
        }
    }

    private static void createDirectories(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new CcsidBenchException("cannot create " + dir + ": " + CcsidBenchException.reason(e));
        }
    }

    private static void appendLine(Path file, String line) {
        try {
            Files.writeString(file, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new CcsidBenchException("cannot write " + file + ": " + CcsidBenchException.reason(e));
        }
    }

    private static void deleteTree(Path dir) {
        try {
            RunFolder.deleteTree(dir);
        } catch (IOException e) {
            throw new CcsidBenchException("cannot delete " + dir + ": " + CcsidBenchException.reason(e));
        }
    }
}
