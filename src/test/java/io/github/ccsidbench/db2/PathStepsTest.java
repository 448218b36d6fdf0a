package io.github.ccsidbench.db2;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.MixedExpectedEncoding;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each step of the documented paths, on exact bytes and exact substitution counts. */
class PathStepsTest {

    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replace(" ", ""));
    }

    /**
     * Into a mixed EBCDIC host column (1399, 1390) the major conversion writes single-byte characters as they are and
     * double-byte runs between shift-out and shift-in, byte for byte as the oracle; an unmappable character (here a
     * supplementary one, one character for its two UTF-16 units) becomes the double-byte substitution, counted.
     */
    @Test
    void intoAMixedHostColumnDoubleByteRunsGetShiftOutAndShiftIn() {
        for (int number : new int[] {1399, 1390}) {
            Ccsid ccsid = CcsidRegistry.byNumber(number);
            MajorConversion major = new MajorConversion(ccsid);
            for (String s : List.of("ABC 123", "山田", "C0012345 山田 太郎 ﾔﾏﾀﾞ ﾀﾛｳ", "1,000円", "", "東京都")) {
                int[] lost = new int[1];
                assertArrayEquals(MixedExpectedEncoding.encode(ccsid, s), major.convert(s.getBytes(StandardCharsets.UTF_8), lost),
                        number + ": " + s);
                assertEquals(0, lost[0], s);
            }
            int[] lost = new int[1];
            assertEquals("0e fe fe 0f", hex(major.convert("\uD83D\uDE00".getBytes(StandardCharsets.UTF_8), lost)));
            byte[] yama = MixedExpectedEncoding.encode(ccsid, "山"); // SO, two bytes, SI
            assertEquals(hex(new byte[] {0x0E, yama[1], yama[2], (byte) 0xFE, (byte) 0xFE, 0x0F}),
                    hex(major.convert("山\uD83D\uDE00".getBytes(StandardCharsets.UTF_8), lost)), "one run: the substitution joins it");
            assertEquals(2, lost[0]);
        }
    }

    private static String hex(byte[] b) {
        return HexFormat.ofDelimiter(" ").formatHex(b);
    }

    @Test
    void clientSendsUtf8() {
        assertEquals("4d c3 bc 6c 6c 65 72", hex(new ClientUtf8Encoding().encode("Müller")));
    }

    @Test
    void mixedColumnStoresTheBytesAsSent() {
        byte[] sent = "Müller".getBytes(StandardCharsets.UTF_8);
        byte[] stored = new StoreAsSent().store(sent);
        assertArrayEquals(sent, stored);
        assertNotSame(sent, stored, "moved into the row");
    }

    @Test
    void minorConversionScansThenTranslatesInOnePass() {
        MinorConversion minor = new MinorConversion(CcsidRegistry.byNumber(37));
        assertTrue(minor.onlySimpleCharacters("Hello, Db2\n".getBytes(StandardCharsets.UTF_8)));
        assertFalse(minor.onlySimpleCharacters("Müller".getBytes(StandardCharsets.UTF_8)));
        assertEquals("c8 85 93 93 96 6b 40 c4 82 f2 25", hex(minor.translate("Hello, Db2\n".getBytes(StandardCharsets.UTF_8))),
                "CDRA table: LF is 0x25");
        assertThrows(IllegalArgumentException.class, () -> new MinorConversion(CcsidRegistry.byNumber(367)),
                "minor conversion exists only for the host EBCDIC CCSID");
    }

    @Test
    void utf8ToUtf16DecodesEveryLengthAndReplacesMalformedInput() {
        Utf8ToUtf16 step = new Utf8ToUtf16();
        char[] out = new char[32];
        byte[] good = "aé€😀".getBytes(StandardCharsets.UTF_8);
        int n = step.convert(good, out);
        assertEquals("aé€😀", new String(out, 0, n));
        for (String bad : List.of("80", "c3", "e2 82", "c0 80", "ed a0 80", "f5 80 80 80", "e2 28 a1")) {
            int m = step.convert(hex(bad), out);
            assertEquals('\uFFFD', out[0], bad);
            assertTrue(m >= 1, bad);
        }
        assertEquals("\uFFFD(\uFFFD", new String(out, 0, step.convert(hex("e2 28 a1"), out)), "resynchronises");
    }

    @Test
    void utf16ToSingleByteEnforcesTheSubsetOneByteAndOneCountPerCharacter() {
        Utf16ToSingleByte to367 = new Utf16ToSingleByte(CcsidRegistry.byNumber(367));
        int[] lost = new int[1];
        char[] text = "café😀!".toCharArray();
        assertEquals("63 61 66 1a 1a 21", hex(to367.convert(text, text.length, lost)));
        assertEquals(2, lost[0]);
        Utf16ToSingleByte to37 = new Utf16ToSingleByte(CcsidRegistry.byNumber(37));
        lost[0] = 0;
        char[] latin = "é€".toCharArray();
        assertEquals("51 3f", hex(to37.convert(latin, latin.length, lost)), "X'3F' for EBCDIC");
        assertEquals(1, lost[0]);
    }

    @Test
    void majorConversionPivotsThroughUtf16() {
        int[] lost = new int[1];
        byte[] muller = "Müller".getBytes(StandardCharsets.UTF_8);
        assertEquals("d4 dc 93 93 85 99", hex(new MajorConversion(CcsidRegistry.byNumber(37)).convert(muller, lost)));
        assertEquals(0, lost[0]);
        assertEquals("4d 1a 6c 6c 65 72", hex(new MajorConversion(CcsidRegistry.byNumber(367)).convert(muller, lost)));
        assertEquals(1, lost[0]);
        byte[] big = "x".repeat(5000).getBytes(StandardCharsets.UTF_8);
        assertEquals(5000, new MajorConversion(CcsidRegistry.byNumber(367)).convert(big, lost).length, "work area grows");
    }

    @Test
    void theDirectTableWhatIfGivesTheSameBytesAsTheMajorPathInOnePass() {
        MajorConversion major = new MajorConversion(CcsidRegistry.byNumber(367));
        DirectTableConversion direct = new DirectTableConversion(CcsidRegistry.byNumber(367));
        RowShape shape = RowShape.named(RowShape.ARTICLE);
        for (RowFlavour flavour : RowFlavour.ARTICLE) {
            for (String[] row : RowGenerator.rows(shape, flavour, 200)) {
                for (String value : row) {
                    byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
                    int[] a = new int[1];
                    int[] b = new int[1];
                    assertArrayEquals(major.convert(utf8, a), direct.convert(utf8, b), value);
                    assertEquals(a[0], b[0], value);
                }
            }
        }
        int[] lost = new int[1];
        assertEquals("61 1a 1a 1a 62", hex(direct.convert("aé€😀b".getBytes(StandardCharsets.UTF_8), lost)));
        assertEquals(3, lost[0]);
    }

    @Test
    void serverPadsCharColumnsWithTheColumnsBlankAndRecordsThePath() {
        ColumnSpec name = new ColumnSpec("NAME", ColumnSpec.SqlType.CHAR, 8, ColumnSpec.Content.LAST_NAME);
        ColumnSpec text = new ColumnSpec("TEXT", ColumnSpec.SqlType.VARCHAR, 8, ColumnSpec.Content.TEXT);
        byte[] smith = "SMITH".getBytes(StandardCharsets.UTF_8);
        InsertTally tally = new InsertTally();
        assertEquals("e2 d4 c9 e3 c8 40 40 40", hex(new ServerInsert(ColumnType.EBCDIC_SBCS).insert(smith, name, tally)));
        assertEquals("53 4d 49 54 48 20 20 20", hex(new ServerInsert(ColumnType.UNICODE_SBCS).insert(smith, name, tally)));
        assertEquals("53 4d 49 54 48", hex(new ServerInsert(ColumnType.UNICODE_MIXED).insert(smith, text, tally)));
        assertEquals("minor 1, major 1, no conversion 1", reorder(tally.describe()));
        InsertTally accented = new InsertTally();
        new ServerInsert(ColumnType.EBCDIC_SBCS).insert("MÜLLER".getBytes(StandardCharsets.UTF_8), name, accented);
        assertEquals(1, accented.count(ServerPath.MAJOR), "a non-simple character sends 37 to major conversion");
        assertEquals(0, accented.substituted());
        assertThrows(IllegalArgumentException.class, () -> new ServerInsert(ColumnType.UNICODE_MIXED)
                .insert("123456789".getBytes(StandardCharsets.UTF_8), name, new InsertTally()));
    }

    private static String reorder(String described) {
        // the tally lists paths in enum order: no conversion, minor, major
        assertEquals("no conversion 1, minor 1, major 1", described);
        return "minor 1, major 1, no conversion 1";
    }
}
