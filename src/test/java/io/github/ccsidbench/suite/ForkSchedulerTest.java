package io.github.ccsidbench.suite;

import io.github.ccsidbench.results.BenchmarkResult;
import io.github.ccsidbench.results.JmhResults;
import io.github.ccsidbench.results.Steadiness;
import io.github.ccsidbench.steady.FigureWindow;
import io.github.ccsidbench.steady.ForkOutcome;
import io.github.ccsidbench.steady.ForkRequest;
import io.github.ccsidbench.steady.SteadySettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.AverageTimeResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.IterationResultMetaData;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The scheduler with forks that give known series instead of starting JVMs: interleaved rounds,
 * extra forks only where forks disagree or never settle, the budget, and what is written (JMH's JSON
 * with every fork's iterations after its warm-up, the kept ones and every series in the steadiness record).
 */
class ForkSchedulerTest {

    private static final SteadySettings STEADY = SteadySettings.DEFAULT.withMaxIterations(30);

    /** Records which fork ran when, and answers with a series chosen by (case, fork number). */
    private static class FakeForks implements ForkScheduler.Launcher {
        final List<String> launched = new ArrayList<>();
        final Map<String, Integer> forksOf = new HashMap<>();
        final BiFunction<BenchmarkCase, Integer, double[]> series;
        String failure;

        FakeForks(BiFunction<BenchmarkCase, Integer, double[]> series) {
            this.series = series;
        }

        @Override
        public ForkOutcome run(BenchmarkCase c, ForkRequest request, String label) {
            int fork = forksOf.merge(c.key(), 1, Integer::sum);
            launched.add(c.params().get("length") + "#" + fork);
            return outcome(c, series.apply(c, fork), failure);
        }
    }

    /** Flat at {@code level} with 1% seeded noise, after a three-iteration warm-up. */
    static double[] settling(double level, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] s = new double[n];
        for (int i = 0; i < n; i++) {
            double start = i == 0 ? 5 : i == 1 ? 2.5 : i == 2 ? 1.6 : 1;
            s[i] = level * start * (1 + 0.01 * (r.nextDouble() * 2 - 1));
        }
        return s;
    }

    /** The server's INSERT of the article's ASCII rows into {@code column}: the answer's benchmarks but for "367-direct". */
    private static BenchmarkCase insertServer(String column) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(io.github.ccsidbench.bench.BenchmarkMethod.Param.COLUMN, column);
        p.put(io.github.ccsidbench.bench.BenchmarkMethod.Param.ROWS, "ascii");
        p.put(io.github.ccsidbench.bench.BenchmarkMethod.Param.SHAPE, "article");
        return new BenchmarkCase(io.github.ccsidbench.bench.BenchmarkMethod.DB2_INSERT_SERVER.benchmark().getName(),
                io.github.ccsidbench.bench.BenchmarkMethod.DB2_INSERT_SERVER.method(), p, List.of());
    }

    private static List<BenchmarkCase> cases(int... lengths) {
        return Arrays.stream(lengths).mapToObj(l -> {
            Map<String, String> p = new LinkedHashMap<>();
            p.put("ccsid", "37");
            p.put("provider", "icu"); // not the JDK's: its encode at 4096 is in the answer
            p.put("workload", "ascii-text");
            p.put("length", Integer.toString(l));
            return new BenchmarkCase("io.github.ccsidbench.bench.ConversionBenchmark", "encode", p, List.of());
        }).toList();
    }

    private static SuiteRunner.Settings settings(Path dir) {
        return new SuiteRunner.Settings("standard", dir, "java", List.of(), true, null, List.of(), false, null, Duration.ZERO);
    }

    private static ForkScheduler scheduler(Path dir, Timing timing, ForkScheduler.Launcher forks, ByteArrayOutputStream err) {
        PrintStream out = new PrintStream(err, true, StandardCharsets.UTF_8);
        return new ForkScheduler(dir.resolve("jmh.log"), out, new Progress(out, 10, Duration.ofSeconds(1)),
                settings(dir), timing, forks, null, null);
    }

    @Test
    void everyBenchmarksFirstForkRunsBeforeAnySecondForkInASeededOrder(@TempDir Path dir) {
        Timing timing = new Timing(2, 2, Duration.ofMillis(100), STEADY, Duration.ZERO);
        FakeForks a = new FakeForks((c, f) -> settling(1000, 20, f));
        FakeForks b = new FakeForks((c, f) -> settling(1000, 20, f));
        scheduler(dir, timing, a, new ByteArrayOutputStream()).measure(cases(16, 256, 4096, 65536));
        scheduler(dir, timing, b, new ByteArrayOutputStream()).measure(cases(16, 256, 4096, 65536));
        assertEquals(8, a.launched.size());
        assertTrue(a.launched.subList(0, 4).stream().allMatch(s -> s.endsWith("#1")), a.launched.toString());
        assertTrue(a.launched.subList(4, 8).stream().allMatch(s -> s.endsWith("#2")), a.launched.toString());
        assertEquals(a.launched, b.launched, "the same seed gives the same order");
        assertFalse(a.launched.subList(0, 4).equals(List.of("16#1", "256#1", "4096#1", "65536#1"))
                        && a.launched.subList(4, 8).equals(List.of("16#2", "256#2", "4096#2", "65536#2")),
                "the order is shuffled, not the plan's: " + a.launched);
    }

    /**
     * A run killed after some forks loses only the fork in flight: the journal holds every finished fork, and a resumed
     * run replays them, measures only the missing ones, and comes to the same results as a run never interrupted.
     */
    @Test
    void anInterruptedRunResumesFromItsJournalToTheSameResults(@TempDir Path dir) throws Exception {
        Timing timing = new Timing(2, 5, Duration.ofMillis(100), STEADY, Duration.ZERO);
        java.util.function.BiFunction<BenchmarkCase, Integer, double[]> series = (c, f) -> c.params().get("length").equals("16")
                ? settling(f % 2 == 0 ? 1400 : 1000, 20, f) : settling(500, 20, f);
        List<BenchmarkCase> cases = cases(16, 256, 4096);
        Path whole = Files.createDirectories(dir.resolve("whole"));
        FakeForks uninterrupted = new FakeForks(series);
        ForkScheduler.Measured expected = scheduler(whole, timing, uninterrupted, new ByteArrayOutputStream()).measure(cases);

        Path run = Files.createDirectories(dir.resolve("run"));
        Journal.Header header = new Journal.Header(Journal.VERSION, List.of("--preset", "test"), Journal.keys(cases));
        FakeForks dying = new FakeForks(series) {
            @Override
            public ForkOutcome run(BenchmarkCase c, ForkRequest request, String label) {
                if (launched.size() == 5) {
                    throw new IllegalStateException("killed"); // the sixth fork never ends
                }
                return super.run(c, request, label);
            }
        };
        try (Journal journal = Journal.start(run, header)) {
            assertThrows(IllegalStateException.class, () -> journaled(run, timing, dying, journal, null).measure(cases));
        }
        Journal.Read read = Journal.read(run);
        assertEquals(5, read.size(), "every finished fork is in the journal, the one in flight is not");
        // The resumed run's forks carry on each benchmark's count from the journal's.
        FakeForks rest = new FakeForks(series);
        read.forks().forEach((key, byRound) -> rest.forksOf.put(key, byRound.size()));
        ForkScheduler.Measured resumed;
        try (Journal journal = Journal.resume(run)) {
            resumed = journaled(run, timing, rest, journal, read).measure(cases);
        }
        assertEquals(uninterrupted.launched.size() - 5, rest.launched.size(), "only the missing forks are measured: " + rest.launched);
        assertEquals(expected.forks(), resumed.forks());
        assertEquals(io.github.ccsidbench.suite.SuiteRunner.toJson(expected.results()).replaceAll("\"(date|jvm)[^\n]*\n", ""),
                io.github.ccsidbench.suite.SuiteRunner.toJson(resumed.results()).replaceAll("\"(date|jvm)[^\n]*\n", ""),
                "the same kept iterations, scores and intervals");
        // A journal cut short in the middle of a line (killed while writing) loses only that fork.
        String text = Files.readString(run.resolve(Journal.FILE));
        Files.writeString(run.resolve(Journal.FILE), text.substring(0, text.length() - 40));
        assertEquals(Journal.read(run).size(), text.lines().count() - 2, "the header, and every whole line but the cut one");
    }

    private static ForkScheduler journaled(Path dir, Timing timing, ForkScheduler.Launcher forks, Journal journal, Journal.Read read) {
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        return new ForkScheduler(dir.resolve("jmh.log"), out, new Progress(out, 10, Duration.ofSeconds(1)),
                settings(dir), timing, forks, journal, read);
    }

    @Test
    void onlyBenchmarksWhoseForksDisagreeGetMoreForks(@TempDir Path dir) {
        Timing timing = new Timing(2, 5, Duration.ofMillis(100), STEADY, Duration.ZERO);
        // Length 16: forks alternate between two JIT outcomes 40% apart; length 4096 agrees.
        FakeForks forks = new FakeForks((c, f) -> c.params().get("length").equals("16")
                ? settling(f % 2 == 0 ? 1400 : 1000, 20, f) : settling(500, 20, f));
        ForkScheduler.Measured m = scheduler(dir, timing, forks, new ByteArrayOutputStream()).measure(cases(16, 4096));
        assertEquals(3, forks.forksOf.get(cases(4096).get(0).key()),
                "agreeing forks of a family too small to borrow from get a third fork: two are one degree of freedom");
        assertEquals(5, forks.forksOf.get(cases(16).get(0).key()), "disagreeing forks get forks up to the cap");
        Steadiness disagreeing = m.steadiness().stream().filter(s -> s.key().contains("length=16")).findFirst().orElseThrow();
        assertEquals(5, disagreeing.forks().size());
        assertTrue(disagreeing.modes().contains("of 5 forks"), disagreeing.modes());
        assertFalse(disagreeing.reportedBecause().isBlank());
        assertEquals(disagreeing.reportedForks(), disagreeing.forks().stream().filter(Steadiness.Fork::reported).count());
        assertTrue(disagreeing.note().contains(disagreeing.modes()), disagreeing.note());
        assertEquals(5, m.rounds());
        assertEquals(8, m.forks(), "5 for the one in modes, 3 for the other");
    }

    @Test
    void theBudgetStopsExtraForksAndSaysSo(@TempDir Path dir) {
        Timing timing = new Timing(2, 6, Duration.ofMillis(100), STEADY, Duration.ofMillis(1));
        FakeForks forks = new FakeForks((c, f) -> settling(f % 2 == 0 ? 1400 : 1000, 20, f));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ForkScheduler.Measured m = scheduler(dir, timing, forks, err).measure(cases(16, 4096));
        assertEquals(4, forks.launched.size(), "the required forks always run; no extra fork fits the budget");
        assertEquals(2, m.wantedMore());
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("time budget"), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theAnswersBenchmarksGetTheirForksWhateverTheBudget(@TempDir Path dir) {
        Timing timing = new Timing(2, 5, Duration.ofMillis(100), STEADY, Duration.ofMillis(1));
        List<BenchmarkCase> cases = new java.util.ArrayList<>(cases(16));
        for (String column : List.of("37", "367", "1208", "367-direct")) {
            cases.add(insertServer(column));
        }
        FakeForks forks = new FakeForks((c, f) -> settling(f % 2 == 0 ? 1400 : 1000, 20, f));
        ForkScheduler.Measured m = scheduler(dir, timing, forks, new ByteArrayOutputStream()).measure(cases);
        for (BenchmarkCase c : cases) {
            boolean answer = c.key().contains("column=") && !c.key().contains("367-direct");
            assertEquals(answer ? ForkScheduler.ANSWER_FORKS : 2, forks.forksOf.get(c.key()), c.key()
                    + ": the answer's INSERT into 37, 367 and 1208 gets its forks although the budget is spent; nothing else does");
        }
        assertEquals(3 * ForkScheduler.ANSWER_FORKS + 2 * 2, m.forks());
    }

    /**
     * The opening line from the look at the host says how often the machine ruler ran slow, and the estimate does not
     * move with it: slow iterations stay in the figures and lengthen no fork. The 360 required forks of the standard
     * preset at a typical fork (0.8 s + 9 x 0.1 s = 1.7 s) take 10m12s, within the 14 minutes, and the whole run, with a
     * third fork for each of 171 benchmarks (513 forks, 14m32s), the budget's 14 minutes and 8 s around the forks.
     */
    @Test
    void theLookAtTheHostSaysWhatThePresetNeedsHere() {
        Timing timing = new Timing(2, 5, Duration.ofMillis(100), STEADY.withBusyStretch(3), Duration.ofMinutes(14));
        RunEstimate s = new RunEstimate(timing, Duration.ZERO);
        Timing.Budget budget = timing.budgetFrom(System.nanoTime());
        assertEquals("ccsid-bench: a 3 s look at this host: the machine ruler ran slow in 45% of the time (1.65x slower; such "
                + "iterations stay in the figures, flagged); the 360 required forks need about 10m12s here, within the budget of "
                + "14m00s. The whole run: about 14m08s here.",
                s.lookLine(new io.github.ccsidbench.machine.MachineRuler.Look(150, 0.45, 1.65), 360, 513, budget));
        assertEquals("ccsid-bench: a 3 s look at this host: the machine ruler ran slow in 0% of the time; the 360 required forks "
                + "need about 10m12s here, within the budget of 14m00s. The whole run: about 14m08s here.",
                s.lookLine(new io.github.ccsidbench.machine.MachineRuler.Look(150, 0, 1), 360, 513, budget));
        Timing.Budget tight = timing.withBudget(Duration.ofMinutes(9)).budgetFrom(System.nanoTime());
        assertTrue(s.lookLine(new io.github.ccsidbench.machine.MachineRuler.Look(150, 0, 1), 360, 513, tight)
                .contains("beyond the budget of 9m00s"), "a budget shorter than the required forks is said");
    }

    /** Within a round the answer's three forks run one after the other, where the first of them fell, in their own order. */
    @Test
    void theAnswersForksOfARoundRunTogether() {
        List<BenchmarkCase> order = new ArrayList<>(cases(16, 32, 64));
        for (String column : List.of("1208", "37", "367")) {
            order.add(2 * order.size() / 3, insertServer(column));
        }
        List<BenchmarkCase> together = ForkScheduler.answerTogether(order, Preset.STANDARD::inTheAnswer);
        assertEquals(order.size(), together.size());
        assertEquals(new java.util.HashSet<>(order), new java.util.HashSet<>(together));
        int first = together.indexOf(together.stream().filter(Preset.STANDARD::inTheAnswer).findFirst().orElseThrow());
        assertEquals(order.indexOf(order.stream().filter(Preset.STANDARD::inTheAnswer).findFirst().orElseThrow()), first);
        assertEquals(order.stream().filter(Preset.STANDARD::inTheAnswer).toList(), together.subList(first, first + 3));
    }

    /** Behind its budget, a run lowers the caps of the other forks, never those of the answer's: its figures need them most. */
    @Test
    void theAnswersForksKeepTheirCapWhenTheRunIsBehind(@TempDir Path dir) {
        Timing timing = new Timing(2, 5, Duration.ofMillis(100), STEADY, Duration.ofMillis(1));
        List<BenchmarkCase> cases = new java.util.ArrayList<>(cases(16, 32));
        for (String column : List.of("37", "367", "1208")) {
            cases.add(insertServer(column));
        }
        Map<String, List<Integer>> caps = new LinkedHashMap<>();
        ForkScheduler.Launcher forks = (c, request, label) -> {
            caps.computeIfAbsent(c.key(), k -> new ArrayList<>()).add(request.steady().maxIterations());
            return outcome(c, settling(1000, 10, caps.size()), null);
        };
        scheduler(dir, timing, forks, new ByteArrayOutputStream()).measure(cases);
        caps.forEach((key, list) -> {
            boolean answer = key.contains("column=");
            assertTrue(list.stream().allMatch(cap -> answer ? cap == STEADY.maxIterations() : cap < STEADY.maxIterations()),
                    key + ": " + list);
        });
    }

    /**
     * A budget of about 1.3 s per required fork: a fixed share would cap every fork at its floor (14); forks that
     * stop once steady after 10 leave room, so once five forks have shown that, the cap is the preset's 30 again.
     */
    @Test
    void forksThatStopEarlyLeaveTheCapHighForTheOnesThatNeedIt(@TempDir Path dir) {
        Timing timing = new Timing(2, 2, Duration.ofMillis(100), STEADY, Duration.ofMillis(30_600));
        List<Integer> caps = new ArrayList<>();
        ForkScheduler.Launcher forks = (c, request, label) -> {
            caps.add(request.steady().maxIterations());
            return outcome(c, settling(1000, 10, caps.size()), null);
        };
        scheduler(dir, timing, forks, new ByteArrayOutputStream()).measure(cases(16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192));
        assertEquals(20, caps.size());
        assertTrue(caps.get(0) <= 14, "before any fork has stopped, the cap is the budget's share: " + caps);
        assertTrue(caps.subList(5, 20).stream().allMatch(cap -> cap == 30), "then the preset's cap: " + caps);
    }

    @Test
    void theResultHoldsEveryIterationAfterTheWarmupAndTheSteadinessEverySeries(@TempDir Path dir) {
        Timing timing = new Timing(3, 3, Duration.ofMillis(100), STEADY, Duration.ZERO);
        FakeForks forks = new FakeForks((c, f) -> settling(1000, 20, f));
        ForkScheduler.Measured m = scheduler(dir, timing, forks, new ByteArrayOutputStream()).measure(cases(1024));
        Steadiness s = m.steadiness().get(0);
        List<BenchmarkResult> parsed = JmhResults.parse(SuiteRunner.toJson(m.results()), "test");
        BenchmarkResult r = parsed.get(0);
        assertEquals(s.key(), r.key());
        assertEquals(3, r.rawData().length);
        assertEquals(3, r.jvm().forks(), "JMH's JSON says how many forks ran");
        double[] warmups = new double[3];
        for (int f = 0; f < 3; f++) {
            Steadiness.Fork fork = s.forks().get(f);
            assertEquals(20, fork.series().length, "the steadiness record keeps every iteration");
            assertTrue(fork.warmup() >= 2, "the settling start is dropped: " + fork.warmup());
            assertArrayEquals(Arrays.copyOfRange(fork.series(), fork.warmup(), 20), r.rawData()[f], 1e-9,
                    "JMH's rawData holds every iteration after the warm-up");
            assertTrue(Arrays.stream(fork.keptIndices()).allMatch(i -> i >= fork.warmup()), "the figure keeps some of them");
            warmups[f] = fork.warmup();
        }
        assertEquals(Math.round(io.github.ccsidbench.stats.Stats.median(warmups)), r.jvm().warmupIterations(),
                "JMH's one warm-up count: the median of the forks'");
        assertEquals("100 ms", r.jvm().warmupTime());
        assertTrue(s.decisive(), s.toString());
        assertEquals(3, s.steadyForks());
        assertTrue(r.bytesPerOp().isPresent(), "secondary results (the gc profiler) survive");
        assertEquals(1088, s.bytesPerOp(), 1e-9, "and the kept iterations' are in the steadiness record");
        assertTrue(Math.abs(s.level() / 1000 - 1) < 0.02, "level " + s.level());
    }

    /**
     * results.json means what JMH means: a benchmark of three forks, one with a slow phase after its warm-up, one whose
     * iterations the machine ruler found slow (one of them during the warm-up), one that never settled, holds all three
     * forks, each with the iterations of its window (those after the JIT's last busy iteration, FigureWindow; the
     * unsteady one, whose JIT times are unknown, its second half), its
     * score their arithmetic mean and its error JMH's 99.9% interval of them, and the gc profiler's bytes per operation
     * over the same iterations. The figure's level in steadiness.json is the geometric mean of the two steady forks'
     * means of those iterations, and the report derives the same level from results.json with steadiness.json beside it.
     */
    @Test
    void resultsJsonHoldsEveryForksWindowAndTheFigureKeepsItsLevel(@TempDir Path dir) throws Exception {
        Timing timing = new Timing(3, 3, Duration.ofMillis(100), STEADY, Duration.ZERO);
        int n = 24;
        java.util.function.IntPredicate rulerSlow = i -> i == 1 || i == 15 || i == 16;
        Map<Integer, double[]> given = new HashMap<>();
        ForkScheduler.Launcher launcher = (c, request, label) -> {
            int f = given.size() + 1;
            double[] series;
            double[] ruler = null;
            if (f == 1) {
                series = settling(1000, n, 11);
                for (int i = 12; i < 15; i++) {
                    series[i] *= 1.5; // a slow phase the series comes back from
                }
            } else if (f == 2) {
                series = settling(1010, n, 12);
                for (int i = 15; i < 17; i++) {
                    series[i] *= 1.6;
                }
                ruler = ruler(n, rulerSlow, 800);
            } else {
                series = java.util.stream.IntStream.range(0, n).mapToDouble(i -> 1000 * Math.pow(1.03, i)).toArray();
            }
            given.put(f, series);
            double[] alloc = java.util.stream.IntStream.range(0, n).mapToDouble(i -> 1000 + 10 * i).toArray();
            double[] compile = null; // the third fork's JIT times unknown
            if (f < 3) {
                compile = new double[n];
                Arrays.fill(compile, 0, 8, 50); // the JIT busy for half of each of the first eight iterations
            }
            return outcome(c, series, null, ruler, alloc, compile);
        };
        ForkScheduler.Measured m = scheduler(dir, timing, launcher, new ByteArrayOutputStream()).measure(cases(1024));
        Steadiness s = m.steadiness().get(0);
        assertEquals(List.of("warm-up", "warm-up", "no steady state"), s.forks().stream().map(Steadiness.Fork::kind).toList(),
                s.toString());
        Steadiness.Fork first = s.forks().get(0);
        Steadiness.Fork second = s.forks().get(1);
        assertTrue(first.slowPhase() >= 3 && second.machineSlow() == 3, s.toString());
        int[] from = {8, 8, n / 2}; // after the JIT's last busy iteration; the unsteady fork without JIT times, its second half
        int[] to = {8 + FigureWindow.ITERATIONS, 8 + FigureWindow.ITERATIONS, n};
        assertArrayEquals(from, s.forks().stream().mapToInt(Steadiness.Fork::figureFrom).toArray());
        assertArrayEquals(to, s.forks().stream().mapToInt(Steadiness.Fork::figureTo).toArray());

        String json = SuiteRunner.toJson(m.results());
        BenchmarkResult r = JmhResults.parse(json, "test").get(0);
        assertEquals(3, r.jvm().forks(), "every fork run, the unsteady one included");
        assertEquals(3, r.rawData().length);
        double[] all = new double[0];
        double[] allocAfter = new double[0];
        for (int f = 0; f < 3; f++) {
            double[] series = s.forks().get(f).series();
            assertArrayEquals(Arrays.copyOfRange(series, from[f], to[f]), r.rawData()[f], 1e-9, "fork " + (f + 1));
            all = java.util.stream.DoubleStream.concat(Arrays.stream(all), Arrays.stream(r.rawData()[f])).toArray();
            allocAfter = java.util.stream.DoubleStream.concat(Arrays.stream(allocAfter),
                    java.util.stream.IntStream.range(from[f], to[f]).mapToDouble(i -> 1000 + 10 * i)).toArray();
        }
        assertTrue(Arrays.stream(s.forks().get(0).keptIndices()).noneMatch(i -> i >= 12 && i < 15), "the slow phase is not kept");
        assertTrue(Arrays.stream(s.forks().get(1).keptIndices()).noneMatch(rulerSlow::test), "nor the machine-slow iterations");
        assertFalse(s.forks().get(2).reported(), "nor the unsteady fork");
        assertEquals(Math.round(io.github.ccsidbench.stats.Stats.median(new double[] {from[0], from[1], from[2]})),
                r.jvm().warmupIterations());
        assertEquals(Math.max(FigureWindow.ITERATIONS, n - n / 2), r.jvm().measurementIterations(), "the most any fork holds");
        double mean = Arrays.stream(all).average().orElseThrow();
        assertEquals(mean, r.score(), 1e-9 * mean, "JMH's score: the arithmetic mean of the windows' iterations");
        double sd = Math.sqrt(Arrays.stream(all).map(x -> (x - mean) * (x - mean)).sum() / (all.length - 1));
        assertEquals(io.github.ccsidbench.stats.LogLevel.quantile(all.length - 1, 0.999) * sd / Math.sqrt(all.length),
                r.scoreError(), 1e-6 * r.scoreError(), "JMH's error: its 99.9% interval of the same iterations");
        assertEquals(Arrays.stream(allocAfter).average().orElseThrow(), r.bytesPerOp().orElseThrow(), 1e-9,
                "the gc profiler's figure over the same iterations");

        double[][] figureValues = s.figureValues().orElseThrow();
        assertEquals(2, figureValues.length, "the figure: the two steady forks");
        for (int f = 0; f < 2; f++) {
            assertArrayEquals(r.rawData()[f], figureValues[f], 1e-9, "fork " + (f + 1) + ": its window");
        }
        double logLevel = Arrays.stream(figureValues).mapToDouble(k -> Math.log(k.length / Arrays.stream(k).map(x -> 1 / x).sum()))
                .average().orElseThrow();
        assertEquals(Math.exp(logLevel), s.level(), 1e-9 * s.level(),
                "the level: the geometric mean of the forks' times per operation (total time over operations)");
        double quiet = Math.exp((Math.log(first.level()) + Math.log(second.level())) / 2);
        assertEquals(quiet, s.quietLevel(), 1e-9 * quiet);
        assertTrue(s.level() > 1.02 * s.quietLevel(), "the figure holds the slow phase the quiet state leaves out: " + s.level()
                + " against " + s.quietLevel());
        double keptAlloc = java.util.stream.IntStream.range(0, 2).flatMap(f -> Arrays.stream(s.forks().get(f).keptIndices()))
                .mapToDouble(i -> 1000 + 10 * i).average().orElseThrow();
        assertEquals(keptAlloc, s.bytesPerOp(), 1e-9, "the figure's bytes per operation: the kept iterations'");
        assertTrue(r.score() > 1.1 * s.level(), "JMH's mean over every fork has the unsteady one the figure leaves out: "
                + r.score() + " against " + s.level());

        // The report reads both files as written.
        Files.writeString(dir.resolve("results.json"), json);
        Files.writeString(dir.resolve(io.github.ccsidbench.results.SteadinessFile.FILE),
                new io.github.ccsidbench.results.SteadinessFile(1, m.rounds(), m.forks(), 0, 0, m.steadiness(), null).toJson());
        io.github.ccsidbench.results.DerivedFigures figure = io.github.ccsidbench.report.ReportInputs
                .read(List.of(dir.resolve("results.json"))).jvms().get(0).figures().get(0);
        assertEquals(s.level(), figure.level(), 1e-9 * s.level(), "the report's level is the steadiness record's");
        assertEquals(s.low(), figure.levelCi().low(), 1e-9 * s.level());
        assertEquals(keptAlloc, figure.bytesPerOp().orElseThrow(), 1e-9);
    }

    /**
     * A fork that never settled but whose window the JIT closed is in the figure: leaving it out would choose the
     * figure's forks by what they read, and a host's slow stretch unsettles forks, so the figure would read fast. Its
     * quiet state is not (it has none). An unsteady fork whose JIT times are unknown stays out:
     * {@link #resultsJsonHoldsEveryForksWindowAndTheFigureKeepsItsLevel}.
     */
    @Test
    void anUnsteadyForkWhoseWindowTheJitClosedIsInTheFigure(@TempDir Path dir) {
        Timing timing = new Timing(3, 3, Duration.ofMillis(100), STEADY, Duration.ZERO);
        int n = 24;
        Map<Integer, double[]> given = new HashMap<>();
        ForkScheduler.Launcher launcher = (c, request, label) -> {
            int f = given.size() + 1;
            double[] series = f < 3 ? settling(1000 + 10 * f, n, 20 + f)
                    : java.util.stream.IntStream.range(0, n).mapToDouble(i -> 1000 * Math.pow(1.03, i)).toArray();
            given.put(f, series);
            double[] compile = new double[n];
            Arrays.fill(compile, 0, 3, 50); // the JIT busy for half of each of the first three iterations
            double[] alloc = new double[n];
            Arrays.fill(alloc, 1000);
            return outcome(c, series, null, null, alloc, compile);
        };
        ForkScheduler.Measured m = scheduler(dir, timing, launcher, new ByteArrayOutputStream()).measure(cases(1024));
        Steadiness s = m.steadiness().get(0);
        assertEquals(List.of("warm-up", "warm-up", "no steady state"), s.forks().stream().map(Steadiness.Fork::kind).toList(),
                s.toString());
        assertTrue(s.forks().get(2).reported(), "the unsteady fork whose window the JIT closed: " + s);
        assertEquals(3, s.reportedForks());
        assertTrue(s.reportedBecause().contains("1 of 3 forks never steady, in by their windows"), s.reportedBecause());
        double[][] values = s.figureValues().orElseThrow();
        assertEquals(3, values.length);
        assertArrayEquals(Arrays.copyOfRange(given.get(3), 3, 3 + FigureWindow.ITERATIONS), values[2], 1e-3,
                "its window: after the JIT's last busy iteration");
        double logLevel = Arrays.stream(values).mapToDouble(k -> Math.log(k.length / Arrays.stream(k).map(x -> 1 / x).sum()))
                .average().orElseThrow();
        assertEquals(Math.exp(logLevel), s.level(), 1e-9 * s.level(), "the level: the geometric mean over all three forks");
        double quiet = Math.exp((Math.log(s.forks().get(0).level()) + Math.log(s.forks().get(1).level())) / 2);
        assertEquals(quiet, s.quietLevel(), 1e-9 * quiet, "the quiet state: the steady forks' only");
    }

    @Test
    void aBenchmarkThatNeverSettlesIsSaidToAndNotDecisive(@TempDir Path dir) {
        Timing timing = new Timing(2, 2, Duration.ofMillis(100), STEADY, Duration.ZERO);
        // A steady 3% climb per iteration: never a steady state.
        FakeForks forks = new FakeForks((c, f) -> java.util.stream.IntStream.range(0, 30).mapToDouble(i -> 1000 * Math.pow(1.03, i)).toArray());
        ForkScheduler.Measured m = scheduler(dir, timing, forks, new ByteArrayOutputStream()).measure(cases(64));
        Steadiness s = m.steadiness().get(0);
        assertTrue(s.unsteady(), s.toString());
        assertFalse(s.decisive());
        assertTrue(s.note().contains("no fork reached a steady state"), s.note());
        RunResult r = m.results().get(0);
        assertEquals(2, r.getBenchmarkResults().size());
        r.getBenchmarkResults().forEach(b -> assertEquals(15, b.getIterationResults().size(), "each fork's second half"));
    }

    @Test
    void aFailingForkIsOneLine(@TempDir Path dir) {
        Timing timing = new Timing(2, 2, Duration.ofMillis(100), STEADY, Duration.ZERO);
        FakeForks forks = new FakeForks((c, f) -> settling(1000, 20, f));
        forks.failure = "provider corrupt-jdk, CCSID 37: encode is wrong at byte 3";
        ForkLauncher.ForkFailure e = assertThrows(ForkLauncher.ForkFailure.class,
                () -> scheduler(dir, timing, forks, new ByteArrayOutputStream()).measure(cases(16)));
        assertEquals(forks.failure, e.getMessage());
    }

    /** Ruler samples: {@code slow} (ns per pass) where {@code slowAt} says so, else the machine's fast 450. */
    private static double[] ruler(int n, java.util.function.IntPredicate slowAt, double slow) {
        return java.util.stream.IntStream.range(0, n).mapToDouble(i -> slowAt.test(i) ? slow : 450 + (i % 3) * 5).toArray();
    }

    /**
     * A flat benchmark measured while the machine ruler read slow (800 against 450) in every fifth iteration, which ran
     * 2% slower: those iterations are flagged, counted and said, and they stay in the figure, as they stay in a long
     * run's mean. The ruler alone excludes nothing.
     */
    @Test
    void iterationsTheRulerFindsSlowAreFlaggedAndKept(@TempDir Path dir) {
        Timing timing = new Timing(2, 2, Duration.ofMillis(100), STEADY, Duration.ZERO);
        java.util.function.IntPredicate slow = i -> i >= 5 && i % 5 == 0;
        ForkScheduler.Launcher forks = (c, request, label) -> {
            double[] series = settling(1000, 24, label.hashCode());
            for (int i = 0; i < series.length; i++) {
                series[i] *= slow.test(i) ? 1.02 : 1;
            }
            return outcome(c, series, null, ruler(series.length, slow, 800));
        };
        Steadiness s = scheduler(dir, timing, forks, new ByteArrayOutputStream()).measure(cases(1024)).steadiness().get(0);
        assertEquals(2 * 4, s.machineSlowIterations(), s.toString());
        assertTrue(s.note().contains("8 of 48 iterations measured while the machine ruler read"), s.note());
        assertTrue(s.note().contains("flagged, in the figure"), s.note());
        s.forks().forEach(f -> assertTrue(Arrays.stream(f.keptIndices()).anyMatch(slow::test), "flagged iterations are kept"));
        assertEquals(24, s.forks().get(0).rulerNanos().length, "the ruler is in the steadiness record");
    }

    /**
     * Extra forks are decided on the forks as the report reads them, each set to the run's mean host state by the
     * machine ruler: ten figures of one family whose second fork, for five of them, met a host 8% slower in the ruler and
     * in the benchmark alike. As measured, those five figures' two forks disagree by 8% and want a third fork; read with
     * the ruler, they agree, and no figure gets one. Without a ruler the same series give the five their third fork.
     */
    @Test
    void extraForksAreDecidedOnTheForksTheRulerAdjusts(@TempDir Path dir) {
        Timing timing = new Timing(2, 3, Duration.ofMillis(100), STEADY, Duration.ZERO);
        int[] lengths = {16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192};
        java.util.function.BiPredicate<BenchmarkCase, String> slowHost = (c, label) ->
                Integer.parseInt(c.params().get("length")) <= 256 && label.contains("(fork 2");
        for (boolean withRuler : new boolean[] {true, false}) {
            Map<String, Integer> forksOf = new HashMap<>();
            ForkScheduler.Launcher forks = (c, request, label) -> {
                forksOf.merge(c.key(), 1, Integer::sum);
                double host = slowHost.test(c, label) ? 1.08 : 1;
                double[] series = Arrays.stream(settling(Integer.parseInt(c.params().get("length")), 24, label.hashCode()))
                        .map(x -> x * host).toArray();
                double[] ruler = java.util.stream.IntStream.range(0, series.length).mapToDouble(i -> 450 * host).toArray();
                return outcome(c, series, null, withRuler ? ruler : null);
            };
            scheduler(dir.resolve(Boolean.toString(withRuler)), timing, forks, new ByteArrayOutputStream()).measure(cases(lengths));
            for (int length : lengths) {
                int expected = !withRuler && length <= 256 ? 3 : 2;
                assertEquals(expected, forksOf.get(cases(length).get(0).key()), "length " + length + ", ruler " + withRuler);
            }
        }
    }

    /**
     * One benchmark measured while the machine ruler read slow throughout (800) beside one that saw it fast (450): both
     * settle on their own series, since a ruler that reads slow all the time (a host whose ruler never returns to its
     * fastest samples) says nothing about the benchmark; the first's flags are counted and said.
     */
    @Test
    void aBenchmarkMeasuredWhollyWhileTheRulerReadSlowStillSettles(@TempDir Path dir) {
        Timing timing = new Timing(3, 3, Duration.ofMillis(100), STEADY, Duration.ZERO);
        ForkScheduler.Launcher forks = (c, request, label) -> {
            boolean wholly = c.params().get("length").equals("1024");
            double[] series = settling(wholly ? 1600 : 300, 24, label.hashCode());
            return outcome(c, series, null, ruler(series.length, i -> wholly, 800));
        };
        ForkScheduler.Measured m = scheduler(dir, timing, forks, new ByteArrayOutputStream()).measure(cases(1024, 256));
        Steadiness slow = m.steadiness().stream().filter(x -> x.key().contains("length=1024")).findFirst().orElseThrow();
        Steadiness fast = m.steadiness().stream().filter(x -> x.key().contains("length=256")).findFirst().orElseThrow();
        assertEquals(0, fast.machineSlowIterations(), fast.toString());
        assertTrue(fast.decisive(), fast.toString());
        assertEquals(slow.measuredIterations(), slow.machineSlowIterations(), slow.toString());
        assertTrue(slow.decisive() && !slow.unsteady(), slow.toString());
        assertTrue(Math.abs(slow.level() / 1600 - 1) < 0.02, "its own level: " + slow.level());
    }

    /** A fork outcome as {@code ForkDriver} would write it, with JMH's own objects. */
    static ForkOutcome outcome(BenchmarkCase c, double[] series, String failure) {
        return outcome(c, series, failure, null);
    }

    /** The same with the machine ruler's samples (null: none). */
    static ForkOutcome outcome(BenchmarkCase c, double[] series, String failure, double[] ruler) {
        double[] alloc = new double[series.length];
        Arrays.fill(alloc, 1088);
        return outcome(c, series, failure, ruler, alloc);
    }

    /** The same with the gc profiler's bytes per operation of each iteration. */
    static ForkOutcome outcome(BenchmarkCase c, double[] series, String failure, double[] ruler, double[] alloc) {
        return outcome(c, series, failure, ruler, alloc, null);
    }

    /** The same with each iteration's milliseconds of JIT compilation (null: unknown). */
    static ForkOutcome outcome(BenchmarkCase c, double[] series, String failure, double[] ruler, double[] alloc, double[] compile) {
        WorkloadParams workload = new WorkloadParams();
        int order = 0;
        for (Map.Entry<String, String> e : c.params().entrySet()) {
            workload.put(e.getKey(), e.getValue(), order++);
        }
        TimeValue time = TimeValue.milliseconds(100);
        IterationParams measurement = new IterationParams(IterationType.MEASUREMENT, series.length, time, 1);
        BenchmarkParams params = new BenchmarkParams(c.benchmark() + "." + c.method(), "generated", true, 1, new int[]{1},
                List.of(), 0, 0, new IterationParams(IterationType.WARMUP, 0, time, 1), measurement, Mode.AverageTime, workload,
                TimeUnit.NANOSECONDS, 1, "/usr/bin/java", List.of("-Xmx1g"), "17.0.15", "OpenJDK 64-Bit Server VM", "17.0.15+6",
                "1.37", TimeValue.minutes(10));
        ArrayList<IterationResult> iterations = new ArrayList<>();
        for (int i = 0; i < series.length; i++) {
            IterationResult r = new IterationResult(params, measurement, new IterationResultMetaData(1000, 1000));
            r.addResult(new AverageTimeResult(ResultRole.PRIMARY, c.method(), 1000, Math.round(series[i] * 1000), TimeUnit.NANOSECONDS));
            r.addResult(new ScalarResult("gc.alloc.rate.norm", alloc[i], "B/op", AggregationPolicy.AVG));
            iterations.add(r);
        }
        return new ForkOutcome(params, iterations, failure, true, null, compile, ruler, Double.NaN, null, null);
    }
}
