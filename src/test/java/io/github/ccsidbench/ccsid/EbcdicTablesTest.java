package io.github.ccsidbench.ccsid;

import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.ExpectedEncoding;
import io.github.ccsidbench.convert.Providers;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * All 256 bytes of every EBCDIC CCSID decode the same in the JDK, ICU4J, JTOpen and the
 * registry's table, except the line ends, whose differences are asserted here one by one.
 */
class EbcdicTablesTest {

    static Stream<Ccsid> ebcdic() {
        return CcsidRegistry.all().stream().filter(c -> c.scheme() == EncodingScheme.EBCDIC_SBCS);
    }

    static final List<String> PROVIDERS = List.of("jdk", "jdk-coder", "jdk-stream", "icu", "jt400");

    @ParameterizedTest
    @MethodSource("ebcdic")
    void everyProviderDecodesAll256BytesAsItsDocumentedTable(Ccsid ccsid) {
        byte[] all = new byte[256];
        for (int b = 0; b < 256; b++) {
            all[b] = (byte) b;
        }
        for (String name : PROVIDERS) {
            ConverterProvider p = Providers.byName(name);
            Converter c = p.open(ccsid);
            assertEquals(ExpectedEncoding.decodeSingleByte(ccsid, p.behaviour(ccsid), all), c.decode(all), name + " " + ccsid);
        }
    }

    @ParameterizedTest
    @MethodSource("ebcdic")
    void providersDisagreeOnlyOnTheLineEnds(Ccsid ccsid) {
        Map<Integer, String> disagreements = new TreeMap<>();
        for (int b = 0; b < 256; b++) {
            byte[] one = {(byte) b};
            String jdk = Providers.byName("jdk").open(ccsid).decode(one);
            String icu = Providers.byName("icu").open(ccsid).decode(one);
            String jt400 = Providers.byName("jt400").open(ccsid).decode(one);
            String table = String.valueOf((char) ccsid.table().orElseThrow().toUnicode(b));
            if (!(jdk.equals(icu) && icu.equals(jt400) && jt400.equals(table))) {
                disagreements.put(b, String.format("jdk=U+%04X icu=U+%04X jt400=U+%04X", (int) jdk.charAt(0),
                        (int) icu.charAt(0), (int) jt400.charAt(0)));
            }
        }
        if (ccsid.number() == 1047) {
            // The JDK's IBM1047 swaps the line ends against IBM's CDRA table.
            assertEquals(Map.of(0x15, "jdk=U+000A icu=U+0085 jt400=U+0085", 0x25, "jdk=U+0085 icu=U+000A jt400=U+000A"),
                    disagreements);
        } else {
            // The JDK's IBM037 family decodes 0x15 (NL) as LF too (OpenJDK bug 8186803).
            assertEquals(Map.of(0x15, "jdk=U+000A icu=U+0085 jt400=U+0085"), disagreements, ccsid.toString());
        }
    }

    @ParameterizedTest
    @MethodSource("ebcdic")
    void everyProviderEncodesEveryTableCharacterToItsDocumentedByte(Ccsid ccsid) {
        StringBuilder sb = new StringBuilder();
        for (int b = 0; b < 256; b++) {
            sb.append((char) ccsid.table().orElseThrow().toUnicode(b));
        }
        String text = sb.toString();
        for (String name : PROVIDERS) {
            ConverterProvider p = Providers.byName(name);
            assertArrayEquals(ExpectedEncoding.encode(ccsid, p.behaviour(ccsid), text), p.open(ccsid).encode(text),
                    name + " " + ccsid);
        }
    }

    @ParameterizedTest
    @MethodSource("ebcdic")
    void lineEndEncodingsAreAsDocumented(Ccsid ccsid) {
        byte lfJdk = Providers.byName("jdk").open(ccsid).encode("\n")[0];
        byte nelJdk = Providers.byName("jdk").open(ccsid).encode("\u0085")[0];
        assertEquals(0x15, lfJdk, "JDK writes LF as 0x15 (NL)");
        assertEquals(ccsid.number() == 1047 ? 0x25 : 0x15, nelJdk);
        for (String name : List.of("icu", "jt400")) {
            assertEquals(0x25, Providers.byName(name).open(ccsid).encode("\n")[0], name);
            assertEquals(0x15, Providers.byName(name).open(ccsid).encode("\u0085")[0], name);
        }
    }
}
