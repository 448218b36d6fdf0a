package io.github.ccsidbench.reference;

/**
 * Translates bytes through a 256-entry table: the whole work of a single-byte conversion once the
 * text is Latin-1 bytes. Implementations differ only in speed.
 */
public interface ByteTranslator {

    /**
     * Writes {@code table[src[srcOff + i] & 0xFF]} to {@code dst[dstOff + i]} for {@code i} below
     * {@code length} ({@code src} and {@code dst} may be the same array at the same offset).
     *
     * @param watch a byte value (0..255) to count in {@code src}, or -1 for none
     * @return how many source bytes equal {@code watch} (0 when none is watched)
     */
    int translate(byte[] src, int srcOff, byte[] dst, int dstOff, int length, byte[] table, int watch);

    /** "scalar", or "vector (64 x 8-bit lanes)": what runs, for reports and tests. */
    String describe();
}
