package io.github.ccsidbench.cli;

import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.fidelity.MalformedInput;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static io.github.ccsidbench.cli.CliTest.assertOneLineError;
import static io.github.ccsidbench.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Input that is not valid in its declared CCSID is never read silently. */
class MalformedInputTest {

    private static final byte[] FF_FE = {(byte) 0xFF, (byte) 0xFE};
    private static final String TWO_AT_0 = "the input is not valid CCSID 1208 (UTF-8): 2 malformed sequences, the first at byte 0 (0xFF)";

    @Test
    void fidelityRefusesMalformedUtf8InOneLine() {
        CliTest.Outcome o = run(FF_FE, "fidelity", "--ccsid", "37,367");
        assertOneLineError(o, 2, "ccsid-bench: " + TWO_AT_0 + "; --allow-malformed analyses it anyway");
        assertEquals(0, o.stdout().length, "nothing analysed");
    }

    @Test
    void fidelityWithAllowMalformedWarnsAndGoesOn() {
        CliTest.Outcome o = run(FF_FE, "fidelity", "--ccsid", "37,367", "--allow-malformed");
        assertEquals("ccsid-bench: warning: " + TWO_AT_0 + "; each was read as U+FFFD\n", o.stderr());
        assertTrue(o.out().startsWith("2 characters (1 distinct) read from stdin as CCSID 1208, 2 of them U+FFFD for malformed"
                + " input."), o.out());
        assertTrue(o.out().contains("U+FFFD"), o.out());
        assertEquals(FidelityCommand.LOSSY, o.status(), "U+FFFD does not fit 37 or 367: " + o.out());
    }

    @Test
    void fidelityWithAllowMalformedExitsZeroWhenTheRestIsLossless() {
        CliTest.Outcome o = run(FF_FE, "fidelity", "--ccsid", "1208", "--provider", "jdk", "--allow-malformed");
        assertEquals(0, o.status(), o.stderr());
        assertEquals("ccsid-bench: warning: " + TWO_AT_0 + "; each was read as U+FFFD\n", o.stderr());
    }

    @Test
    void validInputPrintsNoWarning() {
        byte[] text = "Grüße, café\n".getBytes(StandardCharsets.UTF_8);
        CliTest.Outcome fidelity = run(text, "fidelity", "--ccsid", "1208", "--provider", "jdk,icu");
        assertEquals(0, fidelity.status(), fidelity.stderr());
        assertEquals("", fidelity.stderr());
        assertFalse(fidelity.out().contains("malformed"), fidelity.out());
        CliTest.Outcome allowed = run(text, "fidelity", "--ccsid", "1208", "--provider", "jdk", "--allow-malformed");
        assertEquals("", allowed.stderr(), "--allow-malformed on valid input says nothing");
        CliTest.Outcome convert = run(text, "convert", "-f", "1208", "-t", "37");
        assertEquals(0, convert.status(), convert.stderr());
        assertEquals("", convert.stderr());
        CliTest.Outcome ebcdic = run(new byte[]{(byte) 0xC1, 0x25, (byte) 0xFF}, "fidelity", "--encoding", "37", "--ccsid", "37",
                "--provider", "icu");
        assertEquals("", ebcdic.stderr(), "every byte is valid EBCDIC 37");
    }

    @Test
    void fidelityChecksTheEncodingItWasToldNotUtf8() {
        assertOneLineError(run(new byte[]{0x41, (byte) 0x80, 0x42, (byte) 0xE9}, "fidelity", "--encoding", "367"), 2,
                "the input is not valid CCSID 367 (US-ASCII (7-bit)): 2 malformed sequences, the first at byte 1 (0x80)");
        assertOneLineError(run(new byte[]{0x00, 0x41, 0x00}, "fidelity", "--encoding", "1200"), 2,
                "the input is not valid CCSID 1200 (UTF-16 big-endian): 1 malformed sequence, at byte 2 (0x00)");
        assertOneLineError(run(new byte[]{0x41, (byte) 0xE2, (byte) 0x82}, "fidelity"), 2,
                "1 malformed sequence, at byte 1 (0xE2 0x82)");
    }

    /**
     * convert: by default it converts as the provider decodes and warns (as it does for unmappable
     * characters); with --on-unmappable fail it refuses, exit 1, nothing written.
     */
    @Test
    void convertWarnsByDefault() {
        CliTest.Outcome o = run(FF_FE, "convert", "-f", "1208", "-t", "1208");
        assertEquals(0, o.status(), o.stderr());
        assertArrayEquals("\uFFFD\uFFFD".getBytes(StandardCharsets.UTF_8), o.stdout(), "the JDK's U+FFFD, as before");
        assertEquals("ccsid-bench: warning: " + TWO_AT_0 + "; converted as provider jdk decodes it (--on-unmappable fail"
                + " refuses it)\n", o.stderr());
        CliTest.Outcome to37 = run(FF_FE, "convert", "-f", "1208", "-t", "37");
        assertEquals(0, to37.status(), to37.stderr());
        assertEquals(2, to37.stderr().lines().count(), "the malformed input, then U+FFFD unmappable in 37: " + to37.stderr());
        assertTrue(to37.stderr().lines().findFirst().orElseThrow().startsWith("ccsid-bench: warning: " + TWO_AT_0), to37.stderr());
    }

    @Test
    void convertWarnsEvenWhenTheProviderDoesNotValidate() {
        CliTest.Outcome o = run(FF_FE, "convert", "-f", "1208", "-t", "1208", "-p", "jt400");
        assertEquals(0, o.status(), o.stderr());
        assertTrue(o.stderr().startsWith("ccsid-bench: warning: " + TWO_AT_0 + "; converted as provider jt400 decodes it"),
                o.stderr());
    }

    @Test
    void convertFailModeRefusesMalformedInput() {
        CliTest.Outcome jdk = run(FF_FE, "convert", "-f", "1208", "-t", "37", "--on-unmappable", "fail");
        assertOneLineError(jdk, 1, "byte 0xFF at input byte 0 does not survive decoding from CCSID 1208 with provider jdk"
                + " (decoding and re-encoding gives 0xEF there); " + TWO_AT_0);
        assertEquals(0, jdk.stdout().length, "nothing written");
        CliTest.Outcome ascii = run(new byte[]{0x41, (byte) 0x80, 0x42}, "convert", "-f", "367", "-t", "1208", "--on-unmappable",
                "fail");
        assertOneLineError(ascii, 1, "byte 0x80 at input byte 1 does not survive decoding from CCSID 367 with provider jdk");
        assertTrue(ascii.stderr().contains("; the input is not valid CCSID 367 (US-ASCII (7-bit)): 1 malformed sequence, at byte 1"
                + " (0x80)"), ascii.stderr());
    }

    /**
     * Mixed EBCDIC that ends inside a double-byte run (a shift-out never closed by a shift-in) is malformed like any
     * other: convert warns when it converts it anyway and refuses it with --on-unmappable fail; fidelity refuses it.
     */
    @Test
    void anUnterminatedShiftOutIsMalformedMixedEbcdic() {
        byte[] open = {(byte) 0xC1, 0x0E, 0x45, 0x65, 0x45, 0x63}; // A, then 山田 with no shift-in
        CliTest.Outcome warned = run(open, "convert", "-f", "930", "-t", "1208");
        assertEquals(0, warned.status(), warned.stderr());
        assertTrue(warned.stderr().startsWith("ccsid-bench: warning: the input is not valid CCSID 930"), warned.stderr());
        assertTrue(warned.stderr().contains("1 malformed sequence, at byte 1 (0x0E)"), warned.stderr());
        CliTest.Outcome refused = run(open, "convert", "-f", "930", "-t", "1208", "--on-unmappable", "fail");
        assertEquals(1, refused.status(), refused.stderr());
        assertEquals(0, refused.stdout().length, "nothing written");
        assertOneLineError(run(open, "fidelity", "--encoding", "930"), 2, "1 malformed sequence, at byte 1 (0x0E)");
        byte[] closed = {(byte) 0xC1, 0x0E, 0x45, 0x65, 0x45, 0x63, 0x0F};
        CliTest.Outcome fine = run(closed, "convert", "-f", "930", "-t", "1208");
        assertEquals("", fine.stderr(), "a closed run is valid");
        assertEquals(-1, io.github.ccsidbench.fidelity.MalformedInput.scan(io.github.ccsidbench.ccsid.CcsidRegistry.byNumber(930),
                closed).firstOffset());
    }

    @Test
    void scanCountsWithAStrictDecoder() {
        MalformedInput m = MalformedInput.scan(CcsidRegistry.byNumber(1208), FF_FE);
        assertEquals(2, m.malformed());
        assertEquals(0, m.unmappable());
        assertEquals(0, m.firstOffset());
        assertEquals(TWO_AT_0, m.describe());
        assertTrue(MalformedInput.scan(CcsidRegistry.byNumber(1208), new byte[0]).valid());
        assertEquals("", MalformedInput.scan(CcsidRegistry.byNumber(1208), "é".getBytes(StandardCharsets.UTF_8)).describe());
        byte[] large = new byte[100_000];
        java.util.Arrays.fill(large, (byte) 'a');
        large[99_998] = (byte) 0xC3;
        large[99_999] = (byte) 0x28;
        MalformedInput late = MalformedInput.scan(CcsidRegistry.byNumber(1208), large);
        assertEquals(1, late.malformed(), "past the decoder's output buffer");
        assertEquals(99_998, late.firstOffset());
        for (int b = 0; b < 256; b++) {
            assertTrue(MalformedInput.scan(CcsidRegistry.byNumber(37), new byte[]{(byte) b}).valid(), "0x" + Integer.toHexString(b));
        }
        byte[] unpaired = {0x00, 0x41, (byte) 0xD8, 0x3D, 0x00, 0x42};
        MalformedInput surrogate = MalformedInput.scan(CcsidRegistry.byNumber(1200), unpaired);
        assertEquals(1, surrogate.count(), "A, an unpaired high surrogate, B in UTF-16BE");
        assertEquals(2, surrogate.firstOffset());
    }
}
