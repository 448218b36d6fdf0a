package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;

import java.nio.charset.Charset;

/** {@code String.getBytes(Charset)} and {@code new String(byte[], Charset)}: what most Java code calls (docs/method.md). */
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
