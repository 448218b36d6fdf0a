package io.github.ccsidbench.results;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.ccsidbench.stats.LogLevel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * steadiness.json writes every figure's level with the standard error, degrees of freedom and kind of variance its
 * interval is made from, and the level under its old key, "median", for one release; a file of the release before is
 * read with that as its level.
 */
class SteadinessFileTest {

    static Steadiness figure(LogLevel estimate) {
        return Steadiness.of("ConversionBenchmark.encode ccsid=37", "17.0.15", List.of(), 2, 2, "", "every fork steady, one mode",
                20, 30, 10, 0, 0, estimate, Steadiness.decisive(true, true, estimate), "");
    }

    @Test
    void everyFigureWritesWhatItsIntervalIsMadeFrom(@TempDir Path dir) throws Exception {
        LogLevel estimate = new LogLevel(Math.log(250), 0.012, 7.5, LogLevel.Variance.MODERATED);
        String json = new SteadinessFile(1, 2, 4, 0, 0.01, List.of(figure(estimate)), null).toJson();
        JsonObject written = JsonParser.parseString(json).getAsJsonObject().getAsJsonArray("benchmarks").get(0).getAsJsonObject();
        assertEquals(250, written.get("level").getAsDouble(), 1e-9);
        assertEquals(0.012, written.get("standardError").getAsDouble());
        assertEquals(7.5, written.get("degreesOfFreedom").getAsDouble());
        assertEquals("moderated", written.get("variance").getAsString());
        assertEquals(250, written.get("median").getAsDouble(), 1e-9, "the old key, for one release");
        double t = LogLevel.quantile(7.5, 0.95);
        assertEquals(250 * Math.exp(t * 0.012), written.get("high").getAsDouble(), 1e-9, "the interval from what is written beside it");
        Files.writeString(dir.resolve("results.json"), "[]");
        Files.writeString(dir.resolve(SteadinessFile.FILE), json.replace("\"degreesOfFreedom\": 7.5", "\"degreesOfFreedom\": Infinity"));
        assertTrue(Files.readString(dir.resolve(SteadinessFile.FILE)).contains("Infinity"));
        Steadiness read = SteadinessFile.besides(dir.resolve("results.json")).orElseThrow().benchmarks().get(0);
        assertEquals(Double.POSITIVE_INFINITY, read.degreesOfFreedom());
        assertEquals(250, read.level(), 1e-9);
    }

    @Test
    void whereTheMedianForksTimeWentIsWrittenReadAndSaid(@TempDir Path dir) throws Exception {
        java.util.Map<String, Double> t = new java.util.LinkedHashMap<>();
        t.put("jvmStart", 258.2);
        t.put("rulerWarm", 66.7);
        t.put("jmhStart", 43.4);
        t.put("setUp", 81.4);
        t.put("iterations", 836.0);
        t.put("exit", 33.2);
        t.put("total", 1411.1);
        t.put("overhead", 521.8);
        t.put("forks", 522.0);
        String json = new SteadinessFile(1, 2, 4, 0, 0.01, List.of(), t).toJson();
        Files.writeString(dir.resolve("results.json"), "[]");
        Files.writeString(dir.resolve(SteadinessFile.FILE), json);
        SteadinessFile read = SteadinessFile.besides(dir.resolve("results.json")).orElseThrow();
        assertEquals("the median fork took 1.41 s, 0.52 s of it beside its iterations: JVM start 0.26 s, machine ruler's"
                + " warm-up 0.07 s, JMH's start 0.04 s, set-up and its proof 0.08 s, exit 0.03 s (medians of 522 forks)",
                read.forkTimeText().orElseThrow());
        assertTrue(new SteadinessFile(1, 2, 4, 0, 0.01, List.of(), null).forkTimeText().isEmpty(), "a file written before: nothing said");
    }

    @Test
    void aFileOfTheReleaseBeforeIsReadWithItsMedianAsTheLevel(@TempDir Path dir) throws Exception {
        String old = new SteadinessFile(1, 2, 4, 0, 0.01, List.of(figure(new LogLevel(Math.log(250), 0.012, 7.5,
                LogLevel.Variance.MODERATED))), null).toJson().replaceAll("\\s*\"level\": [0-9.]+,", "");
        assertFalse(old.contains("\"level\""), old);
        Files.writeString(dir.resolve("results.json"), "[]");
        Files.writeString(dir.resolve(SteadinessFile.FILE), old);
        Steadiness read = SteadinessFile.besides(dir.resolve("results.json")).orElseThrow().benchmarks().get(0);
        assertEquals(250, read.level(), 1e-9);
        assertEquals(Math.exp(LogLevel.quantile(7.5, 0.95) * 0.012) - 1, read.relativeHalfWidth(), 1e-9);
    }

    /**
     * A file without a field its records cannot do without (no "benchmarks", a figure without "forks") is one line naming
     * the file, as malformed JSON is, not the record constructor's NullPointerException.
     */
    @Test
    void aFileMissingWhatItsRecordsNeedIsOneLine(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(SteadinessFile.FILE), "{\"seed\": 1}");
        io.github.ccsidbench.CcsidBenchException e = org.junit.jupiter.api.Assertions.assertThrows(
                io.github.ccsidbench.CcsidBenchException.class, () -> SteadinessFile.besides(dir.resolve("results.json")));
        assertEquals(dir.resolve(SteadinessFile.FILE).toAbsolutePath() + " is not a valid steadiness.json (missing fields)", e.getMessage());
        Files.writeString(dir.resolve(SteadinessFile.FILE), "{\"benchmarks\": [{\"key\": \"x\"}]}");
        e = org.junit.jupiter.api.Assertions.assertThrows(io.github.ccsidbench.CcsidBenchException.class,
                () -> SteadinessFile.besides(dir.resolve("results.json")));
        assertTrue(e.getMessage().endsWith("is not a valid steadiness.json (missing fields)"), e.getMessage());
        Files.writeString(dir.resolve(SteadinessFile.FILE), "{\"benchmarks\": [");
        e = org.junit.jupiter.api.Assertions.assertThrows(io.github.ccsidbench.CcsidBenchException.class,
                () -> SteadinessFile.besides(dir.resolve("results.json")));
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }

    /** The one rule: steady, confirmed, an interval over forks, within +-10%. */
    @Test
    void decisiveNeedsASteadyConfirmedFigureWithANarrowIntervalOverForks() {
        LogLevel narrow = new LogLevel(Math.log(100), 0.02, 30, LogLevel.Variance.MODERATED);
        assertTrue(Steadiness.decisive(true, true, narrow));
        assertFalse(Steadiness.decisive(false, true, narrow), "no fork steady");
        assertFalse(Steadiness.decisive(true, false, narrow), "not confirmed by two forks");
        assertFalse(Steadiness.decisive(true, true, new LogLevel(Math.log(100), 0.06, 30, LogLevel.Variance.MODERATED)),
                "+-13%");
        assertFalse(Steadiness.decisive(true, true, new LogLevel(Math.log(100), 0.005, Double.POSITIVE_INFINITY,
                LogLevel.Variance.ONE_FORK)), "one fork's iterations alone");
    }
}
