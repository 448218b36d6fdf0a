package io.github.ccsidbench.cli;

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
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A user's data may be customer data: a run over a file of unique marker strings writes none of them to any file of
 * its output directory, to its logs or to the terminal, leaves no sample behind in the temporary directory, and says
 * in one line, without the value, what is wrong with a bad file. Runs the shaded jar as a user does (failsafe).
 */
class DataPrivacyIT {

    @TempDir
    Path dir;

    /** Unique markers: values no output would hold by chance, in ASCII and accented and Japanese forms. */
    private static List<String> markers() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            out.add(String.format("QXZMARK%04dQXZ", i));
        }
        out.add("QXZMÜLLERÉQXZ");
        out.add("QXZ山田太郎QXZ");
        return out;
    }

    private Path markerFile() throws IOException {
        List<String> m = markers();
        StringBuilder sb = new StringBuilder("id,name,note\n");
        for (int i = 0; i < m.size(); i++) {
            sb.append(i).append(',').append(m.get(i)).append(",\"").append(m.get((i + 7) % m.size())).append(", again\"\n");
        }
        Path f = dir.resolve("customers.csv");
        Files.writeString(f, sb.toString(), StandardCharsets.UTF_8);
        return f;
    }

    private static Set<String> sampleDirectories() throws IOException {
        try (Stream<Path> tmp = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return tmp.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("ccsid-bench-data-"))
                    .collect(java.util.stream.Collectors.toCollection(TreeSet::new));
        }
    }

    private static void assertNoMarker(String where, String text) {
        for (String m : markers()) {
            assertFalse(text.contains(m), where + " holds the user's value " + m);
        }
        assertFalse(text.contains("QXZ"), where + " holds part of a user's value");
    }

    @Test
    void aRunOverMarkerRowsWritesNoneOfThemAnywhere() throws Exception {
        Path data = markerFile();
        Path out = dir.resolve("out");
        Set<String> before = sampleDirectories();
        BenchmarksJarIT.Result run = BenchmarksJarIT.jar(new byte[0], "run", "--data", data.toString(), "--provider", "jdk",
                "--forks", "1", "--max-iterations", "3", "--iteration-ms", "20", "--out", out.toString());
        assertEquals(0, run.status(), run.err());
        assertNoMarker("stdout", run.text());
        assertNoMarker("stderr", run.err());
        assertTrue(run.err().contains("customers.csv: 42 rows, 3 columns"), run.err());
        List<Path> written;
        try (Stream<Path> files = Files.walk(out)) {
            written = files.filter(Files::isRegularFile).toList();
        }
        assertTrue(written.stream().anyMatch(f -> f.endsWith("data.json")), written.toString());
        assertTrue(written.stream().anyMatch(f -> f.endsWith("jmh.log")), written.toString());
        for (Path f : written) {
            assertNoMarker(out.relativize(f).toString(), new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1)
                    + new String(Files.readAllBytes(f), StandardCharsets.UTF_8));
        }
        String report = Files.readString(out.resolve("report.md"));
        assertTrue(report.contains("## Your data"), report);
        assertTrue(report.contains("U+00DC LATIN CAPITAL LETTER U WITH DIAERESIS"), "losses are named by code point: " + report);
        assertEquals(before, sampleDirectories(), "the run's private sample is gone");

        BenchmarksJarIT.Result plan = BenchmarksJarIT.jar(new byte[0], "plan", "--rows-per-day", "1000000", "--results",
                out.resolve("results.json").toString(), "--shape", "data");
        assertEquals(0, plan.status(), plan.err());
        assertTrue(plan.text().contains("customers.csv"), plan.text());
        assertNoMarker("plan", plan.text() + plan.err());
    }

    @Test
    void aBadFileIsRefusedInOneLineThatNamesRowAndColumnButNoValue() throws Exception {
        Path ragged = dir.resolve("ragged.csv");
        Files.writeString(ragged, "a,b\n1,QXZMARKAQXZ\n2,QXZMARKBQXZ,QXZMARKCQXZ\n", StandardCharsets.UTF_8);
        Path out = dir.resolve("out");
        BenchmarksJarIT.Result r = BenchmarksJarIT.jar(new byte[0], "run", "--data", ragged.toString(), "--out", out.toString());
        assertEquals(2, r.status(), r.err());
        assertEquals("ccsid-bench: data file ragged.csv: row 2 (line 3) has 3 fields, the header has 2", r.err().strip());
        assertFalse(Files.exists(out), "nothing written");
        Path binary = dir.resolve("bin.csv");
        Files.write(binary, "a\nQXZMARKDQXZ\u0000\n".getBytes(StandardCharsets.UTF_8));
        BenchmarksJarIT.Result b = BenchmarksJarIT.jar(new byte[0], "run", "--data", binary.toString(), "--dry-run");
        assertEquals(2, b.status(), b.err());
        assertEquals("ccsid-bench: data file bin.csv holds binary content: row 1, column a has a NUL character", b.err().strip());
    }
}
