package io.github.ccsidbench.gate;

import io.github.ccsidbench.testing.HarnessForks;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.suite.ForkLauncher;
import io.github.ccsidbench.suite.Preset;
import io.github.ccsidbench.suite.Selection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The A/B gate end to end, in real forks: base and candidate are this build with a test-only converter
 * ("slowed-jdk"), measured on its encode of 1 KiB, both unchanged (A/A). A base jar that lacks a benchmark makes it NEW,
 * one that has a benchmark this build lacks GONE, never FAIL; every fork's lines and series reach the gate's files.
 * The verdict is decided by construction, whatever the host: one benchmark pools no noise, so its two screening pairs
 * cannot clear it, and a budget used up before any confirmation pair leaves it CANNOT_TELL (exit 3). A slowdown in
 * real forks, failed by name, is BisectIT's first step; the gate's power is GatePowerTest's.
 */
class GateIT {

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    private static ForkLauncher.Side side(String label) {
        return new ForkLauncher.Side(label, JAVA, HarnessForks.jvmArgs(), System.getProperty("java.class.path"));
    }

    /**
     * A/A, with a base jar whose benchmark list lacks decode and has a method this build lacks, and a budget of 1 ms: the
     * encode is measured on its screening pairs and left CANNOT_TELL, decode is NEW and the other GONE, never FAIL.
     */
    @Test
    void unchangedCodeCannotBeClaimedWithoutConfirmationAndBenchmarksOnOneSideOnlyAreNewOrGone(@TempDir Path dir) throws Exception {
        Set<String> base = Set.of("io.github.ccsidbench.bench.ConversionBenchmark.encode",
                "io.github.ccsidbench.bench.OldConversionBenchmark.decode");
        Selection selection = Selection.everything().withCcsids(List.of(CcsidRegistry.byNumber(37))).withLengths(List.of(1024))
                .withProviders(List.of(Providers.byName("slowed-jdk"))).withInclude("ConversionBenchmark\\.(encode|decode)$");
        AbGate.Outcome same = new AbGate(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).run(
                new GateRequest(side("base"), side("candidate"), base, dir, selection, Preset.GATE.timing(), GateThresholds.AB, 2,
                        8, false, Duration.ofMillis(1)));
        String aa = Files.readString(same.markdown());
        assertEquals(Verdict.CANNOT_TELL, same.verdict(), aa);
        assertEquals(AbGate.CANNOT_TELL_EXIT, same.exitCode(), aa);
        assertEquals(1, same.result().comparisons().size(), aa);
        PairedComparison c = same.result().comparisons().get(0);
        assertTrue(c.key().startsWith("ConversionBenchmark.encode "), aa);
        assertEquals(Verdict.CANNOT_TELL, c.verdict(), aa);
        // What would decide it is in its row: one benchmark pools no spread, so the row says so.
        assertTrue(c.reasons().stream().anyMatch(x -> x.startsWith("too few pairs kept in this run to say how many would decide it")),
                c.reasons().toString());
        assertTrue(aa.contains("CANNOT_TELL"), aa);
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
        Set<String> sides = new HashSet<>();
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
}
