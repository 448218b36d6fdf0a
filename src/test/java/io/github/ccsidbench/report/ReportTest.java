package io.github.ccsidbench.report;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report rendered from a small checked-in results file (a smoke run: structure, not speed). */
class ReportTest {

    static ReportInputs inputs;
    static ReportDocument doc;

    static Path sample() {
        try {
            return Path.of(ReportTest.class.getResource("sample-results.json").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @BeforeAll
    static void build() {
        inputs = ReportInputs.read(List.of(sample()));
        doc = Report.build(inputs, ZosEstimate.Costs.of(null, null));
    }

    private static ReportDocument.Table table(String id) {
        return doc.tables().stream().filter(t -> t.id().equals(id)).findFirst().orElseThrow(() -> new AssertionError(id));
    }

    /** A report of results whose run recorded no model figures shows them as unknown, never today's model. */
    @Test
    void theModelsFiguresComeFromTheRunsOwnFile(@org.junit.jupiter.api.io.TempDir Path dir) throws java.io.IOException {
        Path results = java.nio.file.Files.copy(sample(), dir.resolve("results.json"));
        ReportDocument.Table t = Report.build(ReportInputs.read(List.of(results)), ZosEstimate.Costs.of(null, null)).tables().stream()
                .filter(x -> x.id().equals("article-jdk17.0.15")).findFirst().orElseThrow();
        assertEquals(List.of("ascii", "EBCDIC", "SBCS", "37", "–"), t.rows().get(0).subList(0, 5));
        java.nio.file.Files.writeString(dir.resolve("model.json"), "{\"entries\": [{\"shape\": null}]}");
        io.github.ccsidbench.CcsidBenchException e = org.junit.jupiter.api.Assertions.assertThrows(
                io.github.ccsidbench.CcsidBenchException.class, () -> ReportInputs.read(List.of(results)));
        assertTrue(e.getMessage().endsWith("model.json is not a valid model.json (missing fields)"), e.getMessage());
    }

    @Test
    void theArticleTableHasAllThreeColumnTypesForAsciiAndAccentedRows() {
        ReportDocument.Table t = table("article-jdk17.0.15");
        for (String rows : List.of("ascii", "accented")) {
            for (String ccsid : List.of("37", "367", "1208")) {
                assertTrue(t.rows().stream().anyMatch(r -> r.get(0).equals(rows) && r.get(3).equals(ccsid)
                        && r.get(6).matches("[0-9.]+( \\*)?")), rows + " " + ccsid + " measured");
            }
        }
        List<String> ascii37 = t.rows().get(0);
        assertEquals(List.of("ascii", "EBCDIC", "SBCS", "37", "minor 100%"), ascii37.subList(0, 5));
        assertEquals("(base)", ascii37.get(9));
        List<String> ascii367 = t.rows().get(1);
        assertEquals("major 100%", ascii367.get(4));
        // The sample holds one fork of two iterations per benchmark (a smoke run): nothing gives an interval.
        assertTrue(ascii367.get(9).matches("[+-]\\d+% \\[no interval]"), ascii367.get(9));
        List<String> accented367 = t.rows().stream().filter(r -> r.get(0).equals("accented") && r.get(2).equals("SBCS") && r.get(3).equals("367"))
                .findFirst().orElseThrow();
        assertEquals("4.44", accented367.get(11), "characters lost per row, from the model");
        String reading = doc.sections().stream().filter(x -> x.id().equals("article")).findFirst().orElseThrow().blocks().stream().filter(b -> b instanceof ReportDocument.Paragraph p
                && p.text().startsWith("**Reading it against the article.**")).map(b -> ((ReportDocument.Paragraph) b).text())
                .findFirst().orElseThrow();
        assertTrue(reading.contains("+50%") && reading.contains("367 loses 4.44 characters per row"), reading);
    }

    @Test
    void costModelFitsThreeLengthsWithRSquared() {
        ReportDocument.Table t = table("cost-model-jdk17.0.15");
        List<String> row = t.rows().stream().filter(r -> r.get(0).equals("37") && r.get(1).equals("jdk") && r.get(2).equals("encode"))
                .findFirst().orElseThrow();
        assertEquals("16, 256, 4096", row.get(8));
        assertTrue(row.get(6).matches("[0-9.]+|-?[0-9.]+"), "R² present with three lengths: " + row);
    }

    @Test
    void fidelityTableShowsWhatDoesNotSurvive() {
        ReportDocument.Table t = table("fidelity");
        List<String> jdk37 = t.rows().stream().filter(r -> r.get(0).equals("37") && r.get(1).startsWith("jdk")).findFirst().orElseThrow();
        assertEquals("jdk, jdk-coder, jdk-stream", jdk37.get(1), "identical providers share a row");
        assertEquals("0x25→0x15", jdk37.get(5));
        assertEquals("U+0085→U+000A", jdk37.get(4));
        List<String> jdk367 = t.rows().stream().filter(r -> r.get(0).equals("367") && r.get(1).startsWith("jdk")).findFirst().orElseThrow();
        assertEquals("0x80..0xFF→0x3F", jdk367.get(5));
        assertEquals("63,360", jdk367.get(2));
    }

    @Test
    void writesMarkdownSelfContainedHtmlChartsAndCsv(@TempDir Path out) throws Exception {
        List<Path> written = Report.write(doc, out);
        String md = Files.readString(out.resolve(Report.MARKDOWN));
        for (String heading : List.of("## The article's table, measured", "## The JVM side", "## Cost model per converter",
                "## Fidelity", "## Environment")) {
            assertTrue(md.contains(heading), heading);
        }
        String html = Files.readString(out.resolve(Report.HTML));
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertFalse(html.contains("src=\"charts/"), "charts are embedded, not linked");
        long embedded = html.split("src=\"data:image/png;base64,", -1).length - 1;
        assertEquals(doc.charts().size(), embedded);
        assertTrue(embedded >= 2 + 3 + 6, "article bars, encode-vs-decode per CCSID, ns/char lines: " + embedded);
        for (ReportDocument.Chart c : doc.charts()) {
            BufferedImage image = ImageIO.read(out.resolve("charts").resolve(c.id() + ".png").toFile());
            assertTrue(image.getWidth() > 500 && image.getHeight() > 300, c.id());
            String svg = Files.readString(out.resolve("charts").resolve(c.id() + ".svg"));
            assertTrue(svg.contains("<svg"), c.id());
        }
        String csv = Files.readString(out.resolve("csv").resolve("article-jdk17.0.15.csv"), StandardCharsets.UTF_8);
        assertTrue(csv.startsWith("rows,table encoding,column subtype,CCSID,"), csv);
        assertTrue(csv.contains("\"minor 80%, major 20%\""), "quoted per RFC 4180: " + csv);
        try (Stream<Path> files = Files.walk(out)) {
            assertEquals(written.size(), files.filter(Files::isRegularFile).count(), "no temporary files left behind");
        }
        assertTrue(md.contains("aaf778f4614a"), "the environment names the commit");
    }

    @Test
    void chartsAreRealImages() throws Exception {
        ReportDocument.Chart chart = doc.charts().get(0);
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(chart.png()));
        assertTrue(colouredPixels(image) > 500, "bars are drawn in colour");
    }

    static long colouredPixels(BufferedImage image) {
        long n = 0;
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                int rgb = image.getRGB(x, y);
                int r = rgb >> 16 & 0xFF;
                int g = rgb >> 8 & 0xFF;
                int b = rgb & 0xFF;
                if (Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 60) {
                    n++;
                }
            }
        }
        return n;
    }

    @Test
    void capacityPlanMultipliesRowsPerDayByMicrosecondsPerRow() {
        CapacityPlan plan = CapacityPlan.compute(inputs, "article", io.github.ccsidbench.db2.RowFlavour.ASCII, 5_000_000,
                OptionalDouble.empty(), null);
        CapacityPlan.Line ebcdic = plan.lines().get(0);
        assertEquals(37, ebcdic.ccsid());
        assertEquals(5_000_000 * ebcdic.serverUs() / 1e6, ebcdic.serverSecondsPerDay(), 1e-9);
        assertEquals(5_000_000 * ebcdic.clientUs() / 1e6, ebcdic.clientSecondsPerDay(), 1e-9);
        assertEquals(5, plan.lines().size());
        assertEquals(plan.lines().get(2).serverUs(), plan.lines().get(3).serverUs(), "ALTER to MIXED is MIXED");
        double mean = inputs.jvms().get(0).find("Db2PathBenchmark.insertServer",
                java.util.Map.of("shape", "article", "rows", "ascii", "column", "37")).orElseThrow().meanCost().level();
        assertEquals(mean / 1000, ebcdic.serverUs(), 1e-12, "µs per row is the measured mean per operation");
        CapacityPlan doubled = CapacityPlan.compute(inputs, "article", io.github.ccsidbench.db2.RowFlavour.ASCII, 5_000_000,
                OptionalDouble.of(2 * meanBytes()), null);
        assertEquals(2 * ebcdic.serverSecondsPerDay(), doubled.lines().get(0).serverSecondsPerDay(), 1e-9,
                "twice the bytes per row, twice the cost");
        assertTrue(plan.render().contains("5,000,000 x "), plan.render());
        assertEquals(2.0, CapacityPlan.secondsPerDay(1_000_000, 2.0), 1e-12);
    }

    private static double meanBytes() {
        long bytes = 0;
        List<String[]> rows = io.github.ccsidbench.db2.RowGenerator.rows(io.github.ccsidbench.db2.RowShape.named("article"),
                io.github.ccsidbench.db2.RowFlavour.ASCII, io.github.ccsidbench.bench.Db2PathBenchmark.ROWS);
        for (String[] row : rows) {
            for (String v : row) {
                bytes += v.getBytes(StandardCharsets.UTF_8).length;
            }
        }
        return (double) bytes / rows.size();
    }

    @Test
    void aReportFromResultsWithoutDb2FiguresSaysSo() {
        ReportDocument plain = Report.build(ReportInputs.read(List.of(
                Path.of(sample().getParent().getParent().toString(), "results", "sample-results.json"))), ZosEstimate.Costs.of(null, null));
        String md = ReportRenderers.markdown(plain, true);
        assertTrue(md.contains("Not measured in these results: run the standard preset"), md);
    }
}
