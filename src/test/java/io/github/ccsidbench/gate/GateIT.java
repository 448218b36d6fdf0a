package io.github.ccsidbench.gate;

import io.github.ccsidbench.stats.ConfirmationPlan;
import io.github.ccsidbench.stats.SignedRank;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.suite.ForkLauncher;
import io.github.ccsidbench.suite.Preset;
import io.github.ccsidbench.suite.Selection;
import io.github.ccsidbench.suite.SuiteRunner;
import io.github.ccsidbench.suite.Timing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The A/B gate end to end, in real forks: base and candidate are this build with a test-only converter
 * ("slowed-jdk") that makes N-1 extra passes over its input when the fork's JVM says so, measured on its
 * encode of 1 KiB. A/A (both sides unchanged) passes; a candidate several times as slow fails by name, decided by its
 * confirmation pairs; a base jar that lacks a benchmark makes it NEW, one that has a benchmark this build lacks GONE,
 * never FAIL. A machine too busy to let the forks settle leaves the slowed converter unjudged: that run is skipped
 * (a JUnit assumption), never counted as passed.
 */
class GateIT {

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    /**
     * The gate preset's own timing (forks until steady, capped at 30 iterations of 100 ms), 2 pairs, then the default
     * confirmation pairs: with a cap of 20, duet forks on a 2-core machine often never settled and the slowed
     * candidate ended "too disturbed to judge" instead of exercising the FAIL.
     */
    private static final Timing TIMING = Preset.GATE.timing();

    /** The tests measure the encode of the slowed converter only: each gate run is then a few forks (mvn verify stays short). */
    private static final String ENCODE = "ConversionBenchmark\\.encode$";
    /**
     * The slowed candidate's extra work: 2 more passes of work proportional to the input make its encode of 1 KiB
     * several times the base's, so every pair whose forks settled says "slower" by far more than any disturbance the machine ruler lets
     * through. What a FAIL then needs is enough such pairs, not a larger slowdown: the signed-rank test counts pairs,
     * and each fork runs for the same time however slow the converter is.
     */
    private static final int SLOWDOWN = 3;
    /**
     * The A/A run's confirmation pairs: one look at 8 instead of the default's up to 16. What it checks (A/A passes, NEW
     * and GONE) needs no more, and CI's two JDKs run it on a busy machine, where 16 made GateIT several times longer.
     * The looks are tested in ConfirmationPlanTest.
     */
    private static final int CONFIRMATION_PAIRS = 8;
    /**
     * The slowed converter's confirmation pairs: looks at 8 and 12. When all 8 first pairs are kept it is decided on
     * them, as with one look at 8; when the machine made the gate give up a pair or two (a fork that did not settle,
     * forks the machine ruler saw apart), the look at 12 still fails it on 8 kept pairs instead of leaving it a WARN.
     */
    private static final int SLOWED_CONFIRMATION_PAIRS = 12;
    /**
     * Each gate run's time budget, as users' runs have one: without it, on a busy night, forks that did not settle were
     * measured again and again and GateIT took 407 s of one CI run (127 s in another an hour earlier).
     */
    private static final java.time.Duration BUDGET = java.time.Duration.ofSeconds(100);
    /** The slowed converter's budget: 12 confirmation pairs in duet with room to measure a few again. */
    private static final java.time.Duration SLOWED_BUDGET = java.time.Duration.ofSeconds(240);

    private static ForkLauncher.Side side(String label, int slowdown) {
        List<String> args = new ArrayList<>(SuiteRunner.DEFAULT_JVM_ARGS);
        args.add("-Dccsidbench.test.slowdown=" + slowdown);
        return new ForkLauncher.Side(label, JAVA, args, System.getProperty("java.class.path"));
    }

    private static AbGate.Outcome gate(Path out, int baseSlowdown, int candidateSlowdown, Set<String> baseMethods, String include) {
        return gate(out, baseSlowdown, candidateSlowdown, baseMethods, include, false, CONFIRMATION_PAIRS, BUDGET);
    }

    private static AbGate.Outcome gate(Path out, int baseSlowdown, int candidateSlowdown, Set<String> baseMethods, String include,
                                       boolean duet, int confirmationPairs, java.time.Duration budget) {
        Selection selection = Selection.everything().withCcsids(List.of(CcsidRegistry.byNumber(37))).withLengths(List.of(1024))
                .withProviders(List.of(Providers.byName("slowed-jdk"))).withInclude(include);
        return new AbGate(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).run(new GateRequest(
                side("base", baseSlowdown), side("candidate", candidateSlowdown), baseMethods, out, selection, TIMING,
                GateThresholds.AB, 2, confirmationPairs, duet, budget));
    }

    /**
     * A/A, with a base jar whose benchmark list lacks decode and has a method this build lacks: the encode passes
     * (one run serves both questions, to keep {@code mvn verify} short), decode is NEW and the other GONE, never FAIL.
     */
    @Test
    void unchangedCodePassesAndBenchmarksOnOneSideOnlyAreNewOrGone(@TempDir Path dir) throws Exception {
        Set<String> base = Set.of("io.github.ccsidbench.bench.ConversionBenchmark.encode",
                "io.github.ccsidbench.bench.OldConversionBenchmark.decode");
        AbGate.Outcome same = gate(dir, 1, 1, base, "ConversionBenchmark\\.(encode|decode)$");
        String aa = Files.readString(same.markdown());
        // Never a FAIL. A PASS is a claim with its bound; on one benchmark the run pools no noise, so the claim rests on the
        // confirmation pairs' exact bound, and a machine that kept the forks from settling leaves the gate unable to tell
        // (exit 3), which is not a regression.
        assertTrue(same.exitCode() == 0 || same.exitCode() == AbGate.CANNOT_TELL_EXIT, "A/A never fails: " + aa);
        assertEquals(1, same.result().comparisons().size(), aa);
        assertTrue(same.result().comparisons().stream().allMatch(c -> c.verdict() == Verdict.PASS && c.upper() < GateThresholds.AB.failRatio()
                || c.verdict() == Verdict.CANNOT_TELL), aa);
        assertTrue(same.result().comparisons().stream().allMatch(c -> c.key().startsWith("ConversionBenchmark.encode ")), aa);
        assertTrue(same.result().newBenchmarks().contains("ConversionBenchmark.decode ccsid=37 length=1024 provider=slowed-jdk"
                + " workload=ascii-text"), aa);
        assertEquals(List.of("OldConversionBenchmark.decode"), same.result().goneBenchmarks(), aa);
        assertTrue(aa.contains("NEW (only the candidate has them") && aa.contains("GONE (only the base has them"), aa);
        // Every fork's own lines reach the log (the host appends its headers instead of writing over them) ...
        String log = Files.readString(dir.resolve("gate-jmh.log"));
        assertTrue(log.contains("# ccsid-bench: ConversionBenchmark.encode") && log.contains("Iteration 1: "), log);
        // ... and gate-forks.json has every fork with its whole series and when each iteration ended, on both sides.
        JsonArray forks = JsonParser.parseString(Files.readString(dir.resolve(GateFiles.GATE_FORKS_JSON))).getAsJsonObject()
                .getAsJsonArray("forks");
        assertTrue(forks.size() >= 4, "2 pairs of 2 forks at least: " + forks);
        Set<String> sides = new java.util.HashSet<>();
        for (JsonElement e : forks) {
            JsonObject f = e.getAsJsonObject();
            sides.add(f.get("side").getAsString());
            int n = f.getAsJsonArray("scores").size();
            JsonArray ended = f.getAsJsonArray("endMillis");
            assertTrue(n > 0 && ended.size() == n, f.toString());
            assertTrue(ended.get(n - 1).getAsLong() >= ended.get(0).getAsLong()
                    && ended.get(0).getAsLong() > System.currentTimeMillis() - 3_600_000L, f.toString());
        }
        assertEquals(Set.of("base", "candidate"), sides);
    }

    /**
     * In duet (the default: the two forks of a pair at the same time, which must share JMH's machine-wide lock) a
     * candidate several times as slow fails by name, decided by its confirmation pairs, within a time budget that leaves
     * room for pairs measured again on a busy machine. Anything else fails the test: a gate that loses its power there
     * is a defect to see, not a case to skip. (The A/A test above runs interleaved.)
     */
    @Test
    @org.junit.jupiter.api.Tag("slow") // its confirmation pairs take the longest: mvn -Pslow-tests verify, which CI runs once
    void aSlowedConverterFailsByNameInDuet(@TempDir Path dir) throws Exception {
        AbGate.Outcome slowed = gate(dir, 1, SLOWDOWN, null, ENCODE, true, SLOWED_CONFIRMATION_PAIRS, SLOWED_BUDGET);
        String md = Files.readString(slowed.markdown());
        assertTrue(md.contains("duet (the two forks of a pair at the same time)"), md);
        assertEquals(1, slowed.result().comparisons().size(), md);
        PairedComparison c = slowed.result().comparisons().get(0);
        // The fewest pairs, all saying "slower", with which a look of the plan can FAIL (8: the looks test at 0.004 and 0.006).
        ConfirmationPlan plan = ConfirmationPlan.of(GateThresholds.AB.alpha(), SLOWED_CONFIRMATION_PAIRS);
        int needed = SignedRank.pairsFor(Arrays.stream(plan.alphas()).max().orElseThrow());
        assertEquals(Verdict.FAIL, c.verdict(), md);
        assertEquals(Verdict.FAIL, slowed.verdict(), md);
        assertEquals(1, slowed.exitCode(), md);
        assertTrue(md.contains("| FAIL | ConversionBenchmark."), md);
        assertTrue(c.ratio() > 1.5 && c.pSlower() < GateThresholds.AB.alpha() && c.pairs() >= needed, md);
        assertTrue(c.reasons().get(0).startsWith("the first 2 pairs said +"), md);
        String json = Files.readString(dir.resolve(GateFiles.GATE_JSON));
        assertTrue(json.contains("\"verdict\": \"FAIL\""), json);
    }
}
