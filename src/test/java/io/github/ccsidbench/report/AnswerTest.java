package io.github.ccsidbench.report;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.results.RunEnvironment;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What to choose, with a run's figures: the report opens with it, and the README with it for a reference run of the
 * committed ones, which must equal what those runs and their committed reports give.
 */
class AnswerTest {

    private static final String ENCODE = "ConversionBenchmark.encode";
    private static final String DECODE = "ConversionBenchmark.decode";

    private static Map<String, String> jdk(String ccsid) {
        return Map.of("ccsid", ccsid, "provider", "jdk", "workload", "ascii-text", "length", "1024");
    }

    /** 367 dearer and 1208 cheaper than 37 on the server; 37 dearer in the JVM; every fork at its level. */
    private static SyntheticRun articleRun() {
        SyntheticRun run = new SyntheticRun()
                .article(new double[]{200, 201}, new double[]{240, 241}, new double[]{130, 131})
                .result("FloorBenchmark.isoEncode", Map.of("length", "1024"), 100, 100)
                .result("FloorBenchmark.isoDecode", Map.of("length", "1024"), 100, 100)
                .result(ENCODE, jdk("37"), 300, 300).result(DECODE, jdk("37"), 250, 250);
        for (String ccsid : List.of("367", "1208")) {
            run.result(ENCODE, jdk(ccsid), 110, 110).result(DECODE, jdk(ccsid), 105, 105);
        }
        return run;
    }

    @Test
    void theReportOpensWithWhatToChooseThenItsTableClaimsAndHowSure() {
        ReportDocument.Section opening = Report.build(articleRun().inputs(), ZosEstimate.Costs.of(null, null)).sections().get(0);
        assertEquals("answer", opening.id());
        List<String> texts = opening.blocks().stream().filter(b -> b instanceof ReportDocument.Paragraph)
                .map(b -> ((ReportDocument.Paragraph) b).text()).toList();
        // 5 million of the article's rows a day, each of a row's 12 values a major conversion into 367 at IBM's 2.3 µs:
        // 5e6 x 12 x 2.3e-6 = 138 s; into 37 each is a minor conversion, which IBM prices at nothing up to a major one.
        assertTrue(texts.get(0).startsWith("**A Unicode table: `FOR MIXED DATA` (CCSID 1208), never `FOR SBCS DATA` (367).**"), texts.get(0));
        assertTrue(texts.get(0).contains("(12 values a row): about 138 CPU seconds a day into 367, none into 1208"), texts.get(0));
        assertTrue(texts.get(0).contains("The model's INSERT, measured: 367 +20% [+19%, +21%] against 37, 1208 -35% [-35%, -34%] (the model's own per-row"
                + " work: 1208 stores as sent)."), texts.get(0));
        assertTrue(texts.get(0).endsWith("367 loses every accented character: each is stored as a substitution character, with a warning."));
        assertTrue(texts.get(1).startsWith("**An EBCDIC table (37)**") && texts.get(1).contains("0 to 138 CPU seconds a day"), texts.get(1));
        assertTrue(texts.get(2).startsWith("**Java, type 4 driver**") && texts.get(2).contains("IBM037 at 2.5x [2.5x, 2.5x] a copy"), texts.get(2));
        // Type 2: the JVM converts instead of Db2, never beside it, so the bullet must not invite adding the two.
        assertTrue(texts.get(3).startsWith("**Java, type 2 driver**") && texts.get(3).contains("encoding IBM037 costs 3.0x [3.0x, 3.0x] a copy")
                && texts.get(3).contains("*instead of* Db2") && texts.get(3).contains("a JVM on x86"), texts.get(3));
        // After what to choose, the z/OS figure: 5,000,000 rows/day x 12 values/row x 2.3 µs = 138 s; 37's 12 minor
        // conversions cost 0 to as much.
        assertTrue(texts.get(4).startsWith("**On z/OS, at 5,000,000 rows of shape `article` (ascii) a day,**"), texts.get(4));
        ReportDocument.Table zos = table(opening, "zos-answer");
        assertEquals(List.of(List.of("EBCDIC FOR SBCS DATA (37)", "0", "12.0", "0", "0 to 27.6", "0 to 138"),
                List.of("Unicode FOR SBCS DATA (367)", "0", "0", "12.0", "27.6", "138"),
                List.of("Unicode FOR MIXED DATA (1208)", "12.0", "0", "0", "0", "0")), zos.rows());
        assertTrue(texts.get(5).contains("2.3 µs per major conversion, IBM's figure on a z900 (SG24-6465"), texts.get(5));
        assertTrue(opening.blocks().stream().anyMatch(b -> b instanceof ReportDocument.Chart c && c.id().equals(ZosFigure.CHART_ID)));
        assertEquals(Recommendation.WORDS, texts.get(6));
        ReportDocument.Table table = table(opening, "answer");
        assertEquals(List.of("EBCDIC (37)", "Unicode `FOR SBCS DATA` (367)", "Unicode `FOR MIXED DATA` (1208)"),
                table.rows().stream().map(r -> r.get(0)).toList());
        assertEquals("(base)", table.rows().get(0).get(2));
        assertTrue(texts.stream().anyMatch(t -> t.equals("**Each claim, and how sure:** 367 dearer than 37 on the server: +20% [+19%, +21%]"
                + " (p < 0.001, t on 6 df); 1208 cheaper than 37 on the server: -35% [-35%, -34%] (p < 0.001, t on 3 df); 37 dearer"
                + " than 367 in the JVM's encode: 2.7x [2.7x, 2.7x] (p < 0.001, t on 42 df); 37 dearer than 1208 in the JVM's encode:"
                + " 2.7x [2.7x, 2.7x] (p < 0.001, t on 42 df).")), texts.toString());
        assertTrue(texts.get(texts.size() - 1).startsWith("**How sure:**"), texts.toString());
    }

    private static ReportDocument.Table table(ReportDocument.Section s, String id) {
        return s.blocks().stream().filter(b -> b instanceof ReportDocument.Table t && t.id().equals(id))
                .map(b -> (ReportDocument.Table) b).findFirst().orElseThrow(() -> new AssertionError("no table " + id));
    }

    @Test
    void resultsWithoutTheArticlesBenchmarksSaySoInsteadOfAnAnswer() {
        SyntheticRun run = new SyntheticRun().result("FloorBenchmark.isoEncode", Map.of("length", "16"), 10, 10);
        ReportDocument.Section opening = Report.build(run.inputs(), ZosEstimate.Costs.of(null, null)).sections().get(0);
        assertTrue(((ReportDocument.Paragraph) opening.blocks().get(0)).text().startsWith("These results hold neither"),
                opening.blocks().toString());
        assertTrue(opening.blocks().stream().allMatch(ReportDocument.Paragraph.class::isInstance),
                "no z/OS figure where the results hold no INSERT path: " + opening.blocks());
    }

    /** The same run with another environment: CPU, vector class, JDK and date. */
    private static Answer on(Answer a, String cpu, String features, String jdk, String date) {
        RunEnvironment e = SyntheticRun.environment();
        RunEnvironment env = new RunEnvironment(date, e.preset(), e.timing(), e.forkJvm(), e.forkJavaVendor(), e.os(), cpu, e.cores(),
                e.hostJava(), e.commit(), e.ccsidBenchVersion(), e.jmhVersion(), e.icu4jVersion(), e.jt400Version(), e.wallTime(),
                features, null);
        return new Answer(a.label(), cpu, jdk, a.server(), a.jvm(), a.fastest(), a.profiled(), Optional.of(env),
                Optional.of(Path.of("docs", "results", cpu + "-" + jdk)));
    }

    /** The README quotes the newest run on the vector class most runs share, on the oldest JDK measured. */
    @Test
    void theReferenceRunIsTheNewestOfTheCommonestClassOnTheOldestJdk() {
        Answer a = Answer.of(articleRun().inputs()).get(0);
        String vbmi = "avx2 avx512f avx512bw avx512vbmi";
        List<Answer> runs = List.of(on(a, "x", "avx2", "17.0.15", "2026-11-28T00:00:00Z"),
                on(a, "y", vbmi, "17.0.15", "2026-11-24T00:00:00Z"), on(a, "z", vbmi, "17.0.15", "2026-11-26T00:00:00Z"),
                on(a, "z", vbmi, "25.0.3", "2026-11-27T00:00:00Z"));
        Answer ref = Recommendation.reference(runs);
        assertEquals("z", ref.cpu());
        assertEquals("17.0.15", ref.jdk());
    }

    @Test
    void theReadmeAnswerIsReplacedBetweenItsMarkersOnlyAndNamesItsRun(@org.junit.jupiter.api.io.TempDir Path dir) {
        Answer a = Answer.of(articleRun().inputs()).get(0);
        List<Answer> runs = List.of(on(a, "AMD EPYC Zen 5 (Turin), AVX-512 VBMI", "avx512vbmi", "17.0.15", "2026-11-26T00:00:00Z"));
        String readme = "# Title\n\n" + Recommendation.BEGIN + "\nold table\n" + Recommendation.END + "\n\nrest\n";
        String written = Recommendation.intoReadme(readme, runs, Path.of("").toAbsolutePath(), Path.of("docs/results/README.md"));
        assertTrue(written.startsWith("# Title\n\n" + Recommendation.BEGIN + "\n## What to choose\n\n**In short:** for a Unicode table"), written);
        assertTrue(written.contains("\n\n- **A Unicode table:"), written);
        assertTrue(written.endsWith(Recommendation.END + "\n\nrest\n"), written);
        String flat = written.replace("\n  ", " ").replace("\n", " ");
        assertTrue(flat.contains("Measured on the reference run: AMD EPYC Zen 5 (Turin), AVX-512 VBMI, JDK 17.0.15, 2026-11-26 ([its"
                + " report](docs/results/AMD EPYC Zen 5 (Turin), AVX-512 VBMI-17.0.15/report.md)). The same ranking in 1 of 1"
                + " committed runs ([every run, and why](docs/results/README.md))."), flat);
        // The words come before the table that uses them.
        assertTrue(written.indexOf("Words: *ns/row*") < written.indexOf("| column choice |"), written);
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> Recommendation.intoReadme("# no markers\n", runs,
                dir, dir.resolve("runs.md")));
        assertTrue(e.getMessage().startsWith("the README has no answer markers"), e.getMessage());
    }

    /** A run that cannot rank a choice is counted apart, and the page of every run says why. */
    @Test
    void aRunThatCannotRankIsCountedApartAndThePageSaysWhy() {
        SyntheticRun level = new SyntheticRun()
                .article(new double[]{200, 201}, new double[]{199, 202}, new double[]{130, 131})
                .result("FloorBenchmark.isoEncode", Map.of("length", "1024"), 100, 100)
                .result("FloorBenchmark.isoDecode", Map.of("length", "1024"), 100, 100)
                .result(ENCODE, jdk("37"), 300, 300).result(DECODE, jdk("37"), 250, 250);
        for (String ccsid : List.of("367", "1208")) {
            level.result(ENCODE, jdk(ccsid), 110, 110).result(DECODE, jdk(ccsid), 105, 105);
        }
        Answer b = Answer.of(level.inputs()).get(0);
        assertEquals(List.of("cannot rank 367 against 37 on the server (its interval includes 0%)"),
                Recommendation.disagreements(b));
        Answer a = Answer.of(articleRun().inputs()).get(0);
        List<Answer> runs = List.of(on(a, "cpu-a", "avx2", "17.0.15", "2026-11-26T00:00:00Z"), on(b, "cpu-b", "avx2", "17.0.15",
                "2026-11-20T00:00:00Z"));
        String answer = Recommendation.readme(runs, "runs.md", r -> "report.md").replace("\n", " ");
        assertTrue(answer.contains("The same ranking in 1 of 2 committed runs; the other 1 (cpu-b, JDK 17.0.15) cannot rank every"
                + " choice ([every run, and why](runs.md))."), answer);
        String page = RunsIndex.page(runs, List.of(), Path.of("docs", "results"));
        assertTrue(page.contains("| no: cannot rank 367 against 37 on the server (its interval includes 0%) |"), page);
        assertTrue(page.contains("| yes (the README's reference run) |"), page);
        assertTrue(!page.matches("(?s).*\\b[0-9a-f]{7,40}\\b.*"), "the page names no commit: " + page);
    }

    /**
     * The front page carries exactly what the committed runs hold: the README's answer and the page of every run equal
     * what {@code report --readme} writes from docs/results/&#42;/results.json, and every figure with an interval the
     * README quotes is in the committed report of the run it names, as that report says it. Regenerate the reports with
     * {@code report} and the README with the command its marker names when the tool's text or a run changes.
     */
    @Test
    void theReadmesFiguresAreTheCommittedReportsOfItsRun() throws IOException {
        List<Path> runs = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(Path.of("docs", "results"))) {
            dirs.filter(d -> Files.isRegularFile(d.resolve("results.json"))).sorted().forEach(d -> runs.add(d.resolve("results.json")));
        }
        assertTrue(runs.size() >= 2, "docs/results holds " + runs.size() + " runs; the README's answer needs at least a JDK 17 and a JDK 25 one");
        String readme = Files.readString(Path.of("README.md"));
        ReportInputs in = ReportInputs.read(runs);
        String regenerate = ": run java -jar target/benchmarks.jar report --readme README.md docs/results/*/results.json";
        String answer = Report.readmeAnswerIn(readme).orElseThrow(() -> new AssertionError("README.md has no answer markers"));
        assertEquals(Report.readmeAnswer(in, Path.of("").toAbsolutePath(), Path.of("docs/results/README.md")), answer,
                "README.md's answer differs from the committed runs" + regenerate);
        assertEquals(Report.runsPage(in, Path.of("docs/results")), Files.readString(Path.of("docs/results/README.md")),
                "docs/results/README.md differs from the committed runs" + regenerate);
        int n = figuresInItsReport(answer);
        assertTrue(n >= 12, "the README's answer quotes " + n + " figures with intervals: " + answer);
    }

    /**
     * Every committed report is what {@code report --no-svg} writes from its run now: a change of the tool's figures or
     * text regenerates them all, so none is left quoting what the tool no longer says.
     */
    @Test
    void everyCommittedReportIsWhatTheReportCommandWritesNow() throws IOException {
        List<Path> reports;
        try (Stream<Path> files = Files.walk(Path.of("docs", "results"))) {
            reports = files.filter(f -> f.getFileName().toString().equals(Report.MARKDOWN)
                    && Files.isRegularFile(f.resolveSibling("results.json"))).sorted().toList();
        }
        assertTrue(reports.size() >= 8, "committed reports: " + reports);
        for (Path report : reports) {
            Path dir = report.getParent();
            ReportInputs in = ReportInputs.read(List.of(dir.resolve("results.json")));
            String written = ReportRenderers.markdown(Report.build(in, ZosEstimate.Costs.of(null, null), dir.toAbsolutePath()), false);
            assertEquals(written, Files.readString(report), report + " differs from what the tool writes now: run java -jar "
                    + "target/benchmarks.jar report --no-svg " + dir + "/results.json");
        }
    }

    /**
     * Asserts that every figure with an interval in {@code text} is in the committed report its "[its report](...)" link
     * names, as that report says it; returns how many there are.
     */
    private static int figuresInItsReport(String text) throws IOException {
        java.util.regex.Matcher link = java.util.regex.Pattern.compile("\\[its\\s+report]\\(([^)]+)\\)").matcher(text);
        assertTrue(link.find(), "names no committed run: " + text);
        String report = Files.readString(Path.of(link.group(1))).replace("\n", " ");
        java.util.regex.Matcher figure = java.util.regex.Pattern.compile("[-+]?[0-9][0-9.,]*(%|x)? \\[[^\\]]+]").matcher(text.replace("\n  ", " "));
        int n = 0;
        while (figure.find()) {
            n++;
            assertTrue(report.contains(figure.group()), figure.group() + " is in the README but not in " + link.group(1)
                    + ": regenerate the report with java -jar target/benchmarks.jar report " + Path.of(link.group(1)).getParent()
                    + "/results.json --no-svg");
        }
        return n;
    }

    /**
     * The README's shops' answer is what {@code report --readme} writes from the committed runs, each block comes from a
     * committed run (the {@code dbcs} preset's for the mixed-EBCDIC shops, the {@code countries} preset's for the German
     * and French ones), and every figure with an interval a block quotes is in its run's committed report, as that report
     * says it.
     */
    @Test
    void theReadmesShopAnswerIsTheCommittedShopRunsReports() throws IOException {
        List<Path> runs = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(Path.of("docs", "results"))) {
            dirs.filter(d -> Files.isRegularFile(d.resolve("results.json"))).sorted().forEach(d -> runs.add(d.resolve("results.json")));
        }
        String readme = Files.readString(Path.of("README.md"));
        String shops = Report.readmeShopsIn(readme).orElseThrow(() -> new AssertionError("README.md has no shops markers"));
        assertEquals(Report.readmeShops(ReportInputs.read(runs), Path.of("").toAbsolutePath()), shops,
                "README.md's shops' answer differs from the committed runs: run java -jar target/benchmarks.jar report --readme"
                        + " README.md --runs-page docs/results/README.md docs/results/*/results.json");
        List<String> blocks = java.util.Arrays.stream(shops.split("(?m)^(?=\\*\\*[^*\\n]+:\\*\\*$)"))
                .filter(b -> !b.isBlank()).toList();
        assertEquals(List.of("**Mixed EBCDIC shops:**", "**Single-byte EBCDIC shops outside the US:**"),
                blocks.stream().map(b -> b.lines().findFirst().orElseThrow()).toList(), shops);
        int n = 0;
        for (String block : blocks) {
            n += figuresInItsReport(block);
        }
        // six shops, each a host CCSID and 1208 (the Japanese two hosts): INSERT, change, encode and decode
        assertTrue(n >= 6 * 2 * 3, "the README's shops' answer quotes " + n + " figures with intervals: " + shops);
    }

    /**
     * With profiles, each line that explains a ranking cites what was measured: the shares are the fixtures' counts
     * recounted apart (CollapsedProfileTest): 916 of 991 samples in SingleByte$Encoder, 993 of 997 under
     * String.encodeUTF8 with 961 in the kernel, 157 + 491 + 42 of 984 in the 367 path's pivot.
     */
    @Test
    void withProfilesTheAnswerCitesTheMeasuredShares(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        ReportInputs in = ReportInputs.read(List.of(ProfileSectionTest.write(dir, ProfileSectionTest.run(),
                ProfileSectionTest.profiled(List.of()))));
        String why = Report.build(in, ZosEstimate.Costs.of(null, null)).sections().get(0).blocks().stream().filter(b -> b instanceof ReportDocument.Paragraph)
                .map(b -> ((ReportDocument.Paragraph) b).text()).filter(t -> t.startsWith("**Why, as profiled:**")).findFirst()
                .orElseThrow();
        String pivot = Math.round(100.0 * (157 + 491 + 42) / 984) + "%";
        assertEquals("**Why, as profiled:** on the server, the major conversion through UTF-16 (MajorConversion: Utf8ToUtf16, then"
                + " Utf16ToSingleByte) takes " + pivot + " of the 367 path's samples; " + Math.round(100.0 * 916 / 991) + "% of the"
                + " JDK's IBM037 encode samples in the single-byte table loop, sun.nio.cs.SingleByte$Encoder; " + Math.round(100.0 * 993 / 997)
                + "% of its UTF-8 encode samples in the intrinsic String coding and the copy under it, " + Math.round(100.0 * 961 / 997)
                + "% in the kernel zeroing the fresh pages that copy writes.", why);
        String bullets = RunsIndex.bullets(Answer.of(in)).replace("\n  ", " ");
        assertTrue(bullets.contains("367, by inference, a major conversion through UTF-16; measured: MajorConversion, Utf8ToUtf16 then "
                + "Utf16ToSingleByte, " + pivot + " of the 367 path's samples), not the size"), bullets);
        assertTrue(bullets.contains("per-character table loop (measured: 92% of the JDK's IBM037 encode samples in the "
                + "single-byte table loop, sun.nio.cs.SingleByte$Encoder), several times dearer"), bullets);
    }

    /** Without profiles the same run's answer says no "measured:" at all: the text of a run without them is unchanged. */
    @Test
    void withoutProfilesTheAnswerCitesNothing(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        ReportInputs in = ReportInputs.read(List.of(ProfileSectionTest.write(dir, ProfileSectionTest.run(), null)));
        String opening = Report.build(in, ZosEstimate.Costs.of(null, null)).sections().get(0).blocks().toString();
        assertTrue(!opening.contains("as profiled") && !RunsIndex.bullets(Answer.of(in)).contains("measured:")
                && !RunsIndex.bullets(Answer.of(in)).contains("measured in"), opening);
    }

    /**
     * The quiet state said beside the figures, worked by hand: each fork runs 8 iterations at its level (a pattern whose
     * median and time per operation are 1) and then a slow tail. A tail of 4 at 2x makes the time
     * per operation 12 / (8 + 4 / 2) = 1.2 times the quiet level, which reads 1/1.2 - 1 = -16.7% against it; a tail of 2
     * at 1.5x, 10 / (8 + 2 / 1.5) = 15/14, reads 14/15 - 1 = -6.7%; no tail reads +0.0%. The sentence gives their median
     * and range.
     */
    @Test
    void theQuietStateIsSaidBesideTheFiguresByHowFarItLiesBelowThem() {
        SyntheticRun run = new SyntheticRun()
                .resultWithSlowTail(ENCODE, jdk("37"), 4, 2.0, 300, 300)
                .resultWithSlowTail(ENCODE, jdk("367"), 2, 1.5, 110, 110)
                .resultWithSlowTail(ENCODE, jdk("1208"), 0, 1.0, 100, 100);
        List<io.github.ccsidbench.results.DerivedFigures> figures = run.inputs().jvms().get(0).figures();
        assertEquals(" The figures are each fork's time per operation over every iteration after its warm-up, the host's slow"
                + " phases included; the host's quiet state, each fork's median of its steady iterations with slow phases left out,"
                + " reads -6.7% (-16.7% to +0.0%) against them over the answer's 3 figures (docs/how-sure.md, Accuracy).",
                Answer.slowPhasesNote(figures));
        assertEquals("", Answer.slowPhasesNote(new SyntheticRun().result(ENCODE, jdk("37"), 300, 300).inputs().jvms().get(0)
                .figures()), "no steadiness record, nothing to say");
    }
}
