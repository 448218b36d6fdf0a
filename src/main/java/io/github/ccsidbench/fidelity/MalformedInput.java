package io.github.ccsidbench.fidelity;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.convert.IcuProvider;

import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * Whether bytes are valid in the CCSID a user said they are in: counts the malformed (and, should a
 * decoder report any, unmappable) sequences with the JDK's strict decoder for the CCSID, and
 * remembers where the first one starts. The one place {@code fidelity} and {@code convert} check
 * their input, so a file that is not what the user declared is never analysed or converted silently.
 *
 * <p>Counts are the decoder's: {@code \xFF\xFE} is two malformed UTF-8 sequences, an incomplete
 * UTF-8 sequence at the end is one, a byte 0x80..0xFF is one in US-ASCII (367), an odd trailing byte
 * or an unpaired surrogate is one in UTF-16BE (1200). Every byte of the single-byte EBCDIC CCSIDs
 * is valid. The mixed EBCDIC CCSIDs are read with ICU4J's decoder (IBM's tables; the JDK has no 1390 or
 * 1399): a double-byte code IBM's table does not define is one unmappable sequence, an unfinished one at
 * the end (shift-out and one byte) one malformed sequence. A lenient decoder (the JDK's {@code new String(bytes, charset)}, {@code REPLACE})
 * writes one U+FFFD for each sequence counted here.
 *
 * @param ccsid the CCSID the input was declared to be in
 * @param malformed how many malformed sequences
 * @param unmappable how many well-formed sequences with no Unicode character
 * @param firstOffset the byte offset of the first malformed or unmappable sequence, -1 when none
 * @param firstBytes the bytes of that first sequence (empty when none)
 */
public record MalformedInput(Ccsid ccsid, long malformed, long unmappable, long firstOffset, byte[] firstBytes) {

    /**
     * Scans {@code input} as {@code ccsid} with a {@link CodingErrorAction#REPORT} decoder: what {@link DecodingReader}
     * finds reading it whole.
     */
    public static MalformedInput scan(Ccsid ccsid, byte[] input) {
        try (DecodingReader reader = new DecodingReader(new ByteArrayInputStream(input), ccsid)) {
            char[] buffer = new char[8192];
            while (reader.read(buffer, 0, buffer.length) >= 0) {
                // only the count matters here
            }
            return reader.malformed();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail to read
        }
    }

    /**
     * The charset that reads a user's bytes declared to be in {@code ccsid}: the JDK's, or for mixed EBCDIC
     * ICU4J's, which has all seven from IBM's tables.
     */
    public static Charset readerCharset(Ccsid ccsid) {
        if (ccsid.scheme().mixed()) {
            return IcuProvider.charset(ccsid);
        }
        return Charset.forName(ccsid.jdkName().orElseThrow());
    }

    /** True when every byte was valid in the declared CCSID. */
    public boolean valid() {
        return malformed == 0 && unmappable == 0;
    }

    /** How many sequences are not valid: malformed plus unmappable. */
    public long count() {
        return malformed + unmappable;
    }

    /**
     * "the input is not valid CCSID 1208 (UTF-8): 2 malformed sequences, the first at byte 0 (0xFF)",
     * or "... 1 malformed sequence, at byte 3 (0xE2 0x82)"; empty text when the input is valid.
     */
    public String describe() {
        if (valid()) {
            return "";
        }
        List<String> kinds = new ArrayList<>();
        if (malformed > 0) {
            kinds.add(String.format(Locale.ROOT, "%,d malformed sequence%s", malformed, malformed == 1 ? "" : "s"));
        }
        if (unmappable > 0) {
            kinds.add(String.format(Locale.ROOT, "%,d unmappable sequence%s", unmappable, unmappable == 1 ? "" : "s"));
        }
        String bytes = HexFormat.ofDelimiter(" ").withPrefix("0x").withUpperCase().formatHex(firstBytes);
        return String.format(Locale.ROOT, "the input is not valid CCSID %s: %s, %s byte %d%s", ccsid.label(), String.join(" and ", kinds),
                count() == 1 ? "at" : "the first at", firstOffset, bytes.isEmpty() ? "" : " (" + bytes + ")");
    }
}
