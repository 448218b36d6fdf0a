package io.github.ccsidbench.gate;

import org.junit.jupiter.api.Tag;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.stats.ConfirmationPlan;
import io.github.ccsidbench.testing.TestRepository;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bisection's procedure on real git histories (a temporary repository of 16 to 32 commits, merges among them), with
 * builds and measurements faked: each commit "builds" a jar that says which code it holds (docs-only commits the same as
 * their parent), and each comparison is judged as the gate judges it, on pairs whose ratio is the true ratio of the two
 * commits' levels times seeded noise. What it must do: name the commit that made it slower wherever it is, measure
 * nothing for a commit whose jar is an end's, skip and name merges and commits that do not build, report a spread
 * slowdown as such, stop with the range when a step stays undecided, and say "not slower" when the ends are within the
 * threshold.
 */
@Tag("slow")
@Execution(ExecutionMode.CONCURRENT) // each test has its own repository and fields; git's processes leave a core idle
class BisectionTest {

    private static final String KEY = "ConversionBenchmark.encode ccsid=37 length=1024 provider=jdk workload=ascii-text";

    @TempDir
    Path tmp;

    private TestRepository repo;
    /** Per commit: its level (ns/op) and the code its jar holds. */
    private final Map<String, Double> level = new HashMap<>();
    private final Map<String, String> code = new HashMap<>();
    private final Set<String> broken = new HashSet<>();
    private final List<String> chain = new ArrayList<>();
    private final List<String> measured = new ArrayList<>();
    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    /** The noise of a pair's ratio (log standard deviation). */
    private double noise = 0.01;
    /** What the judge sees of a comparison's true ratio: the truth, unless a test scripts a miss. */
    interface Script {
        double ratio(String candidate, String base, double truth);
    }

    private Script script = (candidate, base, truth) -> truth;
    /** The comparisons (by their steps/ folder name) whose forks fail. */
    private Predicate<String> forkFailsIn = name -> false;
    /** Comparisons the machine leaves too disturbed to judge (a predicate on the candidate). */
    private Set<String> disturbed = new HashSet<>();

    /**
     * A chain of {@code n} commits after a first one: commit i (1-based) multiplies the level by {@code factors[i]}
     * (1: no change); every third commit touches docs only (the same jar as its parent) when {@code docs}.
     */
    private void chain(int n, Map<Integer, Double> factors, boolean docs) throws IOException {
        repo = TestRepository.init(tmp.resolve("repo"), "main");
        String first = repo.git("rev-parse", "HEAD");
        chain.add(first);
        level.put(first, 100.0);
        code.put(first, "code 0");
        double l = 100;
        String c = "code 0";
        for (int i = 1; i <= n; i++) {
            boolean docsOnly = docs && i % 3 == 0 && !factors.containsKey(i);
            String id = docsOnly ? repo.commit("docs/notes.md", "note " + i + "\n", "docs " + i)
                    : repo.commit("src/Code.java", "class Code { int v = " + i + "; }\n", "code " + i);
            if (!docsOnly) {
                c = "code " + i;
                l *= factors.getOrDefault(i, 1.0);
            }
            chain.add(id);
            level.put(id, l);
            code.put(id, c);
        }
    }

    private Bisection bisection() {
        Bisection.Builder builder = id -> {
            if (broken.contains(id)) {
                throw new CcsidBenchException("the base commit " + id.substring(0, 7) + " does not build with offline Maven");
            }
            Path jar = tmp.resolve("jars").resolve(id + ".jar");
            try {
                Files.createDirectories(jar.getParent());
                TestRepository.benchmarksJar(jar, "list\n", Map.of("code.txt", code.get(id)));
            } catch (IOException e) {
                throw new AssertionError(e);
            }
            return jar;
        };
        Random random = new Random(42);
        Bisection.Judge judge = (base, baseRole, candidate, candidateRole, keys, pairs, confirmationPairs, budget, dir) -> {
            measured.add(candidate.commit().id() + ">" + base.commit().id());
            if (forkFailsIn.test(dir.getFileName().toString())) {
                throw new CcsidBenchException("a fork of " + candidate.commit().shortId() + " failed (exit 1)");
            }
            double ratio = script.ratio(candidate.commit().id(), base.commit().id(),
                    level.get(candidate.commit().id()) / level.get(base.commit().id()));
            if (disturbed.contains(candidate.commit().id()) || disturbed.contains(base.commit().id())) {
                return new Bisection.Measured(List.of(PairedComparison.disturbed(KEY, 1, 2)), 1);
            }
            // As the gate on one benchmark: its screen pools no noise, so its confirmation pairs decide, as Confirmation does.
            GateThresholds t = GateThresholds.AB;
            List<PairedComparison.Pair> first = pairs(ratio, pairs, random);
            PairedComparison screen = PairedComparison.screen(KEY, first, Double.NaN, Double.NaN, t, null);
            Confirmation c = new Confirmation(screen.withReasons(List.of("one benchmark")), false,
                    t.plan(1, confirmationPairs), t);
            int n = 0;
            while (c.open()) {
                c.afterRound(pairs(ratio, 1, random).get(0), Double.NaN, Double.NaN);
                n++;
            }
            return new Bisection.Measured(List.of(c.verdict(Double.NaN, Double.NaN)), pairs + n);
        };
        return new Bisection(builder, judge, () -> RunEnvironment.capture("gate", "test", "java"),
                new PrintStream(errBytes, true, StandardCharsets.UTF_8));
    }

    private List<PairedComparison.Pair> pairs(double ratio, int n, Random random) {
        List<PairedComparison.Pair> p = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            p.add(new PairedComparison.Pair(new double[]{100}, new double[]{100 * ratio * Math.exp(noise * random.nextGaussian())}));
        }
        return p;
    }

    private BisectResult run(String good, String bad) {
        return bisection().run(new Bisection.Request(repo.dir(), good, bad, null, 2, 16, GateThresholds.AB, Duration.ZERO,
                tmp.resolve("out"), "duet", true, List.of()));
    }

    private BisectResult runChain() {
        return run(chain.get(0), chain.get(chain.size() - 1));
    }

    @ParameterizedTest(name = "the slowdown in commit {0} of 24")
    @ValueSource(ints = {1, 2, 5, 8, 11, 12, 13, 17, 20, 23, 24})
    void namesTheCommitThatMadeItSlowerWhereverItIs(int slow) throws IOException {
        int culprit = slow; // a commit with a slowdown is never a docs-only one
        chain(24, Map.of(culprit, 1.15), true);
        BisectResult r = runChain();
        String out = errBytes.toString(StandardCharsets.UTF_8);
        assertEquals(BisectResult.Outcome.FOUND, r.outcome(), r.answer() + "\n" + out);
        assertEquals(chain.get(culprit), r.culprit().id(), r.answer());
        assertEquals(0, r.exitCode());
        assertEquals(KEY, r.benchmark());
        assertTrue(r.change().ratio() > 1.1 && Verdict.FAIL.name().equals(r.change().verdict()), r.change().toString());
        assertTrue(r.answer().startsWith(chain.get(culprit).substring(0, 12) + " \"code " + culprit + "\" made " + KEY + " slower: +"),
                r.answer());
        // About log2 of the commits: the ends, then at most ceil(log2(24)) = 5 midpoints, each one or two comparisons, then
        // the answer's parent against the good end (none when the parent is the good end) and the answer's own change on
        // fresh pairs.
        assertTrue(r.steps().get(r.steps().size() - 1).number() <= 8, r.steps().size() + " steps");
        assertTrue(measured.size() <= 13, measured.toString());
        assertTrue(r.steps().stream().anyMatch(s -> s.what().startsWith("the answer against its parent, fresh pairs")),
                "the answer's change measured afresh");
        // No comparison measured a docs-only commit against the jar it shares.
        for (String m : measured) {
            String[] ids = m.split(">");
            assertFalse(code.get(ids[0]).equals(code.get(ids[1])), "measured two commits with the same jar: " + m);
        }
    }

    @Test
    void aCommitThatBuildsAnEndsJarIsJudgedWithoutMeasuring() throws IOException {
        // Commit 15 touches docs only: it builds commit 14's jar, and once 14 is known not slower, so is 15, unmeasured.
        chain(16, Map.of(16, 1.2), true);
        BisectResult r = runChain();
        assertEquals(chain.get(16), r.culprit().id(), r.answer());
        // Commit 15 is measured once only: as the answer's parent, against the good end.
        assertEquals(List.of(chain.get(15) + ">" + chain.get(0)), measured.stream().filter(m -> m.startsWith(chain.get(15))).toList(),
                measured.toString());
        assertTrue(r.steps().stream().anyMatch(s -> s.pairs() == 0 && s.conclusion().contains("the same jar as")), r.steps().toString());
    }

    @Test
    void endsWithinTheThresholdAreNotSlowerAndExitZero() throws IOException {
        chain(20, Map.of(7, 1.02), true);
        BisectResult r = runChain();
        assertEquals(BisectResult.Outcome.NOT_SLOWER, r.outcome(), r.answer());
        assertEquals(0, r.exitCode());
        assertNull(r.culprit());
        assertEquals(1, measured.size(), "the ends only: " + measured);
        assertTrue(r.answer().startsWith("The bad end " + chain.get(20).substring(0, 12) + " is not slower than the good end"), r.answer());
    }

    @Test
    void endsThatBuildTheSameJarAreNotSlowerUnmeasured() throws IOException {
        chain(3, Map.of(), false);
        code.replaceAll((k, v) -> "same");
        BisectResult r = runChain();
        assertEquals(BisectResult.Outcome.NOT_SLOWER, r.outcome());
        assertTrue(measured.isEmpty(), measured.toString());
    }

    @Test
    void mergesAreMeasuredAndCommitsThatDoNotBuildAreSkippedAndNamed() throws IOException {
        chain(10, Map.of(), false);
        // A side branch merged in, then more commits on main; the slowdown comes after the merge.
        repo.git("checkout", "-q", "-b", "side", chain.get(4));
        String sideCommit = repo.commit("src/Side.java", "class Side {}\n", "side work");
        repo.git("checkout", "-q", "main");
        String merge = repo.merge("side", "Merge side");
        chain.add(merge);
        level.put(merge, 100.0);
        code.put(merge, "merge");
        for (int i = 12; i <= 20; i++) {
            String id = repo.commit("src/Code.java", "class Code { int v = " + i + "; }\n", "code " + i);
            chain.add(id);
            level.put(id, i >= 16 ? 120.0 : 100.0);
            code.put(id, "code " + i);
        }
        broken.add(chain.get(10)); // the first midpoint
        BisectResult r = runChain();
        assertFalse(level.containsKey(sideCommit), "the side branch's commit is not on the first-parent history");
        assertEquals(chain.get(16), r.culprit() == null ? null : r.culprit().id(), r.answer());
        Map<String, String> skipped = new HashMap<>();
        r.skipped().forEach(s -> skipped.put(s.id(), s.why()));
        assertFalse(skipped.containsKey(merge), "a merge is a commit like any other: " + r.skipped());
        assertTrue(skipped.getOrDefault(chain.get(10), "").contains("does not build with offline Maven"), r.skipped().toString());
        String md = Files.readString(tmp.resolve("out").resolve(Bisection.BISECT_MD));
        assertTrue(md.contains("### Skipped") && md.contains("does not build"), md);
    }

    @Test
    void aSlowdownBehindASkippedCommitIsARangeNotAGuess() throws IOException {
        chain(16, Map.of(9, 1.2), false);
        broken.add(chain.get(8));
        BisectResult r = runChain();
        assertEquals(BisectResult.Outcome.FOUND_IN_RANGE, r.outcome(), r.answer());
        assertEquals(List.of(chain.get(8), chain.get(9)), r.range().stream().map(BisectResult.Commit::id).toList(), r.answer());
        assertNull(r.culprit());
    }

    @Test
    void aSlowdownSpreadOverCommitsIsReportedAsSuch() throws IOException {
        // Two commits of +6% each: the ends differ by +12%, no single commit reaches the +8% threshold.
        chain(16, Map.of(5, 1.06, 11, 1.06), false);
        noise = 0.005;
        BisectResult r = runChain();
        assertEquals(BisectResult.Outcome.SPREAD, r.outcome(), r.answer() + "\n" + errBytes);
        assertEquals(0, r.exitCode());
        assertNull(r.culprit());
        List<String> range = r.range().stream().map(BisectResult.Commit::id).toList();
        assertTrue(range.contains(chain.get(5)) && range.contains(chain.get(11)), r.answer());
        assertFalse(r.largestSteps().isEmpty(), r.answer());
        assertTrue(r.answer().contains("is spread over"), r.answer());
    }

    @Test
    void aStepTheMachineLeavesUndecidedStopsWithTheRange() throws IOException {
        chain(16, Map.of(12, 1.2), false);
        disturbed.add(chain.get(8));
        BisectResult r = runChain();
        assertEquals(BisectResult.Outcome.UNDECIDED, r.outcome(), r.answer());
        assertEquals(1, r.exitCode());
        assertNull(r.culprit());
        assertEquals(chain.get(1), r.range().get(0).id(), r.answer());
        assertEquals(chain.get(16), r.range().get(r.range().size() - 1).id(), r.answer());
        assertTrue(r.answer().startsWith("Stopped: a step stayed undecided"), r.answer());
        JsonObject json = JsonParser.parseString(Files.readString(tmp.resolve("out").resolve(Bisection.BISECT_JSON))).getAsJsonObject();
        assertEquals("UNDECIDED", json.get("outcome").getAsString());
        assertEquals(16, json.getAsJsonArray("range").size());
    }

    @Test
    void endsInTheWrongOrderOrOffTheHistoryAreOneLineErrors() throws IOException {
        chain(4, Map.of(), false);
        CcsidBenchException reversed = assertThrows(CcsidBenchException.class, () -> run(chain.get(4), chain.get(0)));
        assertTrue(reversed.getMessage().contains("has no commits after --good"), reversed.getMessage());
        CcsidBenchException unknown = assertThrows(CcsidBenchException.class, () -> run("nosuchref", chain.get(4)));
        assertEquals("no commit 'nosuchref' in this repository", unknown.getMessage());
        repo.git("checkout", "-q", "-b", "other", chain.get(1));
        String other = repo.commit("src/Other.java", "class Other {}\n", "other");
        CcsidBenchException off = assertThrows(CcsidBenchException.class, () -> run(other, chain.get(4)));
        assertTrue(off.getMessage().contains("is not on the first-parent history"), off.getMessage());
    }


    /**
     * A main of pull-request merges: {@code prs} branches of 1 to 3 commits (seeded), each started from main as it was two
     * merges earlier (so that pull requests overlap and a merge's base is not its first parent), merged with a merge
     * commit. Each commit's jar holds the changes it contains; its level is 100 times the factors of those changes, times
     * {@code together} when every change of {@code pair} is in it. Returns each pull request's commits, its merge last.
     */
    private List<List<String>> pullRequests(int prs, Map<String, Double> factors, Set<String> pair, double together)
            throws IOException {
        repo = TestRepository.init(tmp.resolve("repo"), "main");
        Map<String, Set<String>> changes = new HashMap<>();
        String first = repo.git("rev-parse", "HEAD");
        changes.put(first, Set.of());
        chain.add(first);
        List<String> mains = new ArrayList<>(List.of(first));
        List<List<String>> out = new ArrayList<>();
        Random random = new Random(7);
        for (int p = 1; p <= prs; p++) {
            String from = mains.get(Math.max(0, mains.size() - 3));
            repo.git("checkout", "-q", "-b", "pr" + p, from);
            Set<String> has = new TreeSet<>(changes.get(from));
            List<String> commits = new ArrayList<>();
            for (int c = 1, n = 1 + random.nextInt(3); c <= n; c++) {
                String change = "pr" + p + "-" + c;
                has.add(change);
                String id = repo.commit("src/" + change + ".txt", change + "\n", "PR " + p + " commit " + c);
                changes.put(id, Set.copyOf(has));
                commits.add(id);
            }
            repo.git("checkout", "-q", "main");
            String merge = repo.merge("pr" + p, "Merge pull request #" + p);
            Set<String> merged = new TreeSet<>(changes.get(mains.get(mains.size() - 1)));
            merged.addAll(has);
            changes.put(merge, Set.copyOf(merged));
            commits.add(merge);
            mains.add(merge);
            chain.add(merge);
            out.add(commits);
        }
        for (Map.Entry<String, Set<String>> e : changes.entrySet()) {
            double l = 100;
            for (String c : e.getValue()) {
                l *= factors.getOrDefault(c, 1.0);
            }
            if (!pair.isEmpty() && e.getValue().containsAll(pair)) {
                l *= together;
            }
            level.put(e.getKey(), l);
            code.put(e.getKey(), String.join(",", e.getValue()));
        }
        return out;
    }

    @Test
    void aSlowdownInsideAPullRequestNamesTheMergeAndTheCommitInside() throws IOException {
        List<List<String>> prs = pullRequests(12, Map.of("pr7-2", 1.2), Set.of(), 1);
        List<String> pr7 = prs.get(6);
        assertTrue(pr7.size() >= 3, "pull request 7 has the slow commit and a merge: " + pr7);
        BisectResult r = runChain();
        String out = errBytes.toString(StandardCharsets.UTF_8);
        assertEquals(BisectResult.Outcome.FOUND, r.outcome(), r.answer() + "\n" + out);
        assertEquals(pr7.get(1), r.culprit().id(), r.answer() + "\n" + out);
        assertEquals(pr7.get(pr7.size() - 1), r.merge().id(), r.answer());
        assertTrue(r.answer().contains("\"PR 7 commit 2\" made " + KEY + " slower")
                && r.answer().contains("It came in with the merge " + r.merge().shortId() + " \"Merge pull request #7\""), r.answer());
        assertTrue(r.descent() != null && r.descent().startsWith("Inside the merge " + r.merge().shortId() + ": "
                + r.culprit().shortId() + " is the first slower"), r.descent());
        assertTrue(r.skipped().isEmpty(), "no merge is skipped: " + r.skipped());
        String md = Files.readString(tmp.resolve("out").resolve(Bisection.BISECT_MD));
        assertTrue(md.contains("Merged with: **" + r.merge().shortId() + "**"), md);
        // git's own bisect on the same history, told the truth (the slow change's file is there): the same merge with
        // --first-parent, the same commit without.
        assertEquals(r.merge().id(), gitBisect(true, "src/pr7-2.txt"));
        assertEquals(r.culprit().id(), gitBisect(false, "src/pr7-2.txt"));
    }

    /** The first bad commit {@code git bisect run} names between the chain's ends, a commit being bad when it has {@code file}. */
    private String gitBisect(boolean firstParent, String file) {
        List<String> start = new ArrayList<>(List.of("bisect", "start"));
        if (firstParent) {
            start.add("--first-parent");
        }
        start.addAll(List.of(chain.get(chain.size() - 1), chain.get(0)));
        repo.git(start.toArray(String[]::new));
        try {
            String out = repo.git("bisect", "run", "sh", "-c", "test ! -e " + file);
            return out.lines().filter(l -> l.endsWith(" is the first bad commit")).findFirst()
                    .map(l -> l.substring(0, 40)).orElse(out);
        } finally {
            repo.git("bisect", "reset");
        }
    }

    @Test
    void withFirstParentOnlyTheMergeIsTheAnswer() throws IOException {
        List<List<String>> prs = pullRequests(12, Map.of("pr4-1", 1.2), Set.of(), 1);
        BisectResult r = bisection().run(new Bisection.Request(repo.dir(), chain.get(0), chain.get(chain.size() - 1), null, 2, 16,
                GateThresholds.AB, Duration.ZERO, tmp.resolve("out"), "duet", false, List.of()));
        List<String> pr4 = prs.get(3);
        assertEquals(pr4.get(pr4.size() - 1), r.culprit().id(), r.answer());
        assertNull(r.merge());
        assertNull(r.descent());
    }

    @Test
    void aSlowdownThatComesFromCombiningTwoSidesIsTheMerge() throws IOException {
        // Pull request 6 started before pull request 5 was merged; each alone is as fast, together they are 20% slower.
        pullRequests(12, Map.of(), Set.of("pr5-1", "pr6-1"), 1.2);
        BisectResult r = runChain();
        String out = errBytes.toString(StandardCharsets.UTF_8);
        assertEquals(BisectResult.Outcome.FOUND, r.outcome(), r.answer() + "\n" + out);
        assertTrue(r.answer().contains("\"Merge pull request #6\" made"), r.answer() + "\n" + out);
        assertNull(r.merge());
        assertTrue(r.descent() != null && r.descent().contains("the slowdown comes from combining the two sides"), r.descent());
    }

    @Test
    void twoSlowdownsNameTheFirstEvenWhenItsFirstLookMissesIt() throws IOException {
        chain(24, Map.of(5, 1.15, 17, 1.15), false);
        // The judge misses the first slowdown the first time a comparison could only see it (below the threshold, as a
        // screen near the threshold can): the bisection then follows the second, and must come back for the first.
        String s1 = chain.get(5);
        String s2 = chain.get(17);
        AtomicBoolean missed = new AtomicBoolean();
        script = (candidate, base, truth) -> {
            boolean onlyFirst = contains(candidate, s1) && !contains(base, s1) && !(contains(candidate, s2) && !contains(base, s2));
            return onlyFirst && missed.compareAndSet(false, true) ? 1.0 : truth;
        };
        BisectResult r = runChain();
        String out = errBytes.toString(StandardCharsets.UTF_8);
        assertTrue(missed.get(), "the scripted miss happened");
        assertEquals(BisectResult.Outcome.FOUND, r.outcome(), r.answer() + "\n" + out);
        assertEquals(s1, r.culprit().id(), r.answer() + "\n" + out);
        assertTrue(r.steps().stream().anyMatch(s -> s.what().startsWith("the answer's parent against the good end")
                && s.verdict().equals("FAIL")), "the second's parent FAILed against the good end");
    }

    /** Whether commit {@code id} contains commit {@code ancestor} (a chain: by position). */
    private boolean contains(String id, String ancestor) {
        return chain.indexOf(id) >= chain.indexOf(ancestor);
    }

    @Test
    void aForkFailureDuringTheAnswersMeasurementKeepsTheRange() throws IOException {
        chain(16, Map.of(11, 1.2), false);
        forkFailsIn = name -> name.contains("answer-vs-parent");
        BisectResult r = runChain();
        assertEquals(BisectResult.Outcome.UNDECIDED, r.outcome(), r.answer());
        assertEquals(1, r.exitCode());
        assertEquals(List.of(chain.get(11)), r.range().stream().map(BisectResult.Commit::id).toList(), r.answer());
        assertTrue(r.answer().startsWith("Stopped: a run failed: a fork of"), r.answer());
        JsonObject json = JsonParser.parseString(Files.readString(tmp.resolve("out").resolve(Bisection.BISECT_JSON))).getAsJsonObject();
        assertEquals("UNDECIDED", json.get("outcome").getAsString());
        assertEquals(chain.get(11), json.getAsJsonArray("range").get(0).getAsJsonObject().get("id").getAsString());
        String md = Files.readString(tmp.resolve("out").resolve(Bisection.BISECT_MD));
        assertTrue(md.contains("gate bisect --good " + chain.get(10) + " --bad " + chain.get(11)), md);
    }

    @Test
    void anAnswerFreshPairsDoNotConfirmIsUndecidedNeverSpread() throws IOException {
        chain(16, Map.of(11, 1.2), false);
        // Fresh pairs of the answer against its parent read +5%: significant, below the threshold.
        script = (candidate, base, truth) -> candidate.equals(chain.get(11)) && base.equals(chain.get(10))
                && measured.stream().filter(m -> m.equals(chain.get(11) + ">" + chain.get(10))).count() > 1 ? 1.05 : truth;
        noise = 0.002;
        BisectResult r = runChain();
        assertEquals(BisectResult.Outcome.UNDECIDED, r.outcome(), r.answer() + "\n" + errBytes);
        assertEquals(1, r.range().size(), r.answer());
        assertTrue(r.answer().contains("fresh pairs did not confirm"), r.answer());
    }
}
