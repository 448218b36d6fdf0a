package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;

/**
 * Converts Java Strings to one CCSID's bytes and back: the one interface every provider implements, returning a fresh,
 * exact-length array or a new String as {@code String.getBytes} does, so every figure prices the same contract
 * (docs/method.md, "Providers"). Not thread-safe: open one per thread.
 */
public interface Converter {

    /** The provider's name, e.g. "jdk". */
    String provider();

    /** The CCSID this converter writes and reads. */
    Ccsid ccsid();

    /** The bytes of {@code text}; characters the CCSID cannot hold become the provider's substitution, never thrown. */
    byte[] encode(String text);

    /** The text of {@code length} bytes of {@code bytes} starting at {@code offset}. */
    String decode(byte[] bytes, int offset, int length);

    /** The text of all of {@code bytes}. */
    default String decode(byte[] bytes) {
        return decode(bytes, 0, bytes.length);
    }
}
