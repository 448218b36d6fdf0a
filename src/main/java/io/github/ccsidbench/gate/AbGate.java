package io.github.ccsidbench.gate;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.bench.FloorBenchmark;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.stats.ConfirmationPlan;
import io.github.ccsidbench.stats.PairNoise;
import io.github.ccsidbench.suite.BenchmarkCase;
import io.github.ccsidbench.suite.BenchmarkPlan;
import io.github.ccsidbench.suite.Timing;
import io.github.ccsidbench.suite.ForkLauncher;
import io.github.ccsidbench.suite.ForkRunner;
import io.github.ccsidbench.suite.PlannedRun;
import io.github.ccsidbench.suite.Preset;
import io.github.ccsidbench.suite.Progress;
import io.github.ccsidbench.suite.RunFolder;
import io.github.ccsidbench.suite.SuiteRunner;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The regression gate as an A/B experiment: the base (a commit's jar, a jar built elsewhere, or this jar on
 * another JVM) and the candidate are measured on this machine in one run, fork by fork, so that the
 * comparison judges the code and not the machine (docs/gate.md, "How a run goes"). Writes
 * {@code gate.json}, {@code gate.md} and {@code gate-forks.json} ({@link GateFiles}); exit status 0 pass, 1 regression,
 * {@link #CANNOT_TELL_EXIT} when the gate cannot tell about a benchmark, {@link #RUN_FAILED_EXIT} when the run failed
 * before a verdict.
 *
 * <p>This class runs the rounds; {@link PairMeasurement} measures the pairs, {@link TimeBudget} decides what still fits
 * in the time budget, {@link Screen} judges the screening pairs and picks the suspects, {@link Confirmation} judges each
 * suspect's confirmation pairs.
 */
public final class AbGate {

    /**
     * What the A/B gate measures of the gate preset: encode and decode (a round trip is their sum, and its
     * forks would double the run) and the article's INSERT paths.
     */
    static final String INCLUDE = Stream.of(BenchmarkMethod.CONVERSION_ENCODE, BenchmarkMethod.CONVERSION_DECODE,
            BenchmarkMethod.DB2_INSERT).map(m -> Pattern.quote(m.shortName()) + "$").collect(Collectors.joining("|"));

    /** What it measures when the providers are named: their encode and decode. */
    static final String CONVERTER_INCLUDE = Stream.of(BenchmarkMethod.CONVERSION_ENCODE, BenchmarkMethod.CONVERSION_DECODE)
            .map(m -> Pattern.quote(m.shortName()) + "$").collect(Collectors.joining("|"));

    /**
     * Screening pairs every benchmark gets by default: three, since two pairs whose forks fell into opposite modes (1 fork
     * in 4, 20% apart) read a +8% benchmark as faster in 3.5% of runs, which no rule on two pairs can see (docs/gate.md,
     * "Power, measured").
     */
    public static final int SCREEN_PAIRS = 3;

    /**
     * The most pairs a suspect gets by default, tested after 8, 12 and 16 ({@link ConfirmationPlan}): a clear
     * regression is decided on 8, a +10% one often needs more where forks scatter by several percent.
     */
    public static final int CONFIRMATION_PAIRS = 16;

    /**
     * The exit status of a run in which no benchmark FAILed and the gate cannot tell about one or more: neither a pass
     * (0) nor a regression (1); {@code --strict} makes it 1.
     */
    public static final int CANNOT_TELL_EXIT = 3;

    /**
     * The exit status of a run that failed before a verdict (a fork crashed): apart from 1, a confirmed regression, so
     * that a workflow bisects only the latter.
     */
    public static final int RUN_FAILED_EXIT = 4;

    /** The gate's answer: the verdict and exit status the command returns, what it found, and where gate.md is. */
    public record Outcome(Verdict verdict, int exitCode, GateResult result, Path markdown) {
    }

    private final PrintStream err;
    private final long started = System.nanoTime();

    public AbGate(PrintStream err) {
        this.err = err;
    }

    /** Runs the gate: the screening pairs, a make-up round, the suspects' confirmation pairs, then the files. */
    public Outcome run(GateRequest o) {
        return run(o, null);
    }

    /**
     * Runs the gate on the benchmarks {@code keys} names ({@link BenchmarkCase#key()}; null: every one the request
     * selects), as a bisection's step measures the one benchmark it follows.
     */
    Outcome run(GateRequest o, Set<String> keys) {
        try {
            Files.createDirectories(o.out());
        } catch (IOException e) {
            throw new CcsidBenchException("cannot create output directory " + o.out() + ": " + e.getMessage());
        }
        // The gate's benchmarks, narrowed further by a user's --include (a regular expression on JMH names).
        // With providers named (--provider), the converters are what is gated: their encode and decode, not the INSERT
        // paths, unless an --include asks for those.
        boolean own = o.selection().include() == null || o.selection().include().equals(".*");
        String include = own ? (o.selection().providers() == null ? INCLUDE : CONVERTER_INCLUDE)
                : "(?=.*(" + INCLUDE + "))(?=.*(" + o.selection().include() + "))";
        BenchmarkPlan plan = BenchmarkPlan.of(Preset.GATE, o.timing(), o.selection().withInclude(include));
        List<BenchmarkCase> all = plan.runs().stream().filter(r -> r.benchmark() != FloorBenchmark.class)
                .flatMap(r -> r.cases().stream()).filter(c -> keys == null || keys.contains(c.key())).toList();
        if (all.isEmpty()) {
            throw new CcsidBenchException("the gate has nothing to measure" + (keys == null ? "" : ": no benchmark " + keys));
        }
        List<BenchmarkCase> cases = all.stream().filter(c -> o.baseMethods() == null
                || o.baseMethods().contains(c.benchmark() + "." + c.method())).toList();
        List<String> fresh = new ArrayList<>(all.stream().filter(c -> !cases.contains(c)).map(BenchmarkCase::key).toList());
        List<String> gone = gone(o.baseMethods(), plan.runs());
        Path logFile = o.out().resolve(GateFiles.GATE_JMH_LOG);
        String mode = mode(o.duet(), o.candidate().jvmArgs());
        err.printf(Locale.ROOT, "ccsid-bench gate: %s against %s, %d benchmarks x %d pairs of forks (%s), up to %d more pairs for"
                        + " suspects; JMH log: %s%n", o.candidate().label(), o.base().label(), cases.size(), o.pairs(), mode,
                o.confirmationPairs(), logFile);
        RunEnvironment environment = RunEnvironment.capture(Preset.GATE.id(), o.timing().describe(), o.candidate().java());
        // Appended to, like the forks do (they append their own output): a stream that writes at its own position would
        // overwrite every fork's lines with the next header.
        try {
            Files.writeString(logFile, "");
        } catch (IOException e) {
            throw new CcsidBenchException("cannot write " + logFile + ": " + e.getMessage());
        }
        Rounds rounds;
        try (PrintStream log = new PrintStream(new FileOutputStream(logFile.toFile(), true), true, StandardCharsets.UTF_8)) {
            Progress progress = new Progress(err, cases.size() * o.pairs() * (o.duet() ? 1 : 2), o.timing().typicalFork());
            TimeBudget time = new TimeBudget(o.budget(), started);
            rounds = new Rounds(o, cases, progress, time,
                    new PairMeasurement(new ForkLauncher(logFile, log, o.out().resolve(RunFolder.PRIVATE)), o, progress, time));
            confirm(rounds, screen(rounds));
        } catch (IOException e) {
            throw new CcsidBenchException("cannot write " + logFile + ": " + e.getMessage());
        } catch (ForkLauncher.ForkFailure e) {
            throw new CcsidBenchException("gate failed: " + e.getMessage() + " (details in " + logFile + "); nothing in "
                    + o.out() + " was overwritten", RUN_FAILED_EXIT, e);
        }
        return result(rounds, mode, environment, fresh, gone);
    }

    /** One gate's state while it measures: the pairs each benchmark has, their bytes, the verdicts so far. */
    private static final class Rounds {
        final GateRequest o;
        final List<BenchmarkCase> cases;
        final Progress progress;
        final TimeBudget time;
        final PairMeasurement measurement;
        final Random random = new Random(ForkRunner.SEED);
        final Map<BenchmarkCase, List<PairedComparison.Pair>> pairs = new LinkedHashMap<>();
        final Map<BenchmarkCase, double[]> bytes = new LinkedHashMap<>();
        List<PairedComparison> comparisons = new ArrayList<>();
        int screenRounds;
        int suspects;

        Rounds(GateRequest o, List<BenchmarkCase> cases, Progress progress, TimeBudget time, PairMeasurement measurement) {
            this.o = o;
            this.cases = cases;
            this.progress = progress;
            this.time = time;
            this.measurement = measurement;
            cases.forEach(c -> pairs.put(c, new ArrayList<>()));
        }

        void set(PairedComparison c) {
            comparisons.set(indexOf(comparisons, c.key()), c);
        }

        PairedComparison get(String key) {
            return comparisons.get(indexOf(comparisons, key));
        }
    }

    /**
     * The screening rounds, with a make-up round for benchmarks whose screening pair was given up while the budget lasts
     * (without it, one pair lost to the machine leaves a benchmark "too disturbed to judge", however large its change);
     * returns the screen's judgement.
     */
    private static Screen screen(Rounds r) {
        GateRequest o = r.o;
        for (int round = 1; round <= o.pairs(); round++) {
            boolean wasDuet = r.measurement.duet();
            r.measurement.round(round, r.cases, r.random, r.bytes).forEach((c, p) -> r.pairs.get(c).add(p));
            if (wasDuet != r.measurement.duet()) { // the rounds left of the screen take two forks a pair, or one again
                r.progress.extend((wasDuet ? 1 : -1) * r.cases.size() * (o.pairs() - round));
            }
        }
        r.screenRounds = o.pairs();
        List<BenchmarkCase> unjudged = r.cases.stream().filter(c -> r.pairs.get(c).size() < o.pairs()).toList();
        if (!unjudged.isEmpty() && !r.time.usedUp()) {
            r.screenRounds++;
            r.progress.extend(unjudged.size() * r.measurement.forksPerPair());
            r.progress.message("ccsid-bench gate: " + unjudged.size() + " benchmark(s) lost a screening pair; one more round for them");
            r.measurement.round(r.screenRounds, unjudged, r.random, r.bytes).forEach((c, p) -> r.pairs.get(c).add(p));
        }
        r.time.screenShort(r.cases.stream().mapToInt(c -> Math.max(0, o.pairs() - r.pairs.get(c).size())).sum());
        Screen screen = Screen.of(r.cases, r.pairs, r.bytes, screenThresholds(o, r.cases.size()), r.measurement.dropped());
        r.comparisons = new ArrayList<>(screen.comparisons());
        return screen;
    }

    /**
     * The thresholds the screen judges at: the gate's, or, where no confirmation pairs were asked for and the screen's
     * pairs are the only look, its alpha shared over the run's benchmarks (Bonferroni), so that the chance of any false
     * FAIL in an A/A run stays at most alpha there too (docs/gate.md, "The rule").
     */
    static GateThresholds screenThresholds(GateRequest o, int benchmarks) {
        GateThresholds t = o.thresholds();
        return o.confirmationPairs() == 0 && benchmarks > 1 ? t.withAlpha(t.alpha() / benchmarks) : t;
    }

    /** The suspects' confirmation pairs, in rounds, each suspect judged at its looks until it is decided or runs out. */
    private static void confirm(Rounds r, Screen screen) {
        GateRequest o = r.o;
        List<BenchmarkCase> faster = r.cases.stream().filter(c -> screen.improvementSuspect(c.key())).toList();
        List<BenchmarkCase> slower = r.cases.stream().filter(c -> !faster.contains(c) && screen.suspicion(c.key()) != null).toList();
        List<BenchmarkCase> suspects = new ArrayList<>(slower);
        suspects.addAll(faster);
        r.suspects = suspects.size();
        if (suspects.isEmpty()) {
            return;
        }
        if (o.confirmationPairs() == 0) {
            suspects.forEach(c -> r.set(r.get(c.key()).notConfirmed("no confirmation pairs were asked for")));
            return;
        }
        ConfirmationPlan looks = o.thresholds().plan(suspects.size(), o.confirmationPairs());
        r.progress.extend(suspects.size() * looks.maxPairs() * r.measurement.forksPerPair());
        r.progress.message("ccsid-bench gate: " + slower.size() + " benchmark(s) the screen cannot clear (" + screen.why(slower)
                + ")" + (faster.isEmpty() ? "" : " and " + faster.size() + " faster by "
                + PairedComparison.pct(o.thresholds().improvementRatio()).substring(1) + " or more") + "; up to "
                + looks.maxPairs() + " more pairs each decide, tested " + looks.describe());
        Map<BenchmarkCase, Confirmation> open = new LinkedHashMap<>();
        for (BenchmarkCase c : suspects) {
            String why = faster.contains(c) ? "it read faster by the failure threshold twice over" : screen.suspicion(c.key());
            open.put(c, new Confirmation(r.get(c.key()).withReasons(List.of(why)), faster.contains(c), looks, o.thresholds()));
        }
        Map<BenchmarkCase, Confirmation> confirmations = new LinkedHashMap<>(open);
        for (int round = r.screenRounds + 1; !open.isEmpty(); round++) {
            int k = round - r.screenRounds - 1; // rounds each open suspect has had
            if (r.time.limited()) {
                r.time.allot(open.values(), looks, k, r.measurement.typicalPair(), r.progress);
                TimeBudget.drop(open, looks, r.measurement.forksPerPair(), r.progress);
                if (open.isEmpty()) {
                    break;
                }
            }
            Map<BenchmarkCase, PairedComparison.Pair> kept = r.measurement.round(round, new ArrayList<>(open.keySet()),
                    r.random, r.bytes);
            for (Map.Entry<BenchmarkCase, Confirmation> e : open.entrySet()) {
                double[] b = r.bytes.getOrDefault(e.getKey(), new double[]{Double.NaN, Double.NaN});
                e.getValue().afterRound(kept.get(e.getKey()), b[0], b[1]); // null: the pair was given up
            }
            TimeBudget.drop(open, looks, r.measurement.forksPerPair(), r.progress);
        }
        for (Map.Entry<BenchmarkCase, Confirmation> e : confirmations.entrySet()) {
            double[] b = r.bytes.getOrDefault(e.getKey(), new double[]{Double.NaN, Double.NaN});
            r.set(e.getValue().verdict(b[0], b[1]));
        }
    }

    /** The verdicts with what would decide each CANNOT_TELL, the run's verdict and exit status, and the files. */
    private Outcome result(Rounds r, String mode, RunEnvironment environment, List<String> fresh, List<String> gone) {
        GateRequest o = r.o;
        PairMeasurement measurement = r.measurement;
        List<PairedComparison> comparisons = r.comparisons;
        for (int i = 0; i < comparisons.size(); i++) {
            int[] apart = measurement.apartBySide().getOrDefault(comparisons.get(i).key(), new int[2]);
            comparisons.set(i, comparisons.get(i).withSentBack(apart[0], apart[1]));
        }
        comparisons = advised(comparisons, o.thresholds(), measurement.typicalPair().toMillis() / 1000.0);
        Map<String, Integer> counts = new LinkedHashMap<>();
        comparisons.forEach(c -> counts.merge(c.verdict().name(), 1, Integer::sum));
        if (!fresh.isEmpty()) {
            counts.put(Verdict.NEW.name(), fresh.size());
        }
        if (!gone.isEmpty()) {
            counts.put(Verdict.GONE.name(), gone.size());
        }
        boolean regression = comparisons.stream().anyMatch(c -> c.verdict() == Verdict.FAIL);
        boolean unsure = comparisons.stream().anyMatch(c -> c.verdict() == Verdict.CANNOT_TELL);
        Verdict verdict = regression ? Verdict.FAIL : unsure ? Verdict.CANNOT_TELL : Verdict.PASS;
        int exit = regression ? 1 : unsure ? CANNOT_TELL_EXIT : 0;
        RunEnvironment env = environment.withWallTime(Timing.format(Duration.ofNanos(System.nanoTime() - started)));
        GateResult result = new GateResult(verdict.name(), exit, o.base().label(), o.candidate().label(),
                mode + measurement.modeSwitch(), env, o.thresholds(), o.pairs(), o.confirmationPairs(), comparisons, fresh, gone,
                counts, measurement.pairsKept(), measurement.pairsRefereed(), measurement.pairsRulersApart(), o.base().plugins(),
                o.candidate().plugins(), r.suspects, r.time.firstLooksMinutes(), o.command());
        Path markdown = GateFiles.write(o.out(), result, measurement.forks());
        if (ActionsAnnotations.enabled()) {
            ActionsAnnotations.of(result).forEach(System.out::println);
        }
        err.printf("ccsid-bench gate: %s (exit %d); wrote %s and %s%n", verdict, exit, markdown, o.out().resolve(GateFiles.GATE_JSON));
        return new Outcome(verdict, exit, result, markdown);
    }

    /**
     * The comparisons with what would decide each CANNOT_TELL added to its reasons, where more pairs can: its bound is not
     * below the failure threshold and its forks are not in modes (a CANNOT_TELL for pairs sent back unevenly already has
     * its bound). At its own pairs' spread, or with fewer than three, at the run's pooled spread, the one gate.md states.
     */
    static List<PairedComparison> advised(List<PairedComparison> comparisons, GateThresholds t, double pairSeconds) {
        PairNoise noise = PairedComparison.noise(comparisons);
        List<PairedComparison> out = new ArrayList<>();
        for (PairedComparison c : comparisons) {
            if (c.verdict() == Verdict.CANNOT_TELL && !(c.upper() < t.failRatio())
                    && c.reasons().stream().noneMatch(x -> x.startsWith(Confirmation.IN_MODES))) {
                String advice = t.wouldDecide(c.logRatios(), pairSeconds);
                if (advice.isEmpty()) { // too few pairs of its own: the run's pooled spread
                    advice = noise != null ? t.wouldDecide(noise.sigma(), noise.benchmarks(), pairSeconds)
                            : "too few pairs kept in this run to say how many would decide it: " + GateThresholds.QUIETER
                            + ", or fewer benchmarks (--include, --provider)";
                }
                List<String> reasons = new ArrayList<>(c.reasons());
                reasons.add(advice);
                c = c.withReasons(reasons);
            }
            out.add(c);
        }
        return out;
    }

    /**
     * How the pairs are measured, as gate.md and bisect.md say it: duet or interleaved, and the user's own fork arguments
     * (e.g. -XX:UseAVX=2), which belong to what was measured.
     */
    public static String mode(boolean duet, List<String> jvmArgs) {
        List<String> extra = jvmArgs.stream().filter(x -> !SuiteRunner.DEFAULT_JVM_ARGS.contains(x)).toList();
        return (duet ? "duet (the two forks of a pair at the same time)" : "interleaved (A B, B A, ...)")
                + (extra.isEmpty() ? "" : ", forks with " + String.join(" ", extra));
    }

    private static int indexOf(List<PairedComparison> list, String key) {
        return IntStream.range(0, list.size()).filter(i -> list.get(i).key().equals(key)).findFirst().orElseThrow();
    }

    /** Base methods the gate would measure that the candidate no longer has. */
    private static List<String> gone(Set<String> baseMethods, List<PlannedRun> runs) {
        if (baseMethods == null) {
            return List.of();
        }
        Set<String> candidate = new TreeSet<>();
        for (PlannedRun r : runs) {
            r.methods().forEach(m -> candidate.add(r.benchmark().getName() + "." + m));
        }
        Pattern include = Pattern.compile(INCLUDE);
        Set<String> known = candidateMethods();
        return baseMethods.stream().filter(m -> include.matcher(m).find()).filter(m -> !candidate.contains(m) && !known.contains(m))
                .filter(m -> !m.contains(FloorBenchmark.class.getSimpleName())).sorted()
                .map(m -> m.substring(m.lastIndexOf('.', m.lastIndexOf('.') - 1) + 1)).toList();
    }

    /** Every benchmark method of this build (its JMH benchmark list). */
    private static Set<String> candidateMethods() {
        Set<String> methods = new TreeSet<>();
        OutputFormat silent = OutputFormatFactory.createFormatInstance(
                new PrintStream(OutputStream.nullOutputStream()), VerboseMode.SILENT);
        BenchmarkList.defaultList().find(silent, List.of(".*"), List.of())
                .forEach(e -> methods.add(e.getUsername()));
        return methods;
    }

}
