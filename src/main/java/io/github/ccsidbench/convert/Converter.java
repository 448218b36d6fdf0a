package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;

/**
 * Converts Java Strings to one CCSID's bytes and back: the single interface every provider
 * (JDK, ICU4J, JTOpen, ...) implements, so every benchmark, test and command prices the same
 * contract. Each call returns a fresh, exact-length array or a new String, as
 * {@code String.getBytes} and {@code new String(byte[], Charset)} do.
 *
 * <p>Instances may hold reusable buffers and are not thread-safe: open one per thread.
 */
public interface Converter {

    /** The provider's name, e.g. "jdk". */
    String provider();

    /** The CCSID this converter writes and reads. */
    Ccsid ccsid();

    /**
     * The bytes of {@code text} in this CCSID. Characters the CCSID cannot hold become the
     * provider's substitution (see {@link ConverterProvider#behaviour}); nothing is thrown for them.
     */
    byte[] encode(String text);

    /** The text of {@code length} bytes of {@code bytes} starting at {@code offset}. */
    String decode(byte[] bytes, int offset, int length);

    /** The text of all of {@code bytes}. */
    default String decode(byte[] bytes) {
        return decode(bytes, 0, bytes.length);
    }
}
