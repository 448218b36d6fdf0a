package io.github.ccsidbench.cli;

import org.junit.jupiter.api.Tag;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run killed with SIGKILL, its forks with it, is resumed by another JVM to every result a whole run writes: the
 * resuming JVM must plan the same benchmarks in the same order as the killed one (a plan that depends on the JVM, such
 * as {@code Map.of}'s iteration order, refuses to resume). Runs the shaded jar as a user does (failsafe). The killed run
 * plans four forks (two CCSIDs of the article's row shapes): two are journalled before the kill, the resume measures
 * the other two, which is the fewest that shows both halves.
 */
@Tag("slow")
class ResumeIT {

    private static final Path JAR = Path.of(System.getProperty("benchmarks.jar", "target/benchmarks.jar"));
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path dir;

    @Test
    void aRunKilledAfterTwoForksIsResumedInAnotherJvmToEveryBenchmark() throws Exception {
        Path out = dir.resolve("run");
        List<String> command = new ArrayList<>(List.of(JAVA, BenchmarksJarIT.QUICK_FORKS, "-jar", JAR.toString(), "run", "--preset", "smoke",
                "--include", "Db2PathBenchmark.insertServer", "--ccsid", "37,1208", "--out", out.toString()));
        Process run = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("killed.log").toFile()).start();
        Path journal = out.resolve("journal.jsonl");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (run.isAlive() && forks(journal) < 2 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        run.descendants().forEach(ProcessHandle::destroyForcibly);
        run.destroyForcibly();
        assertTrue(run.waitFor(1, TimeUnit.MINUTES), "the killed run ended");
        // Killed within 50 ms of its second fork's journal line, with two forks of a second or more each still to run:
        // a run that nevertheless finished did not resume anything, and the test says so.
        assertFalse(Files.exists(out.resolve("results.json")), "the run finished before it could be killed");
        int journalled = forks(journal);
        assertTrue(journalled >= 2, "forks in the journal when killed: " + journalled + "\n" + Files.readString(dir.resolve("killed.log")));

        BenchmarksJarIT.Result resumed = BenchmarksJarIT.jar(new byte[0], "run", "--resume", out.toString());
        assertEquals(0, resumed.status(), resumed.err());
        assertTrue(resumed.err().contains("resuming the interrupted run in " + out + ": " + journalled + " forks are in its journal"),
                resumed.err());
        Set<String> measured = new TreeSet<>();
        JsonArray results = JsonParser.parseString(Files.readString(out.resolve("results.json"), StandardCharsets.UTF_8)).getAsJsonArray();
        for (JsonElement e : results) {
            JsonObject r = e.getAsJsonObject();
            JsonObject params = r.getAsJsonObject("params");
            measured.add(r.get("benchmark").getAsString().replaceAll(".*\\.", "") + " " + params.get("rows").getAsString()
                    + " " + params.get("column").getAsString());
        }
        Set<String> planned = new TreeSet<>();
        for (String rows : List.of("ascii", "accented")) {
            for (String column : List.of("37", "1208")) {
                planned.add("insertServer " + rows + " " + column);
            }
        }
        assertEquals(planned, measured, "every planned benchmark has a result");
        for (String file : List.of("report.md", "summary.md", "steadiness.json", "environment.json")) {
            assertTrue(Files.size(out.resolve(file)) > 0, file);
        }
        assertFalse(Files.exists(journal), "a finished run leaves no journal to resume");
        assertTrue(resumed.err().contains("took over " + out + " from process " + run.pid() + ", which is gone"), resumed.err());
        assertFalse(Files.exists(out.resolve(".private")), "the killed run's fork folders are gone");
        assertFalse(Files.exists(out.resolve(".ccsid-bench.lock")), "and the folder is free");
    }

    @Test
    void everyJvmPlansTheSameBenchmarksInTheSameOrder() throws Exception {
        // Iteration orders salted per JVM (Map.of, Set.of) would differ between most pairs of these six.
        Set<String> plans = new TreeSet<>();
        for (int i = 0; i < 6; i++) {
            BenchmarksJarIT.Result r = BenchmarksJarIT.jar(new byte[0], "run", "--preset", "standard", "--dry-run");
            assertEquals(0, r.status(), r.err());
            plans.add(r.text());
        }
        assertEquals(1, plans.size(), "one plan from six JVMs:\n" + String.join("\n", plans));
    }

    /** Finished forks in the journal: its lines after the header. */
    private static int forks(Path journal) throws IOException {
        if (!Files.exists(journal)) {
            return 0;
        }
        return (int) Math.max(0, Files.readAllLines(journal, StandardCharsets.UTF_8).stream().filter(l -> l.endsWith("}")).count() - 1);
    }
}
