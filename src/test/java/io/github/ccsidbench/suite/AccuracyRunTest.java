package io.github.ccsidbench.suite;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.report.Accuracy;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.results.Steadiness;
import io.github.ccsidbench.results.SteadinessFile;
import io.github.ccsidbench.stats.LogLevel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The accuracy check's run, with its children faked: each writes what a real suite run or JMH run writes, from the
 * command it is given, so the order, the commands, the staging, the merging of a long run's invocations, the analysis
 * and the failures are tested without measuring anything.
 */
class AccuracyRunTest {

    /** Figures of a cross product: one JMH invocation. */
    static final String PRODUCT = "encode ccsid=37 length=256|FloorBenchmark.isoEncode length=256|insertServer column=(37|367) rows=ascii";
    /** Figures of no cross product: several invocations, merged. */
    static final String SCATTERED = "encode ccsid=37 length=256|decode ccsid=1208 length=4096|insertServer column=(37|367) rows=ascii";

    static AccuracyPlan plan(String include, int longRuns, int suiteRuns) {
        return AccuracyPlan.of(new AccuracyPlan.Request("standard", include, null, longRuns, suiteRuns, "/usr/bin/java",
                List.of("-jar", "/x/benchmarks.jar"), List.of()));
    }

    /**
     * Children that write a real run's outputs: a suite run's steadiness.json and environment.json (every figure 1%
     * above its long level, se 0.01 on 10 df), a JMH run's JSON (each figure at 100 ns times its place, 3 forks), and
     * a line of log each; {@code commands} records what ran.
     */
    static class FakeChildren implements AccuracyRun.Children {
        final AccuracyPlan plan;
        final List<List<String>> commands = new ArrayList<>();
        int failAt = -1;
        boolean writeNothing;

        FakeChildren(AccuracyPlan plan) {
            this.plan = plan;
        }

        @Override
        public int run(List<String> command, Path log, Duration timeout) {
            commands.add(command);
            try {
                Files.writeString(log, "child output\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
                if (commands.size() - 1 == failAt) {
                    Files.writeString(log, "ccsid-bench: the child's own one-line error\n", StandardCharsets.UTF_8,
                            java.nio.file.StandardOpenOption.APPEND);
                    return 2;
                }
                if (writeNothing) {
                    return 0;
                }
                if (command.contains("run")) {
                    suite(Path.of(command.get(command.indexOf("--out") + 1)));
                } else {
                    jmh(command, Path.of(command.get(command.indexOf("-rff") + 1)));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return 0;
        }

        static double level(int place) {
            return 100.0 * (place + 1);
        }

        private void suite(Path out) throws IOException {
            List<Steadiness> figures = new ArrayList<>();
            for (int i = 0; i < plan.figures().size(); i++) {
                LogLevel l = new LogLevel(Math.log(level(i) * 1.01), 0.01, 10, LogLevel.Variance.OWN);
                figures.add(Steadiness.of(plan.figures().get(i).key(), "17.0.15", List.of(), 3, 3, "", "one mode", 20, 30, 10, 0, 0,
                        l, true, ""));
            }
            Files.createDirectories(out);
            Files.writeString(out.resolve(SteadinessFile.FILE), new SteadinessFile(1, 3, 12, 0, 0, figures, null).toJson());
            Files.writeString(out.resolve(RunEnvironment.FILE), new RunEnvironment("2026-11-27T20:00:00Z", "standard", "", "/usr/bin/java",
                    "", "Linux", "AMD EPYC (family 26, model 2, stepping 1)", 2, "", "", "", "1.37", "", "", "", "avx2", "UseAVX=2").toJson());
        }

        private void jmh(List<String> command, Path json) throws IOException {
            PlainJmhRuns.Invocation invocation = plan.invocations().stream()
                    .filter(i -> command.get(3).equals(i.pattern()) && command.containsAll(i.selection())).findFirst().orElseThrow();
            List<String> entries = new ArrayList<>();
            for (BenchmarkCase f : invocation.figures()) {
                double l = level(plan.figures().indexOf(f));
                String params = f.params().entrySet().stream().map(e -> "\"" + e.getKey() + "\": \"" + e.getValue() + "\"")
                        .collect(Collectors.joining(", "));
                entries.add("{\"benchmark\": \"" + f.benchmark() + "." + f.method() + "\", \"mode\": \"avgt\", \"jdkVersion\": \"17.0.15\","
                        + " \"params\": {" + params + "}, \"primaryMetric\": {\"score\": " + l + ", \"scoreUnit\": \"ns/op\","
                        + " \"rawData\": [[" + (l - 1) + ", " + (l + 1) + "], [" + l + ", " + l + "], [" + (l + 1) + ", " + (l - 1) + "]]}}");
            }
            Files.writeString(json, "[\n" + String.join(",\n", entries) + "\n]\n");
        }
    }

    private static String run(AccuracyRun r, AccuracyPlan plan, Path out, ByteArrayOutputStream err) {
        r.run(plan, out);
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theRunsGoInTheirOrderAndTheAnalysisIsWrittenBesideThem(@TempDir Path out) throws IOException {
        AccuracyPlan plan = plan(PRODUCT, 2, 2);
        FakeChildren children = new FakeChildren(plan);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String progress = run(new AccuracyRun(new PrintStream(err, true, StandardCharsets.UTF_8), children), plan, out, err);

        assertEquals(List.of("run", "jmh", "jmh", "run"), children.commands.stream().map(c -> c.contains("run") ? "run" : "jmh").toList());
        assertEquals(out.resolve(AccuracyRun.STAGING).resolve("suite-1").toString(),
                children.commands.get(0).get(children.commands.get(0).indexOf("--out") + 1), "the runs write into the staging folder");
        assertTrue(progress.startsWith("ccsid-bench: accuracy check of 4 figures; suite 1, long 1, long 2, suite 2; about "), progress);
        assertTrue(progress.contains("ccsid-bench: [1/4] suite 1: the suite (run --preset standard), about "), progress);
        assertTrue(progress.contains("ccsid-bench: [3/4] long 2: plain JMH (-f 3 -wi 5 -w 2s -i 5 -r 3s) of 4 figures, about "), progress);
        assertTrue(progress.contains("ccsid-bench: [4/4] suite 2 done in "), progress);

        for (String f : List.of("suite-1/steadiness.json", "suite-2/progress.log", "long-1/results.json", "long-2/jmh.log",
                Accuracy.JSON, Accuracy.MARKDOWN)) {
            assertTrue(Files.isRegularFile(out.resolve(f)), f);
        }
        assertFalse(Files.exists(out.resolve(AccuracyRun.STAGING)), "the staging folder is gone");
        assertTrue(Files.readString(out.resolve("long-1/jmh.log")).startsWith("# ccsid-bench accuracy, long 1: /usr/bin/java -jar"));
        String json = Files.readString(out.resolve(Accuracy.JSON));
        assertTrue(json.contains("\"order\": [\n    \"suite 1\",\n    \"long 1\",\n    \"long 2\",\n    \"suite 2\"\n  ]"), json);
        assertTrue(json.contains("\"family\": \"26\""), json);
        String md = Files.readString(out.resolve(Accuracy.MARKDOWN));
        assertTrue(md.contains("held 8 of 8 figures (100%)"), md);
        assertTrue(md.contains("largest difference +1.0%"), md);
        assertTrue(md.contains("| INSERT 367 / 37, ascii rows | 1.333x | 1.333x (+0.0%) | 1.333x (+0.0%) |"), md);
    }

    @Test
    void aLongRunOfSeveralInvocationsIsMergedIntoOneResultsFile(@TempDir Path out) throws IOException {
        AccuracyPlan plan = plan(SCATTERED, 2, 1);
        assertEquals(3, plan.invocations().size());
        FakeChildren children = new FakeChildren(plan);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        run(new AccuracyRun(new PrintStream(err, true, StandardCharsets.UTF_8), children), plan, out, err);
        assertEquals(7, children.commands.size(), "3 + 1 + 3");
        for (int i = 1; i <= 3; i++) {
            assertTrue(Files.isRegularFile(out.resolve("long-2/part-" + i + ".json")));
        }
        List<io.github.ccsidbench.results.BenchmarkResult> merged = io.github.ccsidbench.results.JmhResults.read(out.resolve("long-2/results.json"));
        assertEquals(plan.figures().stream().map(BenchmarkCase::key).collect(Collectors.toSet()),
                merged.stream().map(io.github.ccsidbench.results.BenchmarkResult::key).collect(Collectors.toSet()));
        Accuracy a = Accuracy.parse(Files.readString(out.resolve(Accuracy.JSON)));
        assertEquals(4, a.figures().size());
        assertEquals(List.of("long 1", "suite 1", "long 2"), a.order());
    }

    @Test
    void aChildThatFailsEndsTheCheckInOneLineAndLeavesThePreviousCheck(@TempDir Path out) throws IOException {
        Files.createDirectories(out.resolve("suite-1"));
        Files.writeString(out.resolve(Accuracy.MARKDOWN), "the previous check");
        AccuracyPlan plan = plan(PRODUCT, 2, 2);
        FakeChildren children = new FakeChildren(plan);
        children.failAt = 0;
        CcsidBenchException e = assertThrows(CcsidBenchException.class,
                () -> new AccuracyRun(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), children).run(plan, out));
        assertEquals(CcsidBenchException.FAILED, e.exitCode());
        assertEquals("suite 1 failed (exit status 2): the child's own one-line error; its log: "
                + out.resolve(AccuracyRun.STAGING).resolve("suite-1").resolve(AccuracyRun.SUITE_LOG), e.getMessage());
        assertEquals("the previous check", Files.readString(out.resolve(Accuracy.MARKDOWN)));
        assertTrue(Files.isDirectory(out.resolve("suite-1")));

        FakeChildren jmh = new FakeChildren(plan);
        jmh.failAt = 1;
        e = assertThrows(CcsidBenchException.class,
                () -> new AccuracyRun(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), jmh).run(plan, out));
        assertEquals(CcsidBenchException.FAILED, e.exitCode());
        assertTrue(e.getMessage().startsWith("long 1: JMH failed (exit status 2); its log: "), e.getMessage());
    }

    /** Children that succeed but write nothing: the check says which output is missing, in one line, exit status 1. */
    @Test
    void aChildThatWritesNothingEndsTheCheckInOneLine(@TempDir Path out) {
        AccuracyPlan plan = plan(PRODUCT, 2, 1);
        FakeChildren children = new FakeChildren(plan);
        children.writeNothing = true;
        CcsidBenchException e = assertThrows(CcsidBenchException.class,
                () -> new AccuracyRun(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), children).run(plan, out));
        assertEquals(CcsidBenchException.FAILED, e.exitCode());
        assertEquals("long 1: JMH wrote no results (" + out.resolve(AccuracyRun.STAGING).resolve("long-1/results.json")
                + "); its log: " + out.resolve(AccuracyRun.STAGING).resolve("long-1/jmh.log"), e.getMessage());

        AccuracyRun.Children suiteWritesNothing = new FakeChildren(plan) {
            @Override
            public int run(List<String> command, Path log, Duration timeout) {
                return command.contains("run") ? 0 : super.run(command, log, timeout);
            }
        };
        e = assertThrows(CcsidBenchException.class,
                () -> new AccuracyRun(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), suiteWritesNothing)
                        .run(plan, out));
        assertEquals(CcsidBenchException.FAILED, e.exitCode());
        assertTrue(e.getMessage().startsWith("the runs finished, but their outputs cannot be compared: "
                + out.resolve(AccuracyRun.STAGING).resolve("suite-1").resolve(SteadinessFile.FILE) + " does not exist"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    /** A child that cannot start or runs past its timeout: one line naming the run and its log. */
    @Test
    void aChildThatTimesOutEndsTheCheckInOneLine(@TempDir Path out) {
        AccuracyPlan plan = plan(PRODUCT, 2, 1);
        AccuracyRun.Children hung = (command, log, timeout) -> {
            throw new CcsidBenchException("/usr/bin/java -jar /x/benchmarks.jar ... did not finish within " + timeout.toMinutes()
                    + " minutes", CcsidBenchException.FAILED);
        };
        CcsidBenchException e = assertThrows(CcsidBenchException.class,
                () -> new AccuracyRun(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), hung).run(plan, out));
        assertEquals(CcsidBenchException.FAILED, e.exitCode());
        assertEquals("long 1: /usr/bin/java -jar /x/benchmarks.jar ... did not finish within 30 minutes; its log: "
                + out.resolve(AccuracyRun.STAGING).resolve("long-1/jmh.log"), e.getMessage());
    }

    @Test
    void aChildsTimeoutIsThreeTimesItsEstimateAndAtLeastHalfAnHour() {
        assertEquals(Duration.ofMinutes(30), AccuracyRun.timeout(Duration.ofMinutes(2)));
        assertEquals(Duration.ofMinutes(99), AccuracyRun.timeout(Duration.ofMinutes(33)));
    }
}
