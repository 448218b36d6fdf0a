package io.github.ccsidbench.fidelity;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.ccsid.EncodingScheme;
import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.testing.Iconv;
import io.github.ccsidbench.testing.PublicCorpora;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where other ecosystems read a byte of a single-byte CCSID differently from IBM's tables: CPython's cp273 and glibc
 * iconv's IBM285 give U+203E OVERLINE for 273's 0xBC and 285's 0xA1, where IBM's tables and every provider here give
 * U+00AF MACRON; glibc's IBM278 and IBM871 exchange two characters each. Pinned here for every provider the project has
 * for those CCSIDs, and held to glibc's iconv, run here, on all 256 bytes of every single-byte EBCDIC CCSID.
 */
class TableDifferencesTest {

    /** Every provider of the project's own (not the tests' plug-ins) that supports the CCSID. */
    private static List<ConverterProvider> providersFor(Ccsid ccsid) {
        return Providers.all().stream()
                .filter(p -> p.getClass().getPackageName().equals(ConverterProvider.class.getPackageName()))
                .filter(p -> p.supports(ccsid))
                .toList();
    }

    @Test
    void theTableNamesEachByteAndWhoGivesWhat() {
        assertEquals(List.of("273 0xBC U+00AF->U+203E CPython cp273", "285 0xA1 U+00AF->U+203E glibc iconv IBM285",
                        "278 0x71 U+005C->U+00C9 glibc iconv IBM278", "278 0xE0 U+00C9->U+005C glibc iconv IBM278",
                        "871 0x4A U+00DE->U+00FE glibc iconv IBM871", "871 0xC0 U+00FE->U+00DE glibc iconv IBM871"),
                TableDifferences.all().stream().map(d -> String.format("%d %s U+%04X->U+%04X %s", d.ccsid(), d.byteHex(), d.ibm(),
                        d.other(), d.otherSources())).toList());
        List<String> row = TableDifferences.all().get(0).row();
        assertEquals(TableDifferences.header().size(), row.size());
        assertEquals("U+00AF '\u00af' (MACRON): IBM's CDRA table, JDK IBM273, ICU4J ibm-273_P100-1995, JTOpen, reference codecs,"
                + " glibc iconv IBM273", row.get(2));
        assertEquals("U+203E '\u203e' (OVERLINE): CPython cp273", row.get(3));
        assertEquals("iconv -t IBM278 writes U+005C as 0xE0 and U+00C9 as 0x71: bytes it wrote come back through the JDK,"
                + " ICU4J or JTOpen with the two exchanged, with no substitution and no error.", TableDifferences.all().get(2).consequence());
        assertEquals(1, TableDifferences.of(CcsidRegistry.byNumber(285)).size());
        assertTrue(TableDifferences.of(CcsidRegistry.byNumber(37)).isEmpty());
        assertTrue(TableDifferences.of(CcsidRegistry.byNumber(1143)).isEmpty(), "glibc's euro versions agree with IBM");
    }

    /** IBM's table gives the named character for each byte; the other reading is absent (U+203E) or a swap's partner. */
    @Test
    void ibmsTableGivesItsCharacterForEachByte() {
        for (TableDifferences.Difference d : TableDifferences.all()) {
            Ccsid ccsid = CcsidRegistry.byNumber(d.ccsid());
            assertEquals(d.ibm(), ccsid.table().orElseThrow().toUnicode(d.byteValue()), d.toString());
            assertEquals(d.byteValue(), ccsid.table().orElseThrow().toByte((char) d.ibm()), d.toString());
            int otherByte = ccsid.table().orElseThrow().toByte((char) d.other());
            if (otherByte < 0) {
                assertEquals(0x203E, d.other(), "only the overline has no byte in IBM's table");
            } else {
                assertTrue(TableDifferences.of(ccsid).stream().anyMatch(p -> p.byteValue() == otherByte && p.other() == d.ibm()),
                        d + ": its partner in the swap is named too");
            }
        }
    }

    @Test
    void everyProviderDecodesAndEncodesIbmsCharacter() {
        for (TableDifferences.Difference d : TableDifferences.all()) {
            Ccsid ccsid = CcsidRegistry.byNumber(d.ccsid());
            List<ConverterProvider> providers = providersFor(ccsid);
            assertTrue(providers.stream().map(ConverterProvider::name).toList().containsAll(List.of("jdk", "jdk-coder", "jdk-stream",
                    "icu", "jt400", "reference", "reference-scalar", "reference-cdra")), providers.toString());
            String ibm = new String(Character.toChars(d.ibm()));
            for (ConverterProvider p : providers) {
                Converter c = p.open(ccsid);
                String what = p.name() + " " + ccsid + " " + d.byteHex();
                assertEquals(ibm, c.decode(new byte[]{(byte) d.byteValue()}), what + " decodes as IBM's table");
                assertArrayEquals(new byte[]{(byte) d.byteValue()}, c.encode(ibm), what + ": IBM's character encodes back");
            }
        }
    }

    /**
     * glibc's iconv, run here, decodes all 256 bytes of every single-byte EBCDIC CCSID as IBM's table does, except
     * exactly the bytes named for it: a glibc table that changed, or a CCSID added without its differences, fails.
     */
    @Test
    void glibcIconvReadsEveryByteAsIbmsTableButTheNamedOnes() {
        boolean hasIconv = Iconv.name(CcsidRegistry.byNumber(37)).isPresent();
        assertTrue(hasIconv || !PublicCorpora.required(), "glibc's iconv is required here (" + PublicCorpora.REQUIRE + ")");
        Assumptions.assumeTrue(hasIconv, "glibc's iconv has no IBM037 on this machine");
        List<String> found = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (Ccsid ccsid : CcsidRegistry.all()) {
            if (ccsid.scheme() != EncodingScheme.EBCDIC_SBCS) {
                continue;
            }
            if (Iconv.name(ccsid).isEmpty()) {
                missing.add(Integer.toString(ccsid.number()));
                continue;
            }
            int[] glibc = Iconv.decodeAllBytes(ccsid);
            for (int b = 0; b < 256; b++) {
                int ibm = ccsid.table().orElseThrow().toUnicode(b);
                if (glibc[b] != ibm) {
                    found.add(String.format("%d 0x%02X U+%04X->U+%04X glibc iconv IBM%03d", ccsid.number(), b, ibm, glibc[b],
                            ccsid.number()));
                }
            }
        }
        assertEquals(List.of(), missing, "single-byte EBCDIC CCSIDs glibc's iconv lacks");
        assertEquals(TableDifferences.all().stream().filter(d -> d.otherSources().startsWith("glibc iconv"))
                        .map(d -> String.format("%d %s U+%04X->U+%04X %s", d.ccsid(), d.byteHex(), d.ibm(), d.other(), d.otherSources()))
                        .toList(), found);
    }

    /**
     * U+203E OVERLINE, what CPython's cp273 and glibc's IBM285 read those bytes as: the JDK, ICU4J and
     * the reference codecs write the substitution 0x3F (lost); JTOpen best-fits it to the macron's
     * byte, which comes back as U+00AF (changed). None maps it to any other byte.
     */
    @Test
    void theOverlineIsSubstitutedExceptByJtopensBestFit() {
        Map<Integer, String> jt400 = Map.of(273, "bc", 285, "a1");
        for (TableDifferences.Difference d : TableDifferences.all().stream().filter(d -> d.other() == 0x203E).toList()) {
            Ccsid ccsid = CcsidRegistry.byNumber(d.ccsid());
            for (ConverterProvider p : providersFor(ccsid)) {
                Converter c = p.open(ccsid);
                String what = p.name() + " " + ccsid;
                String bytes = HexFormat.of().formatHex(c.encode("A\u203eB"));
                RoundTripAnalysis.CharacterFate fate = new RoundTripAnalysis(p, ccsid).fate(0x203E);
                if (p.name().equals("jt400")) {
                    assertEquals("c1" + jt400.get(d.ccsid()) + "c2", bytes, what);
                    assertEquals(RoundTripAnalysis.Fate.CHANGED, fate.fate(), what);
                    assertEquals("\u00af", fate.becomes(), what);
                    assertTrue(p.behaviour(ccsid).notes().stream().anyMatch(n -> n.contains("U+203E becomes 0x"
                            + jt400.get(d.ccsid()).toUpperCase() + " (U+00AF)")), what + " documents it: " + p.behaviour(ccsid).notes());
                } else {
                    assertEquals("c13fc2", bytes, what + " substitutes");
                    assertArrayEquals(new byte[]{0x3F}, p.behaviour(ccsid).substitution(), what);
                    assertEquals(RoundTripAnalysis.Fate.LOST, fate.fate(), what);
                }
            }
        }
    }
}
