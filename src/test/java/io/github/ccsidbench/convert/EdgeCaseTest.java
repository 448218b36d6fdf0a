package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.workload.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.HexFormat;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Empty strings, NUL, surrogates, supplementary characters, 1 MiB, and each library's documented quirks. */
class EdgeCaseTest {

    record Pair(ConverterProvider provider, Ccsid ccsid) {
        @Override
        public String toString() {
            return provider.name() + "/" + ccsid.number();
        }
    }

    static Stream<Pair> everyProviderAndCcsid() {
        return Providers.builtIn().stream().flatMap(p -> CcsidRegistry.singleByteAndUnicode().stream().map(c -> new Pair(p, c)));
    }

    static Stream<Pair> everyProviderAndCoreCcsid() {
        return Providers.builtIn().stream().flatMap(p -> CcsidRegistry.core().stream().map(c -> new Pair(p, c)));
    }

    @ParameterizedTest
    @MethodSource("everyProviderAndCcsid")
    void emptyStringAndNul(Pair pair) {
        Converter c = pair.provider().open(pair.ccsid());
        assertArrayEquals(new byte[0], c.encode(""));
        assertEquals("", c.decode(new byte[0]));
        byte[] nul = c.encode("\0");
        assertArrayEquals(ExpectedEncoding.encode(pair.ccsid(), pair.provider().behaviour(pair.ccsid()), "\0"), nul);
        assertEquals("\0", c.decode(nul));
        byte[] padded = new byte[nul.length + 4];
        System.arraycopy(nul, 0, padded, 2, nul.length);
        padded[0] = padded[1] = padded[padded.length - 1] = padded[padded.length - 2] = 0x41;
        assertEquals("\0", c.decode(padded, 2, nul.length), "offset and length are honoured");
    }

    @ParameterizedTest
    @MethodSource("everyProviderAndCcsid")
    void supplementaryCharactersGetDocumentedTreatment(Pair pair) {
        String text = "a\ud83d\ude00b\ud801\udc37c"; // U+1F600 and U+10437
        ConverterBehaviour f = pair.provider().behaviour(pair.ccsid());
        byte[] bytes = pair.provider().open(pair.ccsid()).encode(text);
        assertArrayEquals(ExpectedEncoding.encode(pair.ccsid(), f, text), bytes);
        if (pair.ccsid().scheme().unicode()) {
            assertEquals(text, pair.provider().open(pair.ccsid()).decode(bytes));
        } else {
            int subs = f.unit() == ConverterBehaviour.Unit.CODE_UNIT ? 4 : 2;
            assertEquals(3 + subs * f.substitution().length, bytes.length, HexFormat.of().formatHex(bytes));
        }
    }

    @ParameterizedTest
    @MethodSource("everyProviderAndCcsid")
    void unpairedSurrogatesAreSubstitutedWhereDocumented(Pair pair) {
        ConverterBehaviour f = pair.provider().behaviour(pair.ccsid());
        for (String text : new String[]{"a\ud83db", "a\ude00b", "ab\ud83d", "\ude00\ud83d"}) {
            if (f.substitutesUnpairedSurrogates()) {
                assertArrayEquals(ExpectedEncoding.encode(pair.ccsid(), f, text), pair.provider().open(pair.ccsid()).encode(text),
                        pair + " " + text.codePoints().mapToObj(Integer::toHexString).toList());
            } else {
                String t = text;
                assertThrows(IllegalArgumentException.class, () -> ExpectedEncoding.encode(pair.ccsid(), f, t),
                        "the oracle refuses to predict an undefined output");
            }
        }
    }

    @Test
    void jtopenUtf8MishandlesUnpairedSurrogatesAsDocumented() {
        Converter jt = Providers.byName("jt400").open(CcsidRegistry.byNumber(1208));
        assertEquals("41f091a182", HexFormat.of().formatHex(jt.encode("A\ud83dB")), "pairs the surrogate with 'B'");
        assertEquals("edb880", HexFormat.of().formatHex(jt.encode("\ude00")), "writes a lone low surrogate as 3 bytes");
        ConversionException e = assertThrows(ConversionException.class, () -> jt.encode("ab\ud83d"));
        assertTrue(e.getMessage().contains("ArrayIndexOutOfBoundsException"), e.getMessage());
        assertTrue(e.getMessage().startsWith("jt400 converter for 1208 (UTF-8) failed to encode"), e.getMessage());
        Converter jt1200 = Providers.byName("jt400").open(CcsidRegistry.byNumber(1200));
        assertEquals("0041d83d0042", HexFormat.of().formatHex(jt1200.encode("A\ud83dB")), "copies it through");
    }

    @Test
    void icuDropsUnmappableDefaultIgnorables() {
        Converter icu37 = Providers.byName("icu").open(CcsidRegistry.byNumber(37));
        assertEquals("c1c2", HexFormat.of().formatHex(icu37.encode("A\u200bB")), "ZERO WIDTH SPACE dropped");
        Converter icu367 = Providers.byName("icu").open(CcsidRegistry.byNumber(367));
        assertEquals("411a42", HexFormat.of().formatHex(icu367.encode("A\u200bB")), "BMP ignorable substituted in 367");
        assertEquals("4142", HexFormat.of().formatHex(icu367.encode("A\udb40\udc01B")), "U+E0001 dropped in 367");
        Converter jdk37 = Providers.byName("jdk").open(CcsidRegistry.byNumber(37));
        assertEquals("c13fc2", HexFormat.of().formatHex(jdk37.encode("A\u200bB")), "the JDK substitutes it");
    }

    @Test
    void jtopenBestFitsSomeCharactersAsDocumented() {
        assertEquals("ac", HexFormat.of().formatHex(Providers.byName("jt400").open(CcsidRegistry.byNumber(37)).encode("\u0110")));
        assertEquals("3f", HexFormat.of().formatHex(Providers.byName("icu").open(CcsidRegistry.byNumber(37)).encode("\u0110")));
        assertEquals("c1", HexFormat.of().formatHex(Providers.byName("jt400").open(CcsidRegistry.byNumber(1047)).encode("\uff21")));
        assertTrue(Providers.byName("jt400").behaviour(CcsidRegistry.byNumber(1047)).notes().stream()
                .anyMatch(n -> n.contains("U+FF01..U+FF5E")));
    }

    @Test
    void asciiSubstitutionDiffersBetweenJdkAndIbmLibraries() {
        Ccsid ascii = CcsidRegistry.byNumber(367);
        assertEquals("3f", HexFormat.of().formatHex(Providers.byName("jdk").open(ascii).encode("\u00e9")));
        assertEquals("1a", HexFormat.of().formatHex(Providers.byName("icu").open(ascii).encode("\u00e9")));
        assertEquals("1a", HexFormat.of().formatHex(Providers.byName("jt400").open(ascii).encode("\u00e9")));
        assertEquals("\ufffd", Providers.byName("jdk").open(ascii).decode(new byte[]{(byte) 0x80}));
        assertEquals("\u001a", Providers.byName("jt400").open(ascii).decode(new byte[]{(byte) 0x80}));
    }

    @ParameterizedTest
    @MethodSource("everyProviderAndCoreCcsid")
    void oneMebibyteRoundTrips(Pair pair) {
        String text = Workload.ASCII_TEXT.generate(1 << 20);
        Converter c = pair.provider().open(pair.ccsid());
        byte[] bytes = c.encode(text);
        assertArrayEquals(ExpectedEncoding.encode(pair.ccsid(), pair.provider().behaviour(pair.ccsid()), text), bytes);
        assertEquals(text, c.decode(bytes));
    }

    @Test
    void unknownProviderIsOneLineListingTheKnownOnes() {
        io.github.ccsidbench.CcsidBenchException e = assertThrows(io.github.ccsidbench.CcsidBenchException.class,
                () -> Providers.byName("ibm"));
        assertTrue(e.getMessage().startsWith("unknown provider 'ibm'; known: jdk, jdk-coder, jdk-stream, icu, jt400"),
                e.getMessage());
    }

    @Test
    void jdkProviderRefusesACharsetThatIsNotTheJdks() {
        // ICU's CharsetProvider is on the class path; the JDK's own charsets must still win.
        assertEquals("jdk.charsets", JdkProvider.charset(CcsidRegistry.byNumber(37)).getClass().getModule().getName());
        assertTrue(IcuProvider.charset(CcsidRegistry.byNumber(37)) instanceof com.ibm.icu.charset.CharsetICU);
    }
}
