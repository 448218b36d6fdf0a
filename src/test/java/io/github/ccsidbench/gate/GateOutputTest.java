package io.github.ccsidbench.gate;

import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.stats.PairNoise;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * gate.md, gate.json and gate-forks.json for fixed results: the two JSON files, which CI steps and programs read, byte
 * for byte (the expected files beside this test are what the gate wrote for these results); gate.md, which people read,
 * by what it must hold, so that its wording can change without a test change.
 */
class GateOutputTest {

    private static final RunEnvironment ENVIRONMENT = new RunEnvironment("2000-01-01T00:00:00Z", "gate",
            "forks until steady", "/opt/jdk/bin/java", "Test Vendor 17", "Linux 6.1 amd64", "Test CPU @ 2.00GHz", 2,
            "Test Vendor 17", "abc1234", "0.1.0-SNAPSHOT", "1.37", "78.3", "21.0.6", "10m 21s", "avx2", null);

    private static final String ENCODE = "ConversionBenchmark.encode ccsid=37 length=1024 provider=%s workload=ascii-text";

    private static PairedComparison comparison(String provider, Verdict verdict, double ratio, double low, double high,
                                               double pSlower, int pairs, double baseBytes, double candidateBytes,
                                               String... reasons) {
        double upper = verdict == Verdict.CANNOT_TELL ? high * 1.05 : verdict == Verdict.FAIL ? Double.NaN : high;
        return new PairedComparison(String.format(ENCODE, provider), verdict, ratio, low, high, 0.9785, upper, 0.05, pSlower, 1 - pSlower,
                pairs, new double[]{ratio, ratio * 1.01}, baseBytes, candidateBytes, List.of(reasons), 812.5, 812.5 * ratio);
    }

    private static Map<String, Integer> counts(List<PairedComparison> comparisons, int fresh, int gone) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        comparisons.forEach(c -> counts.merge(c.verdict().name(), 1, Integer::sum));
        if (fresh > 0) {
            counts.put(Verdict.NEW.name(), fresh);
        }
        if (gone > 0) {
            counts.put(Verdict.GONE.name(), gone);
        }
        return counts;
    }

    /** A duet gate with every verdict, NEW and GONE benchmarks, and confirmation pairs in three looks. */
    static GateResult duetWithEveryVerdict() {
        List<PairedComparison> comparisons = List.of(
                comparison("jdk", Verdict.PASS, 1.012, 0.99, 1.03, 0.31, 2, 1048, 1048),
                comparison("icu", Verdict.IMPROVED, 0.71, 0.69, 0.73, 0.999, 8, 1048, 1048,
                        "the first 2 pairs said -29.0%; decided by 8 more pairs on their own", "-29.0% faster, significant (p=0.0039)"),
                comparison("slowed-jdk", Verdict.FAIL, 3.02, 2.95, 3.08, 0.0039, 8, Double.NaN, Double.NaN,
                        "the first 2 pairs said +201.0%; decided by 8 more pairs on their own", "+202.0% slower, significant (p=0.0039)"),
                PairedComparison.disturbed(String.format(ENCODE, "jt400"), 1, 3),
                comparison("jdk-coder", Verdict.WARN, 1.05, 1.01, 1.09, 0.0039, 8, 64, 64,
                        "+5.0% slower, significant (p=0.0039), below the failure threshold +8.0%"),
                comparison("jdk-stream", Verdict.PASS, 0.97, 0.95, 1.0, 0.8, 2, 64, 80));
        List<String> fresh = List.of("ConversionBenchmark.decode ccsid=37 length=1024 provider=jdk workload=ascii-text");
        List<String> gone = List.of("OldConversionBenchmark.decode");
        return new GateResult("FAIL", 1, "base 1a2b3c4d5e6f (main)", "candidate (this build)",
                "duet (the two forks of a pair at the same time), forks with -XX:UseAVX=2", ENVIRONMENT, GateThresholds.AB, 2, 16,
                comparisons, fresh, gone, counts(comparisons, fresh.size(), gone.size()), 40, 38, 3, List.of(),
                List.of(), 3, 0, List.of("--base", "main", "--jvm-arg", "-XX:UseAVX=2", "--build", "./gradlew -q jar", "--build-output",
                "build/libs/codec.jar"));
    }

    /**
     * A busy host's gate with more rows of a kind than GitHub shows annotations: 12 FAIL, 20 CANNOT_TELL (each advising a
     * narrow gate of 9 minutes), 2 WARN, 1 PASS, and a budget that stopped suspects before their first look.
     */
    static GateResult moreRowsThanGitHubShows() {
        List<PairedComparison> comparisons = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            comparisons.add(comparison("fail" + i, Verdict.FAIL, 1.2, 1.1, 1.3, 0.0039, 8, 64, 64, "+20.0% slower, significant"));
        }
        for (int i = 0; i < 20; i++) {
            comparisons.add(comparison("undecided" + i, Verdict.CANNOT_TELL, 1.01, 0.9, 1.12, 0.4, 2, 64, 64,
                    "not confirmed", "about 12 pairs at this spread would bring its bound below the failure threshold:"
                            + " --confirmation-pairs 12 --budget 9"));
        }
        comparisons.add(comparison("warned0", Verdict.WARN, 1.05, 1.01, 1.07, 0.0039, 8, 64, 64, "+5.0% slower"));
        comparisons.add(comparison("warned1", Verdict.WARN, 1.05, 1.01, 1.07, 0.0039, 8, 64, 64, "+5.0% slower"));
        comparisons.add(comparison("passed", Verdict.PASS, 1.0, 0.98, 1.02, 0.5, 3, 64, 64));
        return new GateResult("FAIL", 1, "base 1a2b3c4d5e6f (main)", "candidate (this build)",
                "duet (the two forks of a pair at the same time)", ENVIRONMENT, GateThresholds.AB, 3, 16, comparisons,
                List.of(), List.of(), counts(comparisons, 0, 0), 90, 90, 41, List.of(), List.of(), 34, 47, List.of("--base", "main"));
    }

    /** An interleaved gate whose first pairs decide (no confirmation pairs), at other thresholds. */
    static GateResult interleavedDecidedOnItsPairs() {
        GateThresholds t = new GateThresholds(1.10, 1.05, 0.05, 0.95, 0.05, 16);
        List<PairedComparison> comparisons = List.of(comparison("jdk", Verdict.PASS, 1.001, 0.98, 1.02, 0.45, 7, Double.NaN,
                Double.NaN));
        return new GateResult("PASS", 0, "base JVM /opt/jdk25/bin/java", "candidate JVM /opt/jdk/bin/java",
                "interleaved (A B, B A, ...)", ENVIRONMENT, t, 7, 0, comparisons, List.of(), List.of(),
                counts(comparisons, 0, 0), 7, 0, 0, List.of(), List.of(), 0, 0, List.of());
    }

    /** A gate whose confirmation pairs are too few for a second look: one look at the end. */
    static GateResult oneLookAtTheEnd() {
        List<PairedComparison> comparisons = List.of(comparison("jdk", Verdict.CANNOT_TELL, 1.09, 0.99, 1.2, 0.02, 10, Double.NaN,
                Double.NaN, "+9.0%, p=0.02: could be slower by +26.0% (95% bound, 10 pairs), not below the failure threshold +8.0%"));
        return new GateResult("CANNOT_TELL", 3, "base jar benchmarks-0.1.0.jar", "candidate (this build)",
                "interleaved (A B, B A, ...)", ENVIRONMENT, GateThresholds.AB, 2, 10, comparisons, List.of(), List.of(),
                counts(comparisons, 0, 0), 12, 12, 0, List.of(), List.of(), 1, 0, List.of());
    }

    /** Two forks of one duet pair, one of them without the machine ruler's samples and not settled. */
    static List<ForkSeries> forks() {
        return List.of(
                new ForkSeries(String.format(ENCODE, "jdk"), 1, "base", new double[]{812.5, 640.25, 600.0, 601.5},
                        new double[]{1.0, 0.98, Double.NaN, 1.0}, new double[]{250.0, 251.5, 249.0, 250.5},
                        new long[]{946684800000L, 946684800100L, 946684800200L, 946684800300L}, new int[]{2, 3}, true),
                new ForkSeries(String.format(ENCODE, "jdk"), 1, "candidate", new double[]{900.0, 700.0, 650.0},
                        new double[]{1.0, 1.0, 1.0}, null, new long[]{946684800010L, 946684800110L, 946684800210L},
                        new int[]{1, 2}, false));
    }

    static String expected(String name) throws IOException {
        try (InputStream in = GateOutputTest.class.getResourceAsStream("output/" + name)) {
            assertNotNull(in, name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static List<GateResult> fixtures() {
        return List.of(duetWithEveryVerdict(), interleavedDecidedOnItsPairs(), oneLookAtTheEnd());
    }

    /**
     * gate.md holds what its readers and a CI step need, whatever the wording around it: the verdict on its first line,
     * one row per benchmark with its verdict, change and pairs, every table row as wide as its header, the NEW and GONE
     * benchmarks, and the command that measures them again. (gate.json, which programs read, is held byte for byte.)
     */
    @ParameterizedTest
    @MethodSource("fixtures")
    void gateMdHoldsEveryVerdictFigureAndCommand(GateResult r) {
        String md = GateMarkdown.of(r);
        assertEquals("## ccsid-bench gate: " + r.verdict(), md.lines().findFirst().orElseThrow());
        List<String> lines = md.lines().toList();
        for (PairedComparison c : r.comparisons()) {
            String row = lines.stream().filter(l -> l.startsWith("| " + c.verdict().name() + " | " + c.key() + " |")).findFirst()
                    .orElseThrow(() -> new AssertionError("no row for " + c.verdict() + " " + c.key() + ":\n" + md));
            List<String> cells = cells(row);
            assertEquals(String.valueOf(c.pairs()), cells.get(8), row);
            if (Double.isFinite(c.ratio())) {
                assertEquals(String.format(java.util.Locale.ROOT, "%+.1f%%", (c.ratio() - 1) * 100), cells.get(4), row);
            }
        }
        int width = -1;
        for (String l : lines) {
            if (!l.startsWith("|")) {
                width = -1;
            } else if (width < 0) {
                width = cells(l).size();
            } else {
                assertEquals(width, cells(l).size(), "a row as wide as its header: " + l);
            }
        }
        r.newBenchmarks().forEach(b -> assertTrue(md.contains(b), "NEW " + b));
        r.goneBenchmarks().forEach(b -> assertTrue(md.contains(b), "GONE " + b));
        if (r.comparisons().stream().anyMatch(c -> c.verdict() != Verdict.PASS)) {
            assertTrue(md.contains("\njava -jar target/benchmarks.jar gate "), "the command that measures them again: " + md);
        }
    }

    /**
     * gate.md states the pair noise the run met: one pair's spread within a benchmark, pooled over its benchmarks as the
     * screen pools it ({@link PairNoise}); with fewer than 8 benchmarks of two pairs, that there were too few. A
     * CANNOT_TELL with too few pairs of its own is advised at that figure ({@link AbGate#advised}).
     */
    @Test
    void gateMdStatesThePairNoiseItMet() {
        List<PairedComparison> eight = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) {
            PairedComparison c = comparison("p" + i, Verdict.PASS, 1.0, 0.95, 1.05, 0.5, 4, Double.NaN, Double.NaN);
            eight.add(new PairedComparison(c.key(), c.verdict(), c.ratio(), c.low(), c.high(), c.coverage(), c.upper(),
                    c.upperLevel(), c.pSlower(), c.pFaster(), 4, new double[]{0.9, 1.1, 0.95, 1.05 + i / 100.0}, c.baseBytes(),
                    c.candidateBytes(), c.reasons(), c.baseNs(), c.candidateNs()));
        }
        GateResult r = new GateResult("PASS", 0, "base jar a.jar", "candidate (this build)", "interleaved (A B, B A, ...)",
                ENVIRONMENT, GateThresholds.AB, 4, 0, eight, List.of(), List.of(), counts(eight, 0, 0), 32, 0, 0, List.of(),
                List.of(), 0, 0, List.of());
        PairNoise noise = PairNoise.of(eight.stream().map(PairedComparison::logRatios).toList());
        assertTrue(GateMarkdown.of(r).contains(String.format(java.util.Locale.ROOT, "pooled over 8 benchmarks: sd %.1f%% a pair",
                100 * noise.sigma())), GateMarkdown.of(r));
        assertTrue(GateMarkdown.of(oneLookAtTheEnd()).contains("Too few benchmarks with two pairs (8 needed) to pool the pairs' spread"));

        // A CANNOT_TELL with one pair of its own is advised at that same figure: one pool, what gate.md states.
        List<PairedComparison> nine = new java.util.ArrayList<>(eight);
        PairedComparison t = comparison("one pair", Verdict.CANNOT_TELL, 1.0, Double.NaN, Double.NaN, 0, 1, Double.NaN, Double.NaN);
        nine.add(new PairedComparison(t.key(), t.verdict(), t.ratio(), t.low(), t.high(), t.coverage(), t.upper(), t.upperLevel(),
                t.pSlower(), t.pFaster(), 1, new double[]{1.12}, t.baseBytes(), t.candidateBytes(), t.reasons(), t.baseNs(),
                t.candidateNs()));
        List<PairedComparison> advised = AbGate.advised(nine, GateThresholds.AB, 12);
        assertEquals(eight, advised.subList(0, 8), "a PASS gets no advice");
        String advice = advised.get(8).reasons().get(advised.get(8).reasons().size() - 1);
        assertTrue(advice.contains(String.format(java.util.Locale.ROOT, "the spread of this run's pairs (sd %.1f%% per pair, over 8"
                + " benchmarks)", 100 * PairedComparison.noise(nine).sigma())), advice);
        assertEquals(noise.sigma(), PairedComparison.noise(nine).sigma(), 1e-12, "a benchmark of one pair adds nothing to the pool");
    }

    /**
     * The line under a CANNOT_TELL table adds up what its rows advise: the minutes of the narrow gates more pairs would
     * decide, and how many need a quieter machine; nothing for a single row, whose own advice says it all.
     */
    @Test
    void theLineUnderCannotTellAddsUpWhatItsRowsAdvise() {
        GateThresholds t = GateThresholds.AB;
        String pooled = t.wouldDecide(0.135, 20, 12);
        String more = t.wouldDecide(new double[]{0.12, -0.06, 0.1, -0.04, 0.08}, 12);
        String hopeless = t.wouldDecide(0.60, 20, 12);
        assertTrue(pooled.endsWith("--budget 8") && more.contains("--budget ") && hopeless.contains("a quieter machine decides it"),
                pooled + " / " + more + " / " + hopeless);
        long moreMinutes = Long.parseLong(more.substring(more.lastIndexOf(' ') + 1));
        List<PairedComparison> rows = List.of(
                comparison("a", Verdict.CANNOT_TELL, 1.02, 0.9, 1.2, 0.3, 2, Double.NaN, Double.NaN, "stopped by the budget", pooled),
                comparison("b", Verdict.CANNOT_TELL, 1.05, 0.9, 1.3, 0.2, 5, Double.NaN, Double.NaN, more),
                comparison("c", Verdict.CANNOT_TELL, 1.0, 0.5, 1.9, 0.5, 5, Double.NaN, Double.NaN, hopeless));
        assertEquals("; measured one by one as their rows advise, 2 would take about " + (8 + moreMinutes)
                + " minutes of gates, and 1 needs a quieter machine (or fewer benchmarks)", GateMarkdown.decidingThemAll(rows));
        assertEquals("", GateMarkdown.decidingThemAll(rows.subList(0, 1)));
        assertEquals("; measured one by one as their rows advise, 2 need a quieter machine (or fewer benchmarks)",
                GateMarkdown.decidingThemAll(List.of(rows.get(2), rows.get(2))));
        GateResult r = new GateResult("CANNOT_TELL", 3, "base jar a.jar", "candidate (this build)", "interleaved (A B, B A, ...)",
                ENVIRONMENT, GateThresholds.AB, 4, 16, rows, List.of(), List.of(), counts(rows, 0, 0), 12, 0, 0, List.of(),
                List.of(), 3, 41, List.of());
        assertTrue(GateMarkdown.of(r).contains("what would decide each is in its row" + GateMarkdown.decidingThemAll(rows) + "."
                + " The time budget stopped suspects before their first look: at this run's pace (pairs measured again included),"
                + " --budget 41 would give every suspect its first look."), GateMarkdown.of(r));
        assertEquals("", GateMarkdown.firstLooks(0), "a budget that stopped no suspect before its first look says nothing");
    }

    /** A Markdown table row's cells, escaped pipes kept inside their cell. */
    private static List<String> cells(String row) {
        String[] parts = row.split("(?<!\\\\)\\|", -1);
        return java.util.Arrays.stream(parts, 1, parts.length - 1).map(String::trim).toList();
    }

    /** A cell holding a pipe, a quote and a line break stays in its cell: the table is written by report.MarkdownTable. */
    @Test
    void aCellWithAPipeQuoteAndLineBreakStaysInItsCell() {
        PairedComparison odd = comparison("jdk", Verdict.WARN, 1.05, 1.01, 1.09, 0.0039, 8, 64, 64,
                "a reason with a | pipe, a \"quote\" and a\r\nline break");
        GateResult r = new GateResult("PASS", 0, "base", "candidate", "interleaved", ENVIRONMENT, GateThresholds.AB, 8, 0,
                List.of(odd), List.of(), List.of(), counts(List.of(odd), 0, 0), 8, 8, 0, List.of(), List.of(), 0, 0, List.of());
        String row = GateMarkdown.of(r).lines().filter(l -> l.startsWith("| WARN |")).findFirst().orElseThrow();
        assertEquals(12, row.split("(?<!\\\\)\\|", -1).length - 1, "eleven cells, no more: " + row);
        assertTrue(row.endsWith("| a reason with a \\| pipe, a \"quote\" and a line break |"), row);
    }

    @Test
    void gateJsonIsTheSameByteForByte() throws IOException {
        assertEquals(expected("duet-every-verdict.json"), duetWithEveryVerdict().toJson());
    }

    @Test
    void gateForksJsonIsTheSameByteForByte() throws IOException {
        assertEquals(expected("forks.json"), GateFiles.forksJson(forks()));
    }

    /** The gate writes all three files into its output directory, gate.md's text being what {@link GateMarkdown} makes. */
    @Test
    void theGateWritesItsThreeFiles(@TempDir Path dir) throws IOException {
        Path markdown = GateFiles.write(dir, duetWithEveryVerdict(), forks());
        assertEquals(dir.resolve("gate.md"), markdown);
        assertEquals(GateMarkdown.of(duetWithEveryVerdict()), Files.readString(markdown));
        assertEquals(expected("duet-every-verdict.json"), Files.readString(dir.resolve("gate.json")));
        assertEquals(expected("forks.json"), Files.readString(dir.resolve("gate-forks.json")));
    }
}
