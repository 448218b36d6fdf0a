package io.github.ccsidbench.convert;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.MixedEbcdic;
import io.github.ccsidbench.ccsid.MixedEbcdicTable;

import java.io.ByteArrayOutputStream;

/**
 * The oracle for mixed EBCDIC (930, 939, 1390, 1399, 933, 935, 937): the bytes a correct converter writes, computed the
 * slow, obvious way from the agreed table ({@link MixedEbcdicTable}), with the shifts placed here independently of any
 * converter, so that mixed benchmarks verify their converter in {@code @Setup}. A character outside the table is
 * refused ({@link UnsupportedConversionException}): a library's substitution is not modelled, but a character a provider
 * writes wrongly at a string's end ({@link ConverterBehaviour#writesWrongAtEnd}) is, and so is Db2's enforced subset
 * ({@link #encodeEnforcedSubset}). See docs/fidelity.md, "The oracle and what is measured".
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
        return encode(ccsid, behaviour, text, false);
    }

    /**
     * The bytes Db2's enforced subset stores for {@code text} in {@code ccsid}: the agreed table's for the characters on
     * it, the double-byte substitution (between shift-out and shift-in) for each other character, a supplementary one
     * once, counted. For a character some library maps, Db2's own table may map it too: the count is an upper bound
     * (docs/your-data.md, "What is measured").
     */
    public static ExpectedEncoding.Result encodeEnforcedSubset(Ccsid ccsid, String text) {
        return encode(ccsid, null, text, true);
    }

    private static ExpectedEncoding.Result encode(Ccsid ccsid, ConverterBehaviour behaviour, String text, boolean enforcedSubset) {
        MixedEbcdicTable table = table(ccsid);
        byte[] sub = ccsid.mixed().orElseThrow().doubleByteSubstitution();
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length() * 3 + 2);
        boolean doubleByte = false;
        int replaced = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int entry = table.entry(c);
            if ((entry == MixedEbcdicTable.UNMAPPED || Character.isSurrogate(c)) && enforcedSubset) {
                if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++; // one character, one substitution
                }
                entry = MixedEbcdicTable.DOUBLE_BYTE | (sub[0] & 0xFF) << 8 | sub[1] & 0xFF;
                replaced++;
            } else if (entry == MixedEbcdicTable.UNMAPPED || Character.isSurrogate(c)) {
                throw new UnsupportedConversionException(String.format(
                        "U+%04X at index %d is not among the characters on which the converters of CCSID %d agree; "
                                + "there is no expected encoding for it (see fidelity.MixedDifferences)", (int) c, i, ccsid.number()));
            }
            if (i == text.length() - 1 && behaviour != null && behaviour.writesWrongAtEnd(c)) {
                out.writeBytes(sub);
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
     * The text a provider with {@code behaviour} reads from {@code bytes} of {@code ccsid} (codes agreed or unmapped):
     * an unmapped single byte is U+001A, as IBM's tables map it, an unmapped double-byte code the provider's
     * {@link ConverterBehaviour#decodeSubstitution()}. It proves decode on bytes the oracle wrote.
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
