package io.github.ccsidbench.fidelity;

import java.util.Arrays;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A text's code points ({@link String#codePointAt}) counted as it streams by, with their first occurrences (index, line,
 * column), in memory that grows with the distinct code points, never the length; a line ends at U+000A.
 */
public final class TextCensus {

    /** Where one occurrence of a code point stands. */
    public record Occurrence(long index, long line, long column) {
    }

    private final int keep;
    private final long[] bmpCounts = new long[0x10000];
    /** Occurrences kept per BMP code point, as (index, line, column) triples, grown as needed; null until the first. */
    private final long[][] bmpFirst = new long[0x10000][];
    /** How many occurrences of each BMP code point are kept so far (at most {@code keep}). */
    private final int[] bmpKept = new int[0x10000];
    private final Map<Integer, long[]> supplementaryCounts = new HashMap<>();
    private final Map<Integer, long[]> supplementaryFirst = new HashMap<>();
    private long characters;
    private long index;
    private long line = 1;
    private long column = 1;
    /** A high surrogate at the end of the last chunk, waiting for the low one that may start the next. */
    private int pendingHigh = -1;

    /** A census that keeps the first {@code keep} occurrences of each code point. */
    public TextCensus(int keep) {
        if (keep < 0) {
            throw new IllegalArgumentException("keep must not be negative");
        }
        this.keep = keep;
    }

    /** The census of a whole text. */
    public static TextCensus of(CharSequence text, int keep) {
        TextCensus c = new TextCensus(keep);
        c.accept(text);
        c.finish();
        return c;
    }

    /** Takes the next characters of the text. */
    public void accept(CharSequence s) {
        char[] chunk = new char[Math.min(s.length(), 1 << 16)];
        for (int from = 0; from < s.length(); from += chunk.length) {
            int n = Math.min(chunk.length, s.length() - from);
            for (int i = 0; i < n; i++) {
                chunk[i] = s.charAt(from + i);
            }
            accept(chunk, 0, n);
        }
    }

    /** Takes the next {@code len} characters of the text from {@code buf}. */
    public void accept(char[] buf, int off, int len) {
        int end = off + len;
        int i = off;
        if (pendingHigh >= 0 && i < end) {
            char c = buf[i];
            int high = pendingHigh;
            pendingHigh = -1;
            if (Character.isLowSurrogate(c)) {
                count(Character.toCodePoint((char) high, c), 2);
                i++;
            } else {
                count(high, 1);
            }
        }
        for (; i < end; i++) {
            char c = buf[i];
            if (!Character.isSurrogate(c)) {
                // the common case, inline: one array increment per character
                bmpCounts[c]++;
                if (bmpKept[c] < keep) {
                    keepBmp(c);
                }
                characters++;
                index++;
                if (c == '\n') {
                    line++;
                    column = 1;
                } else {
                    column++;
                }
            } else if (Character.isHighSurrogate(c)) {
                if (i + 1 < end) {
                    if (Character.isLowSurrogate(buf[i + 1])) {
                        count(Character.toCodePoint(c, buf[i + 1]), 2);
                        i++;
                    } else {
                        count(c, 1);
                    }
                } else {
                    pendingHigh = c;
                }
            } else {
                count(c, 1);
            }
        }
    }

    /** Ends the text: a high surrogate left at the very end counts as itself. */
    public void finish() {
        if (pendingHigh >= 0) {
            int high = pendingHigh;
            pendingHigh = -1;
            count(high, 1);
        }
    }

    private void keepBmp(char c) {
        int n = bmpKept[c];
        if (n >= keep) {
            return;
        }
        bmpFirst[c] = record(bmpFirst[c], n);
        bmpKept[c] = n + 1;
    }

    /** {@code kept} (grown when full) with this occurrence as its {@code n}th triple. */
    private long[] record(long[] kept, int n) {
        long[] a = kept;
        if (a == null || a.length < 3 * (n + 1)) {
            a = Arrays.copyOf(a == null ? new long[0] : a, 3 * Math.min(keep, Math.max(1, 2 * (n + 1))));
        }
        a[3 * n] = index;
        a[3 * n + 1] = line;
        a[3 * n + 2] = column;
        return a;
    }

    /** Counts one code point other than a plain BMP character: a supplementary one or a lone surrogate. */
    private void count(int cp, int units) {
        if (cp < 0x10000) {
            bmpCounts[cp]++;
            keepBmp((char) cp);
        } else {
            long[] counts = supplementaryCounts.computeIfAbsent(cp, k -> new long[1]);
            if (counts[0] < keep) {
                supplementaryFirst.put(cp, record(supplementaryFirst.get(cp), (int) counts[0]));
            }
            counts[0]++;
        }
        characters++;
        index += units;
        column++;
    }

    /** Code points read. */
    public long characters() {
        return characters;
    }

    /** Distinct code points read. */
    public long distinct() {
        long n = supplementaryCounts.size();
        for (long c : bmpCounts) {
            if (c > 0) {
                n++;
            }
        }
        return n;
    }

    /** What {@link #forEach} hands over for each code point. */
    public interface Visitor {
        void visit(int codePoint, long count, List<Occurrence> first);
    }

    /** Every code point read, in code point order, with its count and its first occurrences in text order. */
    public void forEach(Visitor v) {
        for (int cp = 0; cp < 0x10000; cp++) {
            if (bmpCounts[cp] > 0) {
                v.visit(cp, bmpCounts[cp], occurrences(bmpFirst[cp], bmpKept[cp]));
            }
        }
        supplementaryCounts.keySet().stream().sorted().forEach(cp -> {
            long count = supplementaryCounts.get(cp)[0];
            v.visit(cp, count, occurrences(supplementaryFirst.get(cp), (int) Math.min(count, keep)));
        });
    }

    private List<Occurrence> occurrences(long[] kept, int n) {
        List<Occurrence> out = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            out.add(new Occurrence(kept[3 * k], kept[3 * k + 1], kept[3 * k + 2]));
        }
        return out;
    }
}
