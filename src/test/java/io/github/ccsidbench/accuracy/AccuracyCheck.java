package io.github.ccsidbench.accuracy;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.ccsidbench.ChildProcess;
import io.github.ccsidbench.machine.CpuClass;
import io.github.ccsidbench.machine.CpuInfo;
import io.github.ccsidbench.report.AccuracyRecord;
import io.github.ccsidbench.results.AtomicFiles;
import io.github.ccsidbench.stats.BetweenForkVariance;
import io.github.ccsidbench.steady.FigureWindow;
import io.github.ccsidbench.steady.ForkOutcome;
import io.github.ccsidbench.steady.ForkRequest;
import io.github.ccsidbench.steady.IterationBlocksDriver;
import io.github.ccsidbench.steady.SteadySettings;
import io.github.ccsidbench.suite.BenchmarkCase;
import io.github.ccsidbench.suite.ForkLauncher;
import io.github.ccsidbench.suite.ForkRunner;
import io.github.ccsidbench.suite.Preset;
import io.github.ccsidbench.suite.SuiteRunner;
import io.github.ccsidbench.suite.Timing;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The accuracy check in pairs: per figure, one long plain JMH fork of the benchmarks jar and one fork made the suite's
 * way (or several such arms, each changing one suspect), one after the other in alternating order, so that a pair's ratio
 * cancels the host's drift. Writes accuracy.json and accuracy.md ({@link AccuracyResult}); how to run it and what it
 * measured: docs/how-sure.md, "Accuracy".
 *
 * <p>Run by {@code mvn verify -Paccuracy}; its settings are system properties ({@code accuracy.*}, listed in
 * {@link Settings#read}).
 */
public final class AccuracyCheck {

    private AccuracyCheck() {
    }

    /** How accuracy.json is written and read. */
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeSpecialFloatingPointValues()
            .disableHtmlEscaping().create();

    /**
     * The check's settings.
     *
     * @param jar the benchmarks jar measured
     * @param java the java every fork runs on
     * @param figures the figures, by name ({@link AccuracyFigures})
     * @param arms the arms beside the long fork ({@link #arm})
     * @param longOptions the long fork's JMH options, or "none" for no long fork (the first arm is then the reference)
     * @param minPairs pairs every figure gets
     * @param maxPairs the most pairs a figure gets
     * @param target a figure stops once every arm's half-width is at most this
     * @param out the folder written
     * @param jvmArgs every fork's JVM options, long and suite alike
     * @param extend add pairs to the folder's accuracy.json (same CPU model, JDK, vector class and options) instead of
     *     starting again: the pairs of several sessions estimate the same bias, since each pair cancels its own drift
     */
    record Settings(Path jar, String java, List<AccuracyFigures.Figure> figures, List<String> arms, String longOptions,
                    int minPairs, int maxPairs, double target, Path out, List<String> jvmArgs, boolean extend) {

        static Settings read() {
            String java = System.getProperty("accuracy.java", "").isBlank()
                    ? Path.of(System.getProperty("java.home"), "bin", "java").toString() : System.getProperty("accuracy.java");
            List<String> jvmArgs = new ArrayList<>(SuiteRunner.DEFAULT_JVM_ARGS);
            String extra = System.getProperty("accuracy.jvmArgs", "");
            if (!extra.isBlank()) {
                jvmArgs.addAll(Arrays.asList(extra.trim().split("\\s+")));
            }
            return new Settings(Path.of(System.getProperty("accuracy.jar", "target/benchmarks.jar")), java,
                    AccuracyFigures.named(System.getProperty("accuracy.figures", "answer")),
                    Arrays.asList(System.getProperty("accuracy.arms", "suite").split(",")),
                    System.getProperty("accuracy.long", AccuracyResult.LONG_OPTIONS),
                    Integer.getInteger("accuracy.minPairs", 5), Integer.getInteger("accuracy.maxPairs", 16),
                    Double.parseDouble(System.getProperty("accuracy.target", "0.025")),
                    Path.of(System.getProperty("accuracy.out", "target/accuracy")), List.copyOf(jvmArgs),
                    Boolean.getBoolean("accuracy.extend"));
        }
    }

    /** A pair (or more) that could not be kept: a suite fork did not settle. */
    static final class SentBack extends Exception {
        private static final long serialVersionUID = 1L;

        SentBack(String message) {
            super(message, null, false, false);
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 1) {
            reanalyse(Path.of(args[0]));
            return;
        }
        Settings s = Settings.read();
        if (!Files.isRegularFile(s.jar())) {
            System.err.println("accuracy: no benchmarks jar at " + s.jar() + " (mvn package builds it)");
            System.exit(2);
        }
        Files.createDirectories(s.out());
        AccuracyResult earlier = null;
        if (s.extend()) {
            Path json = s.out().resolve(AccuracyResult.JSON);
            if (!Files.isRegularFile(json)) {
                System.err.println("accuracy: nothing to extend: no " + json);
                System.exit(2);
            }
            earlier = GSON.fromJson(Files.readString(json), AccuracyResult.class);
            String mismatch = mismatch(s, earlier);
            if (mismatch != null) {
                System.err.println("accuracy: cannot extend " + json + ": " + mismatch);
                System.exit(2);
            }
        }
        Path work = Files.createTempDirectory("ccsid-accuracy-");
        Path log = s.out().resolve("forks.log");
        try (PrintStream logStream = new PrintStream(Files.newOutputStream(log, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND), true)) {
            run(s, new ForkLauncher(log, logStream, work), work, earlier, r -> write(s.out(), r));
            System.err.println("accuracy: wrote " + s.out().resolve(AccuracyResult.JSON) + " and " + AccuracyResult.MARKDOWN);
        } finally {
            ForkLauncher.deleteQuietly(work);
        }
    }

    /**
     * Reads the pairs of a folder's accuracy.json and writes its analysis again (after a change to the analysis, never to
     * what was measured): {@code AccuracyCheck DIR}. A check measured when the figure was JMH's mean is read as the
     * figure is now where its forks.log holds its suite forks ({@link #asTimePerOperation}).
     */
    static void reanalyse(Path dir) throws IOException {
        AccuracyResult r = GSON.fromJson(Files.readString(dir.resolve(AccuracyResult.JSON)), AccuracyResult.class);
        List<AccuracyResult.Pair> pairs = r.pairs();
        Path log = dir.resolve("forks.log");
        if (Files.isRegularFile(log) && pairs.stream().anyMatch(p -> p.readings().containsKey(AccuracyRecord.SUITE)
                && !p.readings().containsKey(AccuracyRecord.JMH_MEAN))) {
            try {
                pairs = asTimePerOperation(Files.readAllLines(log), pairs);
            } catch (IllegalStateException e) {
                System.err.println("accuracy: the suite's forks stay as measured (the earlier figure): " + e.getMessage());
            }
        }
        if (Files.isRegularFile(log) && pairs.stream().anyMatch(p -> p.readings().containsKey(WINDOW_FROM)
                && !p.readings().containsKey(WINDOW_TO))) {
            try {
                pairs = atThisWindow(Files.readAllLines(log), pairs);
            } catch (IllegalStateException e) {
                System.err.println("accuracy: the suite's forks stay as measured (their window): " + e.getMessage());
            }
        }
        write(dir, AccuracyResult.of(r.cpu(), r.cpuClass(), r.jdk(), r.date(), r.seconds(), r.longOptions(), r.jvmArgs(), r.arms(),
                r.target(), r.maxPairs(), pairs, r.sentBack()));
    }

    /** Where a suite fork's window began and ended; a record with the first only read a window of {@link #MEASURED_WINDOW}. */
    static final String WINDOW_FROM = "suite:window-from";
    static final String WINDOW_TO = "suite:window-to";

    /** The iterations of the window a check without {@link #WINDOW_TO} was measured with (docs/decisions.md). */
    static final int MEASURED_WINDOW = 12;

    /**
     * The pairs of a check measured with a window of {@link #MEASURED_WINDOW} iterations, their suite forks read again at
     * {@link FigureWindow#ITERATIONS} from the iterations and JIT times forks.log holds. A fork's iterations do not depend
     * on when it stops, so the shorter window reads what a fork cut at it measures. {@code suite} (and {@code
     * suite:settled}) becomes the time per operation over the window {@link FigureWindow#of} finds now, with {@link
     * #WINDOW_FROM} and {@link #WINDOW_TO}; the measured reading moves to {@code suite:window-12}. Each pair's fork
     * is the next of its figure in the log with the recorded iterations whose measured window reads the recorded level
     * (0.2%: the log rounds each score to 0.1); a pair without one stops the re-read.
     */
    static List<AccuracyResult.Pair> atThisWindow(List<String> log, List<AccuracyResult.Pair> pairs) {
        Map<String, List<List<double[]>>> forks = suiteForks(log);
        Map<String, Integer> next = new LinkedHashMap<>();
        Map<AccuracyResult.Pair, AccuracyResult.Pair> read = new IdentityHashMap<>();
        for (AccuracyResult.Pair p : pairs.stream().sorted(Comparator.comparing(AccuracyResult.Pair::ended)).toList()) {
            Map<String, Double> r = p.readings();
            if (!r.containsKey(WINDOW_FROM) || r.containsKey(WINDOW_TO)) {
                continue;
            }
            List<List<double[]>> of = forks.getOrDefault(p.figure(), List.of());
            int from = r.get(WINDOW_FROM).intValue();
            int n = r.get("suite:iterations").intValue();
            int i = next.getOrDefault(p.figure(), 0);
            while (i < of.size() && !(of.get(i).size() == n && from < n
                    && Math.abs(timePerOperation(of.get(i), from, Math.min(n, from + MEASURED_WINDOW)) / r.get(AccuracyRecord.SUITE) - 1) <= 0.002)) {
                i++;
            }
            if (i == of.size()) {
                throw new IllegalStateException("forks.log holds no suite fork of " + p.figure() + " for round " + p.round());
            }
            next.put(p.figure(), i + 1);
            List<double[]> fork = of.get(i);
            FigureWindow w = FigureWindow.of(fork.stream().mapToDouble(x -> x[1] / ITERATION_MILLIS).toArray(), n);
            w = w.empty() ? new FigureWindow(n / 2, n) : w;
            Map<String, Double> readings = new LinkedHashMap<>(r);
            double level = timePerOperation(fork, w.from(), w.to());
            readings.put(AccuracyRecord.SUITE, level);
            readings.computeIfPresent("suite:settled", (k, v) -> level);
            readings.put(WINDOW_FROM, (double) w.from());
            readings.put(WINDOW_TO, (double) w.to());
            readings.put("suite:window-" + MEASURED_WINDOW, r.get(AccuracyRecord.SUITE));
            read.put(p, new AccuracyResult.Pair(p.figure(), p.round(), p.order(), readings, p.ended()));
        }
        return pairs.stream().map(p -> read.getOrDefault(p, p)).toList();
    }

    /** The iteration of the suite's forks, milliseconds (the standard preset's). */
    private static final double ITERATION_MILLIS = Preset.STANDARD.timing().iteration().toMillis();

    private static double timePerOperation(List<double[]> fork, int from, int to) {
        return BetweenForkVariance.perOperation(fork.subList(from, to).stream().mapToDouble(x -> x[0]).toArray());
    }

    private static final Pattern FORK = Pattern.compile("^# ccsid-bench: (.+) \\(suite\\), .*");
    private static final Pattern ITERATION = Pattern.compile("^Iteration \\d+: ([0-9.]+) .*");

    /**
     * The pairs of a check measured when the figure was JMH's mean, their suite forks read again as the figure is now,
     * from the iterations forks.log holds: {@code suite} becomes the time per operation over the iterations after the
     * recorded warm-up ({@code suite:warmup}), and the reading it held moves to {@code suite:jmh-mean}. Each pair's fork
     * is the next of its figure in the log with the recorded number of iterations whose arithmetic mean after that
     * warm-up is the recorded reading (0.2%: the log rounds each score to 0.1); a pair without one stops the re-read.
     */
    static List<AccuracyResult.Pair> asTimePerOperation(List<String> log, List<AccuracyResult.Pair> pairs) {
        Map<String, List<List<double[]>>> forks = suiteForks(log);
        Map<String, Integer> next = new LinkedHashMap<>();
        Map<AccuracyResult.Pair, AccuracyResult.Pair> read = new IdentityHashMap<>();
        for (AccuracyResult.Pair p : pairs.stream().sorted(Comparator.comparing(AccuracyResult.Pair::ended)).toList()) {
            Map<String, Double> r = p.readings();
            if (!r.containsKey(AccuracyRecord.SUITE) || r.containsKey(AccuracyRecord.JMH_MEAN)) {
                continue;
            }
            List<List<double[]>> of = forks.getOrDefault(p.figure(), List.of());
            int from = r.get("suite:warmup").intValue();
            int n = r.get("suite:iterations").intValue();
            int i = next.getOrDefault(p.figure(), 0);
            while (i < of.size() && !(of.get(i).size() == n && from < n
                    && Math.abs(mean(of.get(i), from) / r.get(AccuracyRecord.SUITE) - 1) <= 0.002)) {
                i++;
            }
            if (i == of.size()) {
                throw new IllegalStateException("forks.log holds no suite fork of " + p.figure() + " for round " + p.round());
            }
            next.put(p.figure(), i + 1);
            Map<String, Double> readings = new LinkedHashMap<>(r);
            readings.put(AccuracyRecord.SUITE, timePerOperation(of.get(i), from, n));
            readings.put(AccuracyRecord.JMH_MEAN, r.get(AccuracyRecord.SUITE));
            read.put(p, new AccuracyResult.Pair(p.figure(), p.round(), p.order(), readings, p.ended()));
        }
        return pairs.stream().map(p -> read.getOrDefault(p, p)).toList();
    }

    private static double mean(List<double[]> series, int from) {
        return series.subList(from, series.size()).stream().mapToDouble(x -> x[0]).average().orElse(Double.NaN);
    }

    private static final Pattern JIT = Pattern.compile("JIT ([0-9]+) ms");

    /** The suite forks forks.log holds, by figure in the log's order: per iteration its score (ns/op) and the JIT's milliseconds (NaN: not logged). */
    static Map<String, List<List<double[]>>> suiteForks(List<String> log) {
        Map<String, List<List<double[]>>> forks = new LinkedHashMap<>();
        List<double[]> series = null;
        for (String line : log) {
            Matcher fork = FORK.matcher(line);
            Matcher iteration = ITERATION.matcher(line);
            if (fork.matches()) {
                series = new ArrayList<>();
                forks.computeIfAbsent(fork.group(1), k -> new ArrayList<>()).add(series);
            } else if (line.startsWith("# ccsid-bench: ") && line.contains("), ")) {
                series = null;
            } else if (series != null && iteration.matches()) {
                Matcher jit = JIT.matcher(line);
                series.add(new double[] {Double.parseDouble(iteration.group(1)), jit.find() ? Double.parseDouble(jit.group(1)) : Double.NaN});
            }
        }
        return forks;
    }

    /** Writes accuracy.json and accuracy.md, each whole: after every round, so that a check cut short can be read. */
    static void write(Path out, AccuracyResult r) {
        AtomicFiles.writeString(out.resolve(AccuracyResult.JSON), GSON.toJson(r) + "\n");
        AtomicFiles.writeString(out.resolve(AccuracyResult.MARKDOWN), AccuracyMarkdown.of(r));
    }

    /** Why {@code earlier} cannot take this check's pairs, or null when it can. */
    static String mismatch(Settings s, AccuracyResult earlier) {
        String cpu = CpuInfo.model();
        if (!String.valueOf(cpu).equals(earlier.cpu())) {
            return "it was measured on " + earlier.cpu() + ", this is " + cpu;
        }
        String jdk = javaVersion(s.java());
        if (!jdk.equals(earlier.jdk())) {
            return "it was measured on JDK " + earlier.jdk() + ", this is " + jdk;
        }
        String cpuClass = cpuClass(s);
        if (!cpuClass.equals(earlier.cpuClass())) {
            return "its forks ran as " + earlier.cpuClass() + ", these would run as " + cpuClass;
        }
        if (!s.longOptions().equals(earlier.longOptions()) || !s.jvmArgs().equals(earlier.jvmArgs())
                || !s.arms().equals(earlier.arms())) {
            return "its long options, JVM options or arms differ (" + earlier.longOptions() + "; " + earlier.jvmArgs()
                    + "; " + earlier.arms() + ")";
        }
        return null;
    }

    static AccuracyResult run(Settings s, ForkLauncher launcher, Path work, AccuracyResult earlier,
                              java.util.function.Consumer<AccuracyResult> partial) {
        Timing timing = Preset.STANDARD.timing();
        ForkRunner runner = new ForkRunner(launcher, timing);
        Instant started = Instant.now();
        String jdk = javaVersion(s.java());
        List<AccuracyResult.Pair> pairs = new ArrayList<>(earlier == null ? List.of() : earlier.pairs());
        Map<String, Integer> sentBack = new LinkedHashMap<>(earlier == null ? Map.of() : earlier.sentBack());
        long earlierSeconds = earlier == null ? 0 : earlier.seconds();
        String date = earlier == null ? started.toString() : earlier.date();
        List<AccuracyFigures.Figure> open = new ArrayList<>(s.figures());
        boolean hasLong = !"none".equals(s.longOptions());
        // an extension goes on from the last round measured, so that the order keeps alternating
        int firstRound = pairs.stream().mapToInt(AccuracyResult.Pair::round).max().orElse(0);
        int round = firstRound;
        open.removeIf(f -> enough(s, pairs, f));
        while (!open.isEmpty()) {
            round++;
            for (AccuracyFigures.Figure f : List.copyOf(open)) {
                List<String> order = new ArrayList<>(s.arms());
                if (hasLong) {
                    order.add(0, "long");
                }
                // alternate: the long fork first in odd rounds, last in even ones (and the arms rotated)
                java.util.Collections.rotate(order, round % 2 == 1 ? 0 : -1);
                AccuracyResult.Pair p = null;
                for (int attempt = 1; attempt <= 3 && p == null; attempt++) {
                    try {
                        p = pair(s, runner, timing, f, order, round, work);
                    } catch (SentBack e) {
                        sentBack.merge(f.name() + ": " + e.getMessage(), 1, Integer::sum);
                        System.err.println("accuracy: " + f.name() + " round " + round + " sent back: " + e.getMessage());
                    }
                }
                if (p != null) {
                    pairs.add(p);
                }
                long kept = pairs.stream().filter(x -> x.figure().equals(f.name())).count();
                boolean done = enough(s, pairs, f) || round - firstRound >= s.maxPairs() + 4;
                System.err.printf(Locale.ROOT, "accuracy: %s round %d: %s%s%n", f.name(), round,
                        p == null ? "no pair" : p.describe(), done ? " (done: " + kept + " pairs)" : "");
                if (done) {
                    open.remove(f);
                }
            }
            if (partial != null) {
                partial.accept(result(s, jdk, date, earlierSeconds, started, pairs, sentBack));
            }
        }
        return result(s, jdk, date, earlierSeconds, started, pairs, sentBack);
    }

    /** Whether a figure has its pairs: the most asked for, or at least the fewest with every arm's half-width on target. */
    private static boolean enough(Settings s, List<AccuracyResult.Pair> pairs, AccuracyFigures.Figure f) {
        long kept = pairs.stream().filter(x -> x.figure().equals(f.name())).count();
        return kept >= s.maxPairs() || kept >= s.minPairs() && AccuracyResult.halfWidthsBelow(pairs, f.name(), s.target());
    }

    /** The forks' class: an -XX:UseAVX=N among their options limits it (AVX2 on an AVX-512 host), as in a run's record. */
    private static String cpuClass(Settings s) {
        int useAvx = s.jvmArgs().stream().filter(a -> a.startsWith("-XX:UseAVX=")).mapToInt(a -> Integer.parseInt(a.substring(11)))
                .reduce((a, b) -> b).orElse(CpuClass.useAvx());
        return CpuClass.of(CpuInfo.vectorFeatures(), useAvx).label();
    }

    /** The result so far; an extension keeps the first session's start and adds this session's time to its seconds. */
    private static AccuracyResult result(Settings s, String jdk, String date, long earlierSeconds, Instant started,
                                         List<AccuracyResult.Pair> pairs, Map<String, Integer> sentBack) {
        String cpu = CpuInfo.model();
        return AccuracyResult.of(cpu == null ? "unknown" : cpu, cpuClass(s), jdk, date,
                earlierSeconds + Duration.between(started, Instant.now()).toSeconds(), s.longOptions(), s.jvmArgs(),
                s.arms(), s.target(), s.maxPairs(), pairs, sentBack);
    }

    /** One pair (or tuple): the forks of every arm in {@code order}, one after the other. */
    private static AccuracyResult.Pair pair(Settings s, ForkRunner runner, Timing timing, AccuracyFigures.Figure f,
                                            List<String> order, int round, Path work) throws SentBack {
        Map<String, Double> readings = new LinkedHashMap<>();
        for (String arm : order) {
            Map<String, Double> r = "long".equals(arm) ? longFork(s, f, work) : arm(s, runner, timing, f, arm, work);
            r.forEach((k, v) -> readings.put(k.isEmpty() ? arm : arm + ":" + k, v));
        }
        return new AccuracyResult.Pair(f.name(), round, order, readings, Instant.now().toString());
    }

    /**
     * The long plain JMH fork: JMH's own command line on the jar. Its reading is the time per operation over its measured
     * iterations ({@link BetweenForkVariance#perOperation}), {@code jmh-score} JMH's score (their arithmetic mean).
     */
    static Map<String, Double> longFork(Settings s, AccuracyFigures.Figure f, Path work) throws SentBack {
        double[] iterations = plainJmh(s, f, Arrays.asList(s.longOptions().trim().split("\\s+")), work, true);
        Map<String, Double> r = new LinkedHashMap<>();
        r.put("", BetweenForkVariance.perOperation(iterations));
        r.put("jmh-score", Arrays.stream(iterations).average().orElse(Double.NaN));
        return r;
    }

    /**
     * Runs one plain JMH fork ({@code -f 1}) with {@code options}; returns its score, or with {@code raw} its iterations.
     */
    static double[] plainJmh(Settings s, AccuracyFigures.Figure f, List<String> options, Path work, boolean raw) throws SentBack {
        Path json = work.resolve("long.json");
        List<String> command = new ArrayList<>(List.of(s.java(), "-jar", s.jar().toString(), f.c().includeRegex()));
        f.c().params().forEach((k, v) -> command.addAll(List.of("-p", k + "=" + v)));
        command.addAll(List.of("-f", "1"));
        command.addAll(options);
        command.addAll(List.of("-jvmArgsAppend", String.join(" ", s.jvmArgs()), "-foe", "true", "-rf", "json", "-rff",
                json.toString()));
        try {
            Files.deleteIfExists(json);
            ChildProcess.Result r = ChildProcess.run(new ProcessBuilder(command), Duration.ofMinutes(10));
            if (r.exit() != 0 || !Files.isRegularFile(json)) {
                throw new IllegalStateException("plain JMH exited " + r.exit() + ": " + String.join(" ", command));
            }
            JsonArray results = JsonParser.parseString(Files.readString(json)).getAsJsonArray();
            if (results.size() != 1) {
                throw new IllegalStateException("plain JMH measured " + results.size() + " benchmarks, not 1: " + command);
            }
            JsonObject metric = results.get(0).getAsJsonObject().getAsJsonObject("primaryMetric");
            if (!raw) {
                return new double[] {metric.get("score").getAsDouble()};
            }
            JsonArray iterations = metric.getAsJsonArray("rawData").get(0).getAsJsonArray();
            double[] out = new double[iterations.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = iterations.get(i).getAsDouble();
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * One arm's fork and its readings: {@code suite} (the suite's fork of this build), {@code base=JAR} (the same fork of
     * another jar), {@code gc-off} (without JMH's GC profiler), {@code iteration-1s} (1 s iterations), {@code tenure-1}
     * (objects tenured after one young collection), {@code series} (a fork of 60 iterations, or
     * {@code -Daccuracy.seriesIterations}, read by {@link SeriesReadings}),
     * {@code jmh-fork} (plain JMH's own fork of as many 100 ms iterations, no warm-up, read by {@link SeriesReadings}),
     * {@code blocks} (the suite's fork, then 100 ms and 1 s iterations in alternating blocks: {@link #blocks}).
     */
    static Map<String, Double> arm(Settings s, ForkRunner runner, Timing timing, AccuracyFigures.Figure f, String arm, Path work)
            throws SentBack {
        if (arm.equals("blocks")) {
            return blocks(s, runner, timing, f, work);
        }
        if (arm.equals("jmh-fork")) {
            String iterations = Integer.getInteger("accuracy.seriesIterations", 60).toString();
            double[] series = plainJmh(s, f, List.of("-wi", "0", "-i", iterations, "-r", "100ms"), work, true);
            return rename(SeriesReadings.of(series, null, null, 100, timing.steady()));
        }
        String classpath = s.jar().toAbsolutePath().toString();
        List<String> jvmArgs = new ArrayList<>(s.jvmArgs());
        long iterationMillis = timing.iteration().toMillis();
        SteadySettings steady = timing.steady();
        boolean gc = true;
        if (arm.startsWith("base=")) {
            classpath = Path.of(arm.substring(5)).toAbsolutePath().toString();
        } else {
            switch (arm) {
                case "suite", "series" -> { }
                case "gc-off" -> gc = false;
                case "iteration-1s" -> {
                    iterationMillis = 1000;
                    steady = steady.withMaxIterations(12);
                }
                case "tenure-1" -> jvmArgs.addAll(List.of("-XX:InitialTenuringThreshold=1", "-XX:MaxTenuringThreshold=1"));
                default -> throw new IllegalArgumentException("unknown arm " + arm);
            }
        }
        if (arm.equals("series")) {
            steady = IterationBlocksDriver.exactly(steady, Integer.getInteger("accuracy.seriesIterations", 60));
        }
        ForkLauncher.Side side = new ForkLauncher.Side(arm, s.java(), jvmArgs, classpath);
        ForkRequest request = new ForkRequest(f.c().includeRegex(), f.c().params(), iterationMillis, steady, gc, Double.NaN);
        Path dir;
        try {
            dir = Files.createTempDirectory(work, "fork-");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        ForkOutcome o = runner.launch(side, f.c(), request, f.name() + " (" + arm + ")", dir);
        ForkRunner.Run run = runner.analyse(o, f.name(), "");
        if (arm.equals("series")) {
            return rename(SeriesReadings.of(run.series(), o.usable(), o.compileMillis(), iterationMillis, timing.steady()));
        }
        boolean steadyFork = run.analysis().kind().steady();
        // A fork the JIT closed enters the suite's figure whatever it read (ForkRun.inFigure); a base= jar's may predate that.
        if (!steadyFork && (arm.startsWith("base=") || !FigureWindow.closedByJit(o, run.series().length, iterationMillis))) {
            throw new SentBack(arm + " fork did not settle (" + run.analysis().kind().label() + ")");
        }
        Map<String, Double> r = readings(run, o, iterationMillis);
        if (steadyFork) {
            r.put("settled", r.get("")); // the figure as it was while unsteady forks were left out
        } else {
            List.of("rule", "jmh-mean", "quiet").forEach(r::remove); // readings of a steady state it never reached
        }
        return r;
    }

    /**
     * The {@code blocks} arm ({@link IterationBlocksDriver}): the suite's fork, then alternating blocks of 100 ms and 1 s
     * iterations in the same JVM ({@code -Daccuracy.shortBlockMillis} sets the short one). Its readings: the
     * 1 s iterations' time per operation (the arm's level), {@code short} (the short ones' time per operation),
     * {@code short:jmh-mean} (the short ones' arithmetic mean, as JMH scores a fork) and {@code rule-mean} (the suite
     * part's figure, NaN when it did not settle).
     */
    private static Map<String, Double> blocks(Settings s, ForkRunner runner, Timing timing, AccuracyFigures.Figure f, Path work)
            throws SentBack {
        try {
            Path dir = Files.createTempDirectory(work, "blocks-");
            Path request = dir.resolve("request.properties");
            Path outcome = dir.resolve("outcome.bin");
            Path blocks = dir.resolve("blocks.txt");
            new ForkRequest(f.c().includeRegex(), f.c().params(), timing.iteration().toMillis(), timing.steady(), true,
                    Double.NaN).write(request);
            String testClasses = Path.of(IterationBlocksDriver.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
            ForkLauncher.Side side = new ForkLauncher.Side("blocks", s.java(), s.jvmArgs(),
                    s.jar().toAbsolutePath() + java.io.File.pathSeparator + testClasses);
            List<String> command = ForkLauncher.command(side, f.c().jvmArgs(), IterationBlocksDriver.class.getName(),
                    List.of(request.toString(), outcome.toString(), blocks.toString(),
                            Integer.getInteger("accuracy.shortBlockMillis", 100).toString()));
            ChildProcess.Result r = ChildProcess.run(new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(s.out().resolve("forks.log").toFile())), Duration.ofMinutes(10));
            if (r.exit() != 0 || !Files.isRegularFile(outcome)) {
                throw new SentBack("blocks fork exited " + r.exit());
            }
            ForkOutcome o = ForkOutcome.read(outcome);
            ForkRunner.Run run = runner.analyse(o, f.name(), "");
            List<List<Double>> scores = List.of(new ArrayList<>(), new ArrayList<>());
            for (String line : Files.readAllLines(blocks)) {
                String[] w = line.trim().split(" ");
                int k = w[0].equals("1000") ? 0 : 1;
                for (int i = 1; i < w.length; i++) {
                    scores.get(k).add(Double.parseDouble(w[i]));
                }
            }
            if (scores.get(0).isEmpty() || scores.get(1).isEmpty()) {
                throw new SentBack("blocks fork measured no blocks");
            }
            double[] longs = scores.get(0).stream().mapToDouble(Double::doubleValue).toArray();
            double[] shorts = scores.get(1).stream().mapToDouble(Double::doubleValue).toArray();
            Map<String, Double> out = new LinkedHashMap<>();
            out.put("", BetweenForkVariance.perOperation(longs));
            out.put("short", BetweenForkVariance.perOperation(shorts));
            out.put("short:jmh-mean", Arrays.stream(shorts).average().orElse(Double.NaN));
            out.put("rule-mean", run.analysis().kind().steady() ? readings(run, o, timing.iteration().toMillis()).get("rule") : Double.NaN);
            return out;
        } catch (IOException | java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A suite fork's readings: its level (the time per operation over its {@link FigureWindow}, slow phases and
     * iterations without the CPU included: the suite's figure, plain JMH's estimand), {@code rule} (the same over every
     * iteration after the warm-up the rule found: the figure before the window), {@code jmh-mean} (their arithmetic
     * mean, as plain JMH scores a fork: the figure before the time per operation), {@code quiet} (the median of its
     * steady iterations, slow phases left out: the fork's quiet state, the figure before 2026-11-28), {@code settled}
     * (the level again, only for a fork that settled: the figure while unsettled forks were left out), and counts:
     * {@code iterations}, {@code kept}, {@code warmup}, {@code window-from}. A {@code base=} arm's fork, measured by a
     * jar before the window, stopped where the rule stopped it: its figure is its {@code rule} reading.
     */
    static Map<String, Double> readings(ForkRunner.Run run, ForkOutcome o, long iterationMillis) {
        double[] series = run.series();
        int from = run.analysis().warmupEnd(o.usable());
        Map<String, Double> r = new LinkedHashMap<>();
        double[] measured = Arrays.copyOfRange(series, Math.min(from, series.length), series.length);
        FigureWindow window = FigureWindow.ofFork(o, series.length, iterationMillis, run.analysis());
        r.put("", BetweenForkVariance.perOperation(Arrays.copyOfRange(series, window.from(), window.to())));
        r.put("rule", BetweenForkVariance.perOperation(measured));
        r.put("window-from", (double) window.from());
        r.put("window-to", (double) window.to());
        r.put("jmh-mean", Arrays.stream(measured).average().orElse(Double.NaN));
        r.put("quiet", run.analysis().level());
        r.put("iterations", (double) series.length);
        r.put("kept", (double) run.analysis().kept().length);
        r.put("warmup", (double) from);
        return r;
    }

    /** The series readings under the arm's own name: "rule" is the arm's level. */
    private static Map<String, Double> rename(Map<String, Double> readings) throws SentBack {
        if (Double.isNaN(readings.get("rule"))) {
            throw new SentBack("the suite's rule found no steady state in the series");
        }
        Map<String, Double> r = new LinkedHashMap<>();
        readings.forEach((k, v) -> r.put(k.equals("rule") ? "" : k, v));
        return r;
    }

    private static String javaVersion(String java) {
        ChildProcess.Result r = ChildProcess.run(new ProcessBuilder(java, "-XshowSettings:properties", "-version"), Duration.ofMinutes(1));
        return (r.out() + r.err()).lines().map(String::trim).filter(l -> l.startsWith("java.version ="))
                .map(l -> l.substring(l.indexOf('=') + 1).trim()).findFirst().orElse("unknown");
    }
}
