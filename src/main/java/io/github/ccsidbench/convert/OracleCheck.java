package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.MixedEbcdic;
import io.github.ccsidbench.ccsid.MixedEbcdicTable;
import io.github.ccsidbench.ccsid.SingleByteTable;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Holds one converter to the oracle on one value ({@link ExpectedEncoding} under its {@link BehaviourCatalogue}
 * entry), for the benchmarks' set-up proof and a run's check before forking. A difference names where it starts and
 * the character responsible, never the value, and whether the catalogue covers that character: covered, a wrong
 * converter; uncovered, a behaviour to catalogue (docs/your-data.md, "What is measured").
 */
public final class OracleCheck {

    /**
     * Where a converter's output first differs from the oracle's.
     *
     * @param what "encode is wrong at byte 5 of 9: got 0xAC, expected 0x3F", or the decode equivalent
     * @param codePoint the character whose conversion differs (-1 where it cannot be told)
     * @param covered true when the CCSID's table maps the character or the catalogue names it
     */
    public record Difference(String what, int codePoint, boolean covered) {

        /** The message, with the character responsible named by code point. */
        public String describe() {
            return codePoint < 0 ? what : what + String.format(Locale.ROOT, " (at U+%04X)", codePoint);
        }
    }

    /** The converter's bytes for a value, and the first difference from the oracle, if any. */
    public record Checked(byte[] bytes, Optional<Difference> difference) {
    }

    private OracleCheck() {
    }

    /** Encodes {@code value}, decodes the result, and compares both with the oracle. */
    public static Checked check(Converter converter, ConverterBehaviour behaviour, String value) {
        Ccsid ccsid = converter.ccsid();
        ExpectedEncoding.Result expected = ExpectedEncoding.encodeCounting(ccsid, behaviour, value);
        byte[] actual = converter.encode(value);
        Optional<String> bytes = compareBytes(expected.bytes(), actual);
        if (bytes.isPresent()) {
            int cp = culprit(ccsid, behaviour, value, actual);
            return new Checked(actual, Optional.of(new Difference(bytes.get(), cp, cp < 0 || covered(ccsid, behaviour, cp))));
        }
        String back = converter.decode(actual, 0, actual.length);
        Optional<String> text = compareText(expectedText(ccsid, behaviour, value, expected), back);
        return new Checked(actual, text.map(t -> new Difference(t, -1, true)));
    }

    /** What decoding the oracle's bytes must give: the value itself where nothing was replaced. */
    private static String expectedText(Ccsid ccsid, ConverterBehaviour behaviour, String value, ExpectedEncoding.Result expected) {
        if (ccsid.scheme().singleByte()) {
            return ExpectedEncoding.decodeSingleByte(ccsid, behaviour, expected.bytes());
        }
        if (ccsid.scheme().mixed() && expected.substituted() > 0) {
            return MixedExpectedEncoding.decode(ccsid, behaviour, expected.bytes());
        }
        return value;
    }

    /** "encode is wrong at byte 5 of 9: got 0xAC, expected 0x3F", or empty when the bytes are the expected ones. */
    public static Optional<String> compareBytes(byte[] expected, byte[] actual) {
        if (Arrays.equals(expected, actual)) {
            return Optional.empty();
        }
        int i = Arrays.mismatch(expected, actual);
        String got = i < actual.length ? String.format(Locale.ROOT, "0x%02X", actual[i] & 0xFF) : "end of output";
        String want = i < expected.length ? String.format(Locale.ROOT, "0x%02X", expected[i] & 0xFF) : "end of output";
        return Optional.of("encode is wrong at byte " + i + " of " + expected.length + ": got " + got + ", expected " + want);
    }

    /** "decode does not give the text back at index 3: got U+0041, expected U+00E9", or empty when it does. */
    public static Optional<String> compareText(String text, String back) {
        if (text.equals(back)) {
            return Optional.empty();
        }
        int i = 0;
        while (i < Math.min(text.length(), back.length()) && text.charAt(i) == back.charAt(i)) {
            i++;
        }
        String got = i < back.length() ? String.format(Locale.ROOT, "U+%04X", (int) back.charAt(i)) : "end of text";
        String want = i < text.length() ? String.format(Locale.ROOT, "U+%04X", (int) text.charAt(i)) : "end of text";
        return Optional.of("decode does not give the text back at index " + i + ": got " + got + ", expected " + want);
    }

    /** The code point whose bytes first differ, found by bisection over the value's prefixes. */
    private static int culprit(Ccsid ccsid, ConverterBehaviour behaviour, String value, byte[] actual) {
        int[] ends = value.codePoints().map(Character::charCount).toArray();
        for (int k = 1; k < ends.length; k++) {
            ends[k] += ends[k - 1];
        }
        int lo = 0;
        int hi = ends.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (matches(ccsid, behaviour, value.substring(0, ends[mid]), actual, ends[mid] == value.length())) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo < ends.length ? value.codePointBefore(ends[lo]) : -1;
    }

    private static boolean matches(Ccsid ccsid, ConverterBehaviour behaviour, String prefix, byte[] actual, boolean whole) {
        byte[] bytes;
        try {
            // A prefix is not the end of the string: the end-of-string quirk applies to the whole value only.
            bytes = ExpectedEncoding.encode(ccsid, whole ? behaviour : withoutEndQuirk(behaviour), prefix);
        } catch (RuntimeException e) {
            return false;
        }
        int n = bytes.length;
        if (ccsid.scheme().mixed() && n > 0 && bytes[n - 1] == MixedEbcdic.SHIFT_IN) {
            n--;
        }
        return n <= actual.length && Arrays.equals(bytes, 0, n, actual, 0, n);
    }

    private static ConverterBehaviour withoutEndQuirk(ConverterBehaviour behaviour) {
        return behaviour.wrongAtEnd().isEmpty() ? behaviour : behaviour.withoutWrongAtEnd();
    }

    /** True when the CCSID's table (or agreed mixed table) maps {@code cp}, or the catalogue names it for this provider. */
    static boolean covered(Ccsid ccsid, ConverterBehaviour behaviour, int cp) {
        if (behaviour.bestFit(cp).isPresent() || behaviour.writesWrongAtEnd(cp)) {
            return true;
        }
        switch (ccsid.scheme()) {
            case UTF_8:
            case UTF_16:
                return true;
            case EBCDIC_MIXED:
                return MixedEbcdicTable.of(ccsid.number()).contains(cp);
            default:
                SingleByteTable table = ccsid.table(behaviour.lineEnds().orElse(null)).orElse(null);
                return table != null && !Character.isSupplementaryCodePoint(cp) && table.toByte((char) cp) != SingleByteTable.UNMAPPED;
        }
    }
}
