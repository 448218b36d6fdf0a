package io.github.ccsidbench.gate;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.results.AtomicFiles;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.suite.Durations;
import io.github.ccsidbench.suite.Preset;
import io.github.ccsidbench.suite.Selection;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * {@code gate bisect}: the first commit that made a benchmark slower, found on the first-parent history between a good
 * and a bad commit with the gate's own measurement (pairs of forks, the machine ruler's referee, confirmation pairs that
 * decide) instead of a script's exit codes. A script around {@code git bisect run} cannot tell "too disturbed to judge"
 * from "not slower", and one misjudged step sends it to the wrong commit; here every step must be decided by a FAIL of
 * the gate in one direction or the other, or the bisection stops with the range left.
 *
 * <p>The procedure: the ends first (bad against good: the slowest benchmark that FAILs is followed; none: "not slower").
 * Then, while commits lie between the last good and the first bad, the one nearest the middle is built (cached as every
 * base) and judged: slower (bad) when it FAILs against the good end; not slower (good) when the bad end FAILs against
 * it. The good end is tried first, and its first pairs end the run at once when they show nothing; the bad end is then
 * the one that can decide. A commit whose jar is the same as an end's is that end's, unmeasured. When neither direction
 * FAILs, the one nearer a FAIL gets twice the confirmation pairs; when that does not decide either, the bisection stops:
 * with "spread" when both halves are significantly slower, each below the threshold, else with the range left. Merges,
 * commits that do not build and commits whose forks fail are skipped and named. The answer's change against its parent is
 * measured directly when no step compared exactly those two jars.
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
     */
    public record Request(Path repository, String good, String bad, Set<String> keys, int pairs, int confirmationPairs,
                          GateThresholds thresholds, Duration budget, Path out, String mode) {
    }

    /** The output files. */
    public static final String BISECT_JSON = "bisect.json";
    public static final String BISECT_MD = "bisect.md";
    /** Each comparison's gate files, in a folder per comparison. */
    static final String STEPS = "steps";
    private static final String PREFIX = "ccsid-bench bisect: ";
    /** Kept back from the budget for writing the answer. */
    private static final Duration MARGIN = Duration.ofSeconds(20);

    private final Builder builder;
    private final Judge judge;
    private final Supplier<RunEnvironment> environment;
    private final PrintStream err;
    private final long started = System.nanoTime();

    private Request q;
    private List<FirstParentHistory.Commit> all;
    private final Map<Integer, String> skipped = new TreeMap<>();
    private final Map<Integer, Probe> probes = new HashMap<>();
    private final List<BisectResult.Step> steps = new ArrayList<>();
    /** Every measured comparison by the digests of its base and candidate jars. */
    private final Map<String, Integer> byJars = new LinkedHashMap<>();
    private int stepNumber;
    private int comparisons;
    private int pairs;

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
     * A bisection on this machine: commits built in a worktree (offline Maven, online when the local repository lacks
     * artifacts) and cached under {@code cache}, as every base of the gate; each comparison a run of the gate with forks
     * of {@code java} and {@code jvmArgs}.
     */
    public static Bisection onThisMachine(Path repository, Path cache, String java, List<String> jvmArgs, Selection selection,
                                          GateThresholds thresholds, boolean duet, PrintStream err) {
        BaseBuild builds = new BaseBuild(repository, cache, err);
        GateJudge judge = new GateJudge((label, jar) -> BaseSide.of(label, java, jvmArgs, jar, cache), selection,
                Preset.GATE.timing(), thresholds, duet, err);
        return new Bisection(id -> builds.build(id).jar(), judge,
                () -> RunEnvironment.capture(Preset.GATE.id(), Preset.GATE.timing().describe(), java, jvmArgs), err);
    }

    /** Thrown inside when the time budget is used up: the bisection stops with the range left. */
    private static final class OutOfTime extends RuntimeException {
        OutOfTime(String message) {
            super(message, null, false, false);
        }
    }

    /** Runs the bisection, writes bisect.json and bisect.md, and returns what it found; once per instance. */
    public BisectResult run(Request request) {
        if (q != null) {
            throw new IllegalStateException("a Bisection runs once");
        }
        this.q = request;
        Path top = Git.topLevel(q.repository()).orElseThrow(() -> new CcsidBenchException(q.repository()
                + " is not in a git repository: gate bisect needs the history between --good and --bad"));
        FirstParentHistory.Commit goodCommit = FirstParentHistory.commit(top, q.good());
        String badId = Git.resolve(top, q.bad());
        all = new ArrayList<>();
        all.add(goodCommit);
        all.addAll(FirstParentHistory.between(top, goodCommit.id(), badId, q.good(), q.bad()));
        int n = all.size() - 1;
        for (int i = 1; i < n; i++) {
            if (all.get(i).merge()) {
                skipped.put(i, "a merge commit");
            }
        }
        say(String.format(Locale.ROOT, "%d commit(s) after the good end %s up to the bad end %s on the first-parent history%s;"
                        + " about %d step(s)", n, goodCommit.shortId(), all.get(n).shortId(),
                skipped.isEmpty() ? "" : ", " + skipped.size() + " merge(s) skipped", stepsFor(candidates(0, n))));
        lo = 0;
        hi = n;
        Probe good = end(0, "--good");
        Probe bad = end(n, "--bad");
        BisectResult result;
        try {
            result = bisect(good, bad);
        } catch (OutOfTime e) {
            result = stopped(lo, hi, e.getMessage(), -1, -1);
        }
        write(result);
        return result;
    }

    private BisectResult bisect(Probe good, Probe bad) {
        int n = all.size() - 1;
        if (good.digest().equals(bad.digest())) {
            int same = unmeasured("the ends", 0, n, "not slower: both ends build the same jar");
            return result(BisectResult.Outcome.NOT_SLOWER, "The bad end " + bad.commit().shortId() + " is not slower than the good end "
                    + good.commit().shortId() + ": both build the same jar.", null, List.of(), List.of(), same, List.of());
        }
        // The ends: which benchmarks are slower, and by how much.
        stepNumber++;
        Measured ends = measure(0, n, "bad end against the good end", q.keys(), false, "ends");
        int endsStep = last();
        List<PairedComparison> failed = failed(ends);
        if (failed.isEmpty()) {
            List<String> unsure = ends.comparisons().stream().filter(this::unsure).map(PairedComparison::key).toList();
            if (!unsure.isEmpty()) {
                say(unsure.size() + " benchmark(s) at the threshold or too disturbed to judge: the ends get " + 2 * q.pairs()
                        + " pairs and " + 2 * q.confirmationPairs() + " confirmation pairs");
                conclude(endsStep, "undecided: more pairs");
                Measured again = measure(0, n, "bad end against the good end, more pairs", Set.copyOf(unsure), true,
                        "ends-again");
                endsStep = last();
                failed = failed(again);
                if (failed.isEmpty() && again.comparisons().stream().anyMatch(this::unsure)) {
                    conclude(endsStep, "undecided");
                    return stopped(0, n, "the machine did not let the gate tell whether the bad end is slower", endsStep, -1);
                }
            }
        }
        if (failed.isEmpty()) {
            conclude(endsStep, "not slower by the failure threshold");
            return result(BisectResult.Outcome.NOT_SLOWER, String.format(Locale.ROOT, "The bad end %s is not slower than the good"
                            + " end %s by the failure threshold (%s): %s.", bad.commit().shortId(), good.commit().shortId(),
                    PairedComparison.pct(q.thresholds().failRatio()), describe(at(endsStep))), null, List.of(), List.of(), endsStep,
                    List.of());
        }
        PairedComparison followed = failed.get(0);
        List<String> others = failed.subList(1, failed.size()).stream().map(PairedComparison::key).toList();
        followedKey = followed.key();
        show(endsStep, followed);
        conclude(endsStep, "slower: the bisection follows this benchmark");
        say("the bad end is slower: " + followed.key() + " " + describe(at(endsStep)) + (others.isEmpty() ? ""
                : " (and " + others.size() + " more; the slowest is followed)"));
        while (true) {
            int m = midpoint(lo, hi);
            if (m < 0) {
                break;
            }
            Probe probe = probe(m);
            if (probe == null) {
                continue; // skipped: it did not build
            }
            int left = candidates(lo, hi);
            say(String.format(Locale.ROOT, "step %d: %d commit(s) left between %s (good) and %s (bad), about %d step(s) to go;"
                            + " judging %s \"%s\"", stepNumber + 1, left, all.get(lo).shortId(), all.get(hi).shortId(), stepsFor(left),
                    all.get(m).shortId(), all.get(m).subject()));
            stepNumber++;
            if (probe.digest().equals(probes.get(lo).digest())) {
                unmeasured("midpoint, the same jar as the good end", lo, m, "not slower: the same jar as " + all.get(lo).shortId());
                lo = m;
                continue;
            }
            if (probe.digest().equals(probes.get(hi).digest())) {
                unmeasured("midpoint, the same jar as the bad end", hi, m, "slower: the same jar as " + all.get(hi).shortId());
                hi = m;
                continue;
            }
            Decision d;
            try {
                d = decide(lo, m, hi);
            } catch (CcsidBenchException e) {
                skipped.put(m, "its benchmark could not be measured: " + e.getMessage());
                say("skipped " + all.get(m).shortId() + ": " + e.getMessage());
                continue;
            }
            switch (d.kind()) {
                case GOOD -> lo = m;
                case BAD -> hi = m;
                case SPREAD -> {
                    return spread(lo, hi, d.left(), d.right());
                }
                default -> {
                    return stopped(lo, hi, "a step stayed undecided: " + d.why(), d.left(), d.right());
                }
            }
        }
        return answer(lo, hi, others);
    }

    /** The last commit known not slower and the first known slower (indices into {@link #all}). */
    private int lo;
    private int hi;

    /** The benchmark the bisection follows, once the ends have shown it slower. */
    private String followedKey;

    /** A step's verdict on its midpoint. */
    private enum Kind { GOOD, BAD, SPREAD, UNDECIDED }

    /** A step's verdict, with the indices of its deciding comparisons on each side (-1: none) and why when undecided. */
    private record Decision(Kind kind, int left, int right, String why) {
    }

    /**
     * Judges the midpoint: against the good end (a FAIL: slower), then the bad end against it (a FAIL: not slower), then
     * twice the confirmation pairs for the direction nearer a FAIL.
     */
    private Decision decide(int lo, int m, int hi) {
        Set<String> key = Set.of(followedKey);
        Measured a = measure(lo, m, "midpoint against the good end", key, false, "mid-vs-good");
        int left = last();
        if (isFail(a)) {
            conclude(left, "slower: the first slower commit is this one or before it");
            return new Decision(Kind.BAD, left, -1, "");
        }
        conclude(left, "no slowdown confirmed: the bad end against it decides");
        Measured b = measure(m, hi, "bad end against the midpoint", key, false, "bad-vs-mid");
        int right = last();
        if (isFail(b)) {
            conclude(right, "faster than the bad end: the first slower commit is after the midpoint");
            return new Decision(Kind.GOOD, left, right, "");
        }
        conclude(right, "undecided");
        // More pairs for each side that more pairs could still make FAIL (too disturbed to judge, or a suspect not confirmed),
        // the one nearer a FAIL first: a first look that saw nothing is never a FAIL, however many pairs follow.
        List<Boolean> retry = new ArrayList<>();
        if (couldFail(at(right))) {
            retry.add(false);
        }
        if (couldFail(at(left))) {
            retry.add(ratio(at(left)) > ratio(at(right)) ? 0 : retry.size(), true);
        }
        for (boolean towardsBad : retry) {
            say(String.format(Locale.ROOT, "%s undecided (%s against the good end; %s for the bad end against it): %d pairs and %d"
                            + " confirmation pairs for %s", all.get(m).shortId(), describe(at(left)), describe(at(right)), 2 * q.pairs(),
                    2 * q.confirmationPairs(), towardsBad ? "the midpoint against the good end" : "the bad end against the midpoint"));
            Measured c = towardsBad
                    ? measure(lo, m, "midpoint against the good end, more pairs", key, true, "mid-vs-good-again")
                    : measure(m, hi, "bad end against the midpoint, more pairs", key, true, "bad-vs-mid-again");
            int again = last();
            if (isFail(c)) {
                conclude(again, towardsBad ? "slower: the first slower commit is this one or before it"
                        : "faster than the bad end: the first slower commit is after the midpoint");
                return new Decision(towardsBad ? Kind.BAD : Kind.GOOD, towardsBad ? again : left, towardsBad ? right : again, "");
            }
            conclude(again, "undecided");
            if (towardsBad) {
                left = again;
            } else {
                right = again;
            }
        }
        boolean spread = significantlySlower(at(left)) && significantlySlower(at(right));
        conclude(left, spread ? "slower than the good end, below the failure threshold" : "undecided");
        conclude(right, spread ? "slower than the midpoint, below the failure threshold" : "undecided");
        return new Decision(spread ? Kind.SPREAD : Kind.UNDECIDED, left, right, String.format(Locale.ROOT,
                "%s neither FAILed against the good end (%s) nor had the bad end FAIL against it (%s)", all.get(m).shortId(),
                describe(at(left)), describe(at(right))));
    }

    /** Whether more pairs could make this comparison FAIL: it was too disturbed to judge, or a suspect not confirmed. */
    private boolean couldFail(BisectResult.Step s) {
        return Double.isNaN(s.ratio()) || s.ratio() >= q.thresholds().warnRatio();
    }

    /** The answer once no commit is left to probe between the last good and the first bad. */
    private BisectResult answer(int lo, int hi, List<String> others) {
        Integer known = byJars.get(probes.get(lo).digest() + ">" + probes.get(hi).digest());
        int direct;
        if (known != null && Verdict.FAIL.name().equals(steps.get(known).verdict())) {
            direct = known;
        } else {
            stepNumber++;
            measure(lo, hi, "the answer against its parent", Set.of(followedKey), false, "answer-vs-parent");
            direct = last();
        }
        List<BisectResult.Commit> range = range(lo, hi);
        if (!Verdict.FAIL.name().equals(steps.get(direct).verdict())) {
            if (significantlySlower(at(direct))) {
                conclude(direct, "slower, below the failure threshold");
                return spread(lo, hi, direct, -1);
            }
            conclude(direct, "not confirmed");
            return stopped(lo, hi, "the bisection narrowed it to " + (hi - lo == 1 ? all.get(hi).shortId() : "these commits")
                    + ", but the change against " + all.get(lo).shortId() + " was not confirmed: " + describe(at(direct)), direct, -1);
        }
        BisectResult.Step d = steps.get(direct);
        String sameJars = d.commit().equals(all.get(hi).shortId()) && d.against().equals(all.get(lo).shortId()) ? ""
                : " (measured as " + d.commit() + " against " + d.against() + ", which build the same jars)";
        conclude(direct, "slower: the answer's change" + sameJars);
        if (hi - lo == 1) {
            return result(BisectResult.Outcome.FOUND, String.format(Locale.ROOT, "%s \"%s\" made %s slower: %s against its parent %s%s.",
                    all.get(hi).shortId(), all.get(hi).subject(), followedKey, describe(at(direct)), all.get(lo).shortId(), sameJars),
                    commit(all.get(hi)), List.of(), others, direct, List.of());
        }
        return result(BisectResult.Outcome.FOUND_IN_RANGE, String.format(Locale.ROOT, "The first commit that made %s slower is one"
                        + " of the %d commits after %s up to %s (the others were skipped): %s.", followedKey, hi - lo,
                all.get(lo).shortId(), all.get(hi).shortId(), describe(at(direct)) + sameJars), null, range, others, direct, List.of());
    }

    /** A slowdown spread over the commits lo+1..hi: no single step reaches the threshold. */
    private BisectResult spread(int lo, int hi, int left, int right) {
        List<BisectResult.Step> largest = steps.stream().filter(s -> s.pairs() > 0 && !Double.isNaN(s.ratio()))
                .filter(s -> !s.what().startsWith("bad end against the good end"))
                .sorted(Comparator.comparingDouble(BisectResult.Step::ratio).reversed()).limit(3).toList();
        return result(BisectResult.Outcome.SPREAD, String.format(Locale.ROOT, "The slowdown of %s is spread over the %d commit(s)"
                        + " after %s up to %s: no single step reaches the failure threshold (%s); %s.", followedKey, hi - lo,
                all.get(lo).shortId(), all.get(hi).shortId(), PairedComparison.pct(q.thresholds().failRatio()),
                right < 0 ? describe(at(left)) : "the two halves: " + describe(at(left)) + " and " + describe(at(right))),
                null, range(lo, hi), List.of(), -1, largest);
    }

    /** Stopped with the range left, saying why. */
    private BisectResult stopped(int lo, int hi, String why, int left, int right) {
        return result(BisectResult.Outcome.UNDECIDED, String.format(Locale.ROOT, "Stopped: %s. The first slower commit%s is one of"
                        + " the %d commit(s) after %s up to %s.", why, followedKey == null ? ", if any," : " of " + followedKey,
                hi - lo, all.get(lo).shortId(), all.get(hi).shortId()), null, range(lo, hi), List.of(), -1, List.of());
    }

    private List<BisectResult.Commit> range(int lo, int hi) {
        List<BisectResult.Commit> range = new ArrayList<>();
        for (int i = lo + 1; i <= hi; i++) {
            range.add(commit(all.get(i)));
        }
        return range;
    }

    private BisectResult result(BisectResult.Outcome outcome, String answer, BisectResult.Commit culprit, List<BisectResult.Commit> range,
                                List<String> others, int change, List<BisectResult.Step> largest) {
        int exit = outcome == BisectResult.Outcome.UNDECIDED ? CcsidBenchException.FAILED : 0;
        List<BisectResult.Skip> skips = skipped.entrySet().stream().map(e -> new BisectResult.Skip(all.get(e.getKey()).id(),
                all.get(e.getKey()).shortId(), all.get(e.getKey()).subject(), e.getValue())).toList();
        RunEnvironment env = environment.get().withWallTime(Durations.format(Duration.ofNanos(System.nanoTime() - started)));
        return new BisectResult(outcome, exit, answer, commit(all.get(0)), commit(all.get(all.size() - 1)), followedKey, others,
                all.size() - 1, culprit, at(change), range, largest, List.copyOf(steps), skips, q.thresholds(), pairs, q.mode(), env);
    }

    private void write(BisectResult result) {
        AtomicFiles.writeString(q.out().resolve(BISECT_JSON), result.toJson());
        AtomicFiles.writeString(q.out().resolve(BISECT_MD), BisectMarkdown.of(result));
        say(result.answer());
        say("wrote " + q.out().resolve(BISECT_MD) + " and " + q.out().resolve(BISECT_JSON) + String.format(Locale.ROOT,
                " (%d step(s), %d comparison(s), %d pairs, %s)", stepNumber, comparisons, pairs, result.environment().wallTime()));
    }

    /** The untried commit nearest the middle of (lo, hi), or -1 when none is left. */
    private int midpoint(int lo, int hi) {
        double middle = (lo + hi) / 2.0;
        int best = -1;
        for (int i = lo + 1; i < hi; i++) {
            if (!skipped.containsKey(i) && (best < 0 || Math.abs(i - middle) < Math.abs(best - middle))) {
                best = i;
            }
        }
        return best;
    }

    private int candidates(int lo, int hi) {
        int c = 0;
        for (int i = lo + 1; i < hi; i++) {
            c += skipped.containsKey(i) ? 0 : 1;
        }
        return c;
    }

    /** Steps a bisection of {@code n} candidates takes: ceil(log2(n + 1)). */
    static int stepsFor(int n) {
        return n <= 0 ? 0 : 32 - Integer.numberOfLeadingZeros(n);
    }

    /** Builds an end; an end that does not build ends the bisection with a one-line error. */
    private Probe end(int i, String option) {
        try {
            return build(i);
        } catch (CcsidBenchException e) {
            throw new CcsidBenchException(option + " " + all.get(i).shortId() + " cannot be measured: " + e.getMessage(), e.exitCode());
        }
    }

    /** Builds a midpoint; null (and skipped, named) when it does not build. */
    private Probe probe(int i) {
        checkTime();
        try {
            return build(i);
        } catch (CcsidBenchException e) {
            // BaseBuild's one line says why: it does not build, did not build in time, or built no benchmarks jar.
            skipped.put(i, e.getMessage());
            say("skipped " + all.get(i).shortId() + ": " + e.getMessage());
            return null;
        }
    }

    private Probe build(int i) {
        Probe p = probes.get(i);
        if (p == null) {
            Path jar = builder.jar(all.get(i).id());
            p = new Probe(all.get(i), jar, JarDigest.of(jar));
            probes.put(i, p);
        }
        return p;
    }

    /**
     * Measures {@code candidate} against {@code base} in a run of the gate and records the step; {@code more}: twice the
     * pairs and confirmation pairs.
     */
    private Measured measure(int base, int candidate, String what, Set<String> keys, boolean more, String name) {
        Duration left = checkTime();
        comparisons++;
        Path dir = q.out().resolve(STEPS).resolve(String.format(Locale.ROOT, "%02d-%s-%s-vs-%s", comparisons, name,
                all.get(candidate).shortId().substring(0, 7), all.get(base).shortId().substring(0, 7)));
        say(String.format(Locale.ROOT, "%s: %s against %s (gate files in %s)", what, all.get(candidate).shortId(),
                all.get(base).shortId(), dir));
        int factor = more ? 2 : 1;
        Measured m = judge.compare(probes.get(base), role(base), probes.get(candidate), role(candidate), keys, factor * q.pairs(),
                factor * q.confirmationPairs(), left, dir);
        pairs += m.pairsKept();
        List<PairedComparison> sorted = new ArrayList<>(m.comparisons());
        sorted.sort(Comparator.comparingInt((PairedComparison c) -> c.verdict() == Verdict.FAIL ? 0 : 1)
                .thenComparing(Comparator.comparingDouble((PairedComparison c) -> Double.isNaN(c.ratio()) ? -1 : c.ratio()).reversed()));
        PairedComparison shown = followedKey == null ? sorted.get(0)
                : sorted.stream().filter(c -> c.key().equals(followedKey)).findFirst().orElse(sorted.get(0));
        BisectResult.Step s = step(what, base, candidate, shown, m.pairsKept(), q.out().relativize(dir).toString());
        steps.add(s);
        byJars.put(probes.get(base).digest() + ">" + probes.get(candidate).digest(), steps.size() - 1);
        say(what + ": " + describe(s) + " -> " + s.verdict());
        return new Measured(m.comparisons(), m.pairsKept());
    }

    private String role(int i) {
        return i == 0 ? "good end" : i == all.size() - 1 ? "bad end" : "commit " + i + " of " + (all.size() - 1);
    }

    private BisectResult.Step step(String what, int base, int candidate, PairedComparison c, int kept, String folder) {
        FirstParentHistory.Commit cand = all.get(candidate);
        return new BisectResult.Step(stepNumber, what, cand.shortId(), cand.subject(), all.get(base).shortId(), c.verdict().name(),
                c.ratio(), c.low(), c.high(), c.coverage(), c.pSlower(), c.pairs(), kept, "", folder);
    }

    /** Shows the followed benchmark's comparison in step {@code i} (the ends show the slowest until one is chosen). */
    private void show(int i, PairedComparison c) {
        BisectResult.Step s = steps.get(i);
        steps.set(i, new BisectResult.Step(s.number(), s.what(), s.commit(), s.subject(), s.against(), c.verdict().name(),
                c.ratio(), c.low(), c.high(), c.coverage(), c.pSlower(), c.pairs(), s.pairsKept(), s.conclusion(), s.folder()));
    }

    /** A commit judged by its jar: {@code candidate} builds the same jar as {@code base}. */
    private int unmeasured(String what, int base, int candidate, String conclusion) {
        FirstParentHistory.Commit cand = all.get(candidate);
        BisectResult.Step s = new BisectResult.Step(stepNumber, what, cand.shortId(), cand.subject(), all.get(base).shortId(),
                Verdict.PASS.name(), Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, 0, 0, conclusion, null);
        steps.add(s);
        say(all.get(candidate).shortId() + ": " + conclusion + " (not measured)");
        return steps.size() - 1;
    }

    /** The index of the last step. */
    private int last() {
        return steps.size() - 1;
    }

    private BisectResult.Step at(int i) {
        return i < 0 ? null : steps.get(i);
    }

    /** Sets a step's conclusion. */
    private void conclude(int i, String conclusion) {
        steps.set(i, steps.get(i).concluding(conclusion));
    }

    private static BisectResult.Commit commit(FirstParentHistory.Commit c) {
        return new BisectResult.Commit(c.id(), c.shortId(), c.subject());
    }

    private List<PairedComparison> failed(Measured m) {
        return m.comparisons().stream().filter(c -> c.verdict() == Verdict.FAIL)
                .sorted(Comparator.comparingDouble(PairedComparison::ratio).reversed()).toList();
    }

    private boolean isFail(Measured m) {
        return m.comparisons().stream().anyMatch(c -> c.key().equals(followedKey) && c.verdict() == Verdict.FAIL);
    }

    /** Too disturbed to judge, or at the failure threshold but not confirmed: worth more pairs, not "not slower". */
    private boolean unsure(PairedComparison c) {
        return Double.isNaN(c.ratio()) || (c.verdict() == Verdict.WARN && c.ratio() >= q.thresholds().failRatio());
    }

    private boolean significantlySlower(BisectResult.Step s) {
        return s != null && !Double.isNaN(s.ratio()) && s.ratio() > 1 && s.pSlower() < q.thresholds().alpha();
    }

    private static double ratio(BisectResult.Step s) {
        return Double.isNaN(s.ratio()) ? Double.NEGATIVE_INFINITY : s.ratio();
    }

    /** "+15.2% [+12.0%, +18.1%], p = 0.0039, 8 pairs". */
    static String describe(BisectResult.Step s) {
        if (s == null) {
            return "not measured";
        }
        if (Double.isNaN(s.ratio())) {
            return s.pairs() == 0 && s.pairsKept() == 0 ? "not measured" : "too disturbed to judge (" + s.pairsKept() + " pairs kept)";
        }
        return String.format(Locale.ROOT, "%s [%s, %s], p = %.2g, %d pairs", PairedComparison.pct(s.ratio()),
                PairedComparison.pct(s.low()), PairedComparison.pct(s.high()), s.pSlower(), s.pairs());
    }

    /** The time left for the next comparison; stops the bisection when the budget is used up. */
    private Duration checkTime() {
        if (q.budget() == null || q.budget().isZero() || q.budget().isNegative()) {
            return Duration.ZERO;
        }
        Duration left = q.budget().minus(Duration.ofNanos(System.nanoTime() - started)).minus(MARGIN);
        if (left.isNegative() || left.isZero()) {
            throw new OutOfTime("the time budget of " + Durations.format(q.budget()) + " was used up");
        }
        return left;
    }

    private void say(String line) {
        err.println(PREFIX + line);
    }
}
