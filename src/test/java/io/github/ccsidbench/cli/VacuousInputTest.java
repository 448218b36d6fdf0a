package io.github.ccsidbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static io.github.ccsidbench.cli.CliTest.assertOneLineError;
import static io.github.ccsidbench.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Inputs that used to get an answer of nothing: a results file with none of the suite's benchmarks, or with a score
 * that is not a number, is refused by {@code report} and by the calibration check in one line naming the file and the
 * benchmark; {@code plan} checks its options before it opens a file; {@code fidelity} reads standard input and an
 * empty file to a table of zero characters, and a directory is one line.
 */
class VacuousInputTest {

    /** One JMH result as JMH writes it, with the score (and its one iteration) given. */
    static String result(String benchmark, String score) {
        return "[{\"jmhVersion\":\"1.37\",\"benchmark\":\"" + benchmark + "\",\"mode\":\"avgt\",\"threads\":1,\"forks\":1,"
                + "\"jvm\":\"/usr/bin/java\",\"jvmArgs\":[],\"jdkVersion\":\"17.0.15\",\"vmName\":\"OpenJDK 64-Bit Server VM\","
                + "\"vmVersion\":\"17.0.15\",\"warmupIterations\":0,\"warmupTime\":\"1 s\",\"measurementIterations\":1,"
                + "\"measurementTime\":\"1 s\",\"params\":{\"length\":\"16\"},\"primaryMetric\":{\"score\":" + score
                + ",\"scoreError\":\"NaN\",\"scoreConfidence\":[\"NaN\",\"NaN\"],\"scoreUnit\":\"ns/op\",\"rawData\":[[" + score
                + "]]},\"secondaryMetrics\":{}}]";
    }

    @Test
    void aResultsFileWithNoneOfTheSuitesBenchmarksIsRefused(@TempDir Path dir) throws IOException {
        Path f = Files.writeString(dir.resolve("results.json"), result("org.example.Other.bench", "12.5"));
        assertOneLineError(run("report", f.toString()), 2, "holds none of ccsid-bench's benchmarks (it holds org.example.Other.bench)");
        assertThrowsNaming(f, "holds none of ccsid-bench's benchmarks");
        assertFalse(Files.exists(dir.resolve("report.md")), "nothing written");
    }

    @Test
    void aScoreThatIsNotANumberIsRefusedNamingTheBenchmark(@TempDir Path dir) throws IOException {
        Path f = Files.writeString(dir.resolve("results.json"),
                result("io.github.ccsidbench.bench.FloorBenchmark.isoEncode", "\"NaN\""));
        assertOneLineError(run("report", f.toString()), 2, "FloorBenchmark.isoEncode length=16 has a score that is not a finite number");
        assertThrowsNaming(f, f.toString());
    }

    @Test
    void planChecksItsOptionsBeforeItsFiles(@TempDir Path dir) {
        Path missing = dir.resolve("nowhere.json");
        assertOneLineError(run("plan", "--rows-per-day=-5", "--results", missing.toString()), 2, "--rows-per-day must be a positive");
        assertOneLineError(run("plan", "--rows-per-day", "0", "--results", missing.toString()), 2, "--rows-per-day");
        assertOneLineError(run("plan", "--rows-per-day", "10", "--rows", "nonsense", "--results", missing.toString()), 2, "nonsense");
        assertOneLineError(run("plan", "--rows-per-day", "10", "--bytes-per-row", "0", "--results", missing.toString()), 2,
                "--bytes-per-row");
    }

    @Test
    void convertChecksItsProviderBeforeItsInput(@TempDir Path dir) {
        assertOneLineError(run("convert", "-f", "37", "-t", "1208", "--provider", "nosuch", dir.resolve("absent").toString()), 2,
                "nosuch");
    }

    @Test
    void fidelityOfNothingAndOfADirectory(@TempDir Path dir) throws IOException {
        CliTest.Outcome empty = run("fidelity", Files.createFile(dir.resolve("empty.txt")).toString());
        assertEquals(0, empty.status(), empty.stderr());
        assertTrue(empty.out().startsWith("0 characters (0 distinct)"), empty.out());
        CliTest.Outcome stdin = run("é\n".getBytes(java.nio.charset.StandardCharsets.UTF_8), "fidelity", "--ccsid", "367",
                "--provider", "jdk");
        assertEquals(3, stdin.status(), stdin.stderr());
        assertTrue(stdin.out().contains("U+00E9 'é' (LATIN SMALL LETTER E WITH ACUTE) at line 1, column 1"), stdin.out());
        assertOneLineError(run("fidelity", dir.toString()), 2, "is a directory");
    }

    /** The calibration check (test sources) refuses {@code f} given twice with a one-line reason holding {@code fragment}. */
    private static void assertThrowsNaming(Path f, String fragment) {
        io.github.ccsidbench.CcsidBenchException e = org.junit.jupiter.api.Assertions.assertThrows(
                io.github.ccsidbench.CcsidBenchException.class,
                () -> io.github.ccsidbench.report.CalibrationCheck.run(f, f, f.getParent(), false));
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
    }
}
