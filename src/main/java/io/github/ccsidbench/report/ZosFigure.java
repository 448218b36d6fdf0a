package io.github.ccsidbench.report;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.db2.RowShape;
import io.github.ccsidbench.results.AtomicFiles;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

import java.awt.Color;
import java.awt.Font;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The headline of the z/OS estimate, at the top of the report and of {@code plan}: one row per CCSID, its cost per call,
 * and a bar chart; the assumptions stay with {@link ZosEstimate#blocks()} (docs/db2-model.md, "Capacity planning: `plan`").
 */
public final class ZosFigure {

    static final String CHART_ID = "zos-cpu-per-day";

    private static final Color KNOWN = new Color(0x2f, 0x5d, 0x8a);
    private static final Color UNKNOWN = new Color(0xb8, 0xcc, 0xe0);

    private final ZosEstimate estimate;
    private final List<ZosEstimate.Line> lines;

    private ZosFigure(ZosEstimate estimate) {
        this.estimate = estimate;
        // One row per CCSID: "SBCS altered to MIXED" takes 1208's paths and would repeat its row.
        Map<Integer, ZosEstimate.Line> first = new LinkedHashMap<>();
        estimate.lines().forEach(l -> first.putIfAbsent(l.ccsid(), l));
        this.lines = List.copyOf(first.values());
    }

    public static ZosFigure of(ZosEstimate estimate) {
        return new ZosFigure(estimate);
    }

    /** The report's figure: the article's ASCII rows at the report's rows per day. */
    static ZosFigure forArticle(ZosEstimate.Costs costs) {
        return of(ZosEstimate.forShape(RowShape.ARTICLE, RowFlavour.ASCII, ZosEstimate.ROWS_PER_DAY, costs));
    }

    /** The rows of the table, one per CCSID, in the estimate's order. */
    public List<ZosEstimate.Line> lines() {
        return lines;
    }

    /** "Unicode FOR SBCS DATA (367)": a column choice as its DDL says it. */
    static String words(ZosEstimate.Line l) {
        String subtype = l.subtype().startsWith("SBCS") ? "FOR SBCS DATA" : l.subtype().startsWith("MIXED") ? "FOR MIXED DATA"
                : l.subtype();
        return l.encoding() + " " + subtype + " (" + l.ccsid() + ")";
    }

    /** "138", "0 to 138", "2,760": a range where the minor cost is unknown, whole seconds grouped. */
    static String range(double low, double high) {
        return low == high ? number(low) : number(low) + " to " + number(high);
    }

    /** A cost per call as given: "2.3", "0.05", never "2.30". */
    private static String us(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private static String number(double v) {
        return v >= 1000 ? String.format(Locale.ROOT, "%,.0f", v) : Numbers.format(v);
    }

    String lead() {
        return String.format(Locale.ROOT, "**On z/OS, at %,d %s a day,** each column choice would cost the server this much"
                + " conversion CPU: IBM's cost per call times the values per row the Db2 model sends down each path, an estimate,"
                + " not a measurement.", estimate.rowsPerDay(), estimate.subject());
    }

    ReportDocument.Table table() {
        List<List<String>> rows = new ArrayList<>();
        for (ZosEstimate.Line l : lines) {
            rows.add(List.of(words(l), Numbers.format(l.none()), Numbers.format(l.minor()), Numbers.format(l.major()),
                    range(l.usLow(), l.usHigh()), range(l.secondsLow(), l.secondsHigh())));
        }
        return new ReportDocument.Table("zos-answer", List.of("column choice", "values/row: no conversion", "minor", "major",
                "z/OS µs/row", "z/OS CPU s/day"), rows);
    }

    /** The sentence under the table: the cost per call and its source, the range, and the arithmetic of one row. */
    String perCall() {
        ZosEstimate.Costs c = estimate.costs();
        String major = us(c.majorUs()) + (c.ibmMajor() ? " µs per major conversion, IBM's figure on a z900 (SG24-6465,"
                + " section 4.7.2; 2000-era hardware, which a current machine beats by a factor not measured here)"
                : " µs per major conversion, your figure (--zos-major-us)");
        String minor = c.minorGiven()
                ? us(c.minorLowUs()) + " µs per minor conversion, your figure (--zos-minor-us)"
                : "IBM gives no figure for a minor conversion (only \"much faster still\"), so a row that takes one costs a range,"
                + " from 0 to the major cost per value";
        // The example is a row of major conversions only, whose arithmetic needs no range.
        String example = lines.stream().filter(l -> l.minor() == 0 && l.major() > 0).findFirst()
                .map(l -> String.format(Locale.ROOT, "; for %s, %,d × %s × %s µs = %s s", words(l), estimate.rowsPerDay(),
                        Numbers.format(l.major()), us(c.majorUs()), number(l.secondsHigh())))
                .orElse("");
        return "Cost per call: " + major + "; " + minor + ". CPU s/day = rows/day × values/row × µs per call" + example
                + ". Only the conversion is counted; the estimate's assumptions and its reconciliation with the article's +50%"
                + " are further down.";
    }

    /** The chart: CPU seconds a day per column choice, the part a minor conversion's unknown cost may add drawn pale. */
    ReportDocument.Chart chart() {
        ZosEstimate.Costs c = estimate.costs();
        boolean unknown = !c.minorGiven() && lines.stream().anyMatch(l -> l.secondsHigh() > l.secondsLow());
        String source = c.ibmMajor() ? " (IBM, SG24-6465)" : " (yours)";
        String title = String.format(Locale.ROOT, "z/OS CPU at %,d rows/day, ", estimate.rowsPerDay()) + (c.minorGiven()
                ? us(c.majorUs()) + " µs/major" + source + ", " + us(c.minorLowUs()) + " µs/minor (yours)"
                : us(c.majorUs()) + " µs per major conversion" + source);
        List<String> categories = lines.stream().map(ZosFigure::words).toList();
        double[] low = lines.stream().mapToDouble(ZosEstimate.Line::secondsLow).toArray();
        double[] extra = lines.stream().mapToDouble(l -> l.secondsHigh() - l.secondsLow()).toArray();
        String knownName = unknown ? "known: major conversions, minor ones free (the lower bound)" : "estimate";
        String unknownName = "unknown: minor conversions, 0 up to " + us(c.majorUs()) + " µs each (IBM gives no figure)";
        List<ReportDocument.ChartSeries> series = new ArrayList<>(List.of(new ReportDocument.ChartSeries(knownName, low, new double[0])));
        if (unknown) {
            series.add(new ReportDocument.ChartSeries(unknownName, extra, new double[0]));
        }
        String caption = title + ": an estimate, not a measurement" + (unknown ? "; the pale part of a bar is the range a minor"
                + " conversion's unknown cost leaves" : "");
        return Charts.encoded(CHART_ID, caption, () -> {
            CategoryChart chart = new CategoryChartBuilder().width(900).height(480).title(title)
                    .yAxisTitle("z/OS CPU seconds per day (estimate)").build();
            chart.getStyler().setStacked(true);
            chart.getStyler().setLegendVisible(unknown); // one series of known figures needs no key
            chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS).setChartBackgroundColor(Color.WHITE)
                    .setSeriesColors(new Color[]{KNOWN, UNKNOWN});
            chart.addSeries(knownName, categories, box(low));
            if (unknown) {
                chart.addSeries(unknownName, categories, box(extra));
            }
            // Each bar's figure above it (a bar of 0 is otherwise no bar); a category's centre is at its index + 0.5.
            double top = topOfAxis(lines.stream().mapToDouble(ZosEstimate.Line::secondsHigh).max().orElse(0));
            chart.getStyler().setYAxisMax(top);
            chart.getStyler().setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
            for (int i = 0; i < lines.size(); i++) {
                ZosEstimate.Line l = lines.get(i);
                chart.addAnnotation(new AnnotationText(range(l.secondsLow(), l.secondsHigh()) + " s", i + 0.5,
                        l.secondsHigh() + top * 0.04, false));
            }
            return chart;
        }, series);
    }

    /** A round top for the y axis with room above the tallest bar for its figure: 160 for 138, 1 when every bar is 0. */
    static double topOfAxis(double max) {
        if (!(max > 0)) {
            return 1;
        }
        double step = Math.pow(10, Math.floor(Math.log10(max * 1.1))) / 5;
        return Math.ceil(max * 1.1 / step) * step;
    }

    private static List<Number> box(double[] values) {
        return Arrays.stream(values).boxed().map(Number.class::cast).toList();
    }

    /** The report's blocks: the lead, the table, the sentence and the chart. */
    List<ReportDocument.Block> blocks() {
        return List.of(new ReportDocument.Paragraph(lead()), table(), new ReportDocument.Paragraph(perCall()), chart());
    }

    /** The figure as Markdown, for {@code plan}: the lead, the table and the sentence. */
    public String render() {
        return ReportRenderers.markdown(List.of(new ReportDocument.Paragraph(lead()), table(),
                new ReportDocument.Paragraph(perCall())));
    }

    /** Writes the chart to {@code file}: SVG when its name ends in .svg, PNG when in .png; any other name is refused. */
    public void writeChart(Path file) {
        boolean svg = isSvg(file);
        ReportDocument.Chart chart = chart();
        AtomicFiles.write(file, svg ? chart.svg() : chart.png());
    }

    /** Whether {@code file} names an SVG; refuses, in one line, a name that is neither .png nor .svg. */
    public static boolean isSvg(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!name.endsWith(".png") && !name.endsWith(".svg")) {
            throw new CcsidBenchException("--chart must name a .png or .svg file, not " + file);
        }
        return name.endsWith(".svg");
    }
}
