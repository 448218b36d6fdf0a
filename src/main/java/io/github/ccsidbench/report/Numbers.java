package io.github.ccsidbench.report;

import java.util.Locale;
import java.util.OptionalDouble;

/** Formats figures the same way in every table: three significant digits, blanks for "not measured". */
public final class Numbers {

    private Numbers() {
    }

    /** True when a cell holds a figure, to right-align: "12%", "+19% [+17%, +21%]", "266 *", an interval, "–", "n/a". */
    public static boolean isFigure(String cell) {
        return cell.matches("[-+]?[0-9.,]+%?x?( ± [0-9.,n/a]+)?( \\*)?( \\[.*])?|–|n/a|\\[.*]");
    }

    /** 0.123, 1.23, 12.3, 123, 12345. */
    public static String format(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "n/a";
        }
        if (value == 0) {
            return "0";
        }
        double abs = Math.abs(value);
        String pattern = abs >= 100 ? "%.0f" : abs >= 10 ? "%.1f" : abs >= 1 ? "%.2f" : "%.3f";
        return String.format(Locale.ROOT, pattern, value);
    }

    /** {@link #format(double)}, or "–" when absent. */
    public static String format(OptionalDouble value) {
        return value.isPresent() ? format(value.getAsDouble()) : "–";
    }

    /** Bytes per operation as a whole number: the gc profiler's fractions are sampling noise. */
    public static String bytes(OptionalDouble value) {
        return value.isPresent() ? Long.toString(Math.round(value.getAsDouble())) : "–";
    }

    /** "42%": part of whole, rounded; "–" when whole is 0. */
    public static String percent(long part, long whole) {
        return whole == 0 ? "–" : Math.round(100.0 * part / whole) + "%";
    }

    /** "+1.2%" for 0.012, a relative difference; "–" where there is none (not finite). */
    public static String signedPercent(double difference) {
        return Double.isFinite(difference) ? String.format(Locale.ROOT, "%+.1f%%", 100 * difference) : "–";
    }

    /** "[1.23, 4.56]"; "–" for an unbounded interval (nothing measured gives one: one fork of too few iterations). */
    public static String interval(double low, double high) {
        return Double.isInfinite(high) ? "–" : "[" + format(low) + ", " + format(high) + "]";
    }
}
