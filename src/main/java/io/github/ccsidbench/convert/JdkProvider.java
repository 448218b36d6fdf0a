package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.EncodingScheme;
import io.github.ccsidbench.ccsid.LineEnds;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Set;

/**
 * The JDK's own charsets ({@code java.base}, and {@code jdk.charsets} for EBCDIC), used three ways:
 * through the String API ({@code jdk}), through one reused coder ({@code jdk-coder}), and through
 * reader/writer streams ({@code jdk-stream}). A charset that another provider on the class path
 * supplies under the JDK's name is refused, so "jdk" always measures the JDK.
 */
public final class JdkProvider implements ConverterProvider {

    /** The three ways of calling the JDK's charsets. */
    public enum Style {
        STRING("jdk", "String.getBytes(Charset) / new String(byte[], Charset)"),
        CODER("jdk-coder", "one reused CharsetEncoder/CharsetDecoder into preallocated buffers"),
        STREAM("jdk-stream", "a new OutputStreamWriter/InputStreamReader per call over in-memory streams");

        private final String providerName;
        private final String description;

        Style(String providerName, String description) {
            this.providerName = providerName;
            this.description = description;
        }
    }

    private static final Set<String> JDK_MODULES = Set.of("java.base", "jdk.charsets");

    private final Style style;

    public JdkProvider(Style style) {
        this.style = style;
    }

    @Override
    public String name() {
        return style.providerName;
    }

    @Override
    public String description() {
        return "JDK " + style.description;
    }


    @Override
    public Converter open(Ccsid ccsid) {
        Charset charset = charset(ccsid);
        switch (style) {
            case STRING:
                return new StringApiConverter(name(), ccsid, charset);
            case CODER:
                return new ReusedCoderConverter(name(), ccsid, charset);
            case STREAM:
                return new StreamConverter(name(), ccsid, charset);
            default:
                throw new AssertionError(style);
        }
    }

    /** The JDK's charset for {@code ccsid}, never one from another provider. */
    static Charset charset(Ccsid ccsid) {
        String name = ccsid.jdkName().orElseThrow(() -> new UnsupportedConversionException("the JDK has no charset for CCSID "
                + ccsid.label() + ": OpenJDK 17 and 25 have none for 1390 or 1399; provider icu has it"));
        Charset charset;
        try {
            charset = Charset.forName(name);
        } catch (UnsupportedCharsetException | IllegalCharsetNameException e) {
            throw new UnsupportedConversionException("this JDK (" + System.getProperty("java.version")
                    + ") has no charset " + name + " for CCSID " + ccsid.number()
                    + (ccsid.scheme() == EncodingScheme.EBCDIC_SBCS || ccsid.scheme().mixed()
                    ? " (is the module jdk.charsets missing?)" : ""));
        }
        String module = charset.getClass().getModule().getName();
        if (!JDK_MODULES.contains(module)) {
            throw new UnsupportedConversionException("Charset.forName(\"" + name + "\") returned "
                    + charset.getClass().getName() + ", not a JDK charset");
        }
        return charset;
    }

    /**
     * How the JDK's charset for an EBCDIC CCSID maps the line ends: IBM1047 swaps them, the IBM037
     * family maps both bytes to LF, and so do x-IBM930, 939, 935 and 937, while x-IBM933 follows IBM's
     * CDRA (read off JDK 17 and 25 alike; asserted in the tests); null for the other schemes.
     */
    public static LineEnds lineEnds(Ccsid ccsid) {
        if (ccsid.scheme() == EncodingScheme.EBCDIC_MIXED) {
            return ccsid.number() == 933 ? LineEnds.CDRA : LineEnds.JDK_BOTH_LF;
        }
        if (ccsid.scheme() != EncodingScheme.EBCDIC_SBCS) {
            return null;
        }
        return ccsid.number() == 1047 ? LineEnds.SWAPLFNL : LineEnds.JDK_BOTH_LF;
    }

    @Override
    public ConverterBehaviour behaviour(Ccsid ccsid) {
        switch (ccsid.scheme()) {
            case EBCDIC_SBCS:
                if (lineEnds(ccsid) == LineEnds.SWAPLFNL) {
                    return ConverterBehaviour.substituting(ccsid.substitution()).lineEnds(LineEnds.SWAPLFNL)
                            .note("IBM1047 swaps the line ends: 0x15 is U+000A, 0x25 is U+0085 (ICU and JTOpen: the reverse).")
                            .build();
                }
                return ConverterBehaviour.substituting(ccsid.substitution()).lineEnds(LineEnds.JDK_BOTH_LF)
                        .note(ccsid.jdkName().orElseThrow() + " decodes both 0x15 and 0x25 to U+000A and encodes U+0085 as 0x15:"
                                + " byte 0x25 and U+0085 do not survive a round trip (OpenJDK bug 8186803).")
                        .build();
            case EBCDIC_MIXED:
                return mixedBehaviour(ccsid);
            case ASCII_SBCS:
                return ConverterBehaviour.substituting((byte) '?')
                        .note("Writes '?' (0x3F) for an unmappable character, not the CDRA substitution 0x1A,"
                                + " so lost data looks like a real question mark.")
                        .build();
            case UTF_8:
                return ConverterBehaviour.substituting((byte) '?')
                        .note("Writes '?' (0x3F) for an unpaired surrogate; malformed input decodes to U+FFFD.")
                        .build();
            case UTF_16:
                return ConverterBehaviour.substituting(ccsid.substitution())
                        .note("Writes U+FFFD for an unpaired surrogate.")
                        .build();
            default:
                throw new AssertionError(ccsid.scheme());
        }
    }

    /** Read off x-IBM930, 933, 935, 937 and 939 on JDK 17 and 25 alike (asserted in {@code MixedEbcdicTest}). */
    private static ConverterBehaviour mixedBehaviour(Ccsid ccsid) {
        LineEnds lineEnds = lineEnds(ccsid);
        ConverterBehaviour.Builder b = ConverterBehaviour.substituting(EBCDIC_QUESTION_MARK).lineEnds(lineEnds)
                .note("Writes 0x6F, the EBCDIC question mark, for every character it cannot hold (a supplementary one"
                        + " included), not the CCSID's substitution 0x3F or 0xFEFE: lost data looks like a real '?'.");
        if (lineEnds == LineEnds.JDK_BOTH_LF) {
            b.note(ccsid.jdkName().orElseThrow() + " decodes both 0x15 and 0x25 to U+000A and encodes U+0085 as 0x15.");
        }
        return b.build();
    }

    /** '?' in every EBCDIC code page, and the JDK's replacement in its mixed EBCDIC charsets. */
    private static final byte EBCDIC_QUESTION_MARK = 0x6F;
}
