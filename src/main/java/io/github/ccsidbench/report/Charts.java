package io.github.ccsidbench.report;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * Draws the report's charts with XChart and renders each as PNG and SVG, off screen. Three kinds:
 * lines on log-log axes (ns/char against length), grouped bars, stacked bars.
 */
public final class Charts {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 520;

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private Charts() {
    }

    /** One line per series; each series maps x values to y values, drawn on log-log axes. */
    public static ReportDocument.Chart logLogLines(String id, String title, String xTitle, String yTitle,
                                                   Map<String, double[][]> series) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        chart.getStyler().setXAxisLogarithmic(true).setYAxisLogarithmic(true).setLegendPosition(Styler.LegendPosition.OutsideE)
                .setChartBackgroundColor(java.awt.Color.WHITE);
        series.forEach((name, xy) -> chart.addSeries(name, xy[0], xy[1]));
        return render(id, title, chart);
    }

    /** Bars grouped by category, one bar per series in each group (stacked when asked). */
    public static ReportDocument.Chart bars(String id, String title, String yTitle, List<String> categories,
                                            Map<String, List<Double>> series, boolean stacked) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).yAxisTitle(yTitle).build();
        chart.getStyler().setStacked(stacked);
        chart.getStyler().setXAxisLabelRotation(categories.size() > 5 ? 30 : 0);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE).setChartBackgroundColor(java.awt.Color.WHITE);
        series.forEach((name, values) -> chart.addSeries(name, categories, values));
        return render(id, title, chart);
    }

    private static ReportDocument.Chart render(String id, String title, Chart<?, ?> chart) {
        try {
            byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
            ByteArrayOutputStream svg = new ByteArrayOutputStream();
            VectorGraphicsEncoder.saveVectorGraphic(chart, svg, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
            return new ReportDocument.Chart(id, title, png, svg.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
