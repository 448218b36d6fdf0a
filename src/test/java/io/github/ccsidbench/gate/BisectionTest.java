package io.github.ccsidbench.gate;

import io.github.ccsidbench.stats.ConfirmationPlan;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.testing.TestRepository;
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
            double ratio = level.get(candidate.commit().id()) / level.get(base.commit().id());
            if (disturbed.contains(candidate.commit().id()) || disturbed.contains(base.commit().id())) {
                return new Bisection.Measured(List.of(PairedComparison.disturbed(KEY, 1, 2)), 1);
            }
            // As the gate: a screen of 2 pairs; a suspect gets its confirmation pairs, judged at the first look's level.
            GateThresholds t = GateThresholds.AB;
            PairedComparison screen = PairedComparison.of(KEY, pairs(ratio, pairs, random), Double.NaN, Double.NaN, t);
            if (!screen.suspect(t)) {
                return new Bisection.Measured(List.of(screen), pairs);
            }
            int n = Math.min(confirmationPairs, 8);
            PairedComparison c = PairedComparison.of(KEY, pairs(ratio, n, random), Double.NaN, Double.NaN,
                    t.withAlpha(ConfirmationPlan.of(t.alpha(), confirmationPairs).alphas()[0]));
            return new Bisection.Measured(List.of(c), pairs + n);
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
                tmp.resolve("out"), "duet"));
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
        // About log2 of the commits: the ends, then at most ceil(log2(24)) = 5 midpoints, each one or two comparisons (the
        // answer against its parent is one of them or one more).
        assertTrue(r.steps().get(r.steps().size() - 1).number() <= 7, r.steps().toString());
        assertTrue(measured.size() <= 12, measured.toString());
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
        assertFalse(measured.stream().anyMatch(m -> m.startsWith(chain.get(15))), measured.toString());
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
    void mergesAndCommitsThatDoNotBuildAreSkippedAndNamed() throws IOException {
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
        assertEquals("a merge commit", skipped.get(merge), r.skipped().toString());
        assertTrue(skipped.getOrDefault(chain.get(10), "").contains("does not build with offline Maven"), r.skipped().toString());
        String md = Files.readString(tmp.resolve("out").resolve(Bisection.BISECT_MD));
        assertTrue(md.contains("### Skipped") && md.contains("a merge commit") && md.contains("Merge side"), md);
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

    @Test
    void stepsNeededAreCeilLog2() {
        assertEquals(0, Bisection.stepsFor(0));
        assertEquals(1, Bisection.stepsFor(1));
        assertEquals(5, Bisection.stepsFor(30));
        assertEquals(5, Bisection.stepsFor(31));
        assertEquals(6, Bisection.stepsFor(32));
    }
}
