package io.github.ccsidbench.results;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.report.SummaryMarkdown;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JmhResultsTest {

    static Path sample() {
        try {
            return Path.of(JmhResultsTest.class.getResource("sample-results.json").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void readsJmhJson() {
        List<BenchmarkResult> results = JmhResults.read(sample());
        assertEquals(16, results.size());
        BenchmarkResult encode = results.stream().filter(r -> r.shortName().equals("ConversionBenchmark.encode")
                && r.param("ccsid").orElse("").equals("37") && r.param("provider").orElse("").equals("icu")).findFirst().orElseThrow();
        assertEquals("encode", encode.method());
        assertEquals("ConversionBenchmark", encode.benchmarkClass());
        assertEquals("ns/op", encode.unit());
        assertEquals(2, Arrays.stream(encode.rawData()).mapToInt(f -> f.length).sum());
        assertTrue(encode.bytesPerOp().orElseThrow() > 0);
        assertEquals(17, encode.jvm().majorVersion());
        assertEquals("ConversionBenchmark.encode ccsid=37 length=16 provider=icu workload=ascii-text", encode.key());
    }

    @Test
    void derivesFloorsRatiosAndThroughput() {
        List<DerivedFigures> figures = DerivedFigures.derive(JmhResults.read(sample()), Map.of());
        DerivedFigures utf8 = figures.stream().filter(f -> f.result().shortName().equals("ConversionBenchmark.encode")
                && f.result().param("ccsid").orElse("").equals("1208") && f.result().param("provider").orElse("").equals("jdk"))
                .findFirst().orElseThrow();
        double floor = figures.stream().filter(f -> f.result().shortName().equals("FloorBenchmark.isoEncode"))
                .findFirst().orElseThrow().level();
        assertEquals(utf8.level() / floor, utf8.xFloor().orElseThrow(), 1e-9);
        assertEquals(utf8.level() / 16, utf8.nsPerChar().orElseThrow(), 1e-9);
        assertEquals(16 / utf8.level() * 1000, utf8.mbPerSecond().orElseThrow(), 1e-6, "ASCII text is 1 byte per char in UTF-8");
        assertTrue(utf8.levelCi().contains(utf8.level()));
        DerivedFigures copy = figures.stream().filter(f -> f.result().method().equals("arrayCopy")).findFirst().orElseThrow();
        assertTrue(copy.xFloor().isEmpty());
        String md = SummaryMarkdown.render(figures, Optional.empty());
        assertTrue(md.contains("## decode: CCSID bytes to String"), md);
        assertTrue(md.contains("| 1208 | jdk | ascii-text | 16 |"), md);
        assertTrue(md.contains("| length | level ns/op | 95% CI | se | df | variance |"), "every interval with what it is made from: " + md);
        assertTrue(md.contains(String.format(java.util.Locale.ROOT, "| %.4f | %s | %s |", utf8.estimate().standardError(),
                io.github.ccsidbench.stats.LogLevel.dofText(utf8.estimate().dof()), utf8.estimate().variance().label())), md);
    }

    @Test
    void refusesMissingEmptyAndMalformedFilesInOneLine(@TempDir Path dir) throws Exception {
        assertOneLine(assertThrows(CcsidBenchException.class, () -> JmhResults.read(dir.resolve("nope.json"))),
                "does not exist");
        Files.writeString(dir.resolve("empty.json"), "");
        assertOneLine(assertThrows(CcsidBenchException.class, () -> JmhResults.read(dir.resolve("empty.json"))), "is empty");
        Files.writeString(dir.resolve("none.json"), "[]");
        assertOneLine(assertThrows(CcsidBenchException.class, () -> JmhResults.read(dir.resolve("none.json"))),
                "holds no benchmark results");
        Files.writeString(dir.resolve("bad.json"), "[{\"benchmark\": ");
        assertOneLine(assertThrows(CcsidBenchException.class, () -> JmhResults.read(dir.resolve("bad.json"))),
                "is not valid JSON");
        Files.writeString(dir.resolve("obj.json"), "{\"a\": 1}");
        assertOneLine(assertThrows(CcsidBenchException.class, () -> JmhResults.read(dir.resolve("obj.json"))),
                "is not a JMH JSON result");
        Files.writeString(dir.resolve("wrong.json"), "[{\"benchmark\": \"x.Y.z\"}]");
        assertOneLine(assertThrows(CcsidBenchException.class, () -> JmhResults.read(dir.resolve("wrong.json"))),
                "entry 1 is not a JMH benchmark result (missing \"primaryMetric\")");
    }

    private static void assertOneLine(CcsidBenchException e, String fragment) {
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }
}
