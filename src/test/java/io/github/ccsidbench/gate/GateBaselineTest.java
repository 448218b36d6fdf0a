package io.github.ccsidbench.gate;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.results.BenchmarkResult;
import io.github.ccsidbench.results.JmhResults;
import io.github.ccsidbench.results.RunEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Baselines are read strictly, written atomically; a pass normalises by its rulers and knows its drift. */
class GateBaselineTest {

    private static final String UPDATE = "mvn -Pgate verify -Dgate.update-baseline=true";

    /** A JMH result for a benchmark with these parameters and per-fork scores. */
    static String result(String benchmark, Map<String, String> params, double[][] raw) {
        StringBuilder p = new StringBuilder();
        params.forEach((k, v) -> p.append(p.length() == 0 ? "" : ",").append('"').append(k).append("\":\"").append(v).append('"'));
        StringBuilder r = new StringBuilder();
        for (double[] fork : raw) {
            r.append(r.length() == 0 ? "" : ",").append(java.util.Arrays.toString(fork));
        }
        return "{\"benchmark\":\"io.github.ccsidbench.bench." + benchmark + "\",\"mode\":\"avgt\",\"jdkVersion\":\"17.0.15\","
                + "\"vmName\":\"OpenJDK\",\"vmVersion\":\"17\",\"jvm\":\"java\",\"forks\":2,\"params\":{" + p + "},"
                + "\"primaryMetric\":{\"score\":1,\"scoreError\":0,\"scoreUnit\":\"ns/op\",\"rawData\":[" + r + "]},"
                + "\"secondaryMetrics\":{\"gc.alloc.rate.norm\":{\"score\":32}}}";
    }

    static List<BenchmarkResult> parse(String... results) {
        return JmhResults.parse("[" + String.join(",", results) + "]", "test");
    }

    static GatePass pass(double rulerStart, double rulerEnd, double encode) {
        return new GatePass(
                parse(result("FloorBenchmark.isoRoundTrip", Map.of("length", "16"), new double[][]{{rulerStart, rulerStart}})),
                parse(result("ConversionBenchmark.encode", Map.of("ccsid", "37", "provider", "jdk", "workload", "ascii-text",
                        "length", "16"), new double[][]{{encode, encode}, {encode, encode}})),
                parse(result("FloorBenchmark.isoRoundTrip", Map.of("length", "16"), new double[][]{{rulerEnd, rulerEnd}})));
    }

    @Test
    void aPassNormalisesByItsRulerAndMeasuresDrift() {
        GatePass p = pass(10, 11, 50);
        assertEquals(0.1, p.maxDrift(), 1e-9);
        assertEquals(Math.sqrt(10 * 11), p.rulers().get(16), 1e-9, "the geometric mean of the start and end levels");
        double[][] n = p.normalised().values().iterator().next();
        assertEquals(50 / Math.sqrt(110), n[0][0], 1e-9);
        GatePass steady = pass(10, 10, 50);
        GatePass slowerMachine = pass(20, 20, 100);
        assertEquals(steady.normalised().values().iterator().next()[0][0],
                slowerMachine.normalised().values().iterator().next()[0][0], 1e-9, "a machine twice as slow cancels out");
        BaselineStatistics stats = BaselineStatistics.of(List.of(pass(10, 10, 50), pass(10, 10, 51), pass(10, 10, 49)));
        List<BenchmarkComparison> c = GateRunner.compare(stats, pass(20, 20, 100), GateThresholds.DEFAULT);
        assertEquals(Verdict.PASS, c.get(0).verdict());
        assertEquals(Verdict.FAIL, GateRunner.compare(stats, pass(20, 20, 150), GateThresholds.DEFAULT).get(0).verdict(),
                "50% slower on a machine twice as slow");
    }

    @Test
    void writesAndReadsBack(@TempDir Path dir) {
        Path file = GateBaseline.fileIn(dir, "gate", 17);
        assertEquals("gate-jdk17.json", file.getFileName().toString());
        RunEnvironment env = RunEnvironment.capture("gate", "t", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        GateBaseline.PassJson pass = new GateBaseline.PassJson(
                "[" + result("FloorBenchmark.isoRoundTrip", Map.of("length", "16"), new double[][]{{10, 10}}) + "]",
                "[" + result("ConversionBenchmark.encode", Map.of("ccsid", "37", "provider", "jdk", "workload", "ascii-text",
                        "length", "16"), new double[][]{{50, 50}, {50, 50}}) + "]",
                "[" + result("FloorBenchmark.isoRoundTrip", Map.of("length", "16"), new double[][]{{10, 10}}) + "]");
        GateBaseline.write(file, "gate", 17, env, List.of(pass, pass, pass));
        GateBaseline back = GateBaseline.read(file, "gate", 17, UPDATE);
        assertEquals(17, back.jdkMajor());
        assertEquals(3, back.passes().size());
        assertEquals(1, back.passes().get(0).benchmarks().size());
        assertEquals(1, back.statistics().entries().size());
        assertEquals(env.commit(), back.environment().commit());
    }

    @Test
    void refusesMissingEmptyMalformedAndMismatchedBaselinesSayingWhatToDo(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("gate-jdk17.json");
        assertMessage(() -> GateBaseline.read(file, "gate", 17, UPDATE), "no gate baseline at " + file + " for JDK 17 and preset gate:"
                + " measure one on this machine with '" + UPDATE + "' and commit it");
        Files.writeString(file, "  ");
        assertMessage(() -> GateBaseline.read(file, "gate", 17, UPDATE), "is empty");
        Files.writeString(file, "{\"results\": []}");
        assertMessage(() -> GateBaseline.read(file, "gate", 17, UPDATE), "is malformed (not a ccsid-bench gate baseline");
        Files.writeString(file, "{\"format\": \"ccsid-bench gate baseline 2\", \"preset\": \"gate\", \"jdkMajor\": 17}");
        assertMessage(() -> GateBaseline.read(file, "gate", 17, UPDATE), "is malformed (no \"passes\" array)");
        Files.writeString(file, "{\"format\": \"ccsid-bench gate baseline 2\", \"preset\": \"gate\", \"jdkMajor\": 17, \"passes\": [{}]}");
        assertMessage(() -> GateBaseline.read(file, "gate", 17, UPDATE), "is malformed (no \"rulersStart\" array)");
        String good = "{\"format\": \"ccsid-bench gate baseline 2\", \"preset\": \"gate\", \"jdkMajor\": 17, \"passes\": [{\"rulersStart\": ["
                + result("FloorBenchmark.isoRoundTrip", Map.of("length", "16"), new double[][]{{10}}) + "], \"benchmarks\": ["
                + result("FloorBenchmark.isoRoundTrip", Map.of("length", "16"), new double[][]{{10}}) + "], \"rulersEnd\": ["
                + result("FloorBenchmark.isoRoundTrip", Map.of("length", "16"), new double[][]{{10}}) + "]}]}";
        Files.writeString(file, good);
        assertMessage(() -> GateBaseline.read(file, "gate", 25, UPDATE), "was measured on JDK 17, but this run's forks are JDK 25");
        assertMessage(() -> GateBaseline.read(file, "gate", 25, UPDATE), "add --allow-jdk-change");
        assertEquals(17, GateBaseline.readAnyJdk(file, "gate", 25, UPDATE).jdkMajor(), "a JDK upgrade check, on purpose");
        assertMessage(() -> GateBaseline.read(file, "standard", 17, UPDATE), "was measured with preset gate, not standard");
        Files.writeString(file, good.replace("\"rulersEnd\": [", "\"rulersEnd\": [{\"x\":1},"));
        assertMessage(() -> GateBaseline.read(file, "gate", 17, UPDATE), "is not a JMH benchmark result");
    }

    private static void assertMessage(org.junit.jupiter.api.function.Executable call, String fragment) {
        CcsidBenchException e = assertThrows(CcsidBenchException.class, call);
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertEquals(CcsidBenchException.BAD_INPUT, e.exitCode());
    }
}
