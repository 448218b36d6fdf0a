package io.github.ccsidbench.db2;

import java.util.Arrays;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.LineEnds;
import io.github.ccsidbench.ccsid.SingleByteTable;

/**
 * The second half of a major conversion: UTF-16 to a single-byte CCSID through a 64K-entry table, the enforced
 * subset's substitution byte counted. Source: Db2 12 Internationalization Guide, ch. 5 (docs/db2-model.md).
 */
public final class Utf16ToSingleByte implements Utf16ToTarget {

    private final byte[] table = new byte[65536];
    private final boolean[] mapped = new boolean[65536];
    private final byte substitution;

    public Utf16ToSingleByte(Ccsid target) {
        SingleByteTable t = target.table(LineEnds.CDRA).orElseThrow(
                () -> new IllegalArgumentException(target + " is not a single-byte CCSID"));
        for (int c = 0; c < 65536; c++) {
            int b = t.toByte((char) c);
            if (b != SingleByteTable.UNMAPPED) {
                table[c] = (byte) b;
                mapped[c] = true;
            }
        }
        this.substitution = target.substitution()[0];
    }

    /** Converts {@code length} UTF-16 units; the bytes, substituted characters added to {@code substituted[0]}. */
    @Override
    public byte[] convert(char[] utf16, int length, int[] substituted) {
        byte[] out = new byte[length];
        int n = 0;
        int lost = 0;
        for (int i = 0; i < length; i++) {
            char c = utf16[i];
            if (mapped[c]) {
                out[n++] = table[c];
                continue;
            }
            if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(utf16[i + 1])) {
                i++; // one character, one substitution byte
            }
            out[n++] = substitution;
            lost++;
        }
        substituted[0] += lost;
        return n == length ? out : Arrays.copyOf(out, n);
    }
}
