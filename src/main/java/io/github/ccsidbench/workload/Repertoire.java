package io.github.ccsidbench.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/** The code points a workload may contain, as ranges: what decides where it converts losslessly, and what tests draw from. */
public final class Repertoire {

    private final int[] lows;
    private final int[] highs;
    private final long[] cumulative; // cumulative[i] = code points in ranges 0..i-1
    private final String description;

    private Repertoire(int[] lows, int[] highs, String description) {
        this.lows = lows;
        this.highs = highs;
        this.description = description;
        this.cumulative = new long[lows.length + 1];
        for (int i = 0; i < lows.length; i++) {
            cumulative[i + 1] = cumulative[i] + highs[i] - lows[i] + 1;
        }
    }

    /** Starts a repertoire described in words, e.g. "printable ASCII". */
    public static Builder described(String description) {
        return new Builder(description);
    }

    /** What the repertoire is, in words, for help texts and the README. */
    public String description() {
        return description;
    }

    public boolean contains(int codePoint) {
        for (int i = 0; i < lows.length; i++) {
            if (codePoint >= lows[i] && codePoint <= highs[i]) {
                return true;
            }
        }
        return false;
    }

    /** True when every code point of {@code text} is in the repertoire. */
    public boolean containsAll(CharSequence text) {
        return text.codePoints().allMatch(this::contains);
    }

    /** How many code points the repertoire holds. */
    public long size() {
        return cumulative[lows.length];
    }

    /** Every code point, in ascending order. */
    public IntStream codePoints() {
        IntStream all = IntStream.empty();
        for (int i = 0; i < lows.length; i++) {
            all = IntStream.concat(all, IntStream.rangeClosed(lows[i], highs[i]));
        }
        return all;
    }

    /** A code point drawn uniformly from the repertoire. */
    public int random(SplittableRandom random) {
        return codePointAt(random.nextLong(size()));
    }

    /** The {@code index}th code point in ascending order (0 &lt;= index &lt; {@link #size()}). */
    public int codePointAt(long index) {
        if (index < 0 || index >= size()) {
            throw new IndexOutOfBoundsException(index);
        }
        int range = Arrays.binarySearch(cumulative, index);
        range = range >= 0 ? range : -range - 2;
        while (cumulative[range + 1] <= index) {
            range++; // skip past empty prefix matches
        }
        return lows[range] + (int) (index - cumulative[range]);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(description).append(" [");
        for (int i = 0; i < lows.length; i++) {
            sb.append(i == 0 ? "" : " ").append(String.format("U+%04X..U+%04X", lows[i], highs[i]));
        }
        return sb.append(']').toString();
    }

    /** Collects ranges for a {@link Repertoire}. */
    public static final class Builder {
        private final String description;
        private final List<int[]> ranges = new ArrayList<>();

        private Builder(String description) {
            this.description = description;
        }

        public Builder range(int low, int high) {
            ranges.add(new int[]{low, high});
            return this;
        }

        public Builder chars(String chars) {
            chars.codePoints().forEach(cp -> range(cp, cp));
            return this;
        }

        public Repertoire build() {
            ranges.sort((a, b) -> Integer.compare(a[0], b[0]));
            int[] lo = new int[ranges.size()];
            int[] hi = new int[ranges.size()];
            for (int i = 0; i < lo.length; i++) {
                lo[i] = ranges.get(i)[0];
                hi[i] = ranges.get(i)[1];
                if (i > 0 && lo[i] <= hi[i - 1]) {
                    throw new IllegalArgumentException("overlapping ranges in " + description);
                }
            }
            return new Repertoire(lo, hi, description);
        }
    }
}
