package io.github.ccsidbench.data;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.convert.MixedExpectedEncoding;
import io.github.ccsidbench.db2.ColumnSpec;
import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.RowConversion;
import io.github.ccsidbench.db2.RowShape;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The VARCHAR table a user's rows would go into, sized for the sample's longest values, and which column choices the
 * rows can be measured in (a mixed one's characters outside the agreed table are substituted on the server's side and
 * leave the application's side out; docs/your-data.md, "What is measured").
 */
public final class DataShape {

    /** The row-shape name the benchmarks and results use for a user's rows. */
    public static final String NAME = "data";

    private DataShape() {
    }

    /** The VARCHAR shape of {@code sample} for {@code types}; a value no VARCHAR holds in some type is a one-line error. */
    public static RowShape of(DataSample sample, List<ColumnType> types) {
        int[] longest = new int[sample.columns().size()];
        for (ColumnType type : types) {
            RowConversion model = new RowConversion(provisional(sample), type);
            for (int r = 0; r < sample.size(); r++) {
                int[] bytes = model.valueBytesPerColumn(sample.rows().get(r));
                for (int c = 0; c < bytes.length; c++) {
                    if (bytes[c] > DataReader.VARCHAR_MAX) {
                        throw new CcsidBenchException(String.format(Locale.ROOT, "data file %s: row %,d, column %s takes %,d bytes "
                                + "in CCSID %d, more than a Db2 VARCHAR holds (%,d bytes)", sample.source(), sample.rowNumbers()[r],
                                sample.columns().get(c), bytes[c], type.ccsid().number(), DataReader.VARCHAR_MAX));
                    }
                    longest[c] = Math.max(longest[c], bytes[c]);
                }
            }
        }
        List<ColumnSpec> columns = new ArrayList<>();
        for (int c = 0; c < longest.length; c++) {
            columns.add(new ColumnSpec(sample.columns().get(c), ColumnSpec.SqlType.VARCHAR, Math.max(1, longest[c]),
                    ColumnSpec.Content.DATA));
        }
        return new RowShape(NAME, "your rows, from " + sample.source(), columns);
    }

    /** Every column a VARCHAR as wide as Db2 allows: what the benchmark forks use (a VARCHAR is not padded). */
    public static RowShape widest(DataSample sample) {
        return provisional(sample);
    }

    /** Every column VARCHAR at the largest length, for sizing. */
    private static RowShape provisional(DataSample sample) {
        List<ColumnSpec> columns = new ArrayList<>();
        for (String name : sample.columns()) {
            columns.add(new ColumnSpec(name, ColumnSpec.SqlType.VARCHAR, DataReader.VARCHAR_MAX, ColumnSpec.Content.DATA));
        }
        return new RowShape(NAME, "", columns);
    }

    /** The most code points a note names. */
    static final int CODE_POINTS_NAMED = 5;

    /**
     * For a mixed EBCDIC {@code ccsid}, the sample's characters outside the agreed table, which the server model stores as
     * the double-byte substitution (Db2's enforced subset) and no library's output can be proven for: one line counting
     * them and naming the commonest by code point, never a value; empty when there are none.
     */
    public static Optional<String> outsideAgreed(DataSample sample, Ccsid ccsid) {
        if (!ccsid.scheme().mixed()) {
            return Optional.empty();
        }
        java.util.Map<Integer, Long> counts = new java.util.TreeMap<>();
        int rows = 0;
        for (String[] row : sample.rows()) {
            boolean hit = false;
            for (String value : row) {
                if (MixedExpectedEncoding.covers(ccsid, value)) {
                    continue;
                }
                for (int cp : value.codePoints().toArray()) {
                    if (Character.isSupplementaryCodePoint(cp) || !MixedExpectedEncoding.covers(ccsid, Character.toString(cp))) {
                        counts.merge(cp, 1L, Long::sum);
                        hit = true;
                    }
                }
            }
            rows += hit ? 1 : 0;
        }
        if (counts.isEmpty()) {
            return Optional.empty();
        }
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        String named = counts.entrySet().stream()
                .sorted((a, b) -> b.getValue().equals(a.getValue()) ? Integer.compare(a.getKey(), b.getKey())
                        : Long.compare(b.getValue(), a.getValue()))
                .limit(CODE_POINTS_NAMED)
                .map(e -> String.format(Locale.ROOT, "U+%04X x%,d", e.getKey(), e.getValue()))
                .collect(java.util.stream.Collectors.joining(", "));
        byte[] sub = ccsid.mixed().orElseThrow().doubleByteSubstitution();
        return Optional.of(String.format(Locale.ROOT, "%,d characters in %,d of the %,d sampled rows (%,d different: %s%s) are"
                        + " outside the characters every library with CCSID %d writes alike; the server's INSERT stores each"
                        + " as the double-byte substitution X'%02X%02X', counted as lost (at most: Db2's own table may map one"
                        + " a library maps), and the application's side of %d is left out for every provider",
                total, rows, sample.size(), counts.size(), named, counts.size() > CODE_POINTS_NAMED ? ", ..." : "",
                ccsid.number(), sub[0] & 0xFF, sub[1] & 0xFF, ccsid.number()));
    }

    /** Up to {@code n} values of the sample that some CCSID cannot hold (for {@code --show-examples} only). */
    static List<String> examples(DataSample sample, int n) {
        List<String> out = new ArrayList<>();
        for (int r = 0; r < sample.size() && out.size() < n; r++) {
            String[] row = sample.rows().get(r);
            for (int c = 0; c < row.length && out.size() < n; c++) {
                if (row[c].chars().anyMatch(ch -> ch > 0x7F)) {
                    out.add(String.format(Locale.ROOT, "row %,d, %s: %s", sample.rowNumbers()[r], sample.columns().get(c), row[c]));
                }
            }
        }
        return out;
    }
}
