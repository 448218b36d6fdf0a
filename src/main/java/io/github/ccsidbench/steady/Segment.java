package io.github.ccsidbench.steady;

import java.util.Locale;

/**
 * One piece of a fork's series at one level, so that the analysis can speak of "the warm-up", "the slow
 * phase" and "the steady state" as ranges of iterations.
 *
 * @param start first iteration (inclusive, 0-based)
 * @param end   last iteration (exclusive)
 * @param level median of the segment's iterations (single outliers replaced by their local median)
 */
public record Segment(int start, int end, double level) {

    /** Checks the range. */
    public Segment {
        if (start < 0 || end <= start) {
            throw new IllegalArgumentException("bad segment [" + start + ", " + end + ")");
        }
    }

    /** Number of iterations in the segment. */
    public int length() {
        return end - start;
    }

    @Override
    public String toString() {
        return "[" + start + "," + end + ")@" + String.format(Locale.ROOT, "%.4g", level);
    }
}
