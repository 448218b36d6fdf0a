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
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * {@code gate bisect}: the first commit that made a benchmark slower, found on the first-parent history between a good
 * and a bad commit with the gate's own measurement (pairs of forks, the machine ruler's referee, confirmation pairs that
 * decide) instead of a script's exit codes. A script around {@code git bisect run} cannot tell "too disturbed to judge"
 * from "not slower", and one misjudged step sends it to the wrong commit; here every step must be decided by a FAIL of
 * the gate in one direction or the other ({@link StepRule}), or the bisection stops with the range left.
 *
 * <p>The procedure: the ends first (bad against good: the slowest benchmark that FAILs is followed; none: "not slower").
 * Then, while untried commits lie between the last good and the first bad ({@link CommitRange}), the one nearest the
 * middle is built (cached as every base) and judged by the step rule. A commit whose jar is the same as an end's is that
 * end's, unmeasured; commits that do not build and commits whose forks fail are skipped and named. Merges are commits:
 * each is a pull request, built and measured like any other. When none is left, "first" is shown, not assumed: the last
 * good commit is measured against the good end, and when it FAILs too the first slowdown lies before it and the
 * bisection goes on there. Then the answer's own change against its parent is confirmed on fresh pairs; not confirmed,
 * the outcome is undecided. When the answer is a merge, the bisection goes on into its branch, from where the branch left
 * the first parent's history to the merge's second parent, and names the commit inside as well as the merge.
 *
 * <p>Each {@link #run} has its own state: what it measured ({@link StepLog}), what it built, where it is.
 */
public final class Bisection {

    /** A commit built: its jar and the digest of what the jar holds. */
    record Probe(FirstParentHistory.Commit commit, Path jar, String digest) {
    }

    /** What one gate run between two probes found, and where its files are. */
    record Measured(List<PairedComparison> comparisons, int pairsKept) {
    }

    /** Builds a commit's benchmarks jar; throws a {@link CcsidBenchException} when the commit does not build. */
    interface Builder {
        Path jar(String commitId);
    }

    /**
     * Measures {@code candidate} against {@code base} with the gate's statistics, on the benchmarks {@code keys} names (null:
     * every benchmark the gate measures that both jars have), writing the gate's files into {@code dir}; throws a
     * {@link CcsidBenchException} when a fork fails.
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

        /** Going into merges, with no options to repeat. */
        public Request(Path repository, String good, String bad, Set<String> keys, int pairs, int confirmationPairs,
                       GateThresholds thresholds, Duration budget, Path out, String mode) {
            this(repository, good, bad, keys, pairs, confirmationPairs, thresholds, budget, out, mode, true, List.of());
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
     * A bisection on this machine: commits built by {@code builds} (this project's Maven build or the user's own) and
     * cached under {@code cache}, as every base of the gate; each comparison a run of the gate with forks of {@code java}
     * and {@code jvmArgs}, with {@code plugins} on both sides' class paths (a commit whose build left a plug-in, not a
     * benchmarks jar, runs this build's benchmarks with that plug-in instead).
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

    /** What narrowing one range gave. */
    private enum Narrowed { FOUND, FOUND_IN_RANGE, SPREAD, STOPPED }

    /**
     * The end of narrowing a range: the kind, the log index of the answer's change (or of the left side of a spread step),
     * of the right side of a spread step (-1: none), and why it stopped.
     */
    private record Narrowing(Narrowed kind, int change, int right, String why) {
    }

    /**
     * Where going into a merge ended: the commit found inside (null: the merge is the answer), its parent and change,
     * the commits left inside when it stopped there, the line that says so, and the command that continues it.
     */
    private record Descent(FirstParentHistory.Commit culprit, FirstParentHistory.Commit parent, int change,
                           List<FirstParentHistory.Commit> left, String line, String continueCommand) {
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
        private CommitRange outer;
        /** The range being narrowed: the first-parent history's, or a merged branch's. */
        private CommitRange range;
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
            outer = new CommitRange(all);
            range = outer;
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
                            .anyMatch(c -> rule.cannotTell(c.verdict()))) {
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
            Narrowing a = narrow(outer);
            return switch (a.kind()) {
                case FOUND -> found(a);
                case FOUND_IN_RANGE -> result(BisectResult.Outcome.FOUND_IN_RANGE, BisectAnswers.foundInRange(followed,
                                outer.hi() - outer.lo(), outer.at(outer.lo()), outer.at(outer.hi()), log.at(a.change())), null, null,
                        null, a.change(), commits(outer.left()), List.of(), null);
                case SPREAD -> spread(outer, a);
                case STOPPED -> stopped(a.why());
            };
        }

        /** The first slower commit of the first-parent history, and where going into it (a merge) led. */
        private BisectResult found(Narrowing a) {
            FirstParentHistory.Commit culprit = outer.at(outer.hi());
            FirstParentHistory.Commit parent = outer.at(outer.lo());
            Descent d = culprit.merge() && q.descend() ? descend(culprit) : null;
            if (d == null || d.culprit() == null) {
                return result(BisectResult.Outcome.FOUND, BisectAnswers.found(culprit, followed, log.at(a.change()), parent),
                        d == null ? null : d.line(), commit(culprit), null, a.change(), d == null ? List.of() : commits(d.left()),
                        List.of(), d == null ? null : d.continueCommand());
            }
            return result(BisectResult.Outcome.FOUND, BisectAnswers.found(d.culprit(), followed, log.at(d.change()), d.parent())
                            + BisectAnswers.cameWith(culprit, log.at(a.change()), parent), d.line(), commit(d.culprit()),
                    commit(culprit), d.change(), List.of(), List.of(), null);
        }

        /**
         * Narrows {@code r} until no untried commit is left between its last good and first bad commit, then shows the
         * answer is the first (its parent against the good end) and confirms its change on fresh pairs.
         */
        private Narrowing narrow(CommitRange r) {
            range = r;
            while (true) {
                int m = r.midpoint();
                if (m < 0) {
                    int lo = r.lo();
                    Boolean earlier = slowerBefore(r);
                    if (earlier == null) {
                        return new Narrowing(Narrowed.STOPPED, -1, -1, "could not tell whether " + r.at(lo).shortId()
                                + ", the last commit judged not slower, is slower than the good end " + r.at(0).shortId() + ": "
                                + BisectAnswers.describe(log.at(log.last())));
                    }
                    if (earlier) {
                        continue;
                    }
                    return confirm(r);
                }
                Probe probe = probe(r, m);
                if (probe == null) {
                    continue; // skipped: it did not build
                }
                int left = r.candidates();
                say(String.format(Locale.ROOT, "step %d: %d commit(s) left between %s (good) and %s (bad), about %d step(s) to go;"
                                + " judging %s \"%s\"", log.number() + 1, left, r.at(r.lo()).shortId(), r.at(r.hi()).shortId(),
                        CommitRange.stepsFor(left), r.at(m).shortId(), r.at(m).subject()));
                log.next();
                if (probe.digest().equals(bench.probe(r.at(r.lo())).digest())) {
                    bench.unmeasured("midpoint, the same jar as the good end", r.at(r.lo()), r.at(m), "not slower: the same jar as "
                            + r.at(r.lo()).shortId());
                    r.good(m);
                    continue;
                }
                if (probe.digest().equals(bench.probe(r.at(r.hi())).digest())) {
                    bench.unmeasured("midpoint, the same jar as the bad end", r.at(r.hi()), r.at(m), "slower: the same jar as "
                            + r.at(r.hi()).shortId());
                    r.bad(m);
                    continue;
                }
                StepRule.Decision d;
                int lo = r.lo();
                int hi = r.hi();
                try {
                    d = rule.decide((side, more) -> side == StepRule.Side.MIDPOINT_AGAINST_GOOD
                            ? bench.measure(r, followed, lo, m, "midpoint against the good end" + (more ? ", more pairs" : ""), key(), more,
                            more ? "mid-vs-good-again" : "mid-vs-good").index()
                            : bench.measure(r, followed, m, hi, "bad end against the midpoint" + (more ? ", more pairs" : ""), key(), more,
                            more ? "bad-vs-mid-again" : "bad-vs-mid").index(), log);
                } catch (CcsidBenchException e) {
                    skip(r, m, "its benchmark could not be measured: " + e.getMessage());
                    continue;
                }
                switch (d.kind()) {
                    case GOOD -> r.good(m);
                    case BAD -> r.bad(m);
                    case SPREAD -> {
                        return new Narrowing(Narrowed.SPREAD, d.left(), d.right(), d.why());
                    }
                    default -> {
                        return new Narrowing(Narrowed.STOPPED, d.left(), d.right(), "a step stayed undecided: " + d.why());
                    }
                }
            }
        }

        /**
         * "First" shown: the last commit judged not slower, against the good end, on fresh pairs. True when it FAILs (the
         * range becomes (good end, it]), false when not slower by the threshold, null when it cannot be told.
         */
        private Boolean slowerBefore(CommitRange r) {
            int lo = r.lo();
            if (lo == 0) {
                return false;
            }
            FirstParentHistory.Commit parent = r.at(lo);
            log.next();
            if (bench.probe(parent).digest().equals(bench.probe(r.at(0)).digest())) {
                bench.unmeasured("the answer's parent, the same jar as the good end", r.at(0), parent, "not slower: the same jar as "
                        + r.at(0).shortId());
                return false;
            }
            say("checking that " + r.at(r.hi()).shortId() + " is the first slower: its parent " + parent.shortId()
                    + " against the good end " + r.at(0).shortId());
            int i = measureOnceMoreIfWorth(r, 0, lo, "the answer's parent against the good end", "parent-vs-good");
            if (log.failed(i)) {
                log.conclude(i, "slower: the first slower commit is this one or before it");
                say(parent.shortId() + " is slower than the good end too: the first slower commit lies before it; going on in the"
                        + " " + lo + " commit(s) after " + r.at(0).shortId() + " up to " + parent.shortId());
                r.slowerBefore();
                return true;
            }
            if (rule.cannotTell(log.at(i))) {
                log.conclude(i, "undecided");
                return null;
            }
            log.conclude(i, "not slower by the failure threshold: the first slower commit is after it");
            return false;
        }

        /**
         * One comparison of the followed benchmark, measured once more with twice the pairs when it did not FAIL but is
         * worth more pairs (the step rule's one rule); the log index of the comparison that stands.
         */
        private int measureOnceMoreIfWorth(CommitRange r, int base, int candidate, String what, String name) {
            int i = bench.measure(r, followed, base, candidate, what, key(), false, name).index();
            if (!log.failed(i) && rule.worthMorePairs(log.at(i))) {
                log.conclude(i, "undecided: more pairs");
                i = bench.measure(r, followed, base, candidate, what + ", more pairs", key(), true, name + "-again").index();
            }
            return i;
        }

        /** The answer's change against its parent (or across the skipped commits), confirmed on fresh pairs. */
        private Narrowing confirm(CommitRange r) {
            int lo = r.lo();
            int hi = r.hi();
            boolean one = hi - lo == 1;
            String what = one ? "the answer against its parent, fresh pairs" : "the range's last commit against the last good, fresh pairs";
            log.next();
            int c = measureOnceMoreIfWorth(r, lo, hi, what, "answer-vs-parent");
            if (log.failed(c)) {
                log.conclude(c, "slower: the answer's change");
                return new Narrowing(one ? Narrowed.FOUND : Narrowed.FOUND_IN_RANGE, c, -1, "");
            }
            if (!one && rule.significantlySlower(log.at(c))) {
                log.conclude(c, "slower, below the failure threshold");
                return new Narrowing(Narrowed.SPREAD, c, -1, "");
            }
            log.conclude(c, "not confirmed");
            return new Narrowing(Narrowed.STOPPED, c, -1, "the bisection narrowed it to " + (one ? r.at(hi).shortId()
                    : "these commits") + ", but fresh pairs did not confirm the change against " + r.at(lo).shortId() + ": "
                    + BisectAnswers.describe(log.at(c)));
        }

        /**
         * Goes into the branch a merge brought: from where it left the merge's first parent's history up to the merge's
         * second parent. Its tip not slower than where it left: the merge itself is the answer. Every stop here keeps the
         * merge as the answer and says where and why in one line.
         */
        private Descent descend(FirstParentHistory.Commit merge) {
            if (merge.parents().size() != 2) {
                return stop(merge, "an octopus merge of " + merge.parents().size() + " parents is not gone into", null);
            }
            CommitRange r = null;
            try {
                String tip = merge.parents().get(1);
                Optional<String> fork = FirstParentHistory.forkPoint(top, merge.parents().get(0), tip);
                if (fork.isEmpty()) {
                    return stop(merge, "its second parent is already in its first parent's history", null);
                }
                List<FirstParentHistory.Commit> inner = new ArrayList<>();
                inner.add(FirstParentHistory.commit(top, fork.get()));
                inner.addAll(FirstParentHistory.between(top, fork.get(), tip, fork.get(), tip));
                r = new CommitRange(inner, true);
                int n = r.last();
                say(String.format(Locale.ROOT, "the answer is the merge %s: going into its branch, %d commit(s) after %s (where it"
                        + " left) up to %s", merge.shortId(), n, r.at(0).shortId(), r.at(n).shortId()));
                Probe base;
                Probe branch;
                try {
                    base = bench.probe(r.at(0));
                    branch = bench.probe(r.at(n));
                } catch (CcsidBenchException e) {
                    return stop(merge, "an end of its branch does not build: " + e.getMessage(), null);
                }
                log.next();
                if (base.digest().equals(branch.digest())) {
                    bench.unmeasured("the merged branch's tip, the same jar as where it left", r.at(0), r.at(n),
                            "not slower: the same jar");
                    return stop(merge, "its branch's tip " + r.at(n).shortId() + " builds the same jar as where it left, "
                            + r.at(0).shortId() + ": the slowdown comes from combining the two sides", null);
                }
                int i = measureOnceMoreIfWorth(r, 0, n, "the merged branch's tip against where it left", "branch-vs-fork");
                if (!log.failed(i)) {
                    BisectResult.Step s = log.at(i);
                    if (rule.cannotTell(s)) {
                        log.conclude(i, "undecided");
                        return stop(merge, "could not tell whether its branch's tip " + r.at(n).shortId() + " is slower than where"
                                + " it left, " + r.at(0).shortId() + ": " + BisectAnswers.describe(s), null);
                    }
                    log.conclude(i, "not slower: the merge's two sides combined make the slowdown");
                    return new Descent(null, null, -1, List.of(), BisectAnswers.combined(merge, r.at(n), r.at(0), s), null);
                }
                log.conclude(i, "slower: the bisection goes into the branch");
                Narrowing a = narrow(r);
                switch (a.kind()) {
                    case FOUND -> {
                        FirstParentHistory.Commit culprit = r.at(r.hi());
                        String line = BisectAnswers.descentFound(merge, culprit, r.at(0), n);
                        if (culprit.merge()) {
                            Descent deeper = descend(culprit);
                            if (deeper.culprit() != null) {
                                return new Descent(deeper.culprit(), deeper.parent(), deeper.change(), List.of(),
                                        line + " " + deeper.line(), null);
                            }
                            line = line + " " + deeper.line();
                            return new Descent(culprit, r.at(r.lo()), a.change(), deeper.left(), line, deeper.continueCommand());
                        }
                        return new Descent(culprit, r.at(r.lo()), a.change(), List.of(), line, null);
                    }
                    case FOUND_IN_RANGE -> {
                        return stop(merge, BisectAnswers.foundInRange(followed, r.hi() - r.lo(), r.at(r.lo()), r.at(r.hi()),
                                log.at(a.change())), r);
                    }
                    case SPREAD -> {
                        return stop(merge, BisectAnswers.spread(followed, r.hi() - r.lo(), r.at(r.lo()), r.at(r.hi()),
                                q.thresholds(), log.at(a.change()), log.at(a.right())), r);
                    }
                    default -> {
                        return stopWithCommand(merge, a.why(), r);
                    }
                }
            } catch (CommitMeasurements.OutOfTime e) {
                return stopWithCommand(merge, e.getMessage(), r);
            } catch (RuntimeException e) {
                return stopWithCommand(merge, "a run failed: " + oneLine(e), r);
            } finally {
                range = outer;
            }
        }

        /** A descent that ended on the merge, saying why; the commits left inside when {@code r} is given. */
        private Descent stop(FirstParentHistory.Commit merge, String why, CommitRange r) {
            say("inside the merge " + merge.shortId() + ": " + why);
            return new Descent(null, null, -1, r == null ? List.of() : r.left(), BisectAnswers.descentStopped(merge, stripDot(why)),
                    null);
        }

        /** A descent stopped before it could tell: the commits left and the command that goes on from them. */
        private Descent stopWithCommand(FirstParentHistory.Commit merge, String why, CommitRange r) {
            Descent d = stop(merge, "stopped: " + why, r);
            return new Descent(null, null, -1, d.left(), d.line(), r == null ? null : continueCommand(r));
        }

        private BisectResult spread(CommitRange r, Narrowing a) {
            List<BisectResult.Step> largest = log.all().stream().filter(s -> s.pairs() > 0 && !Double.isNaN(s.ratio()))
                    .filter(s -> !s.what().startsWith("bad end against the good end"))
                    .sorted(Comparator.comparingDouble(BisectResult.Step::ratio).reversed()).limit(3).toList();
            return result(BisectResult.Outcome.SPREAD, BisectAnswers.spread(followed, r.hi() - r.lo(), r.at(r.lo()), r.at(r.hi()),
                    q.thresholds(), log.at(a.change()), log.at(a.right())), null, null, null, -1, commits(r.left()), largest, null);
        }

        /** Stopped with the range narrowed so far, saying why, and how to go on from it. */
        private BisectResult stopped(String why) {
            CommitRange r = range;
            return result(BisectResult.Outcome.UNDECIDED, BisectAnswers.stopped(stripDot(why), followed, r.hi() - r.lo(),
                    r.at(r.lo()), r.at(r.hi())), r == outer ? null : "Stopped inside a merged branch.", null, null, -1,
                    commits(r.left()), List.of(), continueCommand(r));
        }

        /** The command that bisects {@code r}'s commits left, with the options this one was given. */
        private String continueCommand(CommitRange r) {
            return BisectAnswers.continueCommand(r.at(r.lo()).id(), r.at(r.hi()).id(), q.continueArgs());
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

        /** Builds an end; an end that does not build ends the bisection with a one-line error. */
        private Probe end(int i, String option) {
            try {
                return bench.probe(outer.at(i));
            } catch (CcsidBenchException e) {
                throw new CcsidBenchException(option + " " + outer.at(i).shortId() + " cannot be measured: " + e.getMessage(),
                        e.exitCode());
            }
        }

        /** Builds a midpoint; null (and skipped, named) when it does not build. */
        private Probe probe(CommitRange r, int i) {
            bench.timeLeft();
            try {
                return bench.probe(r.at(i));
            } catch (CcsidBenchException e) {
                // BaseBuild's one line says why: it does not build, did not build in time, or built no benchmarks jar.
                skip(r, i, e.getMessage());
                return null;
            }
        }

        private void skip(CommitRange r, int i, String why) {
            FirstParentHistory.Commit c = r.at(i);
            r.skip(i, why);
            skips.put(c.id(), new BisectResult.Skip(c.id(), c.shortId(), c.subject(), why));
            say("skipped " + c.shortId() + ": " + why);
        }

        /** One gate run and the log index of its step. */
        private record Look(int index, Measured measured) {
        }

        private Set<String> key() {
            return Set.of(followed);
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

    /** A failure as one line: a {@link CcsidBenchException}'s message, else the exception and its message. */
    private static String oneLine(RuntimeException e) {
        String m = e instanceof CcsidBenchException ? e.getMessage() : CcsidBenchException.reason(e);
        return m == null ? e.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }

    private static String stripDot(String s) {
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    void say(String line) {
        err.println(PREFIX + line);
    }
}
