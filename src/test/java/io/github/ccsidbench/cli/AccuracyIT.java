package io.github.ccsidbench.cli;

import org.junit.jupiter.api.Tag;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code accuracy} from the shaded jar, as a user runs it, made as short as it goes: the smoke preset's suite run between
 * two plain JMH runs of one fork of one 50 ms iteration, on two figures (the JDK's encode in 37 and the floor, one
 * ratio). It asserts the structure of what is written, never a speed: a smoke run's figures measure nothing.
 */
@Tag("slow")
class AccuracyIT {

    @Test
    void aShortCheckFromTheJarWritesItsFilesAndEachRunsOwn(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("acc");
        BenchmarksJarIT.Result r = BenchmarksJarIT.jar(new byte[0], "tools", "accuracy", "--preset", "smoke",
                "--include", "ConversionBenchmark.encode ccsid=37 length=256|FloorBenchmark.isoEncode length=256",
                "--long", "-f 1 -wi 0 -i 1 -r 50ms", "--suite-runs", "1", "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().contains("ccsid-bench: accuracy check of 2 figures; long 1, suite 1, long 2; about "), r.err());
        assertTrue(r.err().contains("ccsid-bench: [2/3] suite 1: the suite (run --preset smoke)"), r.err());
        assertTrue(r.err().contains("ccsid-bench: [3/3] long 2 done in "), r.err());
        assertTrue(r.text().startsWith("ccsid-bench accuracy ("), r.text());
        assertTrue(r.text().contains("Verdict: "), r.text());

        for (String f : List.of("accuracy.json", "accuracy.md", "suite-1/results.json", "suite-1/steadiness.json", "suite-1/progress.log",
                "long-1/results.json", "long-1/jmh.log", "long-2/results.json")) {
            assertTrue(Files.isRegularFile(out.resolve(f)), f);
        }
        assertFalse(Files.exists(out.resolve(".partial")));
        assertFalse(Files.readString(out.resolve("long-1/jmh.log")).isBlank(), "JMH's own output went to its log");
        JsonObject a = JsonParser.parseString(Files.readString(out.resolve("accuracy.json"))).getAsJsonObject();
        assertEquals(2, a.getAsJsonArray("figures").size());
        assertEquals(1, a.getAsJsonArray("ratios").size());
        assertEquals(1, a.getAsJsonArray("summaries").size());
        assertEquals("[\"long 1\",\"suite 1\",\"long 2\"]", a.getAsJsonArray("order").toString());
        JsonObject figure = a.getAsJsonArray("figures").get(0).getAsJsonObject();
        assertEquals(2, figure.getAsJsonArray("longScores").size());
        assertEquals(2, figure.get("longForks").getAsInt(), "one fork in each long run");
        assertEquals(List.of("-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"), List.of(a.getAsJsonObject("settings")
                .getAsJsonArray("jvmArgs").asList().stream().map(e -> e.getAsString()).toArray()));
        assertTrue(Files.readString(out.resolve("long-1/results.json")).contains("\"-XX:+AlwaysPreTouch\""),
                "the long run's forks got the suite's JVM options");
        String md = Files.readString(out.resolve("accuracy.md"));
        assertTrue(md.startsWith("# Accuracy: the suite against long plain JMH runs"), md);
        assertTrue(md.contains("| encode 37 / floor, 256 characters |"), md);
    }
}
