package io.github.ccsidbench.convert;

import java.util.OptionalInt;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.SingleByteTable;
import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UProperty;

import java.io.ByteArrayOutputStream;

/**
 * The bytes a correct converter must produce, computed the slow, obvious way from the registry's tables and the
 * provider's {@link BehaviourCatalogue} entry: every benchmark compares its converter with it before measuring
 * (docs/method.md, "How it is kept honest"). Mixed EBCDIC goes to {@link MixedExpectedEncoding}.
 */
public final class ExpectedEncoding {

    /** Encoded bytes and how many characters were substituted, best-fitted or dropped on the way. */
    public record Result(byte[] bytes, int substituted) {
    }

    private ExpectedEncoding() {
    }

    /** The exact bytes a provider with this behaviour writes for {@code text} in {@code ccsid}. */
    public static byte[] encode(Ccsid ccsid, ConverterBehaviour behaviour, String text) {
        return encodeCounting(ccsid, behaviour, text).bytes();
    }

    /**
     * Like {@link #encode}, also counting the characters that did not survive.
     *
     * @throws IllegalArgumentException for an unpaired surrogate where the provider's output is not defined
     * @throws UnsupportedConversionException for a mixed EBCDIC character its converters do not agree on
     */
    public static Result encodeCounting(Ccsid ccsid, ConverterBehaviour behaviour, String text) {
        if (ccsid.scheme().mixed()) {
            return MixedExpectedEncoding.encodeCounting(ccsid, behaviour, text);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length() * 2 + 4);
        byte[] sub = behaviour.substitution();
        SingleByteTable table = ccsid.table(behaviour.lineEnds().orElse(null)).orElse(null);
        int substituted = 0;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1));
            int cp = pair ? Character.toCodePoint(c, text.charAt(i + 1)) : c;
            int units = pair ? 2 : 1;
            i += units;
            if (!pair && Character.isSurrogate(c)) {
                if (!behaviour.substitutesUnpairedSurrogates()) {
                    throw new IllegalArgumentException(String.format(
                            "unpaired surrogate U+%04X at index %d: this provider's output is not defined for it", (int) c, i - 1));
                }
                out.writeBytes(sub);
                substituted++;
                continue;
            }
            switch (ccsid.scheme()) {
                case UTF_8:
                    writeUtf8(out, cp);
                    break;
                case UTF_16:
                    for (char unit : Character.toChars(cp)) {
                        out.write(unit >>> 8);
                        out.write(unit & 0xFF);
                    }
                    break;
                default:
                    int b = pair ? SingleByteTable.UNMAPPED : table.toByte(c);
                    if (b != SingleByteTable.UNMAPPED) {
                        out.write(b);
                        break;
                    }
                    substituted++;
                    OptionalInt fit = pair ? OptionalInt.empty() : behaviour.bestFit(cp);
                    if (fit.isPresent() && table.toByte((char) fit.getAsInt()) != SingleByteTable.UNMAPPED) {
                        out.write(table.toByte((char) fit.getAsInt()));
                    } else if (!dropped(behaviour.ignorables(), cp)) {
                        int times = behaviour.unit() == ConverterBehaviour.Unit.CODE_UNIT ? units : 1;
                        for (int t = 0; t < times; t++) {
                            out.writeBytes(sub);
                        }
                    }
            }
        }
        return new Result(out.toByteArray(), substituted);
    }

    /** The text a provider with this behaviour decodes from {@code bytes} of a single-byte CCSID. */
    public static String decodeSingleByte(Ccsid ccsid, ConverterBehaviour behaviour, byte[] bytes) {
        SingleByteTable table = ccsid.table(behaviour.lineEnds().orElse(null))
                .orElseThrow(() -> new IllegalArgumentException(ccsid + " is not a single-byte CCSID"));
        StringBuilder sb = new StringBuilder(bytes.length);
        for (byte b : bytes) {
            int cp = table.toUnicode(b);
            sb.append(cp == SingleByteTable.UNMAPPED ? behaviour.decodeSubstitution() : (char) cp);
        }
        return sb.toString();
    }

    private static boolean dropped(ConverterBehaviour.Ignorables ignorables, int cp) {
        if (ignorables == ConverterBehaviour.Ignorables.SUBSTITUTE
                || !UCharacter.hasBinaryProperty(cp, UProperty.DEFAULT_IGNORABLE_CODE_POINT)) {
            return false;
        }
        return ignorables == ConverterBehaviour.Ignorables.DROP || Character.isSupplementaryCodePoint(cp);
    }

    private static void writeUtf8(ByteArrayOutputStream out, int cp) {
        if (cp < 0x80) {
            out.write(cp);
        } else if (cp < 0x800) {
            out.write(0xC0 | cp >>> 6);
            out.write(0x80 | cp & 0x3F);
        } else if (cp < 0x10000) {
            out.write(0xE0 | cp >>> 12);
            out.write(0x80 | cp >>> 6 & 0x3F);
            out.write(0x80 | cp & 0x3F);
        } else {
            out.write(0xF0 | cp >>> 18);
            out.write(0x80 | cp >>> 12 & 0x3F);
            out.write(0x80 | cp >>> 6 & 0x3F);
            out.write(0x80 | cp & 0x3F);
        }
    }
}
