package io.github.ccsidbench.db2;

/**
 * The second half of a major conversion: UTF-16 (CCSID 1200) to the target CCSID with "enforced subset". One
 * interface so that {@link MajorConversion} pivots into single-byte and mixed EBCDIC targets alike.
 */
public interface Utf16ToTarget {

    /** Converts {@code length} UTF-16 units; the bytes, substituted characters added to {@code substituted[0]}. */
    byte[] convert(char[] utf16, int length, int[] substituted);
}
