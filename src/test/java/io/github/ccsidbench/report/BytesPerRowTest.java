package io.github.ccsidbench.report;

import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.workload.Workload;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BytesPerRowTest {

    @Test
    void everyRowWorkloadInEveryCcsidItClaims() {
        List<BytesPerRow.Figure> all = BytesPerRow.all();
        assertEquals(List.of("jp-rows 930", "jp-rows 939", "jp-rows 1390", "jp-rows 1399", "ko-rows 933", "zh-hans-rows 935",
                "zh-hant-rows 937"), all.stream().map(f -> f.workload().id() + " " + f.ccsid().number()).toList());
        for (BytesPerRow.Figure f : all) {
            assertEquals(2 * f.characters(), f.utf16(), 1e-9, "every character is in the BMP");
            assertTrue(f.shifts() >= 2, f.toString());
            assertTrue(f.mixed() > f.characters() && f.mixed() < f.utf16() + f.shifts(), f.toString());
            assertEquals(7, f.cells().size());
        }
    }

    /** Half-width katakana take 1 byte in 930 and 3 in UTF-8; kanji 2 (plus the shifts) and 3. */
    @Test
    void japaneseRowsAreSmallerInMixedEbcdicThanInUtf8() {
        BytesPerRow.Figure f = BytesPerRow.of(Workload.JP_ROWS, CcsidRegistry.byNumber(930));
        assertTrue(f.mixed() < f.utf8(), f.toString());
        assertEquals(f, BytesPerRow.of(Workload.JP_ROWS, CcsidRegistry.byNumber(930)), "deterministic");
    }
}
