package io.github.ccsidbench.report;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.db2.RowShape;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The z/OS figure at the top of the report and of {@code plan}: three rows in the article's order, a range where IBM
 * gives no minor cost, one figure where the user does, and arithmetic a DBA can redo by hand: rows/day x values/row x
 * µs per call = CPU s/day.
 */
class ZosFigureTest {

    private static ZosFigure article(long rowsPerDay, Double majorUs, Double minorUs) {
        return ZosFigure.of(ZosEstimate.forShape(RowShape.ARTICLE, RowFlavour.ASCII, rowsPerDay, ZosEstimate.Costs.of(majorUs, minorUs)));
    }

    private static List<String> column(ReportDocument.Table t, int i) {
        return t.rows().stream().map(r -> r.get(i)).toList();
    }

    @Test
    void threeRowsOneCcsidEachInTheArticlesOrder() {
        ZosFigure f = article(5_000_000, null, null);
        ReportDocument.Table t = f.table();
        assertEquals(List.of("column choice", "values/row: no conversion", "minor", "major", "z/OS µs/row", "z/OS CPU s/day"),
                t.header());
        assertEquals(List.of("EBCDIC FOR SBCS DATA (37)", "Unicode FOR SBCS DATA (367)", "Unicode FOR MIXED DATA (1208)"),
                column(t, 0), "the ALTER to MIXED takes 1208's paths and is not repeated");
        assertEquals(List.of("12.0", "0", "0"), column(t, 2));
        assertEquals(List.of("0", "12.0", "0"), column(t, 3));
    }

    @Test
    void withoutAMinorCostFromIbmThe37RowIsARange() {
        ZosFigure f = article(5_000_000, null, null);
        // By hand: 5,000,000 rows/day x 12 values/row x 2.3 µs = 138,000,000 µs = 138 s.
        assertEquals(5_000_000 * 12 * 2.3 / 1e6, f.lines().get(1).secondsHigh(), 1e-9);
        assertEquals(List.of("0 to 138", "138", "0"), column(f.table(), 5));
        assertEquals(List.of("0 to 27.6", "27.6", "0"), column(f.table(), 4));
        String under = f.perCall();
        assertTrue(under.contains("2.3 µs per major conversion, IBM's figure on a z900 (SG24-6465, section 4.7.2"), under);
        assertTrue(under.contains("IBM gives no figure for a minor conversion"), under);
        assertTrue(under.contains("5,000,000 × 12.0 × 2.3 µs = 138 s"), under);
    }

    @Test
    void yourMinorCostGivesOneFigurePerRow() {
        ZosFigure f = article(1_000_000, 2.0, 0.1);
        // By hand: 1,000,000 x 12 x 0.1 µs = 1.2 s for 37; 1,000,000 x 12 x 2.0 µs = 24 s for 367.
        assertEquals(List.of("1.20", "24.0", "0"), column(f.table(), 5));
        assertFalse(f.perCall().contains("no figure"), f.perCall());
        assertTrue(f.perCall().contains("0.1 µs per minor conversion, your figure (--zos-minor-us)"), f.perCall());
    }

    @Test
    void largeFiguresAreGrouped() {
        assertEquals(List.of("0 to 2,760", "2,760", "0"), column(article(100_000_000, null, null).table(), 5));
    }

    @Test
    void theChartStacksTheKnownCostAndTheRangeAboveIt() {
        ReportDocument.Chart c = article(5_000_000, null, null).chart();
        assertEquals(ZosFigure.CHART_ID, c.id());
        assertTrue(c.title().startsWith("z/OS CPU at 5,000,000 rows/day, 2.3 µs per major conversion (IBM, SG24-6465)"), c.title());
        assertArrayEquals(new byte[]{(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(c.png(), 4));
        assertEquals(2, c.series().size());
        assertArrayEquals(new double[]{0, 138, 0}, c.series().get(0).values(), 1e-9);
        assertArrayEquals(new double[]{138, 0, 0}, c.series().get(1).values(), 1e-9);
        ReportDocument.Chart given = article(5_000_000, null, 0.5).chart();
        assertEquals(1, given.series().size(), "no range to draw when the minor cost is given");
        assertTrue(given.title().contains("0.5 µs/minor (yours)"), given.title());
    }

    @Test
    void theAxisLeavesRoomForTheFigureAboveTheTallestBar() {
        assertEquals(160, ZosFigure.topOfAxis(138), 1e-9);
        assertEquals(1, ZosFigure.topOfAxis(0), 1e-9);
        assertTrue(ZosFigure.topOfAxis(2760) > 2760 * 1.05);
    }

    @Test
    void aJapaneseShopGetsItsOwnChoicesOneRowEach() {
        ZosFigure f = ZosFigure.of(ZosEstimate.forShape(RowShape.ARTICLE, RowFlavour.JAPANESE, 5_000_000,
                ZosEstimate.Costs.of(null, null)));
        assertEquals(List.of("EBCDIC FOR MIXED DATA (1399)", "EBCDIC FOR MIXED DATA (1390)", "Unicode FOR MIXED DATA (1208)"),
                column(f.table(), 0));
    }

    @Test
    void aChartFileMustBePngOrSvg() {
        assertFalse(ZosFigure.isSvg(Path.of("out/zos.PNG")));
        assertTrue(ZosFigure.isSvg(Path.of("zos.svg")));
        CcsidBenchException x = assertThrows(CcsidBenchException.class, () -> ZosFigure.isSvg(Path.of("zos.pdf")));
        assertEquals("--chart must name a .png or .svg file, not zos.pdf", x.getMessage());
    }
}
