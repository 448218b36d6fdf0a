package io.github.ccsidbench.convert;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.MixedEbcdic;
import io.github.ccsidbench.ccsid.MixedEbcdicTable;

import java.io.ByteArrayOutputStream;

/**
 * The oracle for mixed EBCDIC: the bytes a correct converter writes for a string in 930, 939, 1390, 1399, 933, 935
 * or 937, computed the slow, obvious way. Per character, its single byte or its double-byte code from the agreed
 * table ({@link MixedEbcdicTable}); shift-out 0x0E before the first double-byte character after single-byte ones
 * (or at the start), shift-in 0x0F before the first single-byte character after double-byte ones, and a final
 * shift-in when the string ends in double-byte mode. It exists so that mixed EBCDIC benchmarks verify their
 * converter in {@code @Setup} as the single-byte ones do: the stateful part (where the shifts go, what a run looks
 * like, how a string ends) is computed here, independently of any converter.
 *
 * <p>Where the tables come from: the characters on which every library that converts the CCSID (the JDK, ICU4J,
 * JTOpen) agrees, each written alone between single-byte characters and read back
 * ({@code fidelity.MixedAgreement}, re-derived from the libraries by its test on every build). A character outside
 * that table is one the libraries disagree on or cannot hold: the oracle refuses it (throws
 * {@link UnsupportedConversionException}), so a workload claims losslessness only for characters in the table, and a
 * converter that writes a measured character differently from the agreed bytes fails set-up. Substitution is not
 * modelled for mixed EBCDIC (the libraries substitute differently and with different shift states, see
 * {@link ConverterBehaviour} and {@code fidelity.MixedDifferences}), so no mixed CCSID reaches {@code SubstitutionBenchmark};
 * within the agreed table no provider substitutes. The one catalogued quirk on agreed characters is stateful and so
 * modelled here: a provider that writes a character wrongly when it ends the string
 * ({@link ConverterBehaviour#writesWrongAtEnd}) gets the double-byte substitution there, in the shift state the string
 * is in, with no shift of its own.
 */
public final class MixedExpectedEncoding {

    private MixedExpectedEncoding() {
    }

    /**
     * The bytes of {@code text} in mixed EBCDIC CCSID {@code ccsid}.
     *
     * @throws UnsupportedConversionException when {@code text} holds a character outside the agreed table
     */
    public static byte[] encode(Ccsid ccsid, String text) {
        return encodeCounting(ccsid, null, text).bytes();
    }

    /**
     * The bytes of {@code text} in {@code ccsid} as a provider with {@code behaviour} writes them (null: a correct
     * converter), and how many characters its catalogued quirks replaced.
     *
     * @throws UnsupportedConversionException when {@code text} holds a character outside the agreed table
     */
    public static ExpectedEncoding.Result encodeCounting(Ccsid ccsid, ConverterBehaviour behaviour, String text) {
        MixedEbcdicTable table = table(ccsid);
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length() * 3 + 2);
        boolean doubleByte = false;
        int replaced = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int entry = table.entry(c);
            if (entry == MixedEbcdicTable.UNMAPPED || Character.isSurrogate(c)) {
                throw new UnsupportedConversionException(String.format(
                        "U+%04X at index %d is not among the characters on which the converters of CCSID %d agree; "
                                + "there is no expected encoding for it (see fidelity.MixedDifferences)", (int) c, i, ccsid.number()));
            }
            if (i == text.length() - 1 && behaviour != null && behaviour.writesWrongAtEnd(c)) {
                out.writeBytes(ccsid.mixed().orElseThrow().doubleByteSubstitution());
                replaced++;
                continue;
            }
            if (MixedEbcdicTable.isDoubleByte(entry)) {
                if (!doubleByte) {
                    out.write(MixedEbcdic.SHIFT_OUT);
                    doubleByte = true;
                }
                out.write(entry >>> 8 & 0xFF);
                out.write(entry & 0xFF);
            } else {
                if (doubleByte) {
                    out.write(MixedEbcdic.SHIFT_IN);
                    doubleByte = false;
                }
                out.write(entry);
            }
        }
        if (doubleByte) {
            out.write(MixedEbcdic.SHIFT_IN);
        }
        return new ExpectedEncoding.Result(out.toByteArray(), replaced);
    }

    /**
     * The text a provider with {@code behaviour} reads from {@code bytes} of {@code ccsid}, where every code is one of
     * the agreed table's or unmapped: shift-out and shift-in switch the state, an agreed single byte or double-byte
     * code is its character; any other single byte is U+001A, as IBM's tables map the single-byte substitution (ICU4J
     * and JTOpen alike), and any other double-byte code the provider's {@link ConverterBehaviour#decodeSubstitution()}.
     * It proves decode on bytes the oracle wrote.
     */
    public static String decode(Ccsid ccsid, ConverterBehaviour behaviour, byte[] bytes) {
        int[] reverse = reverse(ccsid);
        StringBuilder sb = new StringBuilder(bytes.length);
        boolean doubleByte = false;
        for (int i = 0; i < bytes.length; i++) {
            int b = bytes[i] & 0xFF;
            if (b == MixedEbcdic.SHIFT_OUT || b == MixedEbcdic.SHIFT_IN) {
                doubleByte = b == MixedEbcdic.SHIFT_OUT;
                continue;
            }
            int key = b;
            if (doubleByte && i + 1 < bytes.length) {
                key = MixedEbcdicTable.DOUBLE_BYTE | b << 8 | bytes[++i] & 0xFF;
            }
            int cp = reverse[key];
            sb.append(cp >= 0 ? (char) cp : key < MixedEbcdicTable.DOUBLE_BYTE ? '\u001A' : behaviour.decodeSubstitution());
        }
        return sb.toString();
    }

    private static final Map<Integer, int[]> REVERSE = new ConcurrentHashMap<>();

    /** From a byte, or {@code DOUBLE_BYTE | code}, to its agreed character; -1 where none. */
    private static int[] reverse(Ccsid ccsid) {
        return REVERSE.computeIfAbsent(ccsid.number(), n -> {
            int[] entries = table(ccsid).entries();
            int[] reverse = new int[MixedEbcdicTable.DOUBLE_BYTE << 1];
            Arrays.fill(reverse, -1);
            for (int cp = 0; cp < entries.length; cp++) {
                if (entries[cp] != MixedEbcdicTable.UNMAPPED) {
                    reverse[entries[cp]] = cp;
                }
            }
            return reverse;
        });
    }

    /** True when every character of {@code text} is in the agreed table of {@code ccsid}. */
    public static boolean covers(Ccsid ccsid, CharSequence text) {
        return table(ccsid).containsAll(text);
    }

    /** How many times {@code text} switches between single-byte and double-byte characters in {@code ccsid}. */
    public static int switches(Ccsid ccsid, String text) {
        MixedEbcdicTable table = table(ccsid);
        int switches = 0;
        boolean doubleByte = false;
        for (int i = 0; i < text.length(); i++) {
            boolean d = MixedEbcdicTable.isDoubleByte(table.entry(text.charAt(i)));
            if (i > 0 && d != doubleByte) {
                switches++;
            }
            doubleByte = d;
        }
        return switches;
    }

    private static MixedEbcdicTable table(Ccsid ccsid) {
        if (!ccsid.scheme().mixed()) {
            throw new IllegalArgumentException(ccsid + " is not a mixed EBCDIC CCSID");
        }
        return MixedEbcdicTable.of(ccsid.number());
    }
}
