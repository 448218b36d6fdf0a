package io.github.ccsidbench.db2;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.EncodingScheme;
import io.github.ccsidbench.ccsid.LineEnds;
import io.github.ccsidbench.ccsid.SingleByteTable;
import io.github.ccsidbench.convert.ExpectedEncoding;

/**
 * Server INSERT into a column of the host EBCDIC CCSID: Db2's built-in translate tables, a TRT scan for any byte that
 * is not a simple 7-bit character, then one TR pass (docs/db2-model.md, "Why: the documented paths"). Source: SG24-6465
 * pp. 209-219 and 376; Db2 12 docs, "How Db2 performs character conversions".
 */
public final class MinorConversion {

    private final byte[] translate = new byte[128];
    /** The 7-bit characters the CCSID has one byte for: what the TRT scan lets through. */
    private final boolean[] simple = new boolean[128];

    public MinorConversion(Ccsid hostEbcdic) {
        if (hostEbcdic.scheme() == EncodingScheme.EBCDIC_SBCS) {
            SingleByteTable table = hostEbcdic.table(LineEnds.CDRA).orElseThrow();
            for (int b = 0; b < 0x80; b++) {
                translate[b] = (byte) table.toByte((char) b);
                simple[b] = true;
            }
        } else if (hostEbcdic.scheme().mixed()) {
            // a mixed CCSID's 7-bit character written in more than one byte is not simple: its value takes the major path
            for (int b = 0; b < 0x80; b++) {
                byte[] one;
                try {
                    one = ExpectedEncoding.encode(hostEbcdic, RowConversion.serverBehaviour(hostEbcdic), String.valueOf((char) b));
                } catch (RuntimeException e) {
                    continue; // a character the converters disagree on: never simple
                }
                if (one.length == 1) {
                    translate[b] = one[0];
                    simple[b] = true;
                }
            }
        } else {
            throw new IllegalArgumentException("minor conversion exists only for the host EBCDIC CCSIDs, not " + hostEbcdic);
        }
    }

    /** The TRT scan: true when every byte is a simple character (7-bit, with one byte in the CCSID). */
    public boolean onlySimpleCharacters(byte[] utf8) {
        for (byte b : utf8) {
            if (b < 0 || !simple[b]) {
                return false;
            }
        }
        return true;
    }

    /** The TR pass: one table look-up per byte. Only valid after {@link #onlySimpleCharacters}. */
    public byte[] translate(byte[] utf8) {
        byte[] out = new byte[utf8.length];
        for (int i = 0; i < utf8.length; i++) {
            out[i] = translate[utf8[i]];
        }
        return out;
    }
}
