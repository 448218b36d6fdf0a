package io.github.ccsidbench.report;

import io.github.ccsidbench.CcsidBenchException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The answer in a few figures: the report opens with it, and the README's answer tables are written from the
 * committed runs and must equal what those runs give.
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
    void theReportOpensWithTheAnswerInFourLinesAndTheZosFigureAfterTheFirstTwo() {
        ReportDocument.Section opening = Report.build(articleRun().inputs()).sections().get(0);
        assertEquals("answer", opening.id());
        assertEquals(8, opening.blocks().size(), opening.blocks().toString());
        String lead = ((ReportDocument.Paragraph) opening.blocks().get(2)).text();
        assertTrue(lead.startsWith("**On z/OS, at 5,000,000 rows of shape `article` (ascii) a day,**"), lead);
        ReportDocument.Table zos = (ReportDocument.Table) opening.blocks().get(3);
        assertEquals("zos-answer", zos.id());
        // 5,000,000 rows/day x 12 values/row x 2.3 µs = 138 s; 37's 12 minor conversions cost 0 to as much.
        assertEquals(List.of(List.of("EBCDIC FOR SBCS DATA (37)", "0", "12.0", "0", "0 to 27.6", "0 to 138"),
                List.of("Unicode FOR SBCS DATA (367)", "0", "0", "12.0", "27.6", "138"),
                List.of("Unicode FOR MIXED DATA (1208)", "12.0", "0", "0", "0", "0")), zos.rows());
        assertTrue(((ReportDocument.Paragraph) opening.blocks().get(4)).text().contains("2.3 µs per major conversion, IBM's"
                + " figure on a z900 (SG24-6465"), opening.blocks().get(4).toString());
        assertEquals(ZosFigure.CHART_ID, ((ReportDocument.Chart) opening.blocks().get(5)).id());
        opening = new ReportDocument.Section("answer", "without the z/OS figure", List.of(opening.blocks().get(0),
                opening.blocks().get(1), opening.blocks().get(6), opening.blocks().get(7)));
        String server = ((ReportDocument.Paragraph) opening.blocks().get(0)).text();
        assertTrue(server.startsWith("**On the server**, converting an INSERT of ASCII rows costs +20% ["), server);
        assertTrue(server.contains("in CCSID 367 and -35% ["), server);
        assertTrue(server.endsWith("as the article found, `FOR SBCS DATA` (367) is the dear choice."), server);
        String jvm = ((ReportDocument.Paragraph) opening.blocks().get(1)).text();
        assertTrue(jvm.contains("encodes 1,024 characters of ASCII text at 3.0x the ISO-8859-1 floor in 37, 1.1x in 367 and 1.1x in 1208"), jvm);
        assertTrue(jvm.endsWith("inside the JVM the ranking is turned around: EBCDIC is the dear one."), jvm);
        String claims = ((ReportDocument.Paragraph) opening.blocks().get(2)).text();
        assertEquals("**Each claim, and how sure:** 367 dearer than 37 on the server: +20% [+19%, +21%] (p < 0.001, t on 42 df); "
                + "1208 cheaper than 37 on the server: -35% [-35%, -34%] (p < 0.001, t on 7 df); 37 dearer than 367 in the JVM's "
                + "encode: 2.7x [2.7x, 2.7x] (p < 0.001, t on 42 df); 37 dearer than 1208 in the JVM's encode: 2.7x [2.7x, 2.7x] "
                + "(p < 0.001, t on 42 df).", claims);
        String sure = ((ReportDocument.Paragraph) opening.blocks().get(3)).text();
        assertTrue(sure.startsWith("**How sure:**"), sure);
    }

    @Test
    void resultsWithoutTheArticlesBenchmarksSaySoInsteadOfAnAnswer() {
        SyntheticRun run = new SyntheticRun().result("FloorBenchmark.isoEncode", Map.of("length", "16"), 10, 10);
        ReportDocument.Section opening = Report.build(run.inputs()).sections().get(0);
        assertTrue(((ReportDocument.Paragraph) opening.blocks().get(0)).text().startsWith("These results hold neither"),
                opening.blocks().toString());
        assertTrue(opening.blocks().stream().allMatch(ReportDocument.Paragraph.class::isInstance),
                "no z/OS figure where the results hold no INSERT path: " + opening.blocks());
    }

    @Test
    void theReadmeTablesNameTheCpuAndJdkOfEveryRow() {
        String tables = Report.readmeAnswer(articleRun().inputs());
        List<String> rows = tables.lines().filter(l -> l.startsWith("| ") && !l.startsWith("| measured on")).toList();
        assertEquals(2, rows.size(), tables);
        for (String row : rows) {
            // The CPU as readers know it, with its vector class (machine.CpuNames), and the JDK.
            assertTrue(row.startsWith("| " + io.github.ccsidbench.machine.CpuNames.readable(SyntheticRun.environment().cpu(),
                    SyntheticRun.environment().vectorClass()) + " | " + SyntheticRun.JDK + " |"), row);
        }
        assertTrue(rows.get(0).contains("| +20% [") && rows.get(0).contains("| -35% ["), rows.get(0));
        assertTrue(rows.get(1).contains("| 3.0x ["), rows.get(1));
    }

    @Test
    void theReadmeAnswerIsReplacedBetweenItsMarkersOnly() {
        String readme = "# Title\n\n" + Answer.BEGIN + "\nold table\n" + Answer.END + "\n\nrest\n";
        String written = Answer.intoReadme(readme, articleRun().inputs());
        assertTrue(written.startsWith("# Title\n\n" + Answer.BEGIN + "\n**What to choose.**"), written);
        // The recommendation, by table kind and by driver, with the server's ratio, IBM's cost per call times the model's
        // conversions (5 million of the article's rows a day, each of a row's 12 values a major conversion into 367 at
        // 2.3 µs: 5e6 x 12 x 2.3e-6 = 138 s), and what 367 loses.
        String flat = written.replace("\n  ", " ");
        assertTrue(flat.contains("- **A Unicode table: `FOR MIXED DATA` (CCSID 1208), never `FOR SBCS DATA` (367).**"), flat);
        assertTrue(flat.contains("On z/OS that is about 138 CPU seconds a day into 367, none into 1208 (no conversion)"), flat);
        assertTrue(flat.contains("367 loses every accented character"), flat);
        assertTrue(flat.contains("- **An EBCDIC table (37)** cost the article's author no more than 1208 on z/OS. While the text"
                + " is simple (7-bit), each value takes one translate pass, a minor conversion: 0 to 138 CPU seconds a day"), flat);
        assertTrue(flat.contains("A type 4 driver (current IBM Data Server Driver for JDBC and SQLJ) sends UTF-8 whatever the"
                + " column: the application's INSERT costs the same for every choice above, and only SELECT differs"), flat);
        assertTrue(flat.contains("A type 2 driver converts in the JVM on INSERT too"), flat);
        assertTrue(written.endsWith(Answer.END + "\n\nrest\n"), written);
        assertEquals(Report.readmeAnswer(articleRun().inputs()), Report.readmeAnswerIn(written).orElseThrow());
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> Answer.intoReadme("# no markers\n",
                articleRun().inputs()));
        assertTrue(e.getMessage().startsWith("the README has no answer markers"), e.getMessage());
    }

    /**
     * The front page carries exactly what the committed runs hold: the README's answer tables equal the tables
     * {@code report --readme} writes from docs/results/&#42;/results.json. Regenerate with the command the README's
     * marker names when a run is added or replaced.
     */
    @Test
    void theReadmesFiguresAreTheCommittedResults() throws IOException {
        List<Path> runs = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(Path.of("docs", "results"))) {
            dirs.filter(d -> Files.isRegularFile(d.resolve("results.json"))).sorted().forEach(d -> runs.add(d.resolve("results.json")));
        }
        assertTrue(runs.size() >= 2, "docs/results holds " + runs.size() + " runs; the README's answer needs at least a JDK 17 and a JDK 25 one");
        String readme = Files.readString(Path.of("README.md"));
        String expected = Report.readmeAnswer(ReportInputs.read(runs));
        assertEquals(expected, Report.readmeAnswerIn(readme).orElseThrow(() -> new AssertionError("README.md has no answer markers")),
                "README.md's answer differs from the committed runs: run java -jar target/benchmarks.jar report --readme README.md "
                        + "docs/results/*/results.json");
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
        List<ReportDocument.Block> opening = Report.build(in).sections().get(0).blocks();
        String server = ((ReportDocument.Paragraph) opening.get(0)).text();
        String pivot = Math.round(100.0 * (157 + 491 + 42) / 984) + "%";
        assertTrue(server.endsWith("is the dear choice (measured: the major conversion through UTF-16 (MajorConversion: Utf8ToUtf16, then Utf16ToSingleByte), "
                + pivot + " of the 367 path's samples)."), server);
        String jvm = ((ReportDocument.Paragraph) opening.get(1)).text();
        assertTrue(jvm.endsWith("EBCDIC is the dear one (measured: " + Math.round(100.0 * 916 / 991) + "% of the JDK's IBM037 "
                + "encode samples in the single-byte table loop, sun.nio.cs.SingleByte$Encoder; " + Math.round(100.0 * 993 / 997)
                + "% of its UTF-8 encode samples in the intrinsic String coding and the copy under it, " + Math.round(100.0 * 961 / 997)
                + "% in the kernel zeroing the fresh pages that copy writes)."), jvm);
        String bullets = Report.readmeAnswer(in).replace("\n  ", " ");
        assertTrue(bullets.contains("367, by inference, a major conversion through UTF-16; measured: MajorConversion, Utf8ToUtf16 then "
                + "Utf16ToSingleByte, " + pivot + " of the 367 path's samples), not the size"), bullets);
        assertTrue(bullets.contains("per-character table loop (measured: 92% of the JDK's IBM037 encode samples in the "
                + "single-byte table loop, sun.nio.cs.SingleByte$Encoder), several times dearer"), bullets);
    }

    /** Without profiles the same run's answer says no "measured:" at all: the text of a run without them is unchanged. */
    @Test
    void withoutProfilesTheAnswerCitesNothing(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        ReportInputs in = ReportInputs.read(List.of(ProfileSectionTest.write(dir, ProfileSectionTest.run(), null)));
        String opening = Report.build(in).sections().get(0).blocks().toString();
        assertTrue(!opening.contains("measured:") && !Report.readmeAnswer(in).contains("measured:"), opening);
    }
}
