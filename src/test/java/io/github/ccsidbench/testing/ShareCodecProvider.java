package io.github.ccsidbench.testing;

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
 * The gate's known slowdown, as a plug-in codec (docs/plugins.md): single-byte EBCDIC through lookup tables built from
 * the JDK's charset, whose encode converts the string a second time, into a buffer it keeps, on every {@link #EVERY}-th
 * call. The extra work is a fixed share of the calls and allocates nothing, so a gate must find it by time.
 * {@link #EVERY} is the jar's constant, set by the build through the resource {@value #EVERY_RESOURCE} (absent or 0:
 * never, the unchanged codec). Written once, here: {@code src/test/sh/share-codec.sh} builds both jars with
 * {@code javac}, as a codec team would without Maven. Not registered in the tests' own ServiceLoader file: only its jars
 * carry the provider.
 *
 * <p>A share of the calls is not the same share of the time: the second pass reads tables and chars already in cache,
 * and the CPU can run it while the first waits on the fresh output array, by how much depends on the CPU. So the script
 * measures what every 2nd call costs on the host, in plain JMH pairs, before it builds the slowed jar, and slows every
 * 2nd call where that costs at least twice the failure threshold, else every call (docs/results/gate/validation.md).
 */
public final class ShareCodecProvider implements ConverterProvider {

    /** The resource of the jar that sets {@link #EVERY}. */
    public static final String EVERY_RESOURCE = "share-codec-every.txt";

    /** Every this many encode calls, one converts twice; 0: none. */
    static final int EVERY = every();

    @Override
    public String name() {
        return "share-codec";
    }

    @Override
    public String description() {
        return "TEST ONLY: lookup tables from the JDK's single-byte EBCDIC charset"
                + (EVERY > 0 ? ", every " + EVERY + "th encode converting twice" : "");
    }

    @Override
    public Converter open(Ccsid ccsid) {
        if (ccsid.scheme() != EncodingScheme.EBCDIC_SBCS || ccsid.jdkName().isEmpty()) {
            throw new UnsupportedConversionException("share-codec converts single-byte EBCDIC with a JDK charset only, not "
                    + ccsid.label());
        }
        try {
            return new TableConverter(name(), ccsid, Charset.forName(ccsid.jdkName().get()));
        } catch (IllegalArgumentException e) { // UnsupportedCharsetException too
            throw new UnsupportedConversionException("this JDK has no charset for " + ccsid.label());
        }
    }

    @Override
    public ConverterBehaviour behaviour(Ccsid ccsid) {
        return BehaviourCatalogue.jdk(ccsid);
    }

    private static int every() {
        try (InputStream in = ShareCodecProvider.class.getResourceAsStream("/" + EVERY_RESOURCE)) {
            return in == null ? 0 : Integer.parseInt(new String(in.readAllBytes(), StandardCharsets.US_ASCII).strip());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The two tables, the loop over them, and the buffers the extra conversions go to. The encode loop is one counted
     * loop over the string's chars (copied out with {@link String#getChars}, an intrinsic): a loop that reads
     * {@code charAt} and tests for surrogates in it compiled two ways in different forks of the same jar, 2.4x apart, and
     * the slowdown hid in those modes (docs/results/gate/validation.md). A string with a surrogate (its table entry negative)
     * goes the slow, exact way.
     */
    private static final class TableConverter extends AbstractConverter {
        private static final short SURROGATE = -1;
        private final char[] decode = new char[256];
        private final short[] encode = new short[65536];
        private final Charset charset;
        private char[] chars = new char[0];
        private byte[] kept = new byte[0];
        private int calls;

        TableConverter(String provider, Ccsid ccsid, Charset charset) {
            super(provider, ccsid);
            this.charset = charset;
            for (int b = 0; b < 256; b++) {
                decode[b] = new String(new byte[]{(byte) b}, charset).charAt(0);
            }
            for (int c = 0; c < 65536; c++) {
                encode[c] = Character.isSurrogate((char) c) ? SURROGATE
                        : (short) (String.valueOf((char) c).getBytes(charset)[0] & 0xFF);
            }
        }

        @Override
        public byte[] encode(String text) {
            int n = text.length();
            if (chars.length < n) {
                chars = new char[n];
                kept = new byte[n]; // grown once per input length, then kept: the extra work allocates nothing
            }
            text.getChars(0, n, chars, 0);
            // Every EVERY-th call converts the string a second time, into the kept buffer; the others convert none of it
            // a second time. One call of the same loop either way, so that the jar's constant changes the work and not
            // the shape of the code the JIT compiles.
            into(chars, EVERY > 0 && ++calls % EVERY == 0 ? n : 0, kept);
            byte[] out = new byte[n];
            return into(chars, n, out) ? out : text.getBytes(charset); // a surrogate: the JDK's bytes, one per code point
        }

        /** Converts the first {@code n} chars into {@code out}; false when one was a surrogate. */
        private boolean into(char[] in, int n, byte[] out) {
            int seen = 0;
            for (int i = 0; i < n; i++) {
                int b = encode[in[i]];
                seen |= b;
                out[i] = (byte) b;
            }
            return seen >= 0;
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
