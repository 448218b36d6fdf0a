package io.github.ccsidbench.db2;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.MixedEbcdic;
import io.github.ccsidbench.ccsid.MixedEbcdicTable;

import java.util.Arrays;

/**
 * The second half of a major conversion into a mixed EBCDIC CCSID (1390, 1399): UTF-16 to single bytes and
 * double-byte runs between shift-out and shift-in through the agreed 64K-entry table ({@link MixedEbcdicTable}),
 * the enforced subset's double-byte substitution counted. Source: Db2 12 Internationalization Guide, ch. 5; see
 * docs/db2-model.md, "Assumptions and limits".
 */
public final class Utf16ToMixed implements Utf16ToTarget {

    private final int[] table = new int[65536];
    private final byte[] substitution;

    public Utf16ToMixed(Ccsid target) {
        MixedEbcdic mixed = target.mixed().orElseThrow(
                () -> new IllegalArgumentException(target + " is not a mixed EBCDIC CCSID"));
        MixedEbcdicTable agreed = MixedEbcdicTable.of(target.number());
        for (int c = 0; c < 65536; c++) {
            table[c] = Character.isSurrogate((char) c) ? MixedEbcdicTable.UNMAPPED : agreed.entry(c);
        }
        this.substitution = mixed.doubleByteSubstitution();
    }

    @Override
    public byte[] convert(char[] utf16, int length, int[] substituted) {
        // At most 4 bytes per character: a lone double-byte character between single-byte ones, with SO and SI.
        byte[] out = new byte[4 * length];
        int n = 0;
        int lost = 0;
        boolean doubleByte = false;
        for (int i = 0; i < length; i++) {
            char c = utf16[i];
            int entry = table[c];
            if (entry == MixedEbcdicTable.UNMAPPED) {
                if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(utf16[i + 1])) {
                    i++; // one character, one substitution
                }
                entry = MixedEbcdicTable.DOUBLE_BYTE | (substitution[0] & 0xFF) << 8 | substitution[1] & 0xFF;
                lost++;
            }
            if (MixedEbcdicTable.isDoubleByte(entry)) {
                if (!doubleByte) {
                    out[n++] = MixedEbcdic.SHIFT_OUT;
                    doubleByte = true;
                }
                out[n++] = (byte) (entry >>> 8);
                out[n++] = (byte) entry;
            } else {
                if (doubleByte) {
                    out[n++] = MixedEbcdic.SHIFT_IN;
                    doubleByte = false;
                }
                out[n++] = (byte) entry;
            }
        }
        if (doubleByte) {
            out[n++] = MixedEbcdic.SHIFT_IN;
        }
        substituted[0] += lost;
        return Arrays.copyOf(out, n);
    }
}
