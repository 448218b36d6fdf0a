package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;
import com.ibm.as400.access.CharConverter;

import java.io.UnsupportedEncodingException;

/**
 * JTOpen's (IBM Toolbox for Java) {@link CharConverter}: IBM's own tables, no IBM i connection needed, measured as
 * the library is (its quirks in {@link #behaviour}).
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
        return BehaviourCatalogue.jt400(ccsid);
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
