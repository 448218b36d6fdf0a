package io.github.ccsidbench.report;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JVM section draws the JDK's 37, 367 and 1208 side by side as multiples of the ISO-8859-1 floor, next to the
 * table and reading it illustrates, whenever the results hold them; without them it draws nothing in their place.
 * Synthetic runs with known levels (see {@link SyntheticRun}).
 */
class JvmSectionTest {

    /** The JVM section of {@code in}, with its answers. */
    private static ReportDocument.Section jvm(ReportInputs in) {
        return JvmSection.build(in, Answer.of(in));
    }

    private static SyntheticRun jdk(List<String> ccsids, boolean floors) {
        SyntheticRun run = new SyntheticRun();
        if (floors) {
            run.result("FloorBenchmark.isoEncode", Map.of("length", "1024"), 100, 100)
                    .result("FloorBenchmark.isoDecode", Map.of("length", "1024"), 100, 100);
        }
        for (String ccsid : ccsids) {
            Map<String, String> p = Map.of("ccsid", ccsid, "provider", "jdk", "workload", "ascii-text", "length", "1024");
            double encode = ccsid.equals("37") ? 1200 : ccsid.equals("367") ? 400 : 120;
            run.result("ConversionBenchmark.encode", p, encode, encode).result("ConversionBenchmark.decode", p, 200, 200);
        }
        return run;
    }

    private static List<ReportDocument.Chart> jdkCharts(ReportDocument.Section s) {
        return s.blocks().stream().filter(b -> b instanceof ReportDocument.Chart c && c.id().startsWith("jdk-x-floor-"))
                .map(ReportDocument.Chart.class::cast).toList();
    }

    @Test
    void theJdksThreeCcsidsAreDrawnAsMultiplesOfTheFloorAfterTheReading() {
        ReportDocument.Section s = jvm(jdk(List.of("37", "367", "1208"), true).inputs());
        List<ReportDocument.Chart> charts = jdkCharts(s);
        assertEquals(1, charts.size());
        ReportDocument.Chart c = charts.get(0);
        assertEquals(List.of("encode", "decode"), c.series().stream().map(ReportDocument.ChartSeries::name).toList());
        assertArrayEquals(new double[]{12, 4, 1.2}, c.series().get(0).values(), 1e-6, "encode x floor of 37, 367, 1208");
        assertArrayEquals(new double[]{2, 2, 2}, c.series().get(1).values(), 1e-6);
        assertTrue(c.title().contains("ISO-8859-1 floor"), c.title());
        int chart = s.blocks().indexOf(c);
        assertTrue(s.blocks().get(chart - 1) instanceof ReportDocument.Paragraph p && p.text().startsWith("Through the JDK's"),
                "right after the reading of the table");
        assertTrue(ReportRenderers.markdown(new ReportDocument("t", List.of(s)), true).contains("(charts/" + c.id() + ".png)"));
    }

    @Test
    void noJdkChartWithoutFloorsOrWithoutTheJdkProvider() {
        assertEquals(List.of(), jdkCharts(jvm(jdk(List.of("37", "367", "1208"), false).inputs())));
        SyntheticRun other = new SyntheticRun().result("FloorBenchmark.isoEncode", Map.of("length", "1024"), 100, 100)
                .result("ConversionBenchmark.encode", Map.of("ccsid", "37", "provider", "icu", "workload", "ascii-text",
                        "length", "1024"), 900, 900);
        ReportDocument.Section s = jvm(other.inputs());
        assertEquals(List.of(), jdkCharts(s));
        assertTrue(s.blocks().stream().anyMatch(b -> b instanceof ReportDocument.Chart), "icu's own chart is still drawn");
    }

    @Test
    void onlyTheCcsidsMeasuredAreDrawn() {
        ReportDocument.Chart c = jdkCharts(jvm(jdk(List.of("37", "1208"), true).inputs())).get(0);
        assertEquals(2, c.series().get(0).values().length);
        assertTrue(Arrays.stream(c.series().get(0).values()).allMatch(Double::isFinite));
    }
}
