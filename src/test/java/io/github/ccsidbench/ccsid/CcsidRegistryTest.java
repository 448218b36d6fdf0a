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
        assertTrue(numbers.containsAll(List.of(37, 367, 1208, 1047, 1140, 500, 273, 285, 297, 1200)), numbers.toString());
        assertEquals(List.of(37, 367, 1208), CcsidRegistry.core().stream().map(Ccsid::number).toList());
    }

    @ParameterizedTest
    @CsvSource({"37,37", "037,37", "CCSID 37,37", "IBM037,37", "ibm-37_P100-1995,37", "cp037,37", "EBCDIC-CP-US,37",
            "367,367", "US-ASCII,367", "ascii,367", "IBM367,367", "ibm-367,367", "1208,1208", "UTF-8,1208", "utf8,1208",
            "1047,1047", "IBM1047,1047", "1140,1140", "IBM01140,1140", "500,500", "273,273", "285,285", "297,297",
            "UTF-16BE,1200", "1200,1200"})
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
    void ebcdicTablesArePermutationsOfLatin1ExceptTheEuroInCcsid1140() {
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
                boolean expected = !(c.number() == 1140 && cp == 0xA4);
                assertEquals(expected, c.canEncode(cp), c + " U+" + Integer.toHexString(cp));
            }
        }
        assertEquals(0x20AC, CcsidRegistry.byNumber(1140).table().orElseThrow().toUnicode(0x9F));
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
