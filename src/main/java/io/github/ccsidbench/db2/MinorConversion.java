package io.github.ccsidbench.db2;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.EncodingScheme;
import io.github.ccsidbench.ccsid.LineEnds;
import io.github.ccsidbench.ccsid.SingleByteTable;

/**
 * Server INSERT into a column of the host EBCDIC CCSID: Db2's built-in translate tables. A TRT
 * ("translate and test") scan looks for any byte that is not a simple character; if there is
 * none, one TR ("translate") pass converts the value. UTF-8 bytes below 0x80 are exactly the
 * 7-bit characters, each of which has one EBCDIC byte. Minor conversion exists only for the
 * host's EBCDIC CCSID.
 *
 * <p>Source: DB2 V8 Performance Topics (SG24-6465) pp. 209-219 ("minor conversion ... much faster
 * still"); Db2 12 docs "How Db2 performs character conversions"; docs/db2-model.md.
 */
public final class MinorConversion {

    private final byte[] translate = new byte[256];

    public MinorConversion(Ccsid hostEbcdic) {
        if (hostEbcdic.scheme() != EncodingScheme.EBCDIC_SBCS) {
            throw new IllegalArgumentException("minor conversion exists only for the host EBCDIC CCSID, not " + hostEbcdic);
        }
        SingleByteTable table = hostEbcdic.table(LineEnds.CDRA).orElseThrow();
        for (int b = 0; b < 0x80; b++) {
            translate[b] = (byte) table.toByte((char) b);
        }
    }

    /** The TRT scan: true when every byte is a simple (7-bit) character. */
    public boolean onlySimpleCharacters(byte[] utf8) {
        for (byte b : utf8) {
            if (b < 0) {
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
