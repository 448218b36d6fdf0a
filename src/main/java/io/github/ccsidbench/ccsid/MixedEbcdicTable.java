package io.github.ccsidbench.ccsid;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

/**
 * The characters of a mixed EBCDIC CCSID its converters agree on, and their bytes, from {@code fidelity.MixedAgreement}'s
 * resources {@code mixed-NNN.txt}: '#' comments, then runs "UUUU CCCC N" in hex (CCCC of two digits a single byte, of
 * four a double-byte code). See docs/fidelity.md, "The oracle and what is measured".
 */
public final class MixedEbcdicTable {

    /** No agreed mapping. */
    public static final int UNMAPPED = -1;
    /** Marks a double-byte code in a table entry: {@code DOUBLE_BYTE | 0x43A1}. */
    public static final int DOUBLE_BYTE = 0x10000;

    private static final ConcurrentHashMap<Integer, MixedEbcdicTable> LOADED = new ConcurrentHashMap<>();

    private final int ccsid;
    private final int[] entries;

    private MixedEbcdicTable(int ccsid, int[] entries) {
        this.ccsid = ccsid;
        this.entries = entries;
    }

    /** The agreed table of mixed EBCDIC CCSID {@code number}, read once from its resource. */
    public static MixedEbcdicTable of(int number) {
        return LOADED.computeIfAbsent(number, n -> new MixedEbcdicTable(n, parse(read(resourceName(n)))));
    }

    /** The CCSID number. */
    public int ccsid() {
        return ccsid;
    }

    /** The entry for {@code cp}: {@link #UNMAPPED}, a single byte 0..0xFF, or {@link #DOUBLE_BYTE} | code. */
    public int entry(int cp) {
        return cp >= 0 && cp < entries.length ? entries[cp] : UNMAPPED;
    }

    /** True when the converters agree on {@code cp}. */
    public boolean contains(int cp) {
        return entry(cp) != UNMAPPED;
    }

    /** True when every code point of {@code text} is in the table. */
    public boolean containsAll(CharSequence text) {
        return text.codePoints().allMatch(this::contains);
    }

    /** How many characters the table holds. */
    public int size() {
        return (int) Arrays.stream(entries).filter(e -> e != UNMAPPED).count();
    }

    /** The characters the table holds, ascending. */
    public IntStream codePoints() {
        return IntStream.range(0, entries.length).filter(this::contains);
    }

    /** A copy of the 65,536 entries. */
    public int[] entries() {
        return entries.clone();
    }

    /** True when a table entry is a double-byte code. */
    public static boolean isDoubleByte(int entry) {
        return entry != UNMAPPED && (entry & DOUBLE_BYTE) != 0;
    }

    /** "mixed-930.txt". */
    public static String resourceName(int number) {
        return "mixed-" + number + ".txt";
    }

    /** The resource text of a table (see the class comment). */
    public static String format(int number, int[] entries) {
        StringBuilder sb = new StringBuilder();
        sb.append("# CCSID ").append(number).append(": the characters on which every library that converts it agrees,\n")
                .append("# written by io.github.ccsidbench.fidelity.MixedAgreement; do not edit.\n")
                .append("# Each line: first code point, first code (2 hex digits: single byte, 4: double byte), run length.\n");
        int cp = 0;
        while (cp < entries.length) {
            int e = entries[cp];
            if (e == UNMAPPED) {
                cp++;
                continue;
            }
            int n = 1;
            while (cp + n < entries.length && entries[cp + n] == e + n && isDoubleByte(e + n) == isDoubleByte(e)
                    && (isDoubleByte(e) || e + n <= 0xFF)) {
                n++;
            }
            sb.append(String.format(Locale.ROOT, isDoubleByte(e) ? "%04X %04X %X%n" : "%04X %02X %X%n", cp,
                    e & 0xFFFF, n));
            cp += n;
        }
        return sb.toString();
    }

    static int[] parse(String text) {
        int[] entries = new int[0x10000];
        Arrays.fill(entries, UNMAPPED);
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.trim().split(" ");
            int cp = Integer.parseInt(parts[0], 16);
            int code = Integer.parseInt(parts[1], 16) | (parts[1].length() == 4 ? DOUBLE_BYTE : 0);
            int n = Integer.parseInt(parts[2], 16);
            for (int i = 0; i < n; i++) {
                entries[cp + i] = code + i;
            }
        }
        return entries;
    }

    private static String read(String resource) {
        try (InputStream in = MixedEbcdicTable.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing table resource " + resource
                        + " (written by io.github.ccsidbench.fidelity.MixedAgreement)");
            }
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
