package io.github.ccsidbench.reference;

import io.github.ccsidbench.convert.BehaviourCatalogue;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.ccsid.EncodingScheme;
import io.github.ccsidbench.ccsid.LineEnds;
import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.JdkProvider;
import io.github.ccsidbench.convert.Providers;
import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reference codec is exact, exhaustively: all 256 bytes, all 65,536 BMP characters, surrogate
 * pairs and unpaired surrogates, every length from 0 to 300, inputs at odd offsets; with the JDK's
 * line ends byte for byte as the JDK's charset, with CDRA line ends as ICU4J (but for the
 * Default_Ignorables ICU drops). For every EBCDIC CCSID and every translator this JVM has.
 */
class SingleByteCodecTest {

    record Case(Ccsid ccsid, ByteTranslator translator) {
        @Override
        public String toString() {
            return ccsid.number() + " " + translator.describe();
        }
    }

    static Stream<Case> cases() {
        List<Case> cases = new ArrayList<>();
        for (Ccsid c : CcsidRegistry.all()) {
            if (c.scheme() == EncodingScheme.EBCDIC_SBCS) {
                for (ByteTranslator t : TranslatorTest.translatorsFor(c)) {
                    cases.add(new Case(c, t));
                }
            }
        }
        return cases.stream();
    }

    private static SingleByteCodec jdkStyle(Case c) {
        return new SingleByteCodec(c.ccsid().table(BehaviourCatalogue.jdkLineEnds(c.ccsid())).orElseThrow(), (byte) 0x3F, c.translator());
    }

    private static SingleByteCodec cdra(Case c) {
        return new SingleByteCodec(c.ccsid().table(LineEnds.CDRA).orElseThrow(), (byte) 0x3F, c.translator());
    }

    @ParameterizedTest
    @MethodSource("cases")
    void all256BytesDecodeAsTheNamedConverter(Case c) {
        byte[] all = new byte[256 + 3];
        for (int b = 0; b < 256; b++) {
            all[b + 3] = (byte) b;
        }
        Converter jdk = Providers.byName("jdk").open(c.ccsid());
        Converter icu = Providers.byName("icu").open(c.ccsid());
        assertEquals(jdk.decode(all, 3, 256), jdkStyle(c).decode(all, 3, 256), "odd offset, JDK line ends");
        assertEquals(icu.decode(all, 3, 256), cdra(c).decode(all, 3, 256), "CDRA line ends");
        for (int b = 0; b < 256; b++) {
            assertEquals(jdk.decode(all, b + 3, 1), jdkStyle(c).decode(all, b + 3, 1), String.format("byte 0x%02X", b));
        }
    }

    @ParameterizedTest
    @MethodSource("cases")
    void all65536BmpCharactersEncodeAsTheNamedConverter(Case c) {
        Converter jdk = Providers.byName("jdk").open(c.ccsid());
        Converter icu = Providers.byName("icu").open(c.ccsid());
        SingleByteCodec ours = jdkStyle(c);
        SingleByteCodec oursCdra = cdra(c);
        StringBuilder all = new StringBuilder();
        for (int cp = 0; cp <= 0xFFFF; cp++) {
            String s = String.valueOf((char) cp);
            assertArrayEquals(jdk.encode(s), ours.encode(s), String.format("U+%04X", cp));
            boolean dropped = UCharacter.hasBinaryProperty(cp, UProperty.DEFAULT_IGNORABLE_CODE_POINT) && !c.ccsid().canEncode(cp);
            byte[] expected = dropped ? new byte[]{0x3F} : icu.encode(s);
            if (!Character.isSurrogate((char) cp)) {
                assertArrayEquals(expected, oursCdra.encode(s), String.format("CDRA U+%04X", cp));
            }
            all.append((char) cp);
        }
        assertArrayEquals(jdk.encode(all.toString()), ours.encode(all.toString()), "the whole BMP in one string");
    }

    @ParameterizedTest
    @MethodSource("cases")
    void surrogatesBecomeOneSubstitutionByteLikeTheJdk(Case c) {
        Converter jdk = Providers.byName("jdk").open(c.ccsid());
        for (String s : List.of("a\ud83d\ude00b", "\ud83d", "\ude00", "ab\ud83d", "\ude00\ud83d", "é\ud83d\ude00?€\ud801\udc37",
                "?".repeat(70) + "\ud83d\ude00", "x".repeat(100) + "\u4e2d?")) {
            assertArrayEquals(jdk.encode(s), jdkStyle(c).encode(s), HexFormat.of().formatHex(s.getBytes(java.nio.charset.StandardCharsets.UTF_16BE)));
        }
        assertEquals(3, jdkStyle(c).encode("a\ud83d\ude00b").length, "one byte for the pair");
    }

    @ParameterizedTest
    @MethodSource("cases")
    void everyLengthFrom0To300AtOddOffsets(Case c) {
        SplittableRandom random = new SplittableRandom(c.ccsid().number());
        Converter jdk = Providers.byName("jdk").open(c.ccsid());
        SingleByteCodec ours = jdkStyle(c);
        String pool = "The quick brown fox?! Àéîõü ÿ¤€\u4e2d\u0085\n\u2028\t\0";
        for (int length = 0; length <= 300; length++) {
            StringBuilder latin = new StringBuilder();
            StringBuilder mixed = new StringBuilder();
            for (int i = 0; i < length; i++) {
                latin.append((char) random.nextInt(256));
                mixed.append(pool.charAt(random.nextInt(pool.length())));
            }
            assertArrayEquals(jdk.encode(latin.toString()), ours.encode(latin.toString()), "Latin-1, length " + length);
            assertArrayEquals(jdk.encode(mixed.toString()), ours.encode(mixed.toString()), "mixed, length " + length);
            byte[] bytes = new byte[length + 7];
            random.nextBytes(bytes);
            for (int offset : new int[]{0, 1, 5}) {
                int n = Math.min(length, bytes.length - offset);
                assertEquals(jdk.decode(bytes, offset, n), ours.decode(bytes, offset, n), "decode length " + n + " at " + offset);
            }
        }
        byte[] mebibyte = new byte[1 << 20];
        random.nextBytes(mebibyte);
        assertEquals(jdk.decode(mebibyte), ours.decode(mebibyte, 0, mebibyte.length), "1 MiB");
        String text = jdk.decode(mebibyte);
        assertTrue(Arrays.equals(jdk.encode(text), ours.encode(text)), "1 MiB back");
    }
}
