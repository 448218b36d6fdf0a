package io.github.ccsidbench.report;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.db2.RowShape;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The z/OS estimate's arithmetic, checked against figures worked by hand from IBM's published cost: SG24-6465's 2.3 µs
 * per major conversion, the article's 12 values per row, 5 million rows a day (docs/db2-model.md: 138 CPU seconds).
 */
class ZosEstimateTest {

    private static ZosEstimate.Line line(ZosEstimate e, int ccsid) {
        return e.lines().stream().filter(l -> l.ccsid() == ccsid).findFirst().orElseThrow();
    }

    @Test
    void theArticlesRowsAtIbmsPublishedCost() {
        ZosEstimate e = ZosEstimate.forShape(RowShape.ARTICLE, RowFlavour.ASCII, 5_000_000, ZosEstimate.Costs.of(null, null));
        ZosEstimate.Line u367 = line(e, 367);
        assertEquals(12, u367.major(), 1e-9);
        assertEquals(27.6, u367.usLow(), 1e-9);
        assertEquals(138, u367.secondsHigh(), 1e-9);
        ZosEstimate.Line e37 = line(e, 37);
        assertEquals(12, e37.minor(), 1e-9);
        // IBM gives no figure for a minor conversion: the range runs from free to the major cost.
        assertEquals(0, e37.usLow(), 1e-9);
        assertEquals(27.6, e37.usHigh(), 1e-9);
        assertEquals(0, line(e, 1208).usHigh(), 1e-9);
        String md = e.render();
        assertTrue(md.startsWith("**A z/OS estimate, not a measurement:** the server's conversion CPU for 5,000,000 rows of"
                + " shape `article` (ascii) a day"), md);
        assertTrue(md.contains("SG24-6465") && md.contains("z900"), md);
        // 367's 12 majors at 2.3 µs against 37's free minors are +50% of a 55.2 µs insert.
        assertTrue(md.contains("| 12.0 (these rows) | 12.0 | 24.0 | 55.2 |"), md);
    }

    @Test
    void accentedRowsSend37ValuesToMajorConversion() {
        ZosEstimate e = ZosEstimate.forShape(RowShape.ARTICLE, RowFlavour.ACCENTED, 1_000_000, ZosEstimate.Costs.of(2.0, 0.1));
        ZosEstimate.Line e37 = line(e, 37);
        assertTrue(e37.major() > 0 && e37.major() + e37.minor() == 12, e37.toString());
        assertEquals(e37.major() * 2.0 + e37.minor() * 0.1, e37.usLow(), 1e-9);
        assertEquals(e37.usLow(), e37.usHigh(), 1e-12);
        assertTrue(e.render().contains("your figure (--zos-major-us)"), e.render());
    }

    @Test
    void aCostThatIsNoNumberIsAOneLineError() {
        CcsidBenchException x = assertThrows(CcsidBenchException.class, () -> ZosEstimate.Costs.of(-1.0, null));
        assertTrue(x.getMessage().startsWith("a z/OS cost per conversion"), x.getMessage());
        assertThrows(CcsidBenchException.class, () -> ZosEstimate.Costs.of(null, Double.NaN));
    }
}
