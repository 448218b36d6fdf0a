package io.github.ccsidbench.db2;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.LineEnds;
import io.github.ccsidbench.ccsid.SingleByteTable;

import java.util.Arrays;

/**
 * A what-if, not something Db2 does: UTF-8 straight to a single-byte CCSID in one table pass, no UTF-16 pivot, to show
 * how much of 367's cost is the pivot (docs/db2-model.md, "What-ifs").
 */
public final class DirectTableConversion {

    private final byte[] ascii = new byte[128];
    private final SingleByteTable table;
    private final byte substitution;

    public DirectTableConversion(Ccsid target) {
        this.table = target.table(LineEnds.CDRA).orElseThrow(
                () -> new IllegalArgumentException(target + " is not a single-byte CCSID"));
        for (int b = 0; b < 128; b++) {
            int mapped = table.toByte((char) b);
            ascii[b] = (byte) (mapped == SingleByteTable.UNMAPPED ? target.substitution()[0] : mapped);
        }
        this.substitution = target.substitution()[0];
    }

    /** Converts one value; adds its substituted characters to {@code substituted[0]}. */
    public byte[] convert(byte[] utf8, int[] substituted) {
        byte[] out = new byte[utf8.length];
        int n = 0;
        int lost = 0;
        int i = 0;
        while (i < utf8.length) {
            int b = utf8[i];
            if (b >= 0) {
                out[n++] = ascii[b];
                i++;
                continue;
            }
            int lead = b & 0xFF;
            int length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
            int cp = -1; // 4-byte sequences are supplementary: never in a single-byte table
            if (length == 2 && i + 1 < utf8.length) {
                cp = (lead & 0x1F) << 6 | utf8[i + 1] & 0x3F;
            } else if (length == 3 && i + 2 < utf8.length) {
                cp = (lead & 0x0F) << 12 | (utf8[i + 1] & 0x3F) << 6 | utf8[i + 2] & 0x3F;
            }
            int mapped = cp >= 0 && cp <= 0xFFFF ? table.toByte((char) cp) : SingleByteTable.UNMAPPED;
            if (mapped == SingleByteTable.UNMAPPED) {
                out[n++] = substitution;
                lost++;
            } else {
                out[n++] = (byte) mapped;
            }
            i += length;
        }
        substituted[0] += lost;
        return n == out.length ? out : Arrays.copyOf(out, n);
    }
}
