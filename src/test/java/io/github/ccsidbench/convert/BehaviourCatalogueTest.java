package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.workload.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
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
        assertEquals(BehaviourCatalogue.markdownTables(), block(page, "catalogue"),
                "docs/fidelity.md differs from the catalogue: paste BehaviourCatalogue.markdownTables() between the markers");
        assertEquals(BehaviourCatalogue.lineEndTable(), block(page, "catalogue line ends"),
                "docs/fidelity.md differs from the catalogue: paste BehaviourCatalogue.lineEndTable() between the markers");
    }

    private static String block(String page, String name) {
        String begin = "<!-- " + name + ": begin";
        String end = "<!-- " + name + ": end -->";
        assertTrue(page.contains(begin) && page.contains(end), "docs/fidelity.md marks " + name);
        return page.substring(page.indexOf("\n", page.indexOf(begin)) + 1, page.indexOf(end));
    }
}
