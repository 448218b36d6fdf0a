package io.github.ccsidbench.reference;

/**
 * Translates bytes through a 256-entry table: the whole work of a single-byte conversion once the text is Latin-1
 * bytes. Implementations differ only in speed.
 */
public interface ByteTranslator {

    /**
     * Writes {@code table[src[srcOff + i] & 0xFF]} to {@code dst[dstOff + i]} for {@code i} below
     * {@code length} ({@code src} and {@code dst} may be the same array at the same offset), and finds the
     * source bytes equal to {@code watch}.
     *
     * @param watch a byte value (0..255) to find in {@code src}, or -1 for none
     * @param where null, or an array that receives the indices {@code i} of the first {@code where.length}
     *              watched bytes, ascending
     * @return how many source bytes equal {@code watch} (0 when none is watched); when that is more than
     *     {@code where.length}, only the first {@code where.length} positions were recorded
     */
    int translate(byte[] src, int srcOff, byte[] dst, int dstOff, int length, byte[] table, int watch, int[] where);

    /** The same, counting the watched bytes without recording where they are. */
    default int translate(byte[] src, int srcOff, byte[] dst, int dstOff, int length, byte[] table, int watch) {
        return translate(src, srcOff, dst, dstOff, length, table, watch, null);
    }

    /** The longest text a codec should encode a character at a time rather than by the copy and this translator. */
    default int encodeByCharsUpTo() {
        return SingleByteCodec.SHORT;
    }

    /** "scalar", or "vector 512-bit (64 x 8-bit lanes, 7-bit half)": what runs, for reports and tests. */
    String describe();
}
