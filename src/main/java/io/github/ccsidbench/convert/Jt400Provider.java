package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.EncodingScheme;
import io.github.ccsidbench.ccsid.LineEnds;
import com.ibm.as400.access.CharConverter;

import java.io.UnsupportedEncodingException;

/**
 * JTOpen (IBM Toolbox for Java) {@link CharConverter}: IBM's own tables, no IBM i connection
 * needed. Measured as the library is; its quirks with ill-formed input are documented in
 * {@link #behaviour}, not hidden.
 */
public final class Jt400Provider implements ConverterProvider {

    @Override
    public String name() {
        return "jt400";
    }

    @Override
    public String description() {
        return "JTOpen CharConverter.stringToByteArray / byteArrayToString";
    }


    @Override
    public Converter open(Ccsid ccsid) {
        return new Jt400Converter(name(), ccsid, newCharConverter(ccsid));
    }

    private static CharConverter newCharConverter(Ccsid ccsid) {
        try {
            return new CharConverter(ccsid.jt400Ccsid());
        } catch (UnsupportedEncodingException e) {
            throw new UnsupportedConversionException("JTOpen has no table for CCSID " + ccsid.label()
                    + (ccsid.number() == 1390 ? "; provider icu has it" : ""));
        }
    }

    @Override
    public ConverterBehaviour behaviour(Ccsid ccsid) {
        ConverterBehaviour.Builder b = ConverterBehaviour.substituting(ccsid.substitution()).unit(ConverterBehaviour.Unit.CODE_UNIT);
        if (ccsid.scheme() == EncodingScheme.EBCDIC_SBCS) {
            b.lineEnds(LineEnds.CDRA)
                    .note("Writes two substitution bytes for a supplementary character (one per UTF-16 unit).")
                    .note(ccsid.number() == 1047 || ccsid.number() == 1140
                            ? "Best-fit mappings: fullwidth U+FF01..U+FF5E become their ASCII look-alikes, U+203E becomes "
                                    + byteOf(ccsid, 0xAF) + " (U+00AF)."
                            : "Best-fit mappings: U+0110 becomes " + byteOf(ccsid, 0xD0) + " (U+00D0), U+203E becomes "
                                    + byteOf(ccsid, 0xAF) + " (U+00AF).");
        } else if (ccsid.scheme() == EncodingScheme.EBCDIC_MIXED) {
            b = ConverterBehaviour.substituting(ccsid.substitution()).lineEnds(LineEnds.CDRA)
                    .note("Writes 0x3F for every character it cannot hold, a supplementary one included, and decodes"
                            + " 0x3F as U+001A.")
                    .note("Writes U+000E and U+000F as the bytes 0x0E and 0x0F, which are shift-out and shift-in:"
                            + " the text after them is misread.")
                    .note(ccsid.number() == 937
                            ? "Its single-byte half is CCSID 37's whole Latin-1 table, not 28709's: 94 more bytes decode."
                            : "Maps many characters IBM's table for the CCSID lacks (user-defined areas to the Private"
                            + " Use Area, newer kanji and symbols): see fidelity.MixedDifferences.");
        } else if (ccsid.scheme() == EncodingScheme.ASCII_SBCS) {
            b.decodeSubstitution('\u001A')
                    .note("Writes two substitution bytes for a supplementary character; bytes 0x80..0xFF decode to U+001A.");
        } else if (ccsid.scheme() == EncodingScheme.UTF_8) {
            b.unpairedSurrogatesUnsupported("Does not check for unpaired surrogates: a lone high surrogate is paired with"
                            + " the next character (A U+D83D B becomes F0 91 A1 82), a lone low surrogate is written as"
                            + " 3 bytes ED xx xx, and a high surrogate at the end throws ArrayIndexOutOfBoundsException.")
                    .note("Does not validate UTF-8 on decode: malformed bytes become wrong characters, not U+FFFD.");
        } else {
            b.unpairedSurrogatesUnsupported("Copies unpaired surrogates through unchanged, writing ill-formed UTF-16.")
                    .note("Drops an odd trailing byte on decode.");
        }
        return b.build();
    }

    /** "0xBC": the byte of {@code cp} in the CCSID's table (the macron is 0xBC in most EBCDIC CCSIDs, 0xA1 in 285). */
    private static String byteOf(Ccsid ccsid, int cp) {
        return String.format("0x%02X", ccsid.table().orElseThrow().toByte((char) cp));
    }

    /** Wraps the library's own exceptions so that a failure is one clear line, not a stack trace. */
    private static final class Jt400Converter extends AbstractConverter {
        private final CharConverter converter;

        Jt400Converter(String provider, Ccsid ccsid, CharConverter converter) {
            super(provider, ccsid);
            this.converter = converter;
        }

        @Override
        public byte[] encode(String text) {
            try {
                return converter.stringToByteArray(text);
            } catch (RuntimeException e) {
                throw new ConversionException(this + " failed to encode " + text.length() + " characters: " + e, e);
            }
        }

        @Override
        public String decode(byte[] bytes, int offset, int length) {
            try {
                return converter.byteArrayToString(bytes, offset, length);
            } catch (RuntimeException e) {
                throw new ConversionException(this + " failed to decode " + length + " bytes: " + e, e);
            }
        }
    }
}
