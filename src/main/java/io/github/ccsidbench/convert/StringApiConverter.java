package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;

import java.nio.charset.Charset;

/**
 * {@code String.getBytes(Charset)} and {@code new String(byte[], Charset)}: what most Java code
 * calls. The JDK special-cases UTF-8, ISO-8859-1 and US-ASCII with intrinsics; any other charset
 * gets a new encoder or decoder per call (OpenJDK {@code java.lang.String}; docs/method.md).
 */
final class StringApiConverter extends AbstractConverter {

    private final Charset charset;

    StringApiConverter(String provider, Ccsid ccsid, Charset charset) {
        super(provider, ccsid);
        this.charset = charset;
    }

    @Override
    public byte[] encode(String text) {
        return text.getBytes(charset);
    }

    @Override
    public String decode(byte[] bytes, int offset, int length) {
        return new String(bytes, offset, length, charset);
    }
}
