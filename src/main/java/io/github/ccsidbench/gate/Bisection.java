package io.github.ccsidbench.gate;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.suite.Timing;
import io.github.ccsidbench.suite.Preset;
import io.github.ccsidbench.suite.Selection;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * {@code gate bisect}: the first commit that made a benchmark slower on the first-parent history, each step decided by a
 * FAIL of the gate ({@link StepRule}) or stopped; this class measures the ends, picks the benchmark, writes the answer.
 * See docs/gate.md, "Which commit: `gate bisect`".
 */
public final class Bisection {

    /** A commit built: its jar and the digest of what the jar holds. */
    record Probe(FirstParentHistory.Commit commit, Path jar, String digest) {
    }

    /** What one gate run between two probes found. */
    record Measured(List<PairedComparison> comparisons, int pairsKept) {
    }

    /** Builds a commit's benchmarks jar; throws a {@link CcsidBenchException} when the commit does not build. */
    interface Builder {
        Path jar(String commitId);
    }

    /**
     * Measures {@code candidate} against {@code base} on the benchmarks {@code keys} names (null: all both jars have),
     * the gate's files into {@code dir}; throws a {@link CcsidBenchException} when a fork fails.
     */
    interface Judge {
        Measured compare(Probe base, String baseRole, Probe candidate, String candidateRole, Set<String> keys, int pairs,
                         int confirmationPairs, Duration budget, Path dir);
    }

    /**
     * What to bisect.
     *
     * @param repository a directory in the git work tree
     * @param good the good (older, faster) ref
     * @param bad the bad (newer, slower) ref
     * @param keys the benchmarks to consider (null: every one the gate measures)
     * @param pairs the screening pairs of each comparison (twice as many for a comparison that gets more)
     * @param confirmationPairs the confirmation pairs of each comparison (twice as many for a comparison that gets more)
     * @param thresholds the gate's thresholds
     * @param budget the wall time of the whole bisection, builds included (zero: no limit)
     * @param out where bisect.json, bisect.md and each step's gate files go
     * @param mode what the steps' pairs are (duet or interleaved, the forks' own arguments), for the answer
     * @param descend go into the branch of a merge that is the answer (false: {@code --first-parent}, the merge is the answer)
     * @param continueArgs the command's other options as given, for the command that continues a stopped bisection
     */
    public record Request(Path repository, String good, String bad, Set<String> keys, int pairs, int confirmationPairs,
                          GateThresholds thresholds, Duration budget, Path out, String mode, boolean descend,
                          List<String> continueArgs) {

        public Request {
            continueArgs = List.copyOf(continueArgs);
        }
    }

    /** The output files. */
    public static final String BISECT_JSON = "bisect.json";
    public static final String BISECT_MD = "bisect.md";
    /** Each comparison's gate files, in a folder per comparison. */
    static final String STEPS = "steps";
    private static final String PREFIX = "ccsid-bench bisect: ";

    private final Builder builder;
    private final Judge judge;
    private final Supplier<RunEnvironment> environment;
    private final PrintStream err;

    /**
     * @param builder builds a commit's jar (cached)
     * @param judge measures one jar against another
     * @param environment where the bisection runs (captured at the end, with the wall time)
     * @param err where progress goes
     */
    public Bisection(Builder builder, Judge judge, Supplier<RunEnvironment> environment, PrintStream err) {
        this.builder = builder;
        this.judge = judge;
        this.environment = environment;
        this.err = err;
    }

    /**
     * A bisection on this machine: commits built by {@code builds}, cached under {@code cache}; each comparison a gate
     * run with forks of {@code java} and {@code jvmArgs}, {@code plugins} on both sides.
     */
    public static Bisection onThisMachine(BaseBuild builds, Path cache, String java, List<String> jvmArgs, List<Path> plugins,
                                          Selection selection, GateThresholds thresholds, boolean duet, PrintStream err) {
        GateJudge judge = new GateJudge((label, jar) -> BaseSide.ofBuilt(label, java, jvmArgs, jar, cache, plugins), selection,
                Preset.GATE.timing(), thresholds, duet, err);
        return new Bisection(id -> builds.build(id).jar(), judge,
                () -> RunEnvironment.capture(Preset.GATE.id(), Preset.GATE.timing().describe(), java, jvmArgs), err);
    }

    /** Runs the bisection, writes bisect.json and bisect.md, and returns what it found. */
    public BisectResult run(Request request) {
        return new Run(request).run();
    }

    /** One bisection: everything it measured, built and narrowed, for the time it runs. */
    private final class Run {
        private final Request q;
        private final long started = System.nanoTime();
        private final StepLog log = new StepLog();
        private final CommitMeasurements bench;
        private final StepRule rule;
        private final Map<String, BisectResult.Skip> skips = new LinkedHashMap<>();
        private Path top;
        /** The first-parent history from the good end to the bad end. */
        private CommitRange outer;
        private String followed;
        private List<String> others = List.of();

        Run(Request q) {
            this.q = q;
            this.rule = new StepRule(q.thresholds());
            this.bench = new CommitMeasurements(builder, judge, q, log, started, Bisection.this::say);
        }

        BisectResult run() {
            top = Git.topLevel(q.repository()).orElseThrow(() -> new CcsidBenchException(q.repository()
                    + " is not in a git repository: gate bisect needs the history between --good and --bad"));
            FirstParentHistory.Commit goodCommit = FirstParentHistory.commit(top, q.good());
            String badId = Git.resolve(top, q.bad());
            List<FirstParentHistory.Commit> all = new ArrayList<>();
            all.add(goodCommit);
            all.addAll(FirstParentHistory.between(top, goodCommit.id(), badId, q.good(), q.bad()));
            outer = new CommitRange(all, false);
            int n = outer.last();
            long merges = all.stream().skip(1).filter(FirstParentHistory.Commit::merge).count();
            say(String.format(Locale.ROOT, "%d commit(s) after the good end %s up to the bad end %s on the first-parent history%s;"
                            + " about %d step(s)", n, goodCommit.shortId(), outer.at(n).shortId(), merges == 0 ? ""
                            : ", " + merges + " of them merges (each measured as a commit"
                            + (q.descend() ? ", and gone into when it is the answer)" : "; --first-parent: not gone into)"),
                    CommitRange.stepsFor(outer.candidates())));
            Probe good = end(0, "--good");
            Probe bad = end(n, "--bad");
            BisectResult result;
            try {
                result = bisect(good, bad);
            } catch (CommitMeasurements.OutOfTime e) {
                result = stopped(e.getMessage());
            } catch (RuntimeException e) {
                // A fork or a build that fails after the ends: what was narrowed so far is kept, not lost.
                result = stopped("a run failed: " + oneLine(e));
            }
            write(result);
            return result;
        }

        private BisectResult bisect(Probe good, Probe bad) {
            int n = outer.last();
            if (good.digest().equals(bad.digest())) {
                log.next();
                int same = log.unmeasured("the ends", outer.at(n), outer.at(0), "not slower: both ends build the same jar");
                return result(BisectResult.Outcome.NOT_SLOWER, BisectAnswers.sameJar(bad.commit(), good.commit()), null, null,
                        null, same, List.of(), List.of(), null);
            }
            // The ends: which benchmarks are slower, and by how much.
            log.next();
            CommitMeasurements.Look ends = bench.measure(outer, followed, 0, n, "bad end against the good end", q.keys(), false, "ends");
            int endsStep = ends.index();
            List<PairedComparison> failed = failed(ends.measured());
            if (failed.isEmpty()) {
                List<String> worth = ends.measured().comparisons().stream().filter(rule::worthMorePairs)
                        .map(PairedComparison::key).toList();
                if (!worth.isEmpty()) {
                    say(worth.size() + " benchmark(s) the gate cannot tell about yet: the ends get "
                            + 2 * q.pairs() + " pairs and " + 2 * q.confirmationPairs() + " confirmation pairs");
                    log.conclude(endsStep, "undecided: more pairs");
                    CommitMeasurements.Look again = bench.measure(outer, followed, 0, n, "bad end against the good end, more pairs", Set.copyOf(worth), true,
                            "ends-again");
                    endsStep = again.index();
                    failed = failed(again.measured());
                    if (failed.isEmpty() && again.measured().comparisons().stream()
                            .anyMatch(rule::worthMorePairs)) {
                        log.conclude(endsStep, "undecided");
                        return stopped("the machine did not let the gate tell whether the bad end is slower");
                    }
                }
            }
            if (failed.isEmpty()) {
                log.conclude(endsStep, "not slower by the failure threshold");
                return result(BisectResult.Outcome.NOT_SLOWER, BisectAnswers.notSlower(bad.commit(), good.commit(), q.thresholds(),
                        log.at(endsStep)), null, null, null, endsStep, List.of(), List.of(), null);
            }
            PairedComparison slowest = failed.get(0);
            others = failed.subList(1, failed.size()).stream().map(PairedComparison::key).toList();
            followed = slowest.key();
            log.show(endsStep, slowest);
            log.conclude(endsStep, "slower: the bisection follows this benchmark");
            say("the bad end is slower: " + followed + " " + BisectAnswers.describe(log.at(endsStep)) + (others.isEmpty() ? ""
                    : " (and " + others.size() + " more; the slowest is followed)"));
            RangeNarrowing narrowing = new RangeNarrowing(log, bench, rule, followed, skips, Bisection.this::say);
            RangeNarrowing.Result a = narrowing.narrow(outer);
            return switch (a.kind()) {
                case FOUND -> found(a, narrowing);
                case FOUND_IN_RANGE -> result(BisectResult.Outcome.FOUND_IN_RANGE, BisectAnswers.foundInRange(followed,
                                outer.hi() - outer.lo(), outer.at(outer.lo()), outer.at(outer.hi()), log.at(a.change())), null, null,
                        null, a.change(), commits(outer.left()), List.of(), null);
                case SPREAD -> spread(outer, a);
                case STOPPED -> stopped(a.why());
            };
        }

        /** The first slower commit of the first-parent history, and where going into it (a merge) led. */
        private BisectResult found(RangeNarrowing.Result a, RangeNarrowing narrowing) {
            FirstParentHistory.Commit culprit = outer.at(outer.hi());
            FirstParentHistory.Commit parent = outer.at(outer.lo());
            MergeDescent.Descent d = culprit.merge() && q.descend()
                    ? new MergeDescent(top, q, log, bench, rule, narrowing, followed, Bisection.this::say).descend(culprit) : null;
            if (d == null || d.culprit() == null) {
                return result(BisectResult.Outcome.FOUND, BisectAnswers.found(culprit, followed, log.at(a.change()), parent),
                        d == null ? null : d.line(), commit(culprit), null, a.change(), d == null ? List.of() : commits(d.left()),
                        List.of(), d == null ? null : d.continueCommand());
            }
            return result(BisectResult.Outcome.FOUND, BisectAnswers.found(d.culprit(), followed, log.at(d.change()), d.parent())
                            + BisectAnswers.cameWith(culprit, log.at(a.change()), parent), d.line(), commit(d.culprit()),
                    commit(culprit), d.change(), List.of(), List.of(), null);
        }

        /** Builds an end; an end that does not build ends the bisection with a one-line error. */
        private Probe end(int i, String option) {
            try {
                return bench.probe(outer.at(i));
            } catch (CcsidBenchException e) {
                throw new CcsidBenchException(option + " " + outer.at(i).shortId() + " cannot be measured: " + e.getMessage(),
                        e.exitCode());
            }
        }

        private BisectResult spread(CommitRange r, RangeNarrowing.Result a) {
            List<BisectResult.Step> largest = log.all().stream().filter(s -> s.pairs() > 0 && !Double.isNaN(s.ratio()))
                    .filter(s -> !s.what().startsWith("bad end against the good end"))
                    .sorted(Comparator.comparingDouble(BisectResult.Step::ratio).reversed()).limit(3).toList();
            return result(BisectResult.Outcome.SPREAD, BisectAnswers.spread(followed, r.hi() - r.lo(), r.at(r.lo()), r.at(r.hi()),
                    q.thresholds(), log.at(a.change()), log.at(a.right())), null, null, null, -1, commits(r.left()), largest, null);
        }

        /** Stopped with the range narrowed so far, saying why and how to go on (a descent keeps its merge instead). */
        private BisectResult stopped(String why) {
            return result(BisectResult.Outcome.UNDECIDED, BisectAnswers.stopped(stripDot(why), followed, outer.hi() - outer.lo(),
                    outer.at(outer.lo()), outer.at(outer.hi())), null, null, null, -1, commits(outer.left()), List.of(),
                    continueCommand(outer, q));
        }

        private BisectResult result(BisectResult.Outcome outcome, String answer, String descent, BisectResult.Commit culprit,
                                    BisectResult.Commit merge, int change, List<BisectResult.Commit> left,
                                    List<BisectResult.Step> largest, String continueCommand) {
            int exit = outcome == BisectResult.Outcome.UNDECIDED ? CcsidBenchException.FAILED : 0;
            RunEnvironment env = environment.get().withWallTime(Timing.format(Duration.ofNanos(System.nanoTime() - started)));
            return new BisectResult(outcome, exit, answer, descent, commit(outer.at(0)), commit(outer.at(outer.last())), followed,
                    others, outer.last(), culprit, merge, log.at(change), left, largest, log.all(), List.copyOf(skips.values()),
                    q.thresholds(), log.pairs(), q.mode(), continueCommand, env);
        }

        private void write(BisectResult result) {
            result.write(q.out());
            say(result.answer());
            if (result.descent() != null) {
                say(result.descent());
            }
            say("wrote " + q.out().resolve(BISECT_MD) + " and " + q.out().resolve(BISECT_JSON) + String.format(Locale.ROOT,
                    " (%d step(s), %d comparison(s), %d pairs, %s)", log.number(), log.comparisons(), log.pairs(),
                    result.environment().wallTime()));
        }

        private List<PairedComparison> failed(Measured m) {
            return m.comparisons().stream().filter(c -> c.verdict() == Verdict.FAIL)
                    .sorted(Comparator.comparingDouble(PairedComparison::ratio).reversed()).toList();
        }
    }

    private static List<BisectResult.Commit> commits(List<FirstParentHistory.Commit> list) {
        return list.stream().map(Bisection::commit).toList();
    }

    private static BisectResult.Commit commit(FirstParentHistory.Commit c) {
        return new BisectResult.Commit(c.id(), c.shortId(), c.subject());
    }

    /** The command that bisects {@code r}'s commits left, with the options {@code q} was given. */
    static String continueCommand(CommitRange r, Request q) {
        return BisectAnswers.continueCommand(r.at(r.lo()).id(), r.at(r.hi()).id(), q.continueArgs());
    }

    /** A failure as one line: a {@link CcsidBenchException}'s message, else the exception and its message. */
    static String oneLine(RuntimeException e) {
        String m = e instanceof CcsidBenchException ? e.getMessage() : CcsidBenchException.reason(e);
        return m == null ? e.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }

    static String stripDot(String s) {
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    void say(String line) {
        err.println(PREFIX + line);
    }
}
