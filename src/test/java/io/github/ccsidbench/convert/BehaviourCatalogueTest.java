package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.ccsid.EncodingScheme;
import io.github.ccsidbench.ccsid.LineEnds;
import io.github.ccsidbench.ccsid.SingleByteTable;
import io.github.ccsidbench.workload.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Holds every library to its entry in the {@link BehaviourCatalogue}: whatever a provider writes for any character of
 * a single-byte CCSID, and for the mixed CCSIDs' agreed characters wherever they stand in a string, the oracle
 * predicts from the catalogue; and docs/fidelity.md shows the catalogue's own tables.
 */
class BehaviourCatalogueTest {

    record Pair(ConverterProvider provider, Ccsid ccsid) {
        @Override
        public String toString() {
            return provider.name() + "/" + ccsid.number();
        }
    }

    /** The libraries and the project's own codecs: the test plug-ins (a corrupted and a slowed provider) are not catalogued. */
    static List<ConverterProvider> catalogued() {
        return Providers.all().stream().filter(p -> !p.getClass().getName().contains(".testing.")).toList();
    }

    static Stream<Pair> singleByteAndUnicode() {
        return catalogued().stream().flatMap(p -> CcsidRegistry.singleByteAndUnicode().stream().filter(p::supports).map(c -> new Pair(p, c)));
    }

    static Stream<Pair> mixed() {
        return catalogued().stream().flatMap(p -> CcsidRegistry.mixed().stream().filter(p::supports).map(c -> new Pair(p, c)));
    }

    /** Every BMP character between two letters, and a few supplementary ones: nothing the catalogue does not predict. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("singleByteAndUnicode")
    void everyCharacterIsWrittenAsTheCatalogueSays(Pair pair) {
        Converter converter = pair.provider().open(pair.ccsid());
        ConverterBehaviour behaviour = pair.provider().behaviour(pair.ccsid());
        List<String> wrong = new ArrayList<>();
        for (int cp = 0; cp < 0x10000; cp++) {
            if (Character.isSurrogate((char) cp)) {
                continue;
            }
            OracleCheck.check(converter, behaviour, "A" + (char) cp + "B").difference()
                    .ifPresent(d -> wrong.add(d.describe()));
        }
        for (int cp : new int[]{0x1F600, 0xE0001, 0x20000}) {
            OracleCheck.check(converter, behaviour, "A" + Character.toString(cp) + "B").difference()
                    .ifPresent(d -> wrong.add(d.describe()));
        }
        assertEquals(List.of(), wrong.stream().limit(10).toList(), pair + ": " + wrong.size() + " characters the catalogue does not predict");
    }

    @Test
    void jtopenBestFitsWhereTheOthersSubstituteAndTheCatalogueSaysSo() {
        Ccsid c37 = CcsidRegistry.byNumber(37);
        ConverterBehaviour jt400 = Providers.byName("jt400").behaviour(c37);
        assertTrue(jt400.bestFit(0x0110).isPresent(), "U+0110 is a best fit of JTOpen's");
        assertTrue(Providers.byName("jdk").behaviour(c37).bestFits().isEmpty());
        assertTrue(Providers.byName("icu").behaviour(c37).bestFits().isEmpty());
        assertArrayEquals(ExpectedEncoding.encode(c37, jt400, "\u00d0"), Providers.byName("jt400").open(c37).encode("\u0110"),
                "written as its look-alike");
        assertArrayEquals(c37.substitution(), Providers.byName("icu").open(c37).encode("\u0110"), "ICU4J substitutes it");
    }

    /** ICU4J's end-of-string bug in 1390 and 1399, as the catalogue predicts it, and only at the end. */
    @Test
    void icuWritesSomeLastCharactersWronglyAsCataloguedAndOnlyThere() {
        for (int number : new int[]{1390, 1399}) {
            Ccsid ccsid = CcsidRegistry.byNumber(number);
            Converter icu = Providers.byName("icu").open(ccsid);
            ConverterBehaviour behaviour = Providers.byName("icu").behaviour(ccsid);
            for (int cp : BehaviourCatalogue.ICU_WRONG_AT_END) {
                for (String before : List.of("", "A", "\u30a2", "\uff71")) {
                    String text = before + (char) cp;
                    assertEquals(Optional.empty(), OracleCheck.check(icu, behaviour, text).difference(), number + ": " + text);
                    assertFalse(java.util.Arrays.equals(MixedExpectedEncoding.encode(ccsid, text), icu.encode(text)),
                            number + ": ICU4J is wrong on " + text + " (if this fails, the bug is fixed: update the catalogue)");
                    assertArrayEquals(MixedExpectedEncoding.encode(ccsid, text + "A"), icu.encode(text + "A"), "right inside a string");
                }
            }
        }
        Ccsid c1399 = CcsidRegistry.byNumber(1399);
        assertArrayEquals(MixedExpectedEncoding.encode(c1399, "\u30a2\u30d5\u30ea\u30ab"),
                Providers.byName("jt400").open(c1399).encode("\u30a2\u30d5\u30ea\u30ab"), "JTOpen has no such bug");
    }

    /**
     * A driver keeps one converter and feeds it value after value, row after row: each value's bytes are the
     * oracle's for that value alone, whatever shift state the value before it ended in, and a value whose bytes end
     * inside a double-byte run does not leak its state into the next value's decoding.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("mixed")
    void consecutiveValuesThroughOneConverterAreEachTheirOwn(Pair pair) {
        Ccsid ccsid = pair.ccsid();
        Workload workload = java.util.Arrays.stream(Workload.values())
                .filter(w -> w.mixedCcsids().contains(ccsid.number()) && w.id().endsWith("-rows")).findFirst().orElseThrow();
        List<String> values = new ArrayList<>();
        for (int v = 0; v < 40; v++) {
            values.add(workload.generate(1 + v % 9, v));
        }
        values.add("");
        values.add("A");
        int kanji = String.join("", values).chars()
                .filter(ch -> io.github.ccsidbench.ccsid.MixedEbcdicTable.isDoubleByte(
                        io.github.ccsidbench.ccsid.MixedEbcdicTable.of(ccsid.number()).entry(ch)))
                .findFirst().orElseThrow();
        String doubleByte = "" + (char) kanji + (char) kanji;
        values.add(doubleByte);
        values.add(doubleByte);
        Converter converter = pair.provider().open(ccsid);
        ConverterBehaviour behaviour = pair.provider().behaviour(ccsid);
        for (int row = 0; row < 3; row++) {
            for (String value : values) {
                assertEquals(Optional.empty(), OracleCheck.check(converter, behaviour, value).difference().map(OracleCheck.Difference::describe),
                        pair + ", row " + row);
            }
        }
        byte[] open = HexFormat.of().parseHex("C10E" + HexFormat.of().formatHex(MixedExpectedEncoding.encode(ccsid, doubleByte), 1, 3));
        converter.decode(open); // ends inside a double-byte run, with no shift-in: malformed
        assertEquals("A", converter.decode(new byte[]{(byte) 0xC1}), pair + ": the next value starts in single-byte state");
        assertEquals(doubleByte, converter.decode(MixedExpectedEncoding.encode(ccsid, doubleByte)), pair.toString());
    }

    @Test
    void theFidelityPageShowsTheCataloguesTables() throws IOException {
        String page = Files.readString(Path.of("docs/fidelity.md"));
        assertEquals(markdownTables(), block(page, "catalogue"),
                "docs/fidelity.md differs from the catalogue: paste BehaviourCatalogueTest.markdownTables() between the markers");
        assertEquals(lineEndTable(), block(page, "catalogue line ends"),
                "docs/fidelity.md differs from the catalogue: paste BehaviourCatalogueTest.lineEndTable() between the markers");
    }

    private static String block(String page, String name) {
        String begin = "<!-- " + name + ": begin";
        String end = "<!-- " + name + ": end -->";
        assertTrue(page.contains(begin) && page.contains(end), "docs/fidelity.md marks " + name);
        return page.substring(page.indexOf("\n", page.indexOf(begin)) + 1, page.indexOf(end));
    }

    /**
     * The catalogue's tables as docs/fidelity.md shows them: the substitution bytes per scheme and library, JTOpen's
     * best fits per CCSID, and the characters ICU4J writes wrongly at the end of a string.
     */
    static String markdownTables() {
        StringBuilder md = new StringBuilder();
        md.append("| CCSID | JDK | ICU4J | JTOpen |\n|---|---|---|---|\n");
        for (Ccsid c : List.of(CcsidRegistry.byNumber(37), CcsidRegistry.byNumber(367), CcsidRegistry.byNumber(930))) {
            String label = c.scheme() == EncodingScheme.EBCDIC_SBCS ? "single-byte EBCDIC (37, ...)"
                    : c.scheme() == EncodingScheme.ASCII_SBCS ? "367 (US-ASCII)" : "mixed EBCDIC (930, ...)";
            md.append("| ").append(label).append(" | ").append(substitution(BehaviourCatalogue.jdk(c))).append(" | ")
                    .append(substitution(BehaviourCatalogue.icu(c))).append(" | ").append(substitution(BehaviourCatalogue.jt400(c))).append(" |\n");
        }
        md.append("\nJTOpen's best fits, where the JDK and ICU4J substitute (the character is written as its look-alike's"
                + " byte in that CCSID and comes back as the look-alike):\n\n| CCSIDs | character | written as |\n|---|---|---|\n");
        Map<String, List<String>> ccsidsPerRow = new LinkedHashMap<>();
        for (Ccsid c : CcsidRegistry.all()) {
            if (c.scheme() == EncodingScheme.EBCDIC_SBCS) {
                fitsForTable(BehaviourCatalogue.jt400(c).bestFits()).forEach((from, to) ->
                        ccsidsPerRow.computeIfAbsent(from + " | " + to, k -> new ArrayList<>()).add(Integer.toString(c.number())));
            }
        }
        ccsidsPerRow.forEach((row, ccsids) -> md.append("| ").append(String.join(", ", ccsids)).append(" | ").append(row).append(" |\n"));
        md.append("\nICU4J's characters written wrongly at the end of a 1390 or 1399 string: ")
                .append(BehaviourCatalogue.ICU_WRONG_AT_END.stream().map(cp -> String.format(Locale.ROOT, "U+%04X", cp)).collect(Collectors.joining(", ")))
                .append(".\n");
        return md.toString();
    }

    /**
     * The catalogue's line ends as docs/fidelity.md shows them: per library, the single-byte EBCDIC CCSIDs that share
     * a convention, and what the two line-end bytes decode to and the two line-end characters encode to.
     */
    static String lineEndTable() {
        StringBuilder md = new StringBuilder("| library | CCSIDs | 0x15 decodes to | 0x25 decodes to | U+000A encodes to | U+0085 encodes to |\n"
                + "|---|---|---|---|---|---|\n");
        Map<String, Function<Ccsid, ConverterBehaviour>> libraries = new LinkedHashMap<>();
        libraries.put("JDK", BehaviourCatalogue::jdk);
        libraries.put("ICU4J", BehaviourCatalogue::icu);
        libraries.put("JTOpen", BehaviourCatalogue::jt400);
        libraries.forEach((library, entry) -> {
            Map<LineEnds, List<Ccsid>> byConvention = new LinkedHashMap<>();
            for (Ccsid c : CcsidRegistry.all()) {
                if (c.scheme() == EncodingScheme.EBCDIC_SBCS) {
                    byConvention.computeIfAbsent(entry.apply(c).lineEnds().orElseThrow(), k -> new ArrayList<>()).add(c);
                }
            }
            byConvention.forEach((lineEnds, ccsids) -> {
                SingleByteTable t = ccsids.get(0).table(lineEnds).orElseThrow();
                md.append(String.format(Locale.ROOT, "| %s | %s | U+%04X | U+%04X | 0x%02X | 0x%02X |\n", library,
                        ccsids.stream().map(c -> Integer.toString(c.number())).collect(Collectors.joining(", ")),
                        t.toUnicode((byte) 0x15), t.toUnicode((byte) 0x25), t.toByte('\n'), t.toByte('\u0085')));
            });
        });
        return md.toString();
    }

    private static String substitution(ConverterBehaviour b) {
        HexFormat hex = HexFormat.ofDelimiter(" ").withUpperCase();
        String others = b.otherSubstitutions().stream().map(o -> "`" + hex.formatHex(o) + "`").collect(Collectors.joining(", "));
        return "`" + hex.formatHex(b.substitution()) + "`" + (others.isEmpty() ? "" : " (also " + others + ")");
    }

    /** Best fits as table rows: runs of consecutive characters mapped to consecutive look-alikes become one row. */
    private static Map<String, String> fitsForTable(Map<Integer, Integer> fits) {
        Map<String, String> rows = new LinkedHashMap<>();
        List<Integer> keys = new ArrayList<>(new TreeSet<>(fits.keySet()));
        for (int i = 0; i < keys.size(); ) {
            int j = i;
            while (j + 1 < keys.size() && keys.get(j + 1) == keys.get(j) + 1 && fits.get(keys.get(j + 1)) == fits.get(keys.get(j)) + 1) {
                j++;
            }
            String from = String.format(Locale.ROOT, "U+%04X", keys.get(i));
            String to = String.format(Locale.ROOT, "U+%04X", fits.get(keys.get(i)));
            if (j > i) {
                from += String.format(Locale.ROOT, "..U+%04X", keys.get(j));
                to += String.format(Locale.ROOT, "..U+%04X", fits.get(keys.get(j)));
            }
            rows.put(from, to);
            i = j + 1;
        }
        return rows;
    }
}
