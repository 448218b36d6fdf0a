package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.util.Arrays;

/**
 * One reused {@link CharsetEncoder} and {@link CharsetDecoder} writing into preallocated buffers, as drivers and
 * servers convert; the String copied into a reused char array first (the coder's array fast path, as
 * {@code OutputStreamWriter} does), the result copied out at its exact length.
 */
final class ReusedCoderConverter extends AbstractConverter {

    private final CharsetEncoder encoder;
    private final CharsetDecoder decoder;
    private CharBuffer chars = CharBuffer.allocate(64);
    private ByteBuffer bytes = ByteBuffer.allocate(64);

    ReusedCoderConverter(String provider, Ccsid ccsid, Charset charset) {
        super(provider, ccsid);
        this.encoder = charset.newEncoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        this.decoder = charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
    }

    @Override
    public byte[] encode(String text) {
        int n = text.length();
        if (chars.capacity() < n) {
            chars = CharBuffer.allocate(n);
        }
        text.getChars(0, n, chars.array(), 0);
        chars.clear().limit(n);
        int estimate = (int) Math.min(Integer.MAX_VALUE - 16, (long) Math.ceil(n * (double) encoder.maxBytesPerChar()));
        if (bytes.capacity() < estimate) {
            bytes = ByteBuffer.allocate(estimate);
        }
        bytes.clear();
        encoder.reset();
        CoderResult result = encoder.encode(chars, bytes, true);
        while (result.isOverflow()) {
            bytes = grow(bytes);
            result = encoder.encode(chars, bytes, true);
        }
        check(result);
        while ((result = encoder.flush(bytes)).isOverflow()) {
            bytes = grow(bytes);
        }
        check(result);
        return Arrays.copyOf(bytes.array(), bytes.position());
    }

    @Override
    public String decode(byte[] input, int offset, int length) {
        int estimate = (int) Math.min(Integer.MAX_VALUE - 16, (long) Math.ceil(length * (double) decoder.maxCharsPerByte()));
        if (chars.capacity() < estimate) {
            chars = CharBuffer.allocate(estimate);
        }
        chars.clear();
        ByteBuffer in = ByteBuffer.wrap(input, offset, length);
        decoder.reset();
        CoderResult result = decoder.decode(in, chars, true);
        while (result.isOverflow()) {
            chars = grow(chars);
            result = decoder.decode(in, chars, true);
        }
        check(result);
        while ((result = decoder.flush(chars)).isOverflow()) {
            chars = grow(chars);
        }
        check(result);
        return new String(chars.array(), 0, chars.position());
    }

    private static ByteBuffer grow(ByteBuffer full) {
        ByteBuffer bigger = ByteBuffer.allocate(Math.max(64, full.capacity() * 2));
        full.flip();
        return bigger.put(full);
    }

    private static CharBuffer grow(CharBuffer full) {
        CharBuffer bigger = CharBuffer.allocate(Math.max(64, full.capacity() * 2));
        full.flip();
        return bigger.put(full);
    }

    private void check(CoderResult result) {
        if (result.isError()) {
            // REPLACE is set for both error kinds, so this is a library failure, not bad input.
            try {
                result.throwException();
            } catch (CharacterCodingException e) {
                throw new ConversionException(this + ": " + e, e);
            }
        }
    }
}
