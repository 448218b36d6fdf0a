package io.github.ccsidbench.fidelity;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.Providers;
import org.junit.jupiter.api.Test;

import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CPython's cp273 and glibc iconv's IBM285 decode 273's 0xBC and 285's 0xA1 to
 * U+203E OVERLINE; IBM's tables, and every provider of this project, give U+00AF MACRON. Pinned
 * here for every provider the project has for 273 and 285, with what each does to U+203E.
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
    void theTableNamesTheTwoBytesAndWhoGivesWhat() {
        assertEquals(List.of("273 0xBC U+00AF->U+203E CPython cp273", "285 0xA1 U+00AF->U+203E glibc iconv IBM285"),
                TableDifferences.all().stream().map(d -> String.format("%d %s U+%04X->U+%04X %s", d.ccsid(), d.byteHex(), d.ibm(),
                        d.other(), d.otherSources())).toList());
        List<String> row = TableDifferences.all().get(0).row();
        assertEquals(TableDifferences.header().size(), row.size());
        assertEquals("U+00AF '\u00af' (MACRON): IBM's CDRA table, JDK IBM273, ICU4J ibm-273_P100-1995, JTOpen, reference codecs,"
                + " glibc iconv IBM273", row.get(2));
        assertEquals("U+203E '\u203e' (OVERLINE): CPython cp273", row.get(3));
        assertEquals(1, TableDifferences.of(CcsidRegistry.byNumber(285)).size());
        assertTrue(TableDifferences.of(CcsidRegistry.byNumber(37)).isEmpty());
    }

    @Test
    void ibmsTableGivesTheMacronForEachByte() {
        for (TableDifferences.Difference d : TableDifferences.all()) {
            Ccsid ccsid = CcsidRegistry.byNumber(d.ccsid());
            assertEquals(d.ibm(), ccsid.table().orElseThrow().toUnicode(d.byteValue()), d.toString());
            assertEquals(d.byteValue(), ccsid.table().orElseThrow().toByte((char) d.ibm()), d.toString());
            assertEquals(-1, ccsid.table().orElseThrow().toByte((char) d.other()), "U+203E has no byte in IBM's table");
        }
    }

    @Test
    void everyProviderDecodesAndEncodesTheMacron() {
        for (TableDifferences.Difference d : TableDifferences.all()) {
            Ccsid ccsid = CcsidRegistry.byNumber(d.ccsid());
            List<ConverterProvider> providers = providersFor(ccsid);
            assertTrue(providers.stream().map(ConverterProvider::name).toList().containsAll(List.of("jdk", "jdk-coder", "jdk-stream",
                    "icu", "jt400", "reference", "reference-scalar", "reference-cdra")), providers.toString());
            for (ConverterProvider p : providers) {
                Converter c = p.open(ccsid);
                String what = p.name() + " " + ccsid + " " + d.byteHex();
                assertEquals("\u00af", c.decode(new byte[]{(byte) d.byteValue()}), what + " decodes to U+00AF MACRON");
                assertArrayEquals(new byte[]{(byte) d.byteValue()}, c.encode("\u00af"), what + ": U+00AF encodes back");
                assertEquals("\u00af", c.decode(c.encode("\u00af")), what + ": round trip");
            }
        }
    }

    /**
     * U+203E OVERLINE, what CPython's cp273 and glibc's IBM285 read those bytes as: the JDK, ICU4J and
     * the reference codecs write the substitution 0x3F (lost); JTOpen best-fits it to the macron's
     * byte, which comes back as U+00AF (changed). None maps it to any other byte.
     */
    @Test
    void theOverlineIsSubstitutedExceptByJtopensBestFit() {
        Map<Integer, String> jt400 = Map.of(273, "bc", 285, "a1");
        for (TableDifferences.Difference d : TableDifferences.all()) {
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
