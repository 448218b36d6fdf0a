package io.github.ccsidbench.ccsid;

import java.util.Arrays;

/**
 * The complete mapping of a single-byte CCSID, both ways: the slow, obviously correct description that converters are
 * checked against, not a fast converter.
 */
public final class SingleByteTable {

    /** Marks a byte or character with no mapping. */
    public static final int UNMAPPED = -1;

    private final int[] toUnicode;   // 256 entries
    private final short[] toByte;    // 65536 entries, UNMAPPED where none

    private SingleByteTable(int[] toUnicode, short[] toByte) {
        this.toUnicode = toUnicode;
        this.toByte = toByte;
    }

    /** A round-trip table: byte {@code b} decodes to {@code codePoints[b]} ({@link #UNMAPPED}: none) and back. */
    public static SingleByteTable roundTrip(int[] codePoints) {
        if (codePoints.length != 256) {
            throw new IllegalArgumentException("a single-byte table has 256 entries, not " + codePoints.length);
        }
        short[] toByte = new short[65536];
        Arrays.fill(toByte, (short) UNMAPPED);
        for (int b = 0; b < 256; b++) {
            int cp = codePoints[b];
            if (cp == UNMAPPED) {
                continue;
            }
            if (cp < 0 || cp > 0xFFFF || toByte[cp] != UNMAPPED) {
                throw new IllegalArgumentException(String.format("byte 0x%02X: U+%04X is out of range or mapped twice", b, cp));
            }
            toByte[cp] = (short) b;
        }
        return new SingleByteTable(codePoints.clone(), toByte);
    }

    /** The character byte {@code b} (0..255) decodes to, or {@link #UNMAPPED}. */
    public int toUnicode(int b) {
        return toUnicode[b & 0xFF];
    }

    /** The byte (0..255) character {@code c} encodes to, or {@link #UNMAPPED}. */
    public int toByte(char c) {
        return toByte[c];
    }

    /** True when the BMP code point {@code codePoint} has a byte in this table. */
    public boolean canEncode(int codePoint) {
        return codePoint >= 0 && codePoint <= 0xFFFF && toByte[codePoint] != UNMAPPED;
    }

    /** This EBCDIC table, which must hold CDRA line ends, with its line ends mapped as {@code lineEnds} says. */
    public SingleByteTable withLineEnds(LineEnds lineEnds) {
        if (toUnicode[0x15] != 0x85 || toUnicode[0x25] != 0x0A) {
            throw new IllegalStateException("line-end variants start from a CDRA table (0x15=U+0085, 0x25=U+000A)");
        }
        switch (lineEnds) {
            case CDRA:
                return this;
            case SWAPLFNL: {
                int[] cps = toUnicode.clone();
                cps[0x15] = 0x0A;
                cps[0x25] = 0x85;
                return roundTrip(cps);
            }
            case JDK_BOTH_LF: {
                int[] cps = toUnicode.clone();
                cps[0x15] = 0x0A;
                short[] bytes = toByte.clone();
                bytes[0x0A] = 0x15;
                bytes[0x85] = 0x15;
                return new SingleByteTable(cps, bytes);
            }
            default:
                throw new AssertionError(lineEnds);
        }
    }
}
