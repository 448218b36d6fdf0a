package io.github.ccsidbench.report;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.bench.Db2PathBenchmark;
import io.github.ccsidbench.data.DataProfile;
import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.InsertTally;
import io.github.ccsidbench.db2.RowConversion;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.db2.RowGenerator;
import io.github.ccsidbench.db2.RowShape;
import io.github.ccsidbench.db2.ServerPath;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A z/OS estimate, never a measurement, of the server's conversion CPU per column choice: the model's values per row on
 * each path times a published cost per call, and the reconciliation (docs/db2-model.md, "Capacity planning: `plan`").
 */
public final class ZosEstimate {

    /** The published cost of a major conversion: SG24-6465, a table space scan of a million rows on a z900. */
    public static final double SG24_6465_MAJOR_US = 2.3;

    /** The rows a day of the report's estimates: the order of the article's "millions of rows a day". */
    static final long ROWS_PER_DAY = 5_000_000L;

    /**
     * The per-call costs the estimate uses.
     *
     * @param majorUs µs per major conversion
     * @param minorLowUs the lower end of µs per minor conversion
     * @param minorHighUs the upper end (the same as the lower when given)
     * @param source where the figures come from, in words
     * @param ibmMajor whether the major cost is IBM's published one, not the user's
     * @param minorGiven whether the user gave the minor cost (otherwise it is the range IBM leaves)
     */
    public record Costs(double majorUs, double minorLowUs, double minorHighUs, String source, boolean ibmMajor,
                        boolean minorGiven) {

        /** The user's costs, or IBM's where null: SG24-6465's major cost, a minor one from 0 to it ("much faster still"). */
        public static Costs of(Double majorUs, Double minorUs) {
            for (Double v : new Double[]{majorUs, minorUs}) {
                if (v != null && !(v >= 0 && Double.isFinite(v))) {
                    throw new CcsidBenchException("a z/OS cost per conversion must be a number of µs, 0 or more, not " + v);
                }
            }
            double major = majorUs == null ? SG24_6465_MAJOR_US : majorUs;
            String majorSource = majorUs == null ? "2.3 µs per major conversion: IBM's figure in DB2 UDB for z/OS Version 8"
                    + " Performance Topics (SG24-6465, section 4.7.2), a table space scan of a million rows on a z900 (2000-era"
                    + " hardware; a current machine is faster by a factor not measured here)"
                    : String.format(Locale.ROOT, "%s µs per major conversion: your figure (--zos-major-us)", Numbers.format(major));
            if (minorUs != null) {
                return new Costs(major, minorUs, minorUs, majorSource + String.format(Locale.ROOT,
                        "; %s µs per minor conversion: your figure (--zos-minor-us)", Numbers.format(minorUs)), majorUs == null, true);
            }
            return new Costs(major, 0, major, majorSource + "; a minor conversion between 0 and the major cost: IBM gives no"
                    + " figure, only that it is \"much faster still\" (SG24-6465, section 4.7.2)", majorUs == null, false);
        }
    }

    /** One column choice: values per row by path, and µs per row and CPU seconds per day at both ends of the minor cost. */
    public record Line(String encoding, String subtype, int ccsid, double none, double minor, double major, double usLow,
                       double usHigh, double secondsLow, double secondsHigh) {
    }

    /** What the rows are, in words ("rows like yours (`names.csv`)"), and the tables' ids in the report. */
    private final String subject;
    private final String id;
    private final long rowsPerDay;
    private final Costs costs;
    private final List<Line> lines;
    private final double valuesPerRow;

    private ZosEstimate(String subject, long rowsPerDay, Costs costs, List<Line> lines, double valuesPerRow, String id) {
        if (rowsPerDay < 1) {
            throw new CcsidBenchException("rows per day must be at least 1");
        }
        this.subject = subject;
        this.id = id;
        this.rowsPerDay = rowsPerDay;
        this.costs = costs;
        this.lines = List.copyOf(lines);
        this.valuesPerRow = valuesPerRow;
    }

    /** The estimate for the model's generated rows of {@code shape} and {@code flavour}. */
    public static ZosEstimate forShape(String shape, RowFlavour flavour, long rowsPerDay, Costs costs) {
        RowShape s = RowShape.named(shape);
        List<String[]> generated = RowGenerator.rows(s, flavour, Db2PathBenchmark.ROWS);
        List<Line> lines = new ArrayList<>();
        for (ColumnChoice choice : ColumnChoice.of(flavour)) {
            if (choice.measured() == ColumnType.UNICODE_SBCS_DIRECT) {
                continue; // a what-if of this model, not a path z/OS has
            }
            InsertTally t = new RowConversion(s, choice.measured()).verify(generated);
            double n = generated.size();
            lines.add(line(choice.encoding(), choice.subtype(), choice.ccsid(), t.count(ServerPath.NO_CONVERSION) / n,
                    t.count(ServerPath.MINOR) / n, t.count(ServerPath.MAJOR) / n, rowsPerDay, costs));
        }
        return new ZosEstimate("rows of shape `" + s.name() + "` (" + flavour.id() + ")", rowsPerDay, costs, lines,
                s.columns().size(), "zos-" + s.name() + "-" + flavour.id());
    }

    /** The estimate for a user's own rows, from the paths their sampled values took ({@code run --data}'s data.json). */
    public static ZosEstimate forData(DataProfile profile, long rowsPerDay, Costs costs) {
        double values = profile.columns().size();
        List<Line> lines = new ArrayList<>();
        for (DataProfile.Choice choice : profile.choices()) {
            ColumnType type = ColumnType.byId(choice.column());
            if (type == ColumnType.UNICODE_SBCS_DIRECT) {
                continue;
            }
            lines.add(line(type.tableEncoding(), type.subtype(), choice.ccsid(),
                    values * choice.paths().getOrDefault(ServerPath.NO_CONVERSION.label(), 0.0),
                    values * choice.paths().getOrDefault(ServerPath.MINOR.label(), 0.0),
                    values * choice.paths().getOrDefault(ServerPath.MAJOR.label(), 0.0), rowsPerDay, costs));
        }
        return new ZosEstimate("rows like yours (`" + profile.source() + "`)", rowsPerDay, costs, lines, values, "zos-data");
    }

    static Line line(String encoding, String subtype, int ccsid, double none, double minor, double major, long rowsPerDay,
                     Costs c) {
        double low = major * c.majorUs() + minor * c.minorLowUs();
        double high = major * c.majorUs() + minor * c.minorHighUs();
        return new Line(encoding, subtype, ccsid, none, minor, major, low, high, CapacityPlan.secondsPerDay(rowsPerDay, low),
                CapacityPlan.secondsPerDay(rowsPerDay, high));
    }

    public List<Line> lines() {
        return lines;
    }

    public long rowsPerDay() {
        return rowsPerDay;
    }

    public Costs costs() {
        return costs;
    }

    /** What the rows are, in words: "rows of shape `article` (ascii)". */
    String subject() {
        return subject;
    }

    /** The DDF insert µs per row, with a 37 column, of which 367's extra conversions are +50%, as the article measured. */
    static double insertCostForHalf(double values367Major, double values37Minor, double values37Major, double majorUs,
                                    double minorUs) {
        double extra = values367Major * majorUs - (values37Minor * minorUs + values37Major * majorUs);
        return 2 * extra;
    }

    /** The estimate as the report's blocks: the table, its assumptions and sources, and the reconciliation. */
    public List<ReportDocument.Block> blocks() {
        List<ReportDocument.Block> out = new ArrayList<>();
        out.add(new ReportDocument.Paragraph(String.format(Locale.ROOT, "**A z/OS estimate, not a measurement:** the server's"
                + " conversion CPU for %,d %s a day, from the values per row the Db2 model sends down each path times a"
                + " published cost per call.", rowsPerDay, subject)));
        List<List<String>> rows = new ArrayList<>();
        for (Line l : lines) {
            rows.add(List.of(l.encoding(), l.subtype(), Integer.toString(l.ccsid()), Numbers.format(l.none()),
                    Numbers.format(l.minor()), Numbers.format(l.major()), range(l.usLow(), l.usHigh()),
                    range(l.secondsLow(), l.secondsHigh())));
        }
        out.add(new ReportDocument.Table(id, List.of("table encoding", "column subtype", "CCSID",
                "values/row: no conversion", "minor", "major", "z/OS µs/row", "z/OS CPU s/day"), rows));
        out.add(new ReportDocument.Paragraph("Sources and assumptions: " + costs.source() + ". Only the conversion is counted"
                + " (not the network, SQL, logging or the insert itself); every value of a path costs the same per call whatever"
                + " its length (SG24-6465 gives one cost per call and not its values' length; it shows only that V8's"
                + " faster conversion gains most on short strings, p. 218); the paths are the model's (docs/db2-model.md)."));
        Line e37 = find(37);
        Line u367 = find(367);
        if (e37 != null && u367 != null && u367.major() > 0) {
            out.add(new ReportDocument.Paragraph("**Reconciliation with the article.** The article's 367 cost about +50% of the"
                    + " Db2 DDF thread's CPU. With 367's values taking a major conversion and 37's a minor one, 367's extra cost"
                    + " per row is the values per row times (major - minor). It is +50% of a DDF insert whose CPU per row, with a"
                    + " 37 column, is twice that extra:"));
            List<List<String>> rec = new ArrayList<>();
            for (double v : new double[]{valuesPerRow / 2, valuesPerRow, valuesPerRow * 2}) {
                List<String> r = new ArrayList<>();
                r.add(Numbers.format(v) + (v == valuesPerRow ? " (these rows)" : ""));
                for (double m : new double[]{0.5, 1.0, SG24_6465_MAJOR_US}) {
                    r.add(Numbers.format(insertCostForHalf(v * u367.major() / valuesPerRow, v * e37.minor() / valuesPerRow,
                            v * e37.major() / valuesPerRow, m, 0)));
                }
                rec.add(r);
            }
            out.add(new ReportDocument.Table(id + "-reconciliation", List.of("values per row",
                    "DDF insert µs/row at 0.5 µs per major", "at 1.0 µs", "at 2.3 µs (SG24-6465, z900)"), rec));
            out.add(new ReportDocument.Paragraph("A minor conversion taken as free (its lower bound); a dearer one lowers every"
                    + " figure. Where your accounting (class 2 CPU per insert) is near the figure of your row and processor, the"
                    + " article's +50% is consistent with IBM's published cost of a major conversion; the Java model here"
                    + " reproduces the ranking and the mechanism, not this size."));
        }
        return out;
    }

    /** The estimate as Markdown, for {@code plan}: the same blocks, written as the report writes them. */
    public String render() {
        return ReportRenderers.markdown(blocks(), false);
    }

    private Line find(int ccsid) {
        return lines.stream().filter(l -> l.ccsid() == ccsid).findFirst().orElse(null);
    }

    static String range(double low, double high) {
        return low == high ? Numbers.format(low) : Numbers.format(low) + " to " + Numbers.format(high);
    }
}
