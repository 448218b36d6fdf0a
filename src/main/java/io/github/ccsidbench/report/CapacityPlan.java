package io.github.ccsidbench.report;

import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.data.DataProfile;
import io.github.ccsidbench.data.DataShape;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.bench.Db2PathBenchmark;
import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.db2.RowGenerator;
import io.github.ccsidbench.db2.RowShape;
import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.ModelFigures;
import io.github.ccsidbench.stats.LogLevel;
import io.github.ccsidbench.stats.Stats;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Capacity planning, "I/O rate x microseconds per page": rows per day times the mean µs per row ({@link DerivedFigures#meanCost()})
 * per column choice, client and server, on this machine (docs/db2-model.md, "Capacity planning: `plan`").
 */
public final class CapacityPlan {

    /**
     * One column choice's daily cost.
     *
     * @param choice the column choice
     * @param path the INSERT path its values take
     * @param clientUs client microseconds per row: the mean per operation, GC included
     * @param serverUs server microseconds per row: the mean per operation, GC included
     * @param insertUs client and server measured together, µs per row (else the sum of the two means)
     * @param decisive whether every level the line uses is decisive
     * @param steadiness how steady those levels are ("–" when the run recorded none)
     * @param clientCi the 95% interval of {@code clientUs}, over forks
     * @param serverCi the 95% interval of {@code serverUs}, over forks
     * @param insertCi the 95% interval of {@code insertUs}, over forks ([0, +Infinity) for a sum of two means)
     * @param serverLevelUs the server's level in microseconds per row, which the comparison with EBCDIC divides
     */
    public record Line(String encoding, String subtype, int ccsid, String path, double clientUs, double serverUs,
                       double insertUs, double clientSecondsPerDay, double serverSecondsPerDay, double insertSecondsPerDay,
                       boolean decisive, String steadiness, Stats.Interval clientCi, Stats.Interval serverCi,
                       Stats.Interval insertCi, double serverLevelUs) {
    }

    /** A figure's mean cost per row in µs with its 95% interval, both scaled by {@code scale}. */
    private record Cost(double us, Stats.Interval ci) {
        static Cost of(DerivedFigures f, double scale) {
            LogLevel mean = f.meanCost();
            Stats.Interval ci = mean.interval(DerivedFigures.CONFIDENCE);
            return new Cost(mean.level() / 1000 * scale, new Stats.Interval(ci.low() / 1000 * scale, ci.high() / 1000 * scale));
        }

        /** Two costs paid one after the other: the means add; their interval is not known here. */
        Cost plus(Cost other) {
            return new Cost(us + other.us, new Stats.Interval(0, Double.POSITIVE_INFINITY));
        }
    }

    private static Line line(String encoding, String subtype, int ccsid, String path, Cost client, Cost server, Cost insert,
                             long rowsPerDay, double serverLevelUs, boolean decisive, String steadiness) {
        return new Line(encoding, subtype, ccsid, path, client.us(), server.us(), insert.us(),
                secondsPerDay(rowsPerDay, client.us()), secondsPerDay(rowsPerDay, server.us()), secondsPerDay(rowsPerDay, insert.us()),
                decisive, steadiness, client.ci(), server.ci(), insert.ci(), serverLevelUs);
    }

    private final String jdk;
    private final String shape;
    private final String rows;
    private final long rowsPerDay;
    private final double scale;
    private final double measuredBytesPerRow;
    private final List<Line> lines;

    private CapacityPlan(String jdk, String shape, String rows, long rowsPerDay, double scale,
                         double measuredBytesPerRow, List<Line> lines) {
        this.jdk = jdk;
        this.shape = shape;
        this.rows = rows;
        this.rowsPerDay = rowsPerDay;
        this.scale = scale;
        this.measuredBytesPerRow = measuredBytesPerRow;
        this.lines = List.copyOf(lines);
    }

    /** No Db2 path figures for the shape and flavour asked: {@code plan} prints the z/OS estimate alone. */
    public static final class NotMeasured extends CcsidBenchException {
        NotMeasured(String message) {
            super(message);
        }
    }

    /**
     * The plan for {@code rowsPerDay} rows of {@code shape} in {@code flavour}, costs scaled linearly to {@code bytesPerRow}.
     *
     * @param jdk which JDK's results to use when there are several (a prefix of the version), or null
     */
    public static CapacityPlan compute(ReportInputs in, String shape, RowFlavour flavour, long rowsPerDay,
                                       OptionalDouble bytesPerRow, String jdk) {
        if (rowsPerDay < 1) {
            throw new CcsidBenchException("rows per day must be at least 1");
        }
        List<ReportInputs.JvmGroup> groups = in.jvms().stream()
                .filter(g -> jdk == null || g.figures().get(0).result().jvm().jdkVersion().startsWith(jdk)).toList();
        if (groups.isEmpty()) {
            throw new CcsidBenchException("no results for JDK " + jdk + "; the results hold " + versions(in));
        }
        if (groups.size() > 1) {
            throw new CcsidBenchException("the results hold several JDKs (" + versions(in) + "): choose one with --java-version");
        }
        ReportInputs.JvmGroup g = groups.get(0);
        if (DataShape.NAME.equals(shape)) {
            return forData(in, g, rowsPerDay, bytesPerRow);
        }
        Map<ColumnType, ArticleSection.Measured> measured = ArticleSection.measure(g, shape, flavour);
        if (measured.isEmpty()) {
            throw new NotMeasured("the results have no Db2PathBenchmark figures for row shape '" + shape + "' with "
                    + flavour.id() + " rows; measure them with: " + measureCommand(shape, flavour));
        }
        double measuredBytes = meanUtf8Bytes(shape, flavour);
        double scale = bytesPerRow.isPresent() ? bytesPerRow.getAsDouble() / measuredBytes : 1.0;
        List<Line> lines = new ArrayList<>();
        for (ColumnChoice choice : ColumnChoice.ALL) {
            ArticleSection.Measured m = measured.get(choice.measured());
            if (m == null) {
                continue;
            }
            Cost client = Cost.of(m.client(), scale);
            Cost server = Cost.of(m.server(), scale);
            Cost insert = m.insert().map(f -> Cost.of(f, scale)).orElse(client.plus(server));
            lines.add(line(choice.encoding(), choice.subtype(), choice.ccsid(),
                    m.model().map(ModelFigures.Entry::describePaths).orElse("–"), client, server, insert,
                    rowsPerDay, m.server().level() / 1000 * scale,
                    m.figures().stream().limit(m.insert().isPresent() ? 3 : 2).allMatch(DerivedFigures::decisive),
                    SteadinessText.cell(m.figures().subList(0, m.insert().isPresent() ? 3 : 2))));
        }
        return new CapacityPlan(g.label(), shape, flavour.id(), rowsPerDay, scale, measuredBytes, lines);
    }

    /** The plan for a user's own rows ({@code run --data}), from their Db2 path figures and {@code data.json}. */
    private static CapacityPlan forData(ReportInputs in, ReportInputs.JvmGroup g, long rowsPerDay, OptionalDouble bytesPerRow) {
        DataProfile profile = in.sources().stream().flatMap(s -> s.data().stream()).findFirst().orElseThrow(() ->
                new CcsidBenchException("these results hold no data.json beside them: measure your rows with run --data FILE"));
        Map<String, String> rowsOf = Map.of("shape", DataShape.NAME, "rows", DataShape.NAME);
        DerivedFigures client = g.find(BenchmarkMethod.DB2_INSERT_CLIENT.shortName(), rowsOf).orElseThrow(() ->
                new CcsidBenchException("the results have no Db2PathBenchmark figures for your rows: run --data FILE"));
        double measuredBytes = profile.choice("1208").map(DataProfile.Choice::bytesPerRow).orElse(Double.NaN);
        double scale = bytesPerRow.isPresent() && measuredBytes > 0 ? bytesPerRow.getAsDouble() / measuredBytes : 1.0;
        List<Line> lines = new ArrayList<>();
        for (DataProfile.Choice choice : profile.choices()) {
            Map<String, String> p = Map.of("shape", DataShape.NAME, "rows", DataShape.NAME, "column", choice.column());
            Optional<DerivedFigures> server = g.find(BenchmarkMethod.DB2_INSERT_SERVER.shortName(), p);
            if (server.isEmpty()) {
                continue;
            }
            Optional<DerivedFigures> insert = g.find(BenchmarkMethod.DB2_INSERT.shortName(), p);
            ColumnType type = ColumnType.byId(choice.column());
            Cost c = Cost.of(client, scale);
            Cost sv = Cost.of(server.get(), scale);
            Cost ins = insert.map(f -> Cost.of(f, scale)).orElse(c.plus(sv));
            List<DerivedFigures> used = new ArrayList<>(List.of(client, server.get()));
            insert.ifPresent(used::add);
            List<String> paths = new ArrayList<>();
            choice.paths().forEach((path, share) -> paths.add(String.format(Locale.ROOT, "%s %.0f%%", path, 100 * share)));
            lines.add(line(type.tableEncoding(), type.subtype(), choice.ccsid(), String.join(", ", paths), c, sv, ins, rowsPerDay,
                    server.get().level() / 1000 * scale, used.stream().allMatch(DerivedFigures::decisive), SteadinessText.cell(used)));
        }
        return new CapacityPlan(g.label(), DataShape.NAME + " (" + profile.source() + ")", "your", rowsPerDay, scale, measuredBytes,
                lines);
    }

    /** What the plan's costs per row are, said where they are printed. */
    static final String MEAN_MEANS = "µs/row: the mean per operation, GC included (JMH's score: every iteration after each"
            + " fork's warm-up, all forks; an iteration's time includes the collections in it), with its 95% interval over"
            + " forks; rows/day x a mean adds up to the CPU the rows take. \"server vs EBCDIC\" compares the servers' levels"
            + " (medians of steady iterations), as the report compares figures.";

    /** "0.316 [0.301, 0.332]": a mean cost with its interval, the mean alone where there is none. */
    private static String cost(double us, Stats.Interval ci) {
        return Numbers.format(us) + (Double.isInfinite(ci.high()) || Double.isNaN(ci.high()) ? ""
                : " " + Numbers.interval(ci.low(), ci.high()));
    }

    /** CPU seconds per day: rows per day x microseconds per row. */
    public static double secondsPerDay(long rowsPerDay, double microsecondsPerRow) {
        return rowsPerDay * microsecondsPerRow / 1e6;
    }

    public List<Line> lines() {
        return lines;
    }

    /** The plan as Markdown: a heading line, the table, the arithmetic and what the numbers are. */
    public String render() {
        List<ReportDocument.Block> b = new ArrayList<>();
        b.add(new ReportDocument.Paragraph(String.format(Locale.ROOT, "Capacity plan: %,d rows/day of shape `%s` (%s rows),"
                + " measured on %s.", rowsPerDay, shape, rows, jdk)));
        b.add(new ReportDocument.Paragraph(MEAN_MEANS));
        if (scale != 1.0) {
            b.add(new ReportDocument.Paragraph(String.format(Locale.ROOT, "Per-row costs scaled by %.2f from the %.0f UTF-8 bytes"
                    + " per row measured (linear in bytes: an approximation that ignores the per-value overhead).", scale,
                    measuredBytesPerRow)));
        }
        List<List<String>> rows = new ArrayList<>();
        double ebcdicServer = lines.isEmpty() ? Double.NaN : lines.get(0).serverLevelUs();
        for (Line l : lines) {
            String mark = l.decisive() ? "" : SteadinessText.MARK;
            rows.add(List.of(l.encoding(), l.subtype(), Integer.toString(l.ccsid()), l.path(), cost(l.clientUs(), l.clientCi()) + mark,
                    cost(l.serverUs(), l.serverCi()) + mark, cost(l.insertUs(), l.insertCi()) + mark,
                    Numbers.format(l.clientSecondsPerDay()), Numbers.format(l.serverSecondsPerDay()),
                    Numbers.format(l.insertSecondsPerDay()), Comparison.percent(l.serverLevelUs() / ebcdicServer), l.steadiness()));
        }
        b.add(new ReportDocument.Table("plan", List.of("table encoding", "column subtype", "CCSID", "INSERT path",
                "client µs/row (mean)", "server µs/row (mean)", "INSERT µs/row (mean)", "client CPU s/day", "server CPU s/day",
                "INSERT CPU s/day", "server vs EBCDIC", "steadiness"), rows));
        if (lines.stream().anyMatch(l -> !l.decisive())) {
            b.add(new ReportDocument.Paragraph(SteadinessText.MARK_MEANS.replace("**", "") + " Measure again before planning on it."));
        }
        if (!lines.isEmpty()) {
            Line l = lines.get(Math.min(1, lines.size() - 1));
            b.add(new ReportDocument.Paragraph(String.format(Locale.ROOT, "Arithmetic: rows/day x mean µs/row = CPU µs/day; for"
                    + " %s %s on the server, %,d x %s µs = %s CPU s/day.", l.encoding(), l.subtype(), rowsPerDay,
                    Numbers.format(l.serverUs()), Numbers.format(l.serverSecondsPerDay()))));
        }
        b.add(new ReportDocument.Paragraph("These are this machine's Java costs of the documented conversion work, not z/OS CPU."
                + " The ranking of the column choices carries over to z/OS, the ratios do not: there a major conversion is a call"
                + " into Unicode Services with a cost per call (IBM measured about 2.3 µs on a z900, SG24-6465), while here it is"
                + " a method call. For z/OS, multiply rows/day by the conversions per row and a cost per conversion: the z/OS"
                + " estimate does it with IBM's published figure or yours (--zos-major-us, --zos-minor-us)."));
        return ReportRenderers.markdown(b);
    }

    /**
     * The run that measures the Db2 paths of rows of {@code shape} in {@code flavour}: a mixed shop's are the dbcs preset's,
     * a German or French shop's the countries preset's.
     */
    public static String measureCommand(String shape, RowFlavour flavour) {
        return flavour.mixed() ? "ccsid-bench run --preset dbcs --include Db2PathBenchmark"
                : !flavour.article() ? "ccsid-bench run --preset countries --include Db2PathBenchmark"
                : "ccsid-bench run --preset standard --include Db2PathBenchmark" + (RowShape.ARTICLE.equals(shape) ? "" : " --shape " + shape);
    }

    private static double meanUtf8Bytes(String shape, RowFlavour flavour) {
        List<String[]> rows = RowGenerator.rows(RowShape.named(shape), flavour, Db2PathBenchmark.ROWS);
        long bytes = 0;
        for (String[] row : rows) {
            for (String value : row) {
                bytes += value.getBytes(StandardCharsets.UTF_8).length;
            }
        }
        return (double) bytes / rows.size();
    }

    private static String versions(ReportInputs in) {
        return String.join(", ", in.jvms().stream().map(g -> g.figures().get(0).result().jvm().jdkVersion()).toList());
    }
}
