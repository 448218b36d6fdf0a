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
 * rows can be measured in (a mixed one only on agreed characters; docs/your-data.md, "What is measured").
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

    /** Why the rows cannot be measured in {@code ccsid} (a character the libraries disagree on), or empty. */
    public static Optional<String> unmeasurable(DataSample sample, Ccsid ccsid) {
        if (!ccsid.scheme().mixed()) {
            return Optional.empty();
        }
        for (int r = 0; r < sample.size(); r++) {
            String[] row = sample.rows().get(r);
            for (int c = 0; c < row.length; c++) {
                if (!MixedExpectedEncoding.covers(ccsid, row[c])) {
                    int cp = row[c].codePoints().filter(x -> !MixedExpectedEncoding.covers(ccsid, new String(Character.toChars(x))))
                            .findFirst().orElse(-1);
                    return Optional.of(String.format(Locale.ROOT, "row %,d, column %s holds %s, which is not among the characters "
                            + "every library with CCSID %d writes alike, so no output could be proven right", sample.rowNumbers()[r], sample.columns().get(c),
                            cp < 0 ? "a character" : String.format(Locale.ROOT, "U+%04X", cp), ccsid.number()));
                }
            }
        }
        return Optional.empty();
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
