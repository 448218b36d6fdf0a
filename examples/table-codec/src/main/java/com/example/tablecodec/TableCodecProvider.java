package com.example.tablecodec;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.EncodingScheme;
import io.github.ccsidbench.convert.AbstractConverter;
import io.github.ccsidbench.convert.BehaviourCatalogue;
import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.ConverterBehaviour;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.UnsupportedConversionException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * An example converter for ccsid-bench's plug-in interface: single-byte EBCDIC through two lookup tables built once
 * from the JDK's charset (a byte to char table for decode, a char to byte table for encode), so its bytes are the
 * JDK's and it states the JDK's behaviour. A build made with {@code -Pslow} carries {@code table-codec-slowdown.txt},
 * and its encode then does extra work per character: the slowdown the gate should FAIL.
 */
public final class TableCodecProvider implements ConverterProvider {

    /** Characters per step of extra work in a slowed build; 0 (no resource): none. */
    static final int SLOWDOWN = slowdown();

    @Override
    public String name() {
        return "table-codec";
    }

    @Override
    public String description() {
        return "example plug-in: byte and char lookup tables built from the JDK's single-byte EBCDIC charset";
    }

    @Override
    public Converter open(Ccsid ccsid) {
        if (ccsid.scheme() != EncodingScheme.EBCDIC_SBCS || ccsid.jdkName().isEmpty()) {
            throw new UnsupportedConversionException("table-codec converts single-byte EBCDIC with a JDK charset only, not "
                    + ccsid.label());
        }
        Charset charset;
        try {
            charset = Charset.forName(ccsid.jdkName().get());
        } catch (IllegalArgumentException e) { // UnsupportedCharsetException too
            throw new UnsupportedConversionException("this JDK has no charset for " + ccsid.label());
        }
        return new TableConverter(name(), ccsid, charset);
    }

    @Override
    public ConverterBehaviour behaviour(Ccsid ccsid) {
        return BehaviourCatalogue.jdk(ccsid);
    }

    private static int slowdown() {
        try (InputStream in = TableCodecProvider.class.getResourceAsStream("/table-codec-slowdown.txt")) {
            return in == null ? 0 : Integer.parseInt(new String(in.readAllBytes(), StandardCharsets.US_ASCII).strip());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The two tables and the loops over them. */
    private static final class TableConverter extends AbstractConverter {
        private final char[] decode = new char[256];
        private final byte[] encode = new byte[65536];
        private final byte substitution;
        private long spin;

        TableConverter(String provider, Ccsid ccsid, Charset charset) {
            super(provider, ccsid);
            for (int b = 0; b < 256; b++) {
                decode[b] = new String(new byte[]{(byte) b}, charset).charAt(0);
            }
            substitution = "\uFFFF".getBytes(charset)[0];
            for (int c = 0; c < 65536; c++) {
                encode[c] = Character.isSurrogate((char) c) ? substitution : String.valueOf((char) c).getBytes(charset)[0];
            }
        }

        @Override
        public byte[] encode(String text) {
            if (SLOWDOWN > 0) {
                long x = spin;
                for (int i = 0, n = text.length() / SLOWDOWN; i < n; i++) {
                    x = (x ^ (x >>> 29)) * 0xBF58476D1CE4E5B9L + 1;
                }
                spin = x;
            }
            int n = text.length();
            byte[] out = new byte[n];
            int j = 0;
            for (int i = 0; i < n; i++) {
                char c = text.charAt(i);
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++; // one substitution per code point, as the JDK writes
                }
                out[j++] = encode[c];
            }
            return j == n ? out : java.util.Arrays.copyOf(out, j);
        }

        @Override
        public String decode(byte[] bytes, int offset, int length) {
            char[] out = new char[length];
            for (int i = 0; i < length; i++) {
                out[i] = decode[bytes[offset + i] & 0xFF];
            }
            return new String(out);
        }
    }
}
