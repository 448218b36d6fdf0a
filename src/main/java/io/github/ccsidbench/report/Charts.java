package io.github.ccsidbench.report;

import io.github.ccsidbench.results.DerivedFigures;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.internal.series.MarkerSeries;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;

import java.awt.Color;
import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Draws the report's charts with XChart, off screen, as PNG and SVG: levels with error bars from their 95% intervals,
 * as log-log lines or grouped bars; a set is one {@link Family} on one scale (docs/output.md, "How to read the report").
 */
public final class Charts {

    /** What the error bars are, for captions and axis titles. */
    public static final String ERROR_BARS = "error bars: 95% interval over forks (larger side)";

    private static final int WIDTH = 900;
    private static final int HEIGHT = 520;
    /** About the width of the y axis's title and labels, and of a legend's box beyond its longest name. */
    private static final int Y_AXIS_WIDTH = 60;
    private static final int LEGEND_EXTRA = 70;
    private static final FontRenderContext FONT_CONTEXT = new FontRenderContext(null, true, true);

    /** On log axes an error bar may reach down to this fraction of its point, never to zero or below. */
    static final double LOG_BAR_MINIMUM = 0.1;

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private Charts() {
    }

    /**
     * One point of a chart: a level and its 95% interval, in the chart's unit (NaN when not measured).
     *
     * @param x the x value (length for lines; ignored by bars)
     * @param level the level
     * @param low the interval's lower bound
     * @param high its upper bound
     */
    public record Point(double x, double level, double low, double high) {

        /** The level of {@code f} and its interval, each multiplied by {@code scale} (1/length for ns/char). */
        public static Point of(double x, DerivedFigures f, double scale) {
            return new Point(x, f.level() * scale, f.levelCi().low() * scale, f.levelCi().high() * scale);
        }

        /** A point that was not measured: no bar. */
        public static Point missing(double x) {
            return new Point(x, Double.NaN, Double.NaN, Double.NaN);
        }
    }

    /** One line per series, each a list of points (x, level, interval), drawn on log-log axes with error bars. */
    private static ReportDocument.Chart drawLines(String id, String title, String xTitle, String yTitle,
                                                  Map<String, List<Point>> series, Scale scale) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle + " (level; error bars: 95% interval)").build();
        chart.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true).setLegendPosition(Styler.LegendPosition.OutsideE)
                .setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setErrorBarsColorSeriesColor(true);
        if (scale.x().known()) {
            chart.getStyler().setXAxisMin(scale.x().min()).setXAxisMax(scale.x().max()).setXAxisLogarithmicDecadeOnly(false)
                    .setXAxisTickLabelsFormattingFunction(logLabels(scale.x()));
        }
        scaleY(chart.getStyler(), scale.y(), true);
        List<MarkerSeries> drawn = new ArrayList<>();
        series.forEach((name, points) -> drawn.add(chart.addSeries(name, points.stream().mapToDouble(Point::x).toArray(),
                points.stream().mapToDouble(Point::level).toArray(), errorBars(points, true))));
        return render(id, title, chart, drawn, scale.y());
    }

    /** Bars grouped by category, one bar per series in each group, each with its error bar. */
    private static ReportDocument.Chart drawBars(String id, String title, String yTitle, List<String> categories,
                                                 Map<String, List<Point>> series, Scale scale) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .yAxisTitle(yTitle + " (level; error bars: 95% interval)").build();
        chart.getStyler().setXAxisLabelRotation(categories.size() > 5 ? 30 : 0);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE).setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setErrorBarsColor(Color.BLACK);
        scaleY(chart.getStyler(), scale.y(), false);
        List<MarkerSeries> drawn = new ArrayList<>();
        series.forEach((name, points) -> drawn.add(chart.addSeries(name, categories,
                points.stream().map(p -> (Number) p.level()).toList(),
                Arrays.stream(errorBars(points, false)).boxed().map(Number.class::cast).toList())));
        return render(id, title, chart, drawn, scale.y());
    }

    /** Fixes the y axis to {@code y} (XChart's own choice where nothing was measured), labelled at 1-2-5 steps on a log axis. */
    private static void scaleY(AxesChartStyler styler, Range y, boolean log) {
        if (y.known()) {
            styler.setYAxisMin(y.min()).setYAxisMax(y.max());
            if (log) {
                styler.setYAxisLogarithmicDecadeOnly(false).setYAxisTickLabelsFormattingFunction(logLabels(y));
            }
        }
    }

    /** An axis's range (NaN: nothing measured, XChart chooses). */
    record Range(double min, double max) {

        static final Range EMPTY = new Range(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);

        boolean known() {
            return Double.isFinite(min) && Double.isFinite(max) && max > min;
        }

        /** This range and {@code v}. */
        Range with(double v) {
            return Double.isFinite(v) ? new Range(Math.min(min, v), Math.max(max, v)) : this;
        }

        /** Widened by {@code share} of its span (of its decades on a log axis); on a linear axis from zero. */
        Range padded(double share, boolean log) {
            if (min > max) {
                return new Range(Double.NaN, Double.NaN);
            }
            if (log) {
                double f = Math.pow(Math.max(max / min, 10), share);
                return new Range(min / f, max * f);
            }
            double low = Math.min(0, min);
            return new Range(low, max + share * (max - low));
        }
    }

    /** The x and y range of a family of charts. */
    record Scale(Range x, Range y) {

        /** The ranges that hold every point of every panel with its error bar as drawn. */
        static Scale of(List<Map<String, List<Point>>> panels, boolean log) {
            Range x = Range.EMPTY;
            Range y = Range.EMPTY;
            for (Map<String, List<Point>> panel : panels) {
                for (List<Point> points : panel.values()) {
                    double[] bars = errorBars(points, log);
                    for (int i = 0; i < bars.length; i++) {
                        Point p = points.get(i);
                        if (Double.isFinite(p.level())) {
                            x = x.with(p.x());
                            y = y.with(p.level() - bars[i]).with(p.level() + bars[i]);
                        }
                    }
                }
            }
            return new Scale(x.padded(0.02, true), y.padded(log ? 0.02 : 0.04, log));
        }
    }

    /** Tick labels for a log axis: decades, with 2 and 5 up to six decades, every digit under one; the rest blank. */
    static Function<Double, String> logLabels(Range range) {
        double decades = Math.log10(range.max() / range.min());
        Set<Long> shown = decades < 1 ? Set.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L) : decades <= 6 ? Set.of(1L, 2L, 5L) : Set.of(1L);
        return v -> {
            long digit = Math.round(v / Math.pow(10, Math.floor(Math.log10(v) + 1e-9)));
            return shown.contains(digit % 10 == 0 ? 1 : digit)
                    ? new DecimalFormat(v < 0.001 ? "0.#E0" : "#,##0.###", DecimalFormatSymbols.getInstance(Locale.ROOT)).format(v)
                    : "";
        };
    }

    /** Charts shown as a set: each keeps its place among a section's blocks, all drawn by {@link #draw} on one scale. */
    static final class Family {

        private record Panel(int at, String id, String title, String xTitle, String yTitle, List<String> categories,
                             Map<String, List<Point>> series) {
        }

        private final List<ReportDocument.Block> blocks;
        private final boolean logLog;
        private final List<Panel> panels = new ArrayList<>();

        /** A family of bars ({@code logLog} false) or of log-log lines, whose charts go into {@code blocks}. */
        Family(List<ReportDocument.Block> blocks, boolean logLog) {
            this.blocks = blocks;
            this.logLog = logLog;
        }

        /** Reserves the next block for lines on log-log axes. */
        void lines(String id, String title, String xTitle, String yTitle, Map<String, List<Point>> series) {
            add(new Panel(blocks.size(), id, title, xTitle, yTitle, List.of(), series));
        }

        /** Reserves the next block for grouped bars. */
        void bars(String id, String title, String yTitle, List<String> categories, Map<String, List<Point>> series) {
            add(new Panel(blocks.size(), id, title, "", yTitle, categories, series));
        }

        private void add(Panel panel) {
            blocks.add(null); // a section refuses a null block, so a family never drawn fails at once
            panels.add(panel);
        }

        /** Draws every chart of the family in its place, on one scale. */
        void draw() {
            Scale scale = Scale.of(panels.stream().map(Panel::series).toList(), logLog);
            for (Panel p : panels) {
                blocks.set(p.at(), logLog ? drawLines(p.id(), p.title(), p.xTitle(), p.yTitle(), p.series(), scale)
                        : drawBars(p.id(), p.title(), p.yTitle(), p.categories(), p.series(), scale));
            }
        }
    }

    /** XChart's symmetric error bar per point: the interval's larger side, 0 where missing, capped on a log axis. */
    static double[] errorBars(List<Point> points, boolean logAxis) {
        double[] bars = new double[points.size()];
        for (int i = 0; i < bars.length; i++) {
            Point p = points.get(i);
            double bar = Math.max(p.high() - p.level(), p.level() - p.low());
            if (Double.isNaN(bar) || Double.isNaN(p.level()) || bar < 0) {
                bar = 0;
            }
            if ((logAxis || Double.isInfinite(bar)) && p.level() > 0) {
                bar = Math.min(bar, p.level() * (1 - LOG_BAR_MINIMUM)); // an unbounded interval (no variance measured) too
            }
            bars[i] = bar;
        }
        return bars;
    }

    /** The title's font, smaller where the title would not fit {@code room} pixels (XChart cuts off both ends). */
    static Font titleFont(Font font, String title, int room) {
        double width = font.getStringBounds(title, FONT_CONTEXT).getWidth();
        return width <= room ? font : font.deriveFont((float) Math.floor(font.getSize2D() * room / width));
    }

    /** The widest title that fits centred over the plot, whose centre the legend on the right moves left. */
    private static int titleRoom(Styler styler, List<MarkerSeries> drawn) {
        double legend = LEGEND_EXTRA + drawn.stream()
                .mapToDouble(s -> styler.getLegendFont().getStringBounds(s.getName(), FONT_CONTEXT).getWidth()).max().orElse(0);
        double centre = (Y_AXIS_WIDTH + WIDTH - legend) / 2;
        return (int) (2 * Math.min(centre, WIDTH - centre)) - 2 * styler.getChartPadding();
    }

    private static ReportDocument.Chart render(String id, String title, Chart<?, ?> chart,
                                               List<MarkerSeries> drawn, Range yRange) {
        List<ReportDocument.ChartSeries> series = new ArrayList<>();
        for (MarkerSeries s : drawn) {
            double[] y = s instanceof XYSeries xy ? xy.getYData()
                    : ((CategorySeries) s).getYData();
            double[] e = s instanceof XYSeries xy ? xy.getExtraValues()
                    : ((CategorySeries) s).getExtraValues();
            series.add(new ReportDocument.ChartSeries(s.getName(), y, e == null ? new double[0] : e));
        }
        chart.getStyler().setChartTitleFont(titleFont(chart.getStyler().getChartTitleFont(), title,
                titleRoom(chart.getStyler(), drawn)));
        try {
            byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
            ByteArrayOutputStream svg = new ByteArrayOutputStream();
            VectorGraphicsEncoder.saveVectorGraphic(chart, svg, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            return new ReportDocument.Chart(id, title + " (" + ERROR_BARS + ")", png, svg.toByteArray(), series, yRange.min(),
                    yRange.max());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A chart drawn by its own section (not levels with intervals), encoded headless under {@code caption} as given. */
    static ReportDocument.Chart encoded(String id, String caption, Supplier<? extends Chart<?, ?>> draw,
                                        List<ReportDocument.ChartSeries> series) {
        Chart<?, ?> chart = draw.get();
        try {
            ByteArrayOutputStream svg = new ByteArrayOutputStream();
            VectorGraphicsEncoder.saveVectorGraphic(chart, svg, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            // A chart of its own shares no scale with another: no range to record.
            return new ReportDocument.Chart(id, caption, BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG),
                    svg.toByteArray(), series, Double.NaN, Double.NaN);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
