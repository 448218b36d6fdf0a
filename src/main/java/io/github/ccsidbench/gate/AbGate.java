package io.github.ccsidbench.gate;

import com.google.gson.GsonBuilder;
import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.bench.FloorBenchmark;
import io.github.ccsidbench.results.AtomicFiles;
import io.github.ccsidbench.results.BenchmarkResult;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.results.Stats;
import io.github.ccsidbench.steady.ForkAnalysis;
import io.github.ccsidbench.steady.ForkOutcome;
import io.github.ccsidbench.steady.ForkRequest;
import io.github.ccsidbench.suite.BenchmarkCase;
import io.github.ccsidbench.suite.BenchmarkPlan;
import io.github.ccsidbench.suite.Durations;
import io.github.ccsidbench.suite.ForkLauncher;
import io.github.ccsidbench.suite.PlannedRun;
import io.github.ccsidbench.suite.Preset;
import io.github.ccsidbench.suite.Progress;
import io.github.ccsidbench.suite.Selection;
import io.github.ccsidbench.suite.SuiteRunner;
import io.github.ccsidbench.suite.Timing;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * The regression gate as an A/B experiment: the base (a commit's jar, a jar built elsewhere, or this jar on
 * another JVM) and the candidate are measured on this machine in one run, fork by fork, so that the
 * comparison judges the code and not the machine. Every benchmark gets pairs of forks, base and candidate
 * next to each other in time in alternating order (A B, then B A, ...; benchmarks in a seeded random order
 * per round), or in duet (both at once, one per core); each fork runs until steady as in the suite. Benchmarks
 * that look slower after the first pairs get more pairs, which decide on their own (see {@link PairedComparison}). Writes
 * {@code gate.json} and {@code gate.md}; exit status 0 pass, 1 regression.
 */
public final class AbGate {

    /**
     * What the A/B gate measures of the gate preset: encode and decode (a round trip is their sum, and its
     * forks would double the run) and the article's INSERT paths.
     */
    static final String INCLUDE = "ConversionBenchmark\\.(encode|decode)$|Db2PathBenchmark\\.insert$";

    /** Tries per pair: a pair with a fork that never settled is measured again, at most this often in all. */
    static final int ATTEMPTS = 3;

    /**
     * The most pairs a suspect gets by default, tested after 8, 12 and 16 ({@link ConfirmationPlan}): a clear
     * regression is decided on 8, a +10% one often needs more on these machines.
     */
    public static final int CONFIRMATION_PAIRS = 16;

    /** The verdict and every benchmark's comparison, for programs. */
    public static final String GATE_JSON = "gate.json";
    /** The same for people (and CI job summaries). */
    public static final String GATE_MD = "gate.md";
    /** Every fork of the run with its whole series, beside gate.json. */
    public static final String GATE_FORKS_JSON = "gate-forks.json";

    /** The seed of the fork order. */
    static final long SEED = 20261122L;

    /**
     * What to compare and how.
     *
     * @param base the base side (its label says what it is: "base 1a2b3c4", "base jar X", "base JVM Y")
     * @param candidate the candidate side (this build)
     * @param baseMethods benchmark methods the base jar has ("io...ConversionBenchmark.encode"), null when the same jar
     * @param out output directory
     * @param selection what to measure, narrowing the gate preset
     * @param timing the per-fork stopping rule and cap (the gate preset's)
     * @param thresholds when to warn and fail
     * @param pairs pairs every benchmark gets
     * @param confirmationPairs further pairs a benchmark gets when the first pairs make it a suspect; they decide it
     *                          (0: the first pairs decide, and must then be enough for the significance level)
     * @param duet run the two forks of a pair at the same time, one per core, instead of one after the other
     * @param timeBudget how long the gate may measure, from its start (zero: no limit): suspects get no further look of
     *                   confirmation pairs that would not fit; the screening pairs are always measured
     */
    public record Options(ForkLauncher.Side base, ForkLauncher.Side candidate, Set<String> baseMethods, Path out,
                          Selection selection, Timing timing, GateThresholds thresholds, int pairs, int confirmationPairs,
                          boolean duet, Duration timeBudget) {
        public Options {
            int decisive = SignedRank.pairsFor(thresholds.alpha());
            if (pairs < 2 || confirmationPairs < 0) {
                throw new CcsidBenchException("the gate needs at least 2 pairs per benchmark");
            }
            if (confirmationPairs > 0 && confirmationPairs < decisive) {
                throw new CcsidBenchException(String.format(Locale.ROOT, "--confirmation-pairs %d can never reach p < %s (the"
                        + " signed-rank test needs %d pairs): give %d or more", confirmationPairs, thresholds.alpha(), decisive, decisive));
            }
            if (confirmationPairs == 0 && pairs < decisive) {
                throw new CcsidBenchException(String.format(Locale.ROOT, "with --confirmation-pairs 0 the first pairs decide, and %d"
                        + " can never reach p < %s: give --pairs %d or more", pairs, thresholds.alpha(), decisive));
            }
        }

        /** The time budget, when there is one. */
        public java.util.Optional<Duration> budget() {
            return timeBudget == null || timeBudget.isZero() || timeBudget.isNegative() ? java.util.Optional.empty()
                    : java.util.Optional.of(timeBudget);
        }
    }

    /** The gate's answer. */
    public record Outcome(Verdict verdict, int exitCode, AbResult result, Path markdown) {
    }

    /** Everything the gate found, for gate.json and gate.md. */
    public record AbResult(String verdict, int exitCode, String base, String candidate, String mode, RunEnvironment environment,
                           GateThresholds thresholds, int pairs, int confirmationPairs, List<PairedComparison> comparisons,
                           List<String> newBenchmarks, List<String> goneBenchmarks, Map<String, Integer> counts,
                           int pairsKept, int pairsRefereed, int pairsRulersApart) {

        String toJson() {
            return new GsonBuilder().setPrettyPrinting().serializeSpecialFloatingPointValues().disableHtmlEscaping().create()
                    .toJson(this) + "\n";
        }

        String toMarkdown() {
            StringBuilder sb = new StringBuilder();
            sb.append("## ccsid-bench gate: ").append(verdict).append("\n\n");
            sb.append(String.format(Locale.ROOT, "**%s** (candidate) against **%s** (base), measured in one run on %s (%d cores), "
                            + "%s, %s. %s. Wall time %s.%n%n", candidate, base, environment.cpu(), environment.cores(),
                    environment.forkJvm(), mode, countLine(), environment.wallTime()));
            sb.append(String.format(Locale.ROOT, "| verdict | benchmark | change | interval (coverage) | p (slower) | pairs | B/op | why |%n"));
            sb.append("|---|---|---|---|---|---|---|---|\n");
            List<PairedComparison> sorted = new ArrayList<>(comparisons);
            sorted.sort((a, b) -> a.verdict() != b.verdict() ? Integer.compare(rank(a.verdict()), rank(b.verdict()))
                    : Double.compare(b.ratio(), a.ratio()));
            for (PairedComparison c : sorted) {
                sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %.2g | %d | %s | %s |%n", c.verdict(), c.key(),
                        PairedComparison.pct(c.ratio()), Double.isNaN(c.low()) ? "-" : String.format(Locale.ROOT, "%s .. %s (%.0f%%)",
                                PairedComparison.pct(c.low()), PairedComparison.pct(c.high()), 100 * c.coverage()),
                        c.pSlower(), c.pairs(), bytes(c), String.join("; ", c.reasons())));
            }
            if (!newBenchmarks.isEmpty()) {
                sb.append("\nNEW (only the candidate has them, not compared): ").append(String.join(", ", newBenchmarks)).append('\n');
            }
            if (!goneBenchmarks.isEmpty()) {
                sb.append("\nGONE (only the base has them, not compared): ").append(String.join(", ", goneBenchmarks)).append('\n');
            }
            sb.append(String.format(Locale.ROOT, "%nRules: each benchmark gets %d pairs of forks (base and candidate %s), each fork "
                            + "until steady; a pair's ratio is the candidate fork's median iteration over the base fork's (ns/op), and "
                            + "a pair counts only when both forks settled and, when both jars have the machine ruler timed around "
                            + "each iteration (" + pairsRefereed + " of " + pairsKept + " pairs here), the two forks' ruler levels were "
                            + "within " + PairedComparison.pct(RULER_AGREEMENT).substring(1).replace("%", "%%") + " of each other ("
                            + pairsRulersApart + " pairs were not) "
                            + "(else it is measured again, up to " + ATTEMPTS + " tries, then dropped; "
                            + "a benchmark that lost a screening pair gets one more round; fewer than 2 pairs is a WARN, not judged). Change: the Hodges-Lehmann estimate over pairs, with its "
                            + "distribution-free interval; p: the exact one-sided Wilcoxon signed-rank test over pairs (n pairs cannot "
                            + "give p below 2^-n). A benchmark %s slower or more after these pairs, or %s faster or more, is a "
                            + "suspect and %s (fewer when they lean the other way so often that they can no longer be significant). "
                            + "FAIL: %s slower "
                            + "or more, significant at p < %.3g; or allocation up by more than max(%.0f%%, %.0f B). WARN: %s slower "
                            + "and significant, or a failure not significant. IMPROVED: %s faster and significant.%n",
                    pairs, mode.startsWith("duet") ? "at the same time" : "one after the other, in alternating order",
                    PairedComparison.pct(thresholds.warnRatio()),
                    PairedComparison.pct(thresholds.improvementRatio()).substring(1),
                    confirmationPairs == 0 ? "is decided on these pairs"
                            : "gets up to " + confirmationPairs + " more pairs, which decide on their own, tested "
                            + ConfirmationPlan.of(thresholds.alpha(), confirmationPairs).describe() + " (the levels add up to "
                            + thresholds.alpha() + "; no further look when the time budget would be overrun)",
                    PairedComparison.pct(thresholds.failRatio()), thresholds.alpha(), thresholds.allocRelative() * 100,
                    thresholds.allocAbsolute(), PairedComparison.pct(thresholds.warnRatio()),
                    PairedComparison.pct(1 / thresholds.warnRatio())));
            return sb.toString();
        }

        private String countLine() {
            StringBuilder sb = new StringBuilder();
            for (Verdict v : List.of(Verdict.FAIL, Verdict.WARN, Verdict.IMPROVED, Verdict.PASS, Verdict.NEW, Verdict.GONE)) {
                int n = counts.getOrDefault(v.name(), 0);
                if (n > 0 || v == Verdict.FAIL || v == Verdict.PASS) {
                    sb.append(sb.length() == 0 ? "" : ", ").append(n).append(' ').append(v);
                }
            }
            return sb.toString();
        }

        private static int rank(Verdict v) {
            return switch (v) {
                case FAIL -> 0;
                case WARN -> 1;
                case IMPROVED -> 2;
                default -> 3;
            };
        }

        private static String bytes(PairedComparison c) {
            return Double.isNaN(c.baseBytes()) || Double.isNaN(c.candidateBytes()) ? "-"
                    : String.format(Locale.ROOT, "%.0f → %.0f", c.baseBytes(), c.candidateBytes());
        }
    }

    /**
     * One fork's figures: the kept iterations (ns/op), the machine ruler's level over them (NaN when the jar has no ruler
     * hooks), bytes per operation (NaN when not recorded).
     */
    private record Fork(double[] kept, double rulerLevel, double bytes, boolean steady, ForkSeries series) {
    }

    /**
     * How far apart the machine ruler's levels in a pair's two forks may be, as the larger over the smaller, for the
     * pair to be kept: the ruler referees the pair, it does not correct it. Dividing each iteration by its ruler (the
     * gate's first use of it) helped on a host whose cores were slow 90% of the time, but on a quiet one (this
     * project's Xeon, model 207, steal 0.1%) a fork now and then ran in a state that slowed the ruler 1.2-1.8x and the
     * benchmark by less or not at all, and in gate runs against a candidate slowed by +8-10% such pairs said -6% to
     * -15% and hid it. Replayed on real pairs of both hosts ({@code RulerRefereeTest}), keeping only pairs whose rulers
     * agree within 10% and comparing them in ns/op caught +10% in 91% of gates, against 72% in ruler units with every
     * pair, with no A/A FAIL; on the quiet host 4 pairs in 100 were rejected, on the busy one 27.
     */
    static final double RULER_AGREEMENT = 1.10;

    /**
     * Whether a pair's forks saw the machine ruler at levels close enough to compare them (see
     * {@link #RULER_AGREEMENT}); true when either has no ruler (a jar built before the ruler hooks: nothing to referee).
     */
    static boolean rulersAgree(double baseLevel, double candidateLevel) {
        double apart = rulersApart(baseLevel, candidateLevel);
        return Double.isNaN(apart) || apart <= RULER_AGREEMENT;
    }

    /** How far apart two ruler levels are, the larger over the smaller; NaN when either fork has no ruler. */
    static double rulersApart(double baseLevel, double candidateLevel) {
        if (!(baseLevel > 0) || !(candidateLevel > 0)) {
            return Double.NaN;
        }
        return Math.max(baseLevel, candidateLevel) / Math.min(baseLevel, candidateLevel);
    }

    /** The median of the ruler over the iterations {@code kept}, NaN when the fork has no ruler samples for them. */
    static double rulerLevel(double[] ruler, int[] kept) {
        if (ruler == null) {
            return Double.NaN;
        }
        double[] v = new double[kept.length];
        for (int k = 0; k < kept.length; k++) {
            v[k] = kept[k] < ruler.length ? ruler[kept[k]] : Double.NaN;
        }
        return Arrays.stream(v).allMatch(x -> x > 0 && Double.isFinite(x)) && v.length > 0 ? Stats.median(v) : Double.NaN;
    }

    /**
     * One fork as measured, for {@code gate-forks.json}: every iteration (warm-up included) with the CPU its thread had,
     * the machine ruler and the wall clock when it ended, and which iterations the pair's ratio used. It lets a reader
     * check a verdict fork by fork, and see whether the two forks of a duet pair ran over the same stretch of time.
     *
     * @param benchmark the benchmark's key
     * @param round the pair's round (1 to the pairs, then the confirmation rounds)
     * @param side "base" or "candidate"
     * @param scores every iteration's ns/op, in order
     * @param availability per iteration, the CPU share its thread had (NaN: unknown)
     * @param rulerNanos per iteration, the machine ruler (NaN: the jar has no ruler hooks)
     * @param endMillis per iteration, the wall clock when it ended (epoch milliseconds)
     * @param kept the iterations the pair's ratio used (indices into scores)
     * @param steady whether the fork settled
     */
    public record ForkSeries(String benchmark, int round, String side, double[] scores, double[] availability,
                             double[] rulerNanos, long[] endMillis, int[] kept, boolean steady) {
    }

    private final PrintStream err;

    public AbGate(PrintStream err) {
        this.err = err;
    }

    /** Runs the gate. */
    public Outcome run(Options o) {
        try {
            Files.createDirectories(o.out());
        } catch (IOException e) {
            throw new CcsidBenchException("cannot create output directory " + o.out() + ": " + e.getMessage());
        }
        // The gate's benchmarks, narrowed further by a user's --include (a regular expression on JMH names).
        String include = o.selection().include() == null || o.selection().include().equals(".*") ? INCLUDE
                : "(?=.*(" + INCLUDE + "))(?=.*(" + o.selection().include() + "))";
        BenchmarkPlan plan = BenchmarkPlan.of(Preset.GATE, o.timing(), o.selection().withInclude(include));
        List<BenchmarkCase> all = plan.runs().stream().filter(r -> r.benchmark() != FloorBenchmark.class)
                .flatMap(r -> r.cases().stream()).toList();
        if (all.isEmpty()) {
            throw new CcsidBenchException("the gate has nothing to measure");
        }
        List<BenchmarkCase> cases = all.stream().filter(c -> o.baseMethods() == null
                || o.baseMethods().contains(c.benchmark() + "." + c.method())).toList();
        List<String> fresh = new ArrayList<>(all.stream().filter(c -> !cases.contains(c)).map(BenchmarkCase::key).toList());
        List<String> gone = gone(o.baseMethods(), plan.runs());
        Path logFile = o.out().resolve("gate-jmh.log");
        // The user's own fork arguments (e.g. -XX:UseAVX=2) belong to what was measured: gate.md and gate.json name them.
        List<String> extra = o.candidate().jvmArgs().stream().filter(x -> !SuiteRunner.DEFAULT_JVM_ARGS.contains(x)).toList();
        String mode = (o.duet() ? "duet (the two forks of a pair at the same time)" : "interleaved (A B, B A, ...)")
                + (extra.isEmpty() ? "" : ", forks with " + String.join(" ", extra));
        err.printf(Locale.ROOT, "ccsid-bench gate: %s against %s, %d benchmarks x %d pairs of forks (%s), up to %d more pairs for"
                        + " suspects; JMH log: %s%n", o.candidate().label(), o.base().label(), cases.size(), o.pairs(), mode,
                o.confirmationPairs(), logFile);
        RunEnvironment environment = RunEnvironment.capture(Preset.GATE.id(), o.timing().describe(), o.candidate().java());
        Map<BenchmarkCase, List<PairedComparison.Pair>> pairs = new LinkedHashMap<>();
        Map<BenchmarkCase, double[]> bytes = new LinkedHashMap<>();
        cases.forEach(c -> pairs.put(c, new ArrayList<>()));
        List<PairedComparison> comparisons;
        // Appended to, like the forks do (they append their own output): a stream that writes at its own position would
        // overwrite every fork's lines with the next header (gate-jmh.log held headers only).
        try {
            Files.writeString(logFile, "");
        } catch (IOException e) {
            throw new CcsidBenchException("cannot write " + logFile + ": " + e.getMessage());
        }
        try (PrintStream log = new PrintStream(new FileOutputStream(logFile.toFile(), true), true, StandardCharsets.UTF_8)) {
            int perPair = o.duet() ? 1 : 2; // forks per pair, for the progress count
            Progress progress = new Progress(err, cases.size() * o.pairs() * perPair, o.timing().typicalFork());
            Runner runner = new Runner(new ForkLauncher(logFile, log), o, progress);
            Random random = new Random(SEED);
            for (int round = 1; round <= o.pairs(); round++) {
                runner.round(round, cases, random, bytes).forEach((c, p) -> pairs.get(c).add(p));
            }
            // A make-up round for the benchmarks whose screening pair was given up (3 tries, each a fork that did not
            // settle or forks the ruler found apart), while the budget lasts: in a real run on a quiet host a +25% slower
            // converter was left "too disturbed to judge" with one screening pair instead of being confirmed.
            int screenRounds = o.pairs();
            List<BenchmarkCase> unjudged = cases.stream().filter(c -> pairs.get(c).size() < o.pairs()).toList();
            if (!unjudged.isEmpty() && !runner.outOfTime()) {
                screenRounds++;
                progress.extend(unjudged.size() * perPair);
                progress.message("ccsid-bench gate: " + unjudged.size() + " benchmark(s) lost a screening pair; one more round for them");
                runner.round(screenRounds, unjudged, random, bytes).forEach((c, p) -> pairs.get(c).add(p));
            }
            comparisons = new ArrayList<>(compare(cases, pairs, bytes, o.thresholds()));
            List<BenchmarkCase> slower = cases.stream().filter(c -> comparisons.stream()
                    .anyMatch(p -> p.key().equals(c.key()) && p.suspect(o.thresholds()))).toList();
            List<BenchmarkCase> faster = cases.stream().filter(c -> comparisons.stream()
                    .anyMatch(p -> p.key().equals(c.key()) && p.improvementSuspect(o.thresholds()))).toList();
            List<BenchmarkCase> suspects = new ArrayList<>(slower);
            suspects.addAll(faster);
            if (!suspects.isEmpty() && o.confirmationPairs() > 0) {
                ConfirmationPlan looks = ConfirmationPlan.of(o.thresholds().alpha(), o.confirmationPairs());
                progress.extend(suspects.size() * looks.maxPairs() * perPair);
                progress.message("ccsid-bench gate: " + slower.size() + " benchmarks look slower" + (faster.isEmpty() ? ""
                        : " and " + faster.size() + " faster by " + PairedComparison.pct(o.thresholds().improvementRatio()).substring(1)
                        + " or more") + "; up to " + looks.maxPairs() + " more pairs each decide, tested " + looks.describe());
                Map<BenchmarkCase, Confirmation> open = new LinkedHashMap<>();
                for (BenchmarkCase c : suspects) {
                    open.put(c, new Confirmation(comparisons.get(indexOf(comparisons, c.key())), faster.contains(c), looks,
                            o.thresholds()));
                }
                Map<BenchmarkCase, Confirmation> confirmations = new LinkedHashMap<>(open);
                for (int round = screenRounds + 1; !open.isEmpty(); round++) {
                    int k = round - screenRounds - 1; // rounds each open suspect has had
                    if (o.budget().isPresent()) {
                        budget(open.values(), looks, k, runner.typicalPair(), o.budget().get(), progress);
                        drop(open, looks, perPair, progress);
                        if (open.isEmpty()) {
                            break;
                        }
                    }
                    Map<BenchmarkCase, PairedComparison.Pair> kept = runner.round(round, new ArrayList<>(open.keySet()), random, bytes);
                    for (Map.Entry<BenchmarkCase, Confirmation> e : open.entrySet()) {
                        double[] b = bytes.getOrDefault(e.getKey(), new double[]{Double.NaN, Double.NaN});
                        e.getValue().afterRound(kept.get(e.getKey()), b[0], b[1]); // null: the pair was given up
                    }
                    drop(open, looks, perPair, progress);
                }
                for (Map.Entry<BenchmarkCase, Confirmation> e : confirmations.entrySet()) {
                    double[] b = bytes.getOrDefault(e.getKey(), new double[]{Double.NaN, Double.NaN});
                    comparisons.set(indexOf(comparisons, e.getKey().key()), e.getValue().verdict(b[0], b[1]));
                }
            }
        } catch (IOException e) {
            throw new CcsidBenchException("cannot write " + logFile + ": " + e.getMessage());
        } catch (ForkLauncher.ForkFailure e) {
            throw new CcsidBenchException("gate failed: " + e.getMessage() + " (details in " + logFile + "); nothing in "
                    + o.out() + " was overwritten", CcsidBenchException.FAILED, e);
        }
        Map<String, Integer> counts = new LinkedHashMap<>();
        comparisons.forEach(c -> counts.merge(c.verdict().name(), 1, Integer::sum));
        if (!fresh.isEmpty()) {
            counts.put(Verdict.NEW.name(), fresh.size());
        }
        if (!gone.isEmpty()) {
            counts.put(Verdict.GONE.name(), gone.size());
        }
        boolean regression = comparisons.stream().anyMatch(c -> c.verdict() == Verdict.FAIL);
        Verdict verdict = regression ? Verdict.FAIL : Verdict.PASS;
        int exit = regression ? 1 : 0;
        RunEnvironment env = environment.withWallTime(Durations.format(Duration.ofNanos(System.nanoTime() - started)));
        AbResult result = new AbResult(verdict.name(), exit, o.base().label(), o.candidate().label(), mode, env, o.thresholds(),
                o.pairs(), o.confirmationPairs(), comparisons, fresh, gone, counts, pairCount, refereedPairs, rulersApart);
        AtomicFiles.writeString(o.out().resolve(GATE_FORKS_JSON), new GsonBuilder().serializeSpecialFloatingPointValues()
                .disableHtmlEscaping().create().toJson(Map.of("forks", forks)) + "\n");
        AtomicFiles.writeString(o.out().resolve(GATE_JSON), result.toJson());
        String md = result.toMarkdown();
        AtomicFiles.writeString(o.out().resolve(GATE_MD), md);
        err.printf("ccsid-bench gate: %s (exit %d); wrote %s and %s%n", verdict, exit, o.out().resolve(GATE_MD),
                o.out().resolve(GATE_JSON));
        return new Outcome(verdict, exit, result, o.out().resolve(GATE_MD));
    }

    private final long started = System.nanoTime();
    /** Pairs given up per benchmark: a fork never settled in {@link #ATTEMPTS} tries. */
    private final Map<String, Integer> dropped = new LinkedHashMap<>();
    /** Pairs kept, and how many of them the machine ruler refereed (both jars have its hooks). */
    private int pairCount;
    private int refereedPairs;
    /** Pairs measured again (or given up) because their forks saw the machine ruler too far apart. */
    private int rulersApart;
    /** Every fork measured, in the order they ended (duet forks end on two threads). */
    private final List<ForkSeries> forks = java.util.Collections.synchronizedList(new ArrayList<>());

    /**
     * The time budget at a round of confirmations: when a look is next to start (every suspect has had {@code rounds}
     * rounds, 0 or a look), the suspects that look most like a change, in their direction, keep going as long as the
     * pairs up to their next look fit in what is left; the others stop, saying so. In between looks only an overrun
     * budget stops them all. A look that would not finish in time is not started: the suspect is judged at the level
     * of the last look it reached. (An A/A run here made 14 of 33 benchmarks suspects on their 2 screening pairs; at
     * 8 pairs each they would have needed 9 more minutes.)
     */
    private void budget(java.util.Collection<Confirmation> open, ConfirmationPlan looks, int rounds, Duration pair, Duration budget,
                        Progress progress) {
        Duration left = timeLeft(budget);
        if (rounds != 0 && looks.lookAt(rounds) < 0) {
            if (left.isNegative()) {
                String why = String.format(Locale.ROOT, "stopped after %d pairs: the gate's time budget of %s was used up", rounds,
                        Durations.format(budget));
                open.forEach(c -> c.stop(why));
                progress.message("ccsid-bench gate: " + why);
            }
            return;
        }
        int next = looks.nextLook(rounds);
        List<Confirmation> ranked = new ArrayList<>(open);
        ranked.sort((x, y) -> Double.compare(y.promise(), x.promise()));
        Duration each = pair.multipliedBy(Math.max(1, next - rounds));
        int stopped = 0;
        for (Confirmation c : ranked) {
            if (left.compareTo(each) >= 0) {
                left = left.minus(each);
            } else {
                c.stop(String.format(Locale.ROOT, "stopped after %d pairs: no time left in the gate's budget of %s for the %d"
                        + " pairs to its next look (suspects that looked more like a change went first)", rounds,
                        Durations.format(budget), next - rounds));
                stopped++;
            }
        }
        if (stopped > 0) {
            progress.message(String.format(Locale.ROOT, "ccsid-bench gate: %d suspect(s) stopped after %d pairs: their next look"
                    + " would not fit in the time budget of %s", stopped, rounds, Durations.format(budget)));
        }
    }

    /** What is left of {@code budget} (negative once it is overrun), counted from the gate's start. */
    private Duration timeLeft(Duration budget) {
        return budget.minus(Duration.ofNanos(System.nanoTime() - started));
    }

    /** Removes the suspects that are done from {@code open}, and their rounds not needed from the progress. */
    private static void drop(Map<BenchmarkCase, Confirmation> open, ConfirmationPlan looks, int perPair, Progress progress) {
        List<BenchmarkCase> done = open.entrySet().stream().filter(e -> !e.getValue().open()).map(Map.Entry::getKey).toList();
        for (BenchmarkCase c : done) {
            progress.extend(-(looks.maxPairs() - open.get(c).rounds()) * perPair);
            open.remove(c);
        }
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
                .filter(m -> !m.contains("FloorBenchmark")).sorted()
                .map(m -> m.substring(m.lastIndexOf('.', m.lastIndexOf('.') - 1) + 1)).toList();
    }

    /** Every benchmark method of this build (its JMH benchmark list). */
    private static Set<String> candidateMethods() {
        Set<String> methods = new TreeSet<>();
        org.openjdk.jmh.runner.format.OutputFormat silent = org.openjdk.jmh.runner.format.OutputFormatFactory.createFormatInstance(
                new PrintStream(java.io.OutputStream.nullOutputStream()), org.openjdk.jmh.runner.options.VerboseMode.SILENT);
        org.openjdk.jmh.runner.BenchmarkList.defaultList().find(silent, List.of(".*"), List.of())
                .forEach(e -> methods.add(e.getUsername()));
        return methods;
    }

    private List<PairedComparison> compare(List<BenchmarkCase> cases, Map<BenchmarkCase, List<PairedComparison.Pair>> pairs,
                                                  Map<BenchmarkCase, double[]> bytes, GateThresholds t) {
        List<PairedComparison> out = new ArrayList<>();
        for (BenchmarkCase c : cases) {
            double[] b = bytes.getOrDefault(c, new double[]{Double.NaN, Double.NaN});
            List<PairedComparison.Pair> p = pairs.get(c);
            if (p.size() < 2) {
                out.add(PairedComparison.disturbed(c.key(), p.size(), dropped.getOrDefault(c.key(), 0)));
            } else {
                out.add(PairedComparison.of(c.key(), p, b[0], b[1], t));
            }
        }
        return out;
    }

    /** Runs the forks of a round. */
    private final class Runner {
        private final ForkLauncher launcher;
        private final Options o;
        private final Progress progress;
        /** The two sides as their forks are started (in duet, told to share JMH's lock). */
        private final ForkLauncher.Side baseSide;
        private final ForkLauncher.Side candidateSide;
        private long pairNanos;
        private int pairsTimed;
        /** Why the last pair was not kept, for the progress line. */
        private String rejection = "";

        Runner(ForkLauncher launcher, Options o, Progress progress) {
            this.launcher = launcher;
            this.o = o;
            this.progress = progress;
            this.baseSide = o.duet() ? beside(o.base()) : o.base();
            this.candidateSide = o.duet() ? beside(o.candidate()) : o.candidate();
        }

        /** Measures a pair of every case, in a shuffled order; returns the pairs kept (a case given up has none). */
        Map<BenchmarkCase, PairedComparison.Pair> round(int round, List<BenchmarkCase> cases, Random random,
                                                        Map<BenchmarkCase, double[]> bytes) {
            List<BenchmarkCase> order = new ArrayList<>(cases);
            Collections.shuffle(order, random);
            Map<BenchmarkCase, PairedComparison.Pair> kept = new LinkedHashMap<>();
            for (BenchmarkCase c : order) {
                long t0 = System.nanoTime();
                for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
                    PairedComparison.Pair p = measurePair(c, round, bytes);
                    if (p != null) {
                        kept.put(c, p);
                        break;
                    }
                    // No further try once the time budget is used up: an A/A run here, on a machine busier than usual,
                    // measured 46 pairs again and took 15m10s against a 12-minute budget. The pair is given up instead.
                    if (attempt < ATTEMPTS && !outOfTime()) {
                        progress.extend(o.duet() ? 1 : 2);
                        progress.message("ccsid-bench gate: " + rejection + ": measuring pair " + round + " again");
                    } else {
                        if (attempt < ATTEMPTS) {
                            progress.message("ccsid-bench gate: " + rejection + "; pair " + round
                                    + " given up: the time budget is used up");
                        }
                        dropped.merge(c.key(), 1, Integer::sum);
                        break;
                    }
                }
                pairNanos += System.nanoTime() - t0;
                pairsTimed++;
            }
            return kept;
        }

        /** Whether the gate's time budget, when it has one, is used up. */
        private boolean outOfTime() {
            return o.budget().map(b -> timeLeft(b).isNegative()).orElse(false);
        }

        /**
         * The mean wall time of a benchmark's round so far: its pair with the tries of pairs that did not settle (an A/A
         * run under -XX:UseAVX=2 here measured 27 pairs again; timed one try each, the budget let its looks overrun it),
         * 6 s before any.
         */
        Duration typicalPair() {
            return pairsTimed == 0 ? Duration.ofSeconds(6) : Duration.ofNanos(pairNanos / pairsTimed);
        }

        /** Measures one pair; the pair when both forks settled, else null. */
        private PairedComparison.Pair measurePair(BenchmarkCase c, int round, Map<BenchmarkCase, double[]> bytes) {
            // A B in odd rounds, B A in even ones, starting with a per-benchmark coin: no side always goes first.
            boolean baseFirst = ((round + Math.floorMod(c.key().hashCode(), 2)) % 2) == 1;
            Fork base;
            Fork candidate;
            if (o.duet()) {
                progress.start(c.key() + " (pair " + round + ", base and candidate at once)");
                Path w1 = ForkLauncher.workDirectory();
                Path w2 = ForkLauncher.workDirectory();
                try {
                    // Started in the same alternating order as interleaved pairs: neither side's JVM always starts first.
                    CompletableFuture<Fork> a;
                    CompletableFuture<Fork> b;
                    if (baseFirst) {
                        a = CompletableFuture.supplyAsync(() -> fork(baseSide, c, round, w1));
                        b = CompletableFuture.supplyAsync(() -> fork(candidateSide, c, round, w2));
                    } else {
                        b = CompletableFuture.supplyAsync(() -> fork(candidateSide, c, round, w2));
                        a = CompletableFuture.supplyAsync(() -> fork(baseSide, c, round, w1));
                    }
                    base = a.join();
                    candidate = b.join();
                } catch (CompletionException e) {
                    throw e.getCause() instanceof RuntimeException r ? r : e;
                } finally {
                    ForkLauncher.deleteQuietly(w1);
                    ForkLauncher.deleteQuietly(w2);
                }
                progress.end(describe(base, candidate));
            } else {
                Path w = ForkLauncher.workDirectory();
                try {
                    ForkLauncher.Side first = baseFirst ? baseSide : candidateSide;
                    ForkLauncher.Side second = baseFirst ? candidateSide : baseSide;
                    progress.start(c.key() + " (pair " + round + ", " + first.label() + ")");
                    Fork f1 = fork(first, c, round, w);
                    progress.end(level(f1));
                    progress.start(c.key() + " (pair " + round + ", " + second.label() + ")");
                    Fork f2 = fork(second, c, round, w);
                    progress.end(level(f2));
                    base = baseFirst ? f1 : f2;
                    candidate = baseFirst ? f2 : f1;
                } finally {
                    ForkLauncher.deleteQuietly(w);
                }
            }
            if (!base.steady() || !candidate.steady()) {
                rejection = "a fork of " + c.key() + " did not settle (the machine took its CPU, or it was still warming up at its cap)";
                return null; // a fork that never settled compares the machine, not the code
            }
            double apart = rulersApart(base.rulerLevel(), candidate.rulerLevel());
            if (!rulersAgree(base.rulerLevel(), candidate.rulerLevel())) {
                rulersApart++;
                rejection = String.format(Locale.ROOT, "the forks of %s saw the machine ruler %.2fx apart (one of them ran in a "
                        + "slow state of the machine: the pair would compare the machine, not the code)", c.key(), apart);
                return null;
            }
            PairedComparison.Pair pair = new PairedComparison.Pair(base.kept(), candidate.kept());
            pairCount++; // pairs are kept on the gate's own thread (only a duet's two forks run on others)
            refereedPairs += Double.isNaN(apart) ? 0 : 1;
            double[] b = bytes.computeIfAbsent(c, k -> new double[]{Double.NaN, Double.NaN});
            b[0] = Double.isNaN(b[0]) ? base.bytes() : Math.min(b[0], base.bytes());
            b[1] = Double.isNaN(b[1]) ? candidate.bytes() : Math.min(b[1], candidate.bytes());
            return pair;
        }

        /**
         * The side as a duet fork: JMH takes a machine-wide lock (/tmp/jmh.lock) so that two benchmark runs never share
         * a machine by accident; a duet shares it on purpose, so both forks of a pair ignore the lock.
         */
        private static ForkLauncher.Side beside(ForkLauncher.Side side) {
            List<String> args = new ArrayList<>(side.jvmArgs());
            args.add("-Djmh.ignoreLock=true");
            return new ForkLauncher.Side(side.label(), side.java(), args, side.classpath());
        }

        private Fork fork(ForkLauncher.Side side, BenchmarkCase c, int round, Path work) {
            ForkRequest request = new ForkRequest(c.includeRegex(), c.params(), o.timing().iteration().toMillis(),
                    o.timing().steady(), true, Double.NaN);
            ForkOutcome outcome = launcher.launch(side, c, request, c.key() + " (" + side.label() + ", pair " + round + ")", work,
                    o.timing().longestFork().multipliedBy(4).plusSeconds(120));
            if (outcome.failure() != null) {
                throw new ForkLauncher.ForkFailure(c.key() + " (" + side.label() + "): " + outcome.failure());
            }
            if (outcome.iterations().isEmpty()) {
                throw new ForkLauncher.ForkFailure("a fork of " + c.key() + " (" + side.label() + ") measured no iteration");
            }
            double[] series = outcome.scores();
            // Judged by the CPU the fork had, not by the machine ruler: a base jar built before the ruler has no samples,
            // and excluding the slow phases of one side only would favour it.
            boolean[] usable = ForkOutcome.usable(outcome.availability(), null, Double.NaN, series.length);
            ForkAnalysis a = ForkAnalysis.of(series, usable, o.timing().steady());
            int[] kept = a.kind().steady() ? a.kept()
                    : IntStream.range(series.length / 2, series.length).filter(i -> usable[i]).toArray();
            if (kept.length == 0) {
                kept = IntStream.range(series.length / 2, series.length).toArray(); // the machine took the CPU throughout
            }
            double[] values = Arrays.stream(kept).mapToDouble(i -> series[i]).toArray();
            double[] alloc = outcome.select(kept).stream().mapToDouble(AbGate::allocation).filter(x -> !Double.isNaN(x)).toArray();
            ForkSeries record = new ForkSeries(c.key(), round, side.label().startsWith("base") ? "base" : "candidate", series,
                    outcome.availability(), outcome.rulerNanos(), outcome.endMillis(), kept, a.kind().steady());
            forks.add(record);
            return new Fork(values, rulerLevel(outcome.rulerNanos(), kept), alloc.length == 0 ? Double.NaN : Stats.median(alloc), a.kind().steady(), record);
        }

        private String level(Fork f) {
            return String.format(Locale.ROOT, "%.1f ns/op%s", Stats.median(f.kept()), f.steady() ? "" : " (not steady)");
        }

        private String describe(Fork base, Fork candidate) {
            return "base " + level(base) + ", candidate " + level(candidate);
        }
    }

    private static double allocation(IterationResult r) {
        Result<?> alloc = r.getSecondaryResults().get(BenchmarkResult.ALLOC_NORM);
        return alloc == null ? Double.NaN : alloc.getScore();
    }
}
