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
 * Whether bytes are valid in their declared CCSID: the malformed and unmappable sequences a strict decoder counts, and
 * where the first starts (docs/fidelity.md, "Malformed input").
 *
 * @param ccsid the CCSID the input was declared to be in
 * @param malformed how many malformed sequences
 * @param unmappable how many well-formed sequences with no Unicode character
 * @param firstOffset the byte offset of the first malformed or unmappable sequence, -1 when none
 * @param firstBytes the bytes of that first sequence (empty when none)
 */
public record MalformedInput(Ccsid ccsid, long malformed, long unmappable, long firstOffset, byte[] firstBytes) {

    /** Scans {@code input} as {@code ccsid} with a reporting decoder: what {@link DecodingReader} finds reading it whole. */
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

    /** The charset that reads a user's bytes in {@code ccsid}: the JDK's, or ICU4J's for mixed EBCDIC. */
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

    /** "the input is not valid CCSID 1208 (UTF-8): 2 malformed sequences, the first at byte 0 (0xFF)"; empty when valid. */
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
