package io.github.ccsidbench.ccsid;

import io.github.ccsidbench.CcsidBenchException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CcsidRegistryTest {

    @Test
    void knowsTheRequiredCcsids() {
        List<Integer> numbers = CcsidRegistry.all().stream().map(Ccsid::number).toList();
        assertTrue(numbers.containsAll(List.of(37, 367, 1208, 1047, 1140, 500, 273, 285, 297, 1200,
                277, 278, 280, 284, 871, 1141, 1142, 1143, 1144, 1145, 1146, 1147, 1148, 1149)), numbers.toString());
        assertEquals(List.of(37, 367, 1208), CcsidRegistry.core().stream().map(Ccsid::number).toList());
        assertEquals(List.of(930, 939, 1390, 1399, 933, 935, 937), CcsidRegistry.mixed().stream().map(Ccsid::number).toList());
        assertTrue(CcsidRegistry.mixed().stream().allMatch(c -> c.scheme() == EncodingScheme.EBCDIC_MIXED));
        assertTrue(CcsidRegistry.singleByteAndUnicode().stream().noneMatch(c -> c.scheme().mixed()));
        assertEquals(CcsidRegistry.all().size(), CcsidRegistry.singleByteAndUnicode().size() + CcsidRegistry.mixed().size());
    }

    /**
     * Components: IBM support document swg27015679 ("Double-byte EBCDIC CCSIDs"); substitutions: ICU's
     * converter data (subchar FE FE, subchar1 3F), read back from ICU4J in {@code MixedEbcdicTest}.
     */
    @ParameterizedTest
    @CsvSource({"930,290,300,x-IBM930,ibm-930_P120-1999", "939,1027,300,x-IBM939,ibm-939_P120-1999",
            "1390,8482,16684,,ibm-1390_P110-2003", "1399,5123,16684,,ibm-1399_P110-2003",
            "933,833,834,x-IBM933,ibm-933_P110-1995", "935,836,837,x-IBM935,ibm-935_P110-1999",
            "937,28709,835,x-IBM937,ibm-937_P110-1999"})
    void mixedCcsidsKnowTheirComponentsNamesAndSubstitutions(int number, int singleByte, int doubleByte, String jdk, String icu) {
        Ccsid c = CcsidRegistry.byNumber(number);
        MixedEbcdic m = c.mixed().orElseThrow();
        assertEquals(EncodingScheme.EBCDIC_MIXED, c.scheme());
        assertEquals("EBCDIC MIXED", c.scheme().label());
        assertEquals(singleByte + " + " + doubleByte, m.components());
        assertArrayEquals(new byte[]{(byte) 0xFE, (byte) 0xFE}, m.doubleByteSubstitution());
        assertArrayEquals(new byte[]{0x3F}, c.substitution());
        assertEquals("3F, FE FE", m.substitutions());
        assertEquals(java.util.Optional.ofNullable(jdk), c.jdkName());
        assertEquals(icu, c.icuName());
        assertTrue(c.table().isEmpty(), "no 256-entry table describes a mixed CCSID");
        assertEquals(c, CcsidRegistry.lookup(icu));
        assertEquals(c, CcsidRegistry.lookup("IBM" + number));
        assertEquals(c, CcsidRegistry.lookup("cp" + number));
        if (jdk != null) {
            assertEquals(c, CcsidRegistry.lookup(jdk));
        }
        assertTrue(c.canEncode('A') && c.canEncode(0x3000) && c.canEncode(0x6F22) != (number == 935));
        assertFalse(c.canEncode(0x0E01), "Thai is in none of them");
        assertFalse(c.canEncode(0x000E), "U+000E is not a character of a mixed CCSID: 0x0E is shift-out");
    }

    @ParameterizedTest
    @CsvSource({"37,37", "037,37", "CCSID 37,37", "IBM037,37", "ibm-37_P100-1995,37", "cp037,37", "EBCDIC-CP-US,37",
            "367,367", "US-ASCII,367", "ascii,367", "IBM367,367", "ibm-367,367", "1208,1208", "UTF-8,1208", "utf8,1208",
            "1047,1047", "IBM1047,1047", "1140,1140", "IBM01140,1140", "500,500", "273,273", "285,285", "297,297",
            "UTF-16BE,1200", "1200,1200", "x-IBM930,930", "IBM939,939", "ibm-1399_P110-2003,1399", "CCSID 1390,1390",
            "cp937,937"})
    void looksUpByNumberOrAnyName(String name, int number) {
        assertEquals(number, CcsidRegistry.lookup(name).number());
    }

    @Test
    void unknownCcsidIsOneLineListingWhatIsSupported() {
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> CcsidRegistry.lookup("1234"));
        assertTrue(e.getMessage().startsWith("unknown CCSID '1234'; supported: 37 (EBCDIC US/Canada), 367"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertEquals(CcsidBenchException.BAD_INPUT, e.exitCode());
        assertThrows(CcsidBenchException.class, () -> CcsidRegistry.lookup("IBM9999"));
        assertThrows(CcsidBenchException.class, () -> CcsidRegistry.lookup(""));
        assertThrows(CcsidBenchException.class, () -> CcsidRegistry.byNumber(1));
    }

    @Test
    void describesSchemesAndSubstitutions() {
        assertEquals(EncodingScheme.EBCDIC_SBCS, CcsidRegistry.byNumber(37).scheme());
        assertEquals(EncodingScheme.ASCII_SBCS, CcsidRegistry.byNumber(367).scheme());
        assertEquals(EncodingScheme.UTF_8, CcsidRegistry.byNumber(1208).scheme());
        assertEquals(EncodingScheme.UTF_16, CcsidRegistry.byNumber(1200).scheme());
        assertArrayEquals(new byte[]{0x3F}, CcsidRegistry.byNumber(37).substitution());
        assertArrayEquals(new byte[]{0x1A}, CcsidRegistry.byNumber(367).substitution());
        assertArrayEquals(new byte[]{(byte) 0xEF, (byte) 0xBF, (byte) 0xBD}, CcsidRegistry.byNumber(1208).substitution());
    }

    @Test
    void ebcdicTablesArePermutationsOfLatin1ExceptTheEuroIn1140To1149() {
        for (Ccsid c : CcsidRegistry.all()) {
            if (c.scheme() != EncodingScheme.EBCDIC_SBCS) {
                continue;
            }
            SingleByteTable table = c.table().orElseThrow();
            Set<Integer> seen = new HashSet<>();
            for (int b = 0; b < 256; b++) {
                seen.add(table.toUnicode(b));
                assertEquals(b, table.toByte((char) table.toUnicode(b)), c + " byte " + b);
            }
            assertEquals(256, seen.size(), c + " maps two bytes to one character");
            for (int cp = 0; cp < 256; cp++) {
                boolean expected = !(c.number() >= 1140 && c.number() <= 1149 && cp == 0xA4);
                assertEquals(expected, c.canEncode(cp), c + " U+" + Integer.toHexString(cp));
            }
        }
        for (int euro = 1140; euro <= 1149; euro++) { // where the base CCSID had the currency sign: 0x5A in 1142 and 1143
            SingleByteTable table = CcsidRegistry.byNumber(euro).table().orElseThrow();
            assertEquals(0x20AC, table.toUnicode(table.toByte('\u20ac')), "CCSID " + euro);
            assertEquals(euro == 1142 || euro == 1143 ? 0x5A : 0x9F, table.toByte('\u20ac'), "CCSID " + euro);
        }
        assertEquals(0xA4, CcsidRegistry.byNumber(37).table().orElseThrow().toUnicode(0x9F));
    }

    @Test
    void asciiHoldsOnlySevenBits() {
        Ccsid ascii = CcsidRegistry.byNumber(367);
        assertTrue(ascii.canEncode(0x7F));
        assertFalse(ascii.canEncode(0x80));
        assertFalse(ascii.canEncode(0xE9));
        assertEquals(SingleByteTable.UNMAPPED, ascii.table().orElseThrow().toUnicode(0x80));
    }

    @Test
    void unicodeHoldsEveryWellFormedString() {
        Ccsid utf8 = CcsidRegistry.byNumber(1208);
        assertTrue(utf8.canEncode("A\u00e9\u4e2d\ud83d\ude00"));
        assertFalse(utf8.canEncode("A\ud83d"));
        assertFalse(CcsidRegistry.byNumber(37).canEncode("\ud83d\ude00"));
    }

    @Test
    void lineEndVariantsMapTheTwoEbcdicLineEnds() {
        SingleByteTable cdra = CcsidRegistry.byNumber(37).table(LineEnds.CDRA).orElseThrow();
        assertEquals(0x85, cdra.toUnicode(0x15));
        assertEquals(0x0A, cdra.toUnicode(0x25));
        SingleByteTable swapped = CcsidRegistry.byNumber(37).table(LineEnds.SWAPLFNL).orElseThrow();
        assertEquals(0x0A, swapped.toUnicode(0x15));
        assertEquals(0x85, swapped.toUnicode(0x25));
        assertEquals(0x15, swapped.toByte('\n'));
        SingleByteTable jdk = CcsidRegistry.byNumber(37).table(LineEnds.JDK_BOTH_LF).orElseThrow();
        assertEquals(0x0A, jdk.toUnicode(0x15));
        assertEquals(0x0A, jdk.toUnicode(0x25));
        assertEquals(0x15, jdk.toByte('\n'));
        assertEquals(0x15, jdk.toByte('\u0085'));
    }
}
