package io.github.ccsidbench.accuracy;

import io.github.ccsidbench.testing.HarnessForks;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.ccsidbench.report.AccuracyRecord;
import io.github.ccsidbench.suite.ForkLauncher;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The accuracy check in pairs on the shaded jar, made as short as it goes: one figure (the encode floor at 4096), two
 * pairs of a plain JMH fork of one 100 ms iteration and a suite fork. It asserts the structure of what is written and
 * that the forks alternate, never a speed: forks this short measure nothing.
 */
@Tag("slow")
class AccuracyCheckIT {

    @Test
    void twoPairsAlternateAndEveryReadingIsWritten(@TempDir Path dir) throws Exception {
        Path jar = Path.of(System.getProperty("benchmarks.jar", "target/benchmarks.jar"));
        AccuracyCheck.Settings s = new AccuracyCheck.Settings(jar, Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                AccuracyFigures.named("floor encode"), List.of("suite"), "-wi 0 -i 1 -r 100ms", 2, 2, 0.025, dir,
                HarnessForks.jvmArgs(), false);
        List<AccuracyResult> partial = new ArrayList<>();
        AccuracyResult r;
        try (PrintStream log = new PrintStream(Files.newOutputStream(dir.resolve("forks.log")), true)) {
            r = AccuracyCheck.run(s, new ForkLauncher(dir.resolve("forks.log"), log, dir.resolve("work")), dir, null, partial::add);
        }
        assertEquals(2, r.pairs().size());
        assertEquals(2, partial.size(), "written after every round");
        assertEquals(List.of("long", "suite"), r.pairs().get(0).order());
        assertEquals(List.of("suite", "long"), r.pairs().get(1).order(), "the order alternates");
        boolean someSettled = false;
        for (AccuracyResult.Pair p : r.pairs()) {
            assertTrue(p.readings().get("long") > 0 && p.readings().get("suite") > 0 && p.readings().get("long:jmh-score") > 0,
                    p.readings().toString());
            // a fork that settled has every reading of its steady state; one the JIT finished unsettled has none of them
            boolean settled = p.readings().containsKey("suite:settled");
            someSettled |= settled;
            for (String steadyReading : List.of("suite:settled", "suite:quiet", "suite:jmh-mean", "suite:rule")) {
                assertEquals(settled, p.readings().containsKey(steadyReading) && p.readings().get(steadyReading) > 0,
                        steadyReading + ": " + p.readings());
            }
        }
        assertEquals("long", r.reference());
        List<String> expected = new java.util.ArrayList<>(List.of("long:jmh-score", "suite"));
        if (someSettled) {
            expected.addAll(List.of("suite:jmh-mean", "suite:jmh-mean / suite", "suite:quiet", "suite:quiet / suite", "suite:rule",
                    "suite:rule / suite", "suite:settled", "suite:settled / suite"));
        }
        assertEquals(expected.stream().sorted().toList(), r.pooled().stream().map(AccuracyRecord.Pooled::reading).sorted().toList());
        assertEquals(1, r.pooled().stream().filter(x -> x.reading().equals("suite")).findFirst().orElseThrow().figures());
        assertTrue(r.figures().stream().anyMatch(f -> f.reading().equals("suite") && f.pairs() == 2), r.figures().toString());

        AccuracyCheck.write(dir, r);
        JsonObject json = JsonParser.parseString(Files.readString(dir.resolve("accuracy.json"))).getAsJsonObject();
        assertEquals(2, json.getAsJsonArray("pairs").size());
        assertTrue(json.getAsJsonArray("pooled").asList().stream()
                .anyMatch(x -> x.getAsJsonObject().get("reading").getAsString().equals("suite")), json.toString());
        String md = Files.readString(dir.resolve("accuracy.md"));
        assertTrue(md.startsWith("# Accuracy in pairs"), md);
        assertTrue(md.contains("| suite | floor encode | 2 |"), md);

        // extended by one pair: the earlier pairs kept, the round numbering and the alternation go on
        AccuracyCheck.Settings more = new AccuracyCheck.Settings(s.jar(), s.java(), s.figures(), s.arms(), s.longOptions(),
                2, 3, 0.0, dir, s.jvmArgs(), true);
        assertNull(AccuracyCheck.mismatch(more, r));
        AccuracyResult extended;
        try (PrintStream log = new PrintStream(Files.newOutputStream(dir.resolve("forks.log")), true)) {
            extended = AccuracyCheck.run(more, new ForkLauncher(dir.resolve("forks.log"), log, dir.resolve("work")), dir, r, x -> { });
        }
        assertEquals(3, extended.pairs().size());
        assertEquals(r.pairs().get(1), extended.pairs().get(1));
        assertEquals(3, extended.pairs().get(2).round());
        assertEquals(List.of("long", "suite"), extended.pairs().get(2).order(), "round 3 runs the long fork first");
        assertEquals(r.date(), extended.date(), "an extension keeps the first session's start");
        assertTrue(extended.seconds() >= r.seconds());
        AccuracyCheck.Settings otherOptions = new AccuracyCheck.Settings(s.jar(), s.java(), s.figures(), s.arms(),
                s.longOptions(), 2, 3, 0.0, dir, List.of("-Xmx512m"), true);
        assertTrue(AccuracyCheck.mismatch(otherOptions, r).contains("options"), "another JVM option is another check");
    }
}
