package io.github.ccsidbench.db2;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.convert.MixedExpectedEncoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Row shapes are data, rows are deterministic, and the whole model verifies itself. */
class RowModelTest {

    @Test
    void theArticleShapeHasADozenCharacterColumns() {
        RowShape shape = RowShape.named(RowShape.ARTICLE);
        assertEquals(12, shape.columns().size());
        assertEquals("CHAR(20)", shape.columns().get(1).typeLabel());
        assertEquals(ColumnSpec.SqlType.VARCHAR, shape.columns().get(11).sqlType());
        assertEquals(10 + 20 + 20 + 10 + 10 + 8 + 1 + 3 + 12 + 20 + 2 + 80, shape.columns().stream().mapToInt(ColumnSpec::length).sum());
    }

    @Test
    void usersDescribeTheirOwnRows(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("orders.json");
        Files.writeString(file, "{\"columns\": [{\"name\": \"ORDER_NO\", \"type\": \"char\", \"length\": 12, \"content\": \"id\"},"
                + "{\"name\": \"NOTE\", \"type\": \"VARCHAR\", \"length\": 200, \"content\": \"text\"}]}");
        RowShape shape = RowShape.named(file.toString());
        assertEquals(2, shape.columns().size());
        assertEquals(file.toString(), shape.name());
        List<String[]> rows = RowGenerator.rows(shape, RowFlavour.ACCENTED, 10);
        assertEquals(12, rows.get(0)[0].length());
        new RowConversion(shape, ColumnType.UNICODE_SBCS).verify(rows);
    }

    @Test
    void badShapesAreOneLineErrors(@TempDir Path dir) throws Exception {
        assertOneLine(assertThrows(CcsidBenchException.class, () -> RowShape.named("nope")), "neither a built-in shape");
        Path file = dir.resolve("bad.json");
        Files.writeString(file, "{\"columns\": [{\"name\": \"X\", \"type\": \"CHAR\", \"length\": 5, \"content\": \"poem\"}]}");
        assertOneLine(assertThrows(CcsidBenchException.class, () -> RowShape.named(file.toString())), "unknown content 'poem'");
        Files.writeString(file, "{\"columns\": []}");
        assertOneLine(assertThrows(CcsidBenchException.class, () -> RowShape.named(file.toString())), "has no columns");
        Files.writeString(file, "{\"columns\": [{\"name\": \"X\", \"type\": \"BLOB\", \"length\": 5, \"content\": \"id\"}]}");
        assertOneLine(assertThrows(CcsidBenchException.class, () -> RowShape.named(file.toString())),
                "column 1: field \"type\" must be CHAR or VARCHAR, not 'BLOB'");
        Files.writeString(file, "[1, 2");
        assertOneLine(assertThrows(CcsidBenchException.class, () -> RowShape.named(file.toString())), "is not valid");
        // Each field of the wrong kind is named, never an internal error.
        Files.writeString(file, "{\"columns\": 3}");
        assertOneLine(assertThrows(CcsidBenchException.class, () -> RowShape.named(file.toString())),
                "bad.json: field \"columns\" must be an array");
        Files.writeString(file, "[1, 2]");
        assertOneLine(assertThrows(CcsidBenchException.class, () -> RowShape.named(file.toString())), "must be a JSON object");
        Files.writeString(file, "{\"columns\": [7]}");
        assertOneLine(assertThrows(CcsidBenchException.class, () -> RowShape.named(file.toString())), "column 1: must be an object");
        Files.writeString(file, "{\"columns\": [{\"name\": \"X\", \"type\": \"CHAR\", \"length\": \"five\", \"content\": \"id\"}]}");
        assertOneLine(assertThrows(CcsidBenchException.class, () -> RowShape.named(file.toString())),
                "column 1: field \"length\" must be a whole number of bytes from 1 to 32704");
        Files.writeString(file, "{\"columns\": [{\"name\": [1], \"type\": \"CHAR\", \"length\": 5, \"content\": \"id\"}]}");
        assertOneLine(assertThrows(CcsidBenchException.class, () -> RowShape.named(file.toString())),
                "column 1: field \"name\" must be a string");
        Files.writeString(file, "{\"columns\": [{\"name\": \"X\", \"type\": \"CHAR\", \"length\": 5, \"content\": \"data\"}]}");
        assertOneLine(assertThrows(CcsidBenchException.class, () -> RowShape.named(file.toString())), "unknown content 'data'");
    }

    /**
     * A mixed-EBCDIC shop's rows (its flavour's shape: {@code japan}, {@code korea}, {@code china}) fit their columns in
     * UTF-8 and in each of the shop's host CCSIDs, hold the shop's script (kanji and half-width katakana, hangul, hanzi),
     * and the model verifies itself on them: into each host CCSID a value of 7-bit characters takes the minor path, every
     * other value the major one, and nothing is lost; into 1208 nothing is converted. Japanese rows take more than a fifth
     * more bytes in UTF-8 than in 1399 (3 bytes per kanji or half-width katakana against 2 plus shifts, or 1).
     */
    @ParameterizedTest
    @EnumSource(value = RowFlavour.class, names = {"JAPANESE", "KOREAN", "CHINESE_SIMPLIFIED", "CHINESE_TRADITIONAL"})
    void aMixedShopsRowsGoIntoItsHostColumnsAndUnicodeMixed(RowFlavour flavour) {
        RowShape shape = RowShape.named(flavour.shape());
        List<String[]> rows = RowGenerator.rows(shape, flavour, 256);
        assertArrayEquals(rows.get(9), RowGenerator.rows(shape, flavour, 256).get(9));
        Character.UnicodeScript script = flavour == RowFlavour.KOREAN ? Character.UnicodeScript.HANGUL : Character.UnicodeScript.HAN;
        boolean ownScript = false;
        boolean halfWidthKana = false;
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                int length = shape.columns().get(c).length();
                assertTrue(row[c].getBytes(StandardCharsets.UTF_8).length <= length, row[c]);
                for (ColumnType t : flavour.hosts()) {
                    assertTrue(MixedExpectedEncoding.encode(t.ccsid(), row[c]).length <= length, t.id() + ": " + row[c]);
                }
                ownScript |= row[c].chars().anyMatch(ch -> Character.UnicodeScript.of(ch) == script);
                halfWidthKana |= row[c].chars().anyMatch(ch -> ch >= 0xFF66 && ch <= 0xFF9F);
            }
        }
        assertTrue(ownScript, flavour + " rows hold no " + script);
        assertEquals(flavour == RowFlavour.JAPANESE, halfWidthKana, flavour + ": half-width katakana");
        int values = 256 * shape.columns().size();
        assertEquals(flavour.columns().size(), flavour.hosts().size() + 1);
        for (ColumnType t : flavour.hosts()) {
            InsertTally tally = new RowConversion(shape, t).verify(rows);
            // A value of 7-bit characters only (an id, a date, a code) takes the host's translate table; a value with a
            // double-byte character or a half-width katakana is not simple and takes Unicode Services.
            long simpleValues = rows.stream().flatMap(java.util.Arrays::stream).filter(v -> v.chars().allMatch(ch -> ch < 0x80)
                    && MixedExpectedEncoding.encode(t.ccsid(), v).length == v.length()).count();
            assertEquals(simpleValues, tally.count(ServerPath.MINOR), t.id() + ": " + tally.describe());
            assertEquals(values - simpleValues, tally.count(ServerPath.MAJOR), t.id() + ": " + tally.describe());
            assertTrue(simpleValues > 0 && simpleValues < values, t.id() + ": " + tally.describe());
            assertEquals(0, tally.substituted(), t.id());
        }
        assertEquals(values, new RowConversion(shape, ColumnType.UNICODE_MIXED).verify(rows).count(ServerPath.NO_CONVERSION));
        if (flavour == RowFlavour.JAPANESE) {
            RowConversion utf8 = new RowConversion(shape, ColumnType.UNICODE_MIXED);
            RowConversion ebcdic = new RowConversion(shape, ColumnType.EBCDIC_MIXED_1399);
            double utf8Bytes = rows.stream().mapToInt(utf8::valueBytes).average().orElseThrow();
            double ebcdicBytes = rows.stream().mapToInt(ebcdic::valueBytes).average().orElseThrow();
            assertTrue(utf8Bytes > 1.2 * ebcdicBytes, "japan rows: " + utf8Bytes + " value bytes in UTF-8 vs " + ebcdicBytes + " in 1399");
        }
    }

    /**
     * A German or French shop's rows into its single-byte host CCSID (273, 297): a value of 7-bit characters takes the
     * minor conversion, a value with an umlaut, ß or accent the major one, and nothing is lost; 1208 converts nothing.
     * The rows hold such letters (names, cities, prose), every one of them in ISO-8859-1, so 367 would lose them; in
     * 1208 each takes two bytes, so a row's values take more bytes than in the host CCSID, one per character.
     */
    @ParameterizedTest
    @EnumSource(value = RowFlavour.class, names = {"GERMAN", "FRENCH"})
    void aSingleByteShopsRowsGoIntoItsHostColumnAndUnicodeMixed(RowFlavour flavour) {
        RowShape shape = RowShape.named(flavour.shape());
        List<String[]> rows = RowGenerator.rows(shape, flavour, 256);
        assertArrayEquals(rows.get(9), RowGenerator.rows(shape, flavour, 256).get(9));
        assertFalse(flavour.article());
        assertFalse(flavour.mixed());
        assertEquals(1, flavour.hosts().size());
        ColumnType host = flavour.hosts().get(0);
        assertEquals(ColumnType.Path.HOST_SBCS, host.path());
        assertEquals(List.of(host, ColumnType.UNICODE_MIXED), flavour.columns());
        String own = flavour == RowFlavour.GERMAN ? "ÄÖÜäöüß" : "ÀÂÇÉÈÊËÎÏÔÙÛàâçéèêëîïôùûÿ";
        long withOwnLetter = rows.stream().flatMap(java.util.Arrays::stream).filter(v -> v.chars().anyMatch(ch -> own.indexOf(ch) >= 0))
                .count();
        assertTrue(withOwnLetter > 0, flavour + " rows hold none of " + own);
        int values = 256 * shape.columns().size();
        long simpleValues = 0;
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                assertTrue(row[c].getBytes(StandardCharsets.UTF_8).length <= shape.columns().get(c).length(), row[c]);
                assertTrue(row[c].chars().allMatch(ch -> ch < 0x100), "outside ISO-8859-1: " + row[c]);
                if (row[c].chars().allMatch(ch -> ch < 0x80)) {
                    simpleValues++;
                }
            }
        }
        InsertTally tally = new RowConversion(shape, host).verify(rows);
        assertEquals(simpleValues, tally.count(ServerPath.MINOR), tally.describe());
        assertEquals(values - simpleValues, tally.count(ServerPath.MAJOR), tally.describe());
        assertTrue(simpleValues > values / 2 && simpleValues < values, tally.describe());
        assertEquals(0, tally.substituted(), host.id());
        assertEquals(values, new RowConversion(shape, ColumnType.UNICODE_MIXED).verify(rows).count(ServerPath.NO_CONVERSION));
        RowConversion utf8 = new RowConversion(shape, ColumnType.UNICODE_MIXED);
        RowConversion ebcdic = new RowConversion(shape, host);
        assertTrue(rows.stream().mapToInt(utf8::valueBytes).sum() > rows.stream().mapToInt(ebcdic::valueBytes).sum());
        assertTrue(new RowConversion(shape, ColumnType.UNICODE_SBCS).verify(rows).substituted() > 0, "367 keeps every letter");
    }

    private static void assertOneLine(CcsidBenchException e, String fragment) {
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void rowsAreDeterministicFitTheirColumnsAndCarryAccentsOnlyWhenAsked() {
        RowShape shape = RowShape.named(RowShape.ARTICLE);
        List<String[]> a = RowGenerator.rows(shape, RowFlavour.ASCII, 300);
        assertArrayEquals(a.get(17), RowGenerator.rows(shape, RowFlavour.ASCII, 300).get(17));
        long accentedValues = 0;
        for (RowFlavour flavour : RowFlavour.ARTICLE) {
            for (String[] row : RowGenerator.rows(shape, flavour, 300)) {
                for (int c = 0; c < row.length; c++) {
                    assertTrue(row[c].getBytes(StandardCharsets.UTF_8).length <= shape.columns().get(c).length(), row[c]);
                    boolean nonAscii = row[c].chars().anyMatch(ch -> ch > 0x7F);
                    assertTrue(nonAscii ? flavour == RowFlavour.ACCENTED : true, row[c]);
                    assertTrue(row[c].chars().allMatch(ch -> ch <= 0xFF), "Latin-1 only: " + row[c]);
                    if (nonAscii) {
                        accentedValues++;
                    }
                }
            }
        }
        assertTrue(accentedValues > 100, "accented rows have accents: " + accentedValues);
    }

    @Test
    void theModelVerifiesItselfAndTakesTheDocumentedPaths() {
        RowShape shape = RowShape.named(RowShape.ARTICLE);
        List<String[]> ascii = RowGenerator.rows(shape, RowFlavour.ASCII, 256);
        List<String[]> accented = RowGenerator.rows(shape, RowFlavour.ACCENTED, 256);
        int values = 256 * 12;

        InsertTally t = new RowConversion(shape, ColumnType.EBCDIC_SBCS).verify(ascii);
        assertEquals(values, t.count(ServerPath.MINOR), "ASCII into the host EBCDIC CCSID: minor only");
        t = new RowConversion(shape, ColumnType.EBCDIC_SBCS).verify(accented);
        assertTrue(t.count(ServerPath.MAJOR) > 0 && t.count(ServerPath.MINOR) > 0, t.describe());
        assertEquals(0, t.substituted(), "37 holds Latin-1");

        t = new RowConversion(shape, ColumnType.UNICODE_SBCS).verify(ascii);
        assertEquals(values, t.count(ServerPath.MAJOR), "1208 to 367 is always major");
        t = new RowConversion(shape, ColumnType.UNICODE_SBCS).verify(accented);
        assertTrue(t.substituted() > 0, "367 loses the accents");

        t = new RowConversion(shape, ColumnType.UNICODE_MIXED).verify(accented);
        assertEquals(values, t.count(ServerPath.NO_CONVERSION));
        assertEquals(0, t.substituted());

        t = new RowConversion(shape, ColumnType.UNICODE_SBCS_DIRECT).verify(accented);
        assertEquals(values, t.count(ServerPath.DIRECT));
        assertEquals(new RowConversion(shape, ColumnType.UNICODE_SBCS).verify(accented).substituted(), t.substituted());
    }

    @Test
    void unknownColumnTypesAndFlavoursAreOneLineErrors() {
        assertEquals("unknown column type 'cjk'; known: 37, 367, 1208, 367-direct, 1399, 1390, 933, 935, 937, 273, 297, or a character CCSID",
                assertThrows(CcsidBenchException.class, () -> ColumnType.byId("cjk")).getMessage());
        assertTrue(assertThrows(CcsidBenchException.class, () -> ColumnType.byId("1200")).getMessage()
                .contains("is not a character column's CCSID here"));
        ColumnType c500 = ColumnType.byId("500");
        assertEquals(ColumnType.Path.HOST_SBCS, c500.path(), "another EBCDIC CCSID is taken as the host's, with minor conversion");
        assertEquals("EBCDIC", c500.tableEncoding());
        assertEquals(ColumnType.Path.HOST_MIXED, ColumnType.byId("930").path(),
                "a mixed host CCSID: minor conversion for values with no double-byte character, major for the rest");
        assertSame(ColumnType.EBCDIC_SBCS, ColumnType.byId("37"));
        assertEquals(c500, ColumnType.byId("500"));
        assertEquals("unknown row flavour 'cjk'; known: ascii, accented, japanese, korean, chinese-simplified, chinese-traditional, german, french",
                assertThrows(CcsidBenchException.class, () -> RowFlavour.byId("cjk")).getMessage());
    }
}
