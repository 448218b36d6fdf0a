package io.github.ccsidbench.db2;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.MixedEbcdic;
import io.github.ccsidbench.ccsid.MixedEbcdicTable;

import java.util.Arrays;

/**
 * The second half of a major conversion into a mixed EBCDIC CCSID (a Japanese shop's host CCSID 1390 or 1399):
 * UTF-16 to single-byte characters and double-byte runs between shift-out (0x0E) and shift-in (0x0F), through a
 * 64K-entry table. Enforced subset: a character with no mapping becomes the double-byte substitution (0xFEFE in
 * the Japanese CCSIDs), counted; a surrogate pair is one character and gets one substitution.
 *
 * <p>The table is the one on which the JDK, ICU4J and JTOpen agree ({@link MixedEbcdicTable}); z/OS Unicode
 * Services uses IBM's own tables, which map more characters (the libraries disagree on the rest, see
 * {@code fidelity.MixedDifferences}). The model's rows hold only agreed characters, so for them the two are the same.
 *
 * <p>Source: Db2 12 for z/OS Internationalization Guide, chapter 5 (enforced subset, mixed data); z/OS Unicode
 * Services User's Guide, "Character conversion"; docs/db2-model.md.
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
