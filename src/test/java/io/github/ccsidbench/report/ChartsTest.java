package io.github.ccsidbench.report;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Charts meant to be read side by side share one scale that holds every panel's bars, and log axes are labelled often
 * enough to read a value off them. Structure only: the points are made up.
 */
class ChartsTest {

    private static List<ReportDocument.Chart> draw(boolean logLog, List<Map<String, List<Charts.Point>>> panels) {
        List<ReportDocument.Block> blocks = new ArrayList<>();
        Charts.Family family = new Charts.Family(blocks, logLog);
        for (int i = 0; i < panels.size(); i++) {
            blocks.add(new ReportDocument.Paragraph("before panel " + i));
            if (logLog) {
                family.lines("p" + i, "panel " + i, "length", "ns per character", panels.get(i));
            } else {
                family.bars("p" + i, "panel " + i, "ns per character", List.of("a", "b"), panels.get(i));
            }
        }
        family.draw();
        assertEquals(2 * panels.size(), blocks.size());
        return blocks.stream().filter(ReportDocument.Chart.class::isInstance).map(ReportDocument.Chart.class::cast).toList();
    }

    /** The labels a log axis over {@code min..max} shows, of the multiples of a decade XChart asks about. */
    private static List<String> logLabels(double min, double max) {
        Function<Double, String> label = Charts.logLabels(new Charts.Range(min, max));
        List<String> shown = new ArrayList<>();
        for (int decade = (int) Math.floor(Math.log10(min)); decade <= Math.ceil(Math.log10(max)); decade++) {
            for (int j = 1; j <= 9; j++) {
                double v = Math.pow(10, decade) * j;
                if (v >= min && v <= max && !label.apply(v).isEmpty()) {
                    shown.add(label.apply(v));
                }
            }
        }
        return shown;
    }

    @Test
    void everyBarPanelOfAFamilyHasOneYRangeFromZeroThatHoldsTheHighestErrorBar() {
        List<ReportDocument.Chart> charts = draw(false, List.of(
                Map.of("encode", List.of(new Charts.Point(0, 3, 2.5, 3.4), new Charts.Point(0, 1, 0.9, 1.1))),
                Map.of("encode", List.of(new Charts.Point(0, 0.2, 0.19, 0.21), Charts.Point.missing(0)))));
        assertEquals(2, charts.size());
        for (ReportDocument.Chart c : charts) {
            assertEquals(charts.get(0).yMin(), c.yMin(), c.id());
            assertEquals(charts.get(0).yMax(), c.yMax(), c.id());
        }
        assertEquals(0.0, charts.get(0).yMin(), "a bar's length is its figure");
        assertTrue(charts.get(0).yMax() >= 3.4 && charts.get(0).yMax() < 4, "3 + its bar of 0.5, not more than a margin: "
                + charts.get(0).yMax());
    }

    @Test
    void everyLogPanelOfAFamilyHasOneYRangeThatHoldsEveryPointAndBar() {
        List<ReportDocument.Chart> charts = draw(true, List.of(
                Map.of("jdk", List.of(new Charts.Point(16, 30, 28, 32), new Charts.Point(4096, 1, 0.9, 1.1))),
                Map.of("jdk", List.of(new Charts.Point(16, 0.5, 0.45, 0.55), new Charts.Point(4096, 0.06, 0.05, 0.07)))));
        assertEquals(charts.get(0).yMin(), charts.get(1).yMin());
        assertEquals(charts.get(0).yMax(), charts.get(1).yMax());
        assertTrue(charts.get(0).yMin() > 0 && charts.get(0).yMin() <= 0.05, "down to 0.06's bar: " + charts.get(0).yMin());
        assertTrue(charts.get(0).yMax() >= 32 && charts.get(0).yMax() < 40, "up to 30's bar: " + charts.get(0).yMax());
    }

    /**
     * In a report, the per-CCSID charts of each section (encode against decode; ns/char against length, per direction
     * too) and the article's charts of each row flavour share their family's y range, though 37 costs ten times 1208.
     */
    @Test
    void theReportsChartsShareOneYRangePerFamily() {
        SyntheticRun run = new SyntheticRun().article(new double[]{1000, 1000}, new double[]{1200, 1300}, new double[]{600, 600})
                .result("FloorBenchmark.isoEncode", Map.of("length", "1024"), 100, 100)
                .result("FloorBenchmark.isoDecode", Map.of("length", "1024"), 100, 100)
                .result("Db2PathBenchmark.insertClient", Map.of("shape", "article", "rows", "accented"), 500, 500);
        for (String column : List.of("37", "367", "1208")) {
            run.result("Db2PathBenchmark.insertServer", Map.of("shape", "article", "rows", "accented", "column", column), 3000, 3100);
        }
        for (String ccsid : List.of("37", "367", "1208")) {
            double cost = ccsid.equals("37") ? 10 : 1;
            for (int length : List.of(16, 256, 1024)) {
                Map<String, String> p = Map.of("ccsid", ccsid, "provider", "jdk", "workload", "ascii-text", "length",
                        Integer.toString(length));
                run.result("ConversionBenchmark.encode", p, cost * (50 + length), cost * (52 + length))
                        .result("ConversionBenchmark.decode", p, 40 + length, 41 + length);
            }
        }
        ReportInputs in = run.inputs();
        ReportDocument doc = new ReportDocument("t", List.of(ArticleSection.build(in, Answer.of(in), ZosEstimate.Costs.of(null, null)),
                JvmSection.build(in, Answer.of(in)), CostModelSection.build(in)));
        for (String family : List.of("encode-decode-", "ns-per-char-", "article-")) {
            List<ReportDocument.Chart> charts = doc.charts().stream().filter(c -> c.id().startsWith(family)).toList();
            assertTrue(charts.size() >= 2, family + ": " + charts.size());
            for (ReportDocument.Chart c : charts) {
                assertEquals(charts.get(0).yMin(), c.yMin(), c.id());
                assertEquals(charts.get(0).yMax(), c.yMax(), c.id());
                for (ReportDocument.ChartSeries s : c.series()) {
                    for (int i = 0; i < s.values().length; i++) {
                        assertTrue(Double.isNaN(s.values()[i]) || s.values()[i] + s.errorBars()[i] <= c.yMax(), c.id());
                    }
                }
            }
        }
    }

    @Test
    void aTitleTooLongForTheChartIsSetSmallerAndAShortOneIsLeftAlone() {
        java.awt.Font font = new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.BOLD, 14);
        String title = "CCSID 37 decode: ns/char against length (ascii-text), JDK 25.0.3 (OpenJDK 64-Bit Server VM 25.0.3+9-LTS)";
        java.awt.Font fitted = Charts.titleFont(font, title, 600);
        assertTrue(fitted.getSize2D() < 14);
        assertTrue(fitted.getStringBounds(title, new java.awt.font.FontRenderContext(null, true, true)).getWidth() <= 600);
        assertEquals(font, Charts.titleFont(font, "CCSID 37", 600));
    }

    @Test
    void aFamilyNeverDrawnLeavesASectionThatCannotBeBuilt() {
        List<ReportDocument.Block> blocks = new ArrayList<>();
        new Charts.Family(blocks, false).bars("p", "p", "ns", List.of("a"), Map.of("s", List.of(new Charts.Point(0, 1, 1, 1))));
        assertThrows(NullPointerException.class, () -> new ReportDocument.Section("s", "s", blocks));
    }

    @Test
    void aLogAxisFromHalfToThirtyIsLabelledAtOneTwoFiveSteps() {
        assertEquals(List.of("0.5", "1", "2", "5", "10", "20"), logLabels(0.5, 30));
    }

    @Test
    void aLogAxisOfLessThanADecadeLabelsEveryDigitAndOneOfManyDecadesOnlyTheDecades() {
        assertEquals(List.of("0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"), logLabels(0.35, 1.4));
        assertEquals(List.of("0.001", "0.01", "0.1", "1", "10", "100", "1,000", "10,000", "100,000"), logLabels(0.001, 200_000));
    }
}
