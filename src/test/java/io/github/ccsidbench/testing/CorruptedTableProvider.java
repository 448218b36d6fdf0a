package io.github.ccsidbench.testing;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.convert.AbstractConverter;
import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.ConverterBehaviour;
import io.github.ccsidbench.convert.JdkProvider;
import io.github.ccsidbench.convert.UnsupportedConversionException;

import java.util.Optional;

/**
 * A provider that exists only in the tests: the JDK's converter with ONE corrupted table entry,
 * 'e' (U+0065) written as byte 0x06, consistently in both directions, so that a
 * round trip still succeeds and only the byte-exact check can catch it. Found through
 * ServiceLoader as "corrupt-jdk".
 */
public final class CorruptedTableProvider implements ConverterProvider {

    private final ConverterProvider jdk = new JdkProvider(JdkProvider.Style.STRING);

    @Override
    public String name() {
        return "corrupt-jdk";
    }

    @Override
    public String description() {
        return "TEST ONLY: the JDK with one corrupted table entry for 'e'";
    }

    @Override
    public Optional<String> unsupportedReason(Ccsid ccsid) {
        return ccsid.scheme().singleByte() ? jdk.unsupportedReason(ccsid) : Optional.of("single-byte CCSIDs only");
    }

    @Override
    public Converter open(Ccsid ccsid) {
        unsupportedReason(ccsid).ifPresent(why -> {
            throw new UnsupportedConversionException("corrupt-jdk cannot convert CCSID " + ccsid.number() + ": " + why);
        });
        Converter real = jdk.open(ccsid);
        byte good = real.encode("e")[0];
        byte bad = 0x06; // a control byte in 37 and 367: no printable text encodes to it
        return new AbstractConverter(name(), ccsid) {
            @Override
            public byte[] encode(String text) {
                byte[] bytes = real.encode(text);
                for (int i = 0; i < bytes.length; i++) {
                    if (bytes[i] == good) {
                        bytes[i] = bad;
                    }
                }
                return bytes;
            }

            @Override
            public String decode(byte[] bytes, int offset, int length) {
                byte[] copy = java.util.Arrays.copyOfRange(bytes, offset, offset + length);
                for (int i = 0; i < copy.length; i++) {
                    if (copy[i] == bad) {
                        copy[i] = good;
                    }
                }
                return real.decode(copy, 0, copy.length);
            }
        };
    }

    @Override
    public ConverterBehaviour behaviour(Ccsid ccsid) {
        return jdk.behaviour(ccsid);
    }
}
