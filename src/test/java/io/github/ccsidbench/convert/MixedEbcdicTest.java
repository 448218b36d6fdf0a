package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.fidelity.MixedDifferences;
import com.ibm.icu.charset.CharsetICU;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.Charset;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The mixed EBCDIC CCSIDs through every provider that has them: which provider has which (on this JDK, 17
 * or 25 alike), one line from those that do not, the shifts written and reset on every path (String API,
 * reused coder, stream), and each library's substitution.
 */
class MixedEbcdicTest {

    /** Which built-in providers convert which mixed CCSID: the JDK has no 1390 or 1399, JTOpen no 1390. */
    private static final Map<Integer, List<String>> SUPPORTED = Map.of(
            930, List.of("jdk", "jdk-coder", "jdk-stream", "icu", "jt400"),
            939, List.of("jdk", "jdk-coder", "jdk-stream", "icu", "jt400"),
            1390, List.of("icu"),
            1399, List.of("icu", "jt400"),
            933, List.of("jdk", "jdk-coder", "jdk-stream", "icu", "jt400"),
            935, List.of("jdk", "jdk-coder", "jdk-stream", "icu", "jt400"),
            937, List.of("jdk", "jdk-coder", "jdk-stream", "icu", "jt400"));

    /** A sample each CCSID holds in every library: Latin letters, digits, kana or hangul, ideographs. */
    private static final Map<Integer, String> SAMPLE = Map.of(
            930, "ID 0042 \u30c6\u30b9\u30c8\u5c71\u7530\u592a\u90ce \uff83\uff7d\uff84 2024-05-01",
            939, "id 0042 \u5c71\u7530\u592a\u90ce\u3055\u3093 tokyo \u6771\u4eac\u90fd",
            1390, "ID 0042 \u5c71\u7530\u592a\u90ce\u3055\u3093 \u6771\u4eac\u90fd 100\u20ac",
            1399, "id 0042 \u5c71\u7530\u592a\u90ce\u3055\u3093 tokyo \u6771\u4eac\u90fd 100\u20ac",
            933, "id 0042 \ud64d\uae38\ub3d9 seoul \u97d3\u570b",
            935, "id 0042 \u5f20\u4f1f beijing \u4e2d\u56fd",
            937, "id 0042 \u5f35\u5049 taipei \u81fa\u7063");

    static Stream<Ccsid> mixed() {
        return CcsidRegistry.mixed().stream();
    }

    @ParameterizedTest
    @MethodSource("mixed")
    void eachProviderHasTheMixedCcsidsItSupportsAndSaysSoInOneLineOtherwise(Ccsid ccsid) {
        for (ConverterProvider p : Providers.builtIn()) {
            boolean expected = SUPPORTED.get(ccsid.number()).contains(p.name());
            assertEquals(expected, p.supports(ccsid), p.name() + " " + ccsid);
            if (!expected) {
                UnsupportedConversionException e = assertThrows(UnsupportedConversionException.class, () -> p.open(ccsid));
                assertFalse(e.getMessage().contains("\n"), e.getMessage());
                assertTrue(e.getMessage().contains(Integer.toString(ccsid.number())), e.getMessage());
                assertTrue(e.getMessage().contains("provider icu has it"), e.getMessage());
            }
        }
        for (String own : List.of("reference", "reference-scalar", "reference-cdra")) {
            assertEquals(Providers.byName(own).unsupportedReason(ccsid).orElseThrow(),
                    own + " converts the single-byte EBCDIC CCSIDs only, not " + ccsid.label());
        }
    }

    @Test
    void theJdkSaysItHasNo1390Or1399() {
        UnsupportedConversionException e = assertThrows(UnsupportedConversionException.class,
                () -> Providers.byName("jdk").open(CcsidRegistry.byNumber(1399)));
        assertEquals("the JDK has no charset for CCSID 1399 (EBCDIC Japanese Latin-Kanji with euro, mixed): OpenJDK 17 and 25"
                + " have none for 1390 or 1399; provider icu has it", e.getMessage());
        assertFalse(Charset.isSupported("x-IBM1399") && Charset.forName("x-IBM1399").getClass().getModule().isNamed(),
                "no JDK module holds x-IBM1399 (ICU4J's, on the class path, is not the JDK's)");
    }

    @ParameterizedTest
    @MethodSource("mixed")
    void aSampleRoundTripsThroughEveryProviderWithItsShifts(Ccsid ccsid) {
        String text = SAMPLE.get(ccsid.number());
        assertTrue(ccsid.canEncode(text), "the sample is in IBM's table");
        byte[] icu = Providers.byName("icu").open(ccsid).encode(text);
        for (String name : SUPPORTED.get(ccsid.number())) {
            Converter c = Providers.byName(name).open(ccsid);
            byte[] bytes = c.encode(text);
            assertEquals(HexFormat.of().formatHex(icu), HexFormat.of().formatHex(bytes), name + " writes what ICU4J writes");
            assertEquals(text, c.decode(bytes), name + " " + ccsid);
            assertEquals(count(bytes, 0x0E), count(bytes, 0x0F), "every shift-out is closed: " + name);
        }
    }

    /**
     * The reused encoder must be reset between strings and flushed at the end of each: the shift-in that
     * closes a double-byte run at the end is written by flush, and the next string starts in single-byte
     * state. The reused decoder likewise starts each call in single-byte state.
     */
    @ParameterizedTest
    @MethodSource("mixed")
    void everyPathClosesTheLastRunAndStartsTheNextStringFresh(Ccsid ccsid) {
        String kanji = ccsid.number() == 933 ? "\ud55c" : "\u4e2d";
        for (String name : SUPPORTED.get(ccsid.number())) {
            Converter c = Providers.byName(name).open(ccsid);
            byte[] run = c.encode(kanji);
            assertEquals(4, run.length, name + ": SO, two bytes, SI");
            assertEquals(0x0E, run[0]);
            assertEquals(0x0F, run[3], name + " " + ccsid + ": the final shift-in is written");
            assertArrayEquals(new byte[]{(byte) 0xC1}, c.encode("A"), name + ": the next string starts single-byte");
            assertArrayEquals(run, c.encode(kanji), name + ": same bytes again");
            byte[] unclosed = {0x0E, run[1], run[2]};
            assertEquals(kanji, c.decode(unclosed), name + ": an unclosed run decodes");
            assertEquals("A", c.decode(new byte[]{(byte) 0xC1}), name + ": and the next decode starts single-byte");
            String longer = (kanji + "A").repeat(5000);
            byte[] big = c.encode(longer);
            assertEquals(5000 * 5, big.length, name + ": buffers grow and every run is closed");
            assertEquals(longer, c.decode(big));
        }
    }

    @ParameterizedTest
    @MethodSource("mixed")
    void eachLibraryWritesItsOwnSubstitution(Ccsid ccsid) {
        String thai = "A\u0e01B"; // U+0E01 THAI CHARACTER KO AI: in no mixed CCSID
        for (String name : SUPPORTED.get(ccsid.number())) {
            Converter c = Providers.byName(name).open(ccsid);
            ConverterBehaviour f = Providers.byName(name).behaviour(ccsid);
            String hex = HexFormat.of().formatHex(c.encode(thai));
            switch (name) {
                case "jdk", "jdk-coder", "jdk-stream" -> assertEquals("c16fc2", hex, name + " writes the EBCDIC '?'");
                case "icu" -> assertEquals("c10efefe0fc2", hex, "ICU4J writes the double-byte substitution in its shifts");
                default -> assertEquals("c13fc2", hex, "JTOpen writes 0x3F");
            }
            byte[] middle = java.util.Arrays.copyOfRange(c.encode(thai), 1, c.encode(thai).length - 1);
            assertTrue(f.isSubstitution(middle), name + " documents it");
        }
        CharsetICU icu = (CharsetICU) IcuProvider.charset(ccsid);
        assertEquals("fefe", HexFormat.of().formatHex(icu.newEncoder().replacement()), "ICU4J's double-byte substitution");
    }

    @Test
    void icuWritesSomeCharactersWrongWhenTheyEndTheString() {
        for (int number : List.of(1390, 1399)) {
            Converter icu = Providers.byName("icu").open(CcsidRegistry.byNumber(number));
            for (int cp : BehaviourCatalogue.ICU_WRONG_AT_END) {
                String c = String.valueOf((char) cp);
                assertEquals("fefe", HexFormat.of().formatHex(icu.encode(c)), number + " U+" + Integer.toHexString(cp) + " at the end");
                byte[] inside = icu.encode(c + "A");
                assertEquals(c + "A", icu.decode(inside), "inside a string it is right");
            }
            String test = "\u30c6\u30b9\u30c8"; // "tesuto", ending in U+30C8
            assertEquals("\u30c6\u30b9\ufffd", icu.decode(icu.encode(test)), number + ": the last character is lost");
            assertTrue(Providers.byName("icu").behaviour(CcsidRegistry.byNumber(number)).notes().stream()
                    .anyMatch(n -> n.startsWith("ICU4J 78 bug")));
        }
        Converter jt = Providers.byName("jt400").open(CcsidRegistry.byNumber(1399));
        assertEquals("\u30c6\u30b9\u30c8", jt.decode(jt.encode("\u30c6\u30b9\u30c8")), "JTOpen has no such bug");
    }

    @Test
    void jtopenWritesTheShiftControlsAsShifts() {
        Converter jt = Providers.byName("jt400").open(CcsidRegistry.byNumber(930));
        assertEquals("c10ec2c30f", HexFormat.of().formatHex(jt.encode("A\u000eBC\u000f")));
        assertEquals("c16fc2c36f", HexFormat.of().formatHex(Providers.byName("jdk").open(CcsidRegistry.byNumber(930))
                .encode("A\u000eBC\u000f")), "the JDK substitutes them");
    }

    @Test
    void theOracleRefusesACharacterTheConvertersDisagreeOn() {
        Ccsid c930 = CcsidRegistry.byNumber(930);
        UnsupportedConversionException e = assertThrows(UnsupportedConversionException.class,
                () -> ExpectedEncoding.encode(c930, Providers.byName("icu").behaviour(c930), "A\uFF5E"));
        assertTrue(e.getMessage().startsWith("U+FF5E at index 1 is not among the characters on which the converters of CCSID 930 agree"),
                e.getMessage());
    }

    private static int count(byte[] bytes, int value) {
        int n = 0;
        for (byte b : bytes) {
            n += (b & 0xFF) == value ? 1 : 0;
        }
        return n;
    }
}
