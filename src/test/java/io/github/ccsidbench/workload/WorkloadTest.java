package io.github.ccsidbench.workload;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkloadTest {

    @ParameterizedTest
    @EnumSource(Workload.class)
    void sameSeedSameString(Workload w) {
        assertEquals(w.generate(1000, 7), w.generate(1000, 7));
        assertNotEquals(w.generate(1000, 7), w.generate(1000, 8));
        assertEquals(w.generate(64), w.generate(64, 0));
    }

    @ParameterizedTest
    @EnumSource(Workload.class)
    void exactLengthAndOnlyRepertoireCharactersAtEveryLength(Workload w) {
        for (int length = 0; length <= 300; length++) {
            for (int v = 0; v < 3; v++) {
                String s = w.generate(length, v);
                assertEquals(length, s.length());
                assertTrue(w.repertoire().containsAll(s), w.id() + " " + s);
                assertFalse(s.chars().anyMatch(c -> Character.isSurrogate((char) c))
                        && !CcsidRegistry.byNumber(1208).canEncode(s), "a surrogate pair was split: " + s);
            }
        }
        String big = w.generate(1 << 20);
        assertEquals(1 << 20, big.length());
        assertTrue(w.repertoire().containsAll(big));
        assertTrue(CcsidRegistry.byNumber(1208).canEncode(big), "well-formed UTF-16");
    }

    /** Regression guard: the generator's output must not drift between versions, or results stop being comparable. */
    @Test
    void generatorsAreStableAcrossVersions() {
        assertEquals("Address an table client every had between before before for. Conversion address but million in the w",
                Workload.ASCII_TEXT.generate(100));
        assertEquals(Workload.ASCII_TEXT.generate(200).hashCode(), Workload.ASCII_TEXT.generate(200, 0).hashCode());
    }

    @Test
    void losslessnessFollowsTheRepertoire() {
        assertTrue(Workload.ASCII_TEXT.losslessIn(CcsidRegistry.byNumber(367)));
        assertTrue(Workload.DB_ROW.losslessIn(CcsidRegistry.byNumber(37)));
        assertTrue(Workload.LATIN1_TEXT.losslessIn(CcsidRegistry.byNumber(37)));
        assertTrue(Workload.LATIN1_TEXT.losslessIn(CcsidRegistry.byNumber(1140)));
        assertTrue(Workload.LATIN1_TEXT.losslessIn(CcsidRegistry.byNumber(1208)));
        assertFalse(Workload.LATIN1_TEXT.losslessIn(CcsidRegistry.byNumber(367)));
        assertFalse(Workload.LATE_NON_ASCII.losslessIn(CcsidRegistry.byNumber(367)));
        assertFalse(Workload.UTF16_TEXT.losslessIn(CcsidRegistry.byNumber(37)));
        assertTrue(Workload.UTF16_TEXT.losslessIn(CcsidRegistry.byNumber(1200)));
    }

    @Test
    void latin1TextReallyHasAccentsAndUtf16TextSupplementaryCharacters() {
        assertTrue(Workload.LATIN1_TEXT.generate(4096).chars().filter(c -> c > 0x7F).count() > 50);
        assertTrue(Workload.UTF16_TEXT.generate(4096).codePoints().filter(Character::isSupplementaryCodePoint).count() > 10);
    }

    @Test
    void lateNonAsciiHasExactlyOneNonAsciiLetterAtFifteenSixteenths() {
        for (int length : List.of(8, 16, 100, 1024, 65536)) {
            String s = Workload.LATE_NON_ASCII.generate(length);
            int[] positions = java.util.stream.IntStream.range(0, length).filter(i -> s.charAt(i) > 0x7F).toArray();
            assertEquals(1, positions.length, s);
            assertEquals(length - 1 - length / 16, positions[0]);
        }
    }

    @Test
    void dbRowsAreFixedWidthBlankPaddedFields() {
        // CHAR(10) id, CHAR(20) last, CHAR(15) first, CHAR(10) date, CHAR(2), CHAR(8), CHAR(1), CHAR(12), CHAR(20), CHAR(5), CHAR(8)
        int width = 10 + 20 + 15 + 10 + 2 + 8 + 1 + 12 + 20 + 5 + 8;
        String rows = Workload.DB_ROW.generate(width * 3);
        for (int row = 0; row < 3; row++) {
            String r = rows.substring(row * width, (row + 1) * width);
            assertTrue(r.substring(0, 10).matches("\\d{10}"), r);
            assertTrue(r.substring(10, 30).matches("[A-Z]+ *"), r);
            assertTrue(r.substring(45, 55).matches("\\d{4}-\\d{2}-\\d{2}"), r);
            assertTrue(r.substring(65, 66).matches("[AI]"), r);
            assertTrue(r.substring(66, 78).matches(" *\\d+\\.\\d{2}"), "right-aligned amount: " + r);
        }
    }

    @Test
    void unknownWorkloadIsAClearError() {
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> Workload.byId("json"));
        assertEquals("unknown workload 'json'; known: ascii-text, db-row, latin1-text, late-non-ascii, utf16-text, jp-rows, jp-prose, jp-switch-1, jp-switch-4, jp-switch-16, ko-rows, zh-hans-rows, zh-hant-rows", e.getMessage());
    }

    @Test
    void repertoireIndexingCoversEveryCodePoint() {
        Repertoire r = Workload.UTF16_TEXT.repertoire();
        assertEquals(r.codePoints().count(), r.size());
        int[] all = r.codePoints().toArray();
        for (int i = 0; i < all.length; i += 97) {
            assertEquals(all[i], r.codePointAt(i));
        }
        assertEquals(all[all.length - 1], r.codePointAt(r.size() - 1));
    }
}
