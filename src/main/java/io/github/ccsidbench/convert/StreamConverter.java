package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.Charset;

/**
 * A new {@link OutputStreamWriter} or {@link InputStreamReader} per call over an in-memory stream, as ICU's converter
 * performance tests and much file-handling code do: the stream machinery on top of the charset.
 */
final class StreamConverter extends AbstractConverter {

    private final Charset charset;
    private char[] readBuffer = new char[64];

    StreamConverter(String provider, Ccsid ccsid, Charset charset) {
        super(provider, ccsid);
        this.charset = charset;
    }

    @Override
    public byte[] encode(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length() + 16);
        try (Writer writer = new OutputStreamWriter(out, charset)) {
            writer.write(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in-memory streams do not fail
        }
        return out.toByteArray();
    }

    @Override
    public String decode(byte[] bytes, int offset, int length) {
        if (readBuffer.length < Math.min(length, 8192)) {
            readBuffer = new char[Math.min(Math.max(length, 64), 8192)];
        }
        StringBuilder text = new StringBuilder(length);
        try (Reader reader = new InputStreamReader(new ByteArrayInputStream(bytes, offset, length), charset)) {
            for (int n; (n = reader.read(readBuffer)) > 0; ) {
                text.append(readBuffer, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }
}
