package io.github.ccsidbench.report;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.MixedExpectedEncoding;
import io.github.ccsidbench.workload.Workload;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The mean bytes of a Japanese, Korean or Chinese row in each mixed EBCDIC CCSID, UTF-8 and UTF-16, since Db2 counts
 * CHAR(n) and VARCHAR(n) in bytes; computed from the seeded rows (docs/fidelity.md, "Bytes per row").
 */
public final class BytesPerRow {

    /** Rows averaged per workload. */
    public static final int ROWS = 1000;

    /**
     * One figure: a row workload in one mixed CCSID.
     *
     * @param workload the row workload
     * @param ccsid the mixed EBCDIC CCSID
     * @param characters mean characters per row
     * @param mixed mean bytes per row in {@code ccsid}, shift-out and shift-in included
     * @param shifts mean shift-out and shift-in bytes per row (part of {@code mixed})
     * @param utf8 mean bytes per row in UTF-8 (1208)
     * @param utf16 mean bytes per row in UTF-16 (1200)
     */
    public record Figure(Workload workload, Ccsid ccsid, double characters, double mixed, double shifts, double utf8,
                         double utf16) {

        /** The report's row: workload, CCSID, characters, then the three byte counts and the shifts. */
        public List<String> cells() {
            return List.of(workload.id(), Integer.toString(ccsid.number()), format(characters), format(mixed),
                    format(shifts), format(utf8), format(utf16));
        }
    }

    private BytesPerRow() {
    }

    /** Every row workload in every mixed CCSID it claims, in registry order. */
    public static List<Figure> all() {
        List<Figure> figures = new ArrayList<>();
        for (Workload w : Workload.values()) {
            if (!w.hasRows()) {
                continue;
            }
            for (Ccsid c : CcsidRegistry.mixed()) {
                if (w.mixedCcsids().contains(c.number())) {
                    figures.add(of(w, c));
                }
            }
        }
        return figures;
    }

    /** The figure for one row workload in one mixed CCSID it claims. */
    public static Figure of(Workload workload, Ccsid ccsid) {
        if (!workload.losslessIn(ccsid)) {
            throw new IllegalArgumentException(workload.id() + " is not lossless in " + ccsid.label());
        }
        long chars = 0;
        long mixed = 0;
        long shifts = 0;
        long utf8 = 0;
        long utf16 = 0;
        List<List<String>> rows = workload.rowValues(ROWS);
        for (List<String> row : rows) {
            for (String value : row) {
                byte[] bytes = MixedExpectedEncoding.encode(ccsid, value);
                chars += value.length();
                mixed += bytes.length;
                shifts += shiftBytes(ccsid, value);
                utf8 += value.getBytes(StandardCharsets.UTF_8).length;
                utf16 += value.getBytes(StandardCharsets.UTF_16BE).length;
            }
        }
        double n = rows.size();
        return new Figure(workload, ccsid, chars / n, mixed / n, shifts / n, utf8 / n, utf16 / n);
    }

    public static List<String> header() {
        return List.of("workload", "mixed CCSID", "characters per row", "bytes per row (mixed)", "of which SO/SI",
                "UTF-8 (1208)", "UTF-16 (1200, GRAPHIC)");
    }

    /** Shift-out and shift-in bytes of one value: two per double-byte run. */
    private static int shiftBytes(Ccsid ccsid, String value) {
        byte[] bytes = MixedExpectedEncoding.encode(ccsid, value);
        int doubleBytes = 0;
        int singleBytes = 0;
        for (int i = 0; i < value.length(); i++) {
            if (MixedExpectedEncoding.encode(ccsid, value.substring(i, i + 1)).length == 1) {
                singleBytes++;
            } else {
                doubleBytes++;
            }
        }
        return bytes.length - singleBytes - 2 * doubleBytes;
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
