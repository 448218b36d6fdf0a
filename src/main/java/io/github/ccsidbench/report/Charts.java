package io.github.ccsidbench.report;

import io.github.ccsidbench.results.DerivedFigures;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.internal.series.MarkerSeries;
import org.knowm.xchart.style.Styler;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Draws the report's charts with XChart and renders each as PNG and SVG, off screen. Two kinds, both
 * of levels with error bars from their 95% intervals, so a picture never looks surer than the
 * numbers: lines on log-log axes (ns/char against length) and grouped bars. XChart's error bars are
 * symmetric, so each is the larger side of the interval; the captions say so.
 */
public final class Charts {

    /** What the error bars are, for captions and axis titles. */
    public static final String ERROR_BARS = "error bars: 95% interval over forks (larger side)";

    private static final int WIDTH = 900;
    private static final int HEIGHT = 520;

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
    public static ReportDocument.Chart logLogLines(String id, String title, String xTitle, String yTitle,
                                                   Map<String, List<Point>> series) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle + " (level; error bars: 95% interval)").build();
        chart.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true).setLegendPosition(Styler.LegendPosition.OutsideE)
                .setChartBackgroundColor(java.awt.Color.WHITE);
        chart.getStyler().setErrorBarsColorSeriesColor(true);
        List<MarkerSeries> drawn = new ArrayList<>();
        series.forEach((name, points) -> drawn.add(chart.addSeries(name, points.stream().mapToDouble(Point::x).toArray(),
                points.stream().mapToDouble(Point::level).toArray(), errorBars(points, true))));
        return render(id, title, chart, drawn);
    }

    /** Bars grouped by category, one bar per series in each group, each with its error bar. */
    public static ReportDocument.Chart bars(String id, String title, String yTitle, List<String> categories,
                                            Map<String, List<Point>> series) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .yAxisTitle(yTitle + " (level; error bars: 95% interval)").build();
        chart.getStyler().setXAxisLabelRotation(categories.size() > 5 ? 30 : 0);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE).setChartBackgroundColor(java.awt.Color.WHITE);
        chart.getStyler().setErrorBarsColor(java.awt.Color.BLACK);
        List<MarkerSeries> drawn = new ArrayList<>();
        series.forEach((name, points) -> drawn.add(chart.addSeries(name, categories,
                points.stream().map(p -> (Number) p.level()).toList(),
                Arrays.stream(errorBars(points, false)).boxed().map(Number.class::cast).toList())));
        return render(id, title, chart, drawn);
    }

    /**
     * XChart's symmetric error bar for each point: the larger side of its interval, so the bar covers the
     * whole interval; 0 where the point or its interval is missing. On a log axis a bar stops at
     * {@link #LOG_BAR_MINIMUM} of its point (it cannot reach zero there); that only shortens the lower side of an
     * interval wider than ±90%, which the tables mark as not decisive anyway.
     */
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

    private static ReportDocument.Chart render(String id, String title, Chart<?, ?> chart,
                                               List<MarkerSeries> drawn) {
        List<ReportDocument.ChartSeries> series = new ArrayList<>();
        for (MarkerSeries s : drawn) {
            double[] y = s instanceof org.knowm.xchart.XYSeries xy ? xy.getYData()
                    : ((org.knowm.xchart.CategorySeries) s).getYData();
            double[] e = s instanceof org.knowm.xchart.XYSeries xy ? xy.getExtraValues()
                    : ((org.knowm.xchart.CategorySeries) s).getExtraValues();
            series.add(new ReportDocument.ChartSeries(s.getName(), y, e == null ? new double[0] : e));
        }
        try {
            byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
            ByteArrayOutputStream svg = new ByteArrayOutputStream();
            VectorGraphicsEncoder.saveVectorGraphic(chart, svg, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            return new ReportDocument.Chart(id, title + " (" + ERROR_BARS + ")", png, svg.toByteArray(), series);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A chart drawn by its own section, encoded off screen as PNG and SVG under {@code caption} as given: for a chart
     * whose bars are not levels with intervals, so the error-bar caption would be false. {@code draw} is called here,
     * once this class has made AWT headless.
     */
    static ReportDocument.Chart encoded(String id, String caption, java.util.function.Supplier<? extends Chart<?, ?>> draw,
                                        List<ReportDocument.ChartSeries> series) {
        Chart<?, ?> chart = draw.get();
        try {
            ByteArrayOutputStream svg = new ByteArrayOutputStream();
            VectorGraphicsEncoder.saveVectorGraphic(chart, svg, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            return new ReportDocument.Chart(id, caption, BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG),
                    svg.toByteArray(), series);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
