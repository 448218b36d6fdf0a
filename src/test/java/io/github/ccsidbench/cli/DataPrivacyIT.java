package io.github.ccsidbench.cli;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A user's data may be customer data: a run over a file of unique marker strings writes none of them to any file of
 * its output directory, to its logs or to the terminal, leaves no sample behind in the temporary directory, and says
 * in one line, without the value, what is wrong with a bad file. Runs the shaded jar as a user does (failsafe).
 */
@Tag("slow")
class DataPrivacyIT {

    @TempDir
    Path dir;

    /**
     * The benchmarks a run over the rows measures: both classes that read the sample (the Db2 paths and the JVM's
     * conversions), which is where a value could leak; what {@code plan} reads (the INSERT's client and server sides);
     * and what the report's losses by code point come from (the JVM's encode). The data preset's other methods read the
     * same sample through the same set-up as these.
     */
    private static final String DATA_BENCHMARKS = "Db2PathBenchmark.insert(Client|Server)|DataBenchmark.encode";

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

    /** Every file below {@code root}, empty when it does not exist. */
    private static List<Path> files(Path root) throws IOException {
        if (!Files.exists(root)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).toList();
        }
    }

    private static void assertNoMarkerIn(Path root) throws IOException {
        for (Path f : files(root)) {
            assertNoMarker(root.relativize(f).toString(), new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1)
                    + new String(Files.readAllBytes(f), StandardCharsets.UTF_8));
        }
    }

    private static boolean holdsMarker(Path f) {
        try {
            return new String(Files.readAllBytes(f), StandardCharsets.UTF_8).contains("QXZMARK");
        } catch (IOException e) {
            return false;
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
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        BenchmarksJarIT.Result run = BenchmarksJarIT.jar(List.of("-Djava.io.tmpdir=" + tmp), new byte[0], "run", "--data", data.toString(), "--provider", "jdk",
                "--include", DATA_BENCHMARKS, "--forks", "1", "--max-forks", "1", "--max-iterations", "3", "--iteration-ms", "20", "--out", out.toString());
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
        assertEquals(List.of(), files(tmp), "nothing in the temporary directory");
        assertFalse(Files.exists(out.resolve(".private")), "the run's private space is gone");

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

    /**
     * SIGKILL a run over marker rows while a fork measures them: nothing of the rows is in the temporary directory,
     * only in the output folder's private space; a second run on the folder is refused in one line; and run --resume
     * takes the folder over, deletes the private files and finishes, leaving no marker anywhere.
     */
    @Test
    void aKilledRunLeavesTheRowsOnlyInItsPrivateSpaceAndResumeRemovesThem() throws Exception {
        Path data = markerFile();
        Path out = dir.resolve("killed");
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Djava.io.tmpdir=" + tmp,
                BenchmarksJarIT.QUICK_FORKS, "-jar", Path.of(System.getProperty("benchmarks.jar", "target/benchmarks.jar")).toString(), "run", "--data", data.toString(),
                "--provider", "jdk", "--include", "DataBenchmark.encode", "--forks", "1", "--max-forks", "1",
                "--max-iterations", "3", "--iteration-ms", "20", "--out", out.toString());
        Process run = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("killed.log").toFile()).start();
        Path space = out.resolve(".private");
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(2);
        while (run.isAlive() && System.nanoTime() < deadline && (!Files.exists(space.resolve("sample.bin"))
                || files(space).stream().noneMatch(f -> f.getFileName().toString().equals("request.properties")))) {
            Thread.sleep(20);
        }
        assertTrue(run.isAlive(), "the run still measures: " + Files.readString(dir.resolve("killed.log")));

        BenchmarksJarIT.Result second = BenchmarksJarIT.jar(new byte[0], "run", "--preset", "smoke", "--out", out.toString());
        assertEquals(2, second.status(), second.err());
        assertEquals("ccsid-bench: " + out + " is in use by another run or gate (process " + run.pid()
                + "): wait for it to end, or give another --out", second.err().strip());

        run.descendants().forEach(ProcessHandle::destroyForcibly);
        run.destroyForcibly();
        assertTrue(run.waitFor(1, java.util.concurrent.TimeUnit.MINUTES));
        // JMH's compiler-hints file of a killed JVM stays behind (it names compiler options, nothing of the rows).
        assertNoMarkerIn(tmp);
        assertTrue(files(tmp).stream().noneMatch(f -> f.getFileName().toString().startsWith("ccsid-bench")), files(tmp).toString());
        List<Path> withMarkers = files(out).stream().filter(DataPrivacyIT::holdsMarker).toList();
        assertTrue(withMarkers.stream().allMatch(f -> f.startsWith(space)), "markers only in the private space: " + withMarkers);

        BenchmarksJarIT.Result resumed = BenchmarksJarIT.jar(List.of("-Djava.io.tmpdir=" + tmp), new byte[0], "run", "--resume", out.toString());
        assertEquals(0, resumed.status(), resumed.err());
        assertTrue(resumed.err().contains("ccsid-bench: took over " + out + " from process " + run.pid() + ", which is gone"), resumed.err());
        assertTrue(resumed.err().contains("ccsid-bench: deleted the private files an interrupted run left in " + space), resumed.err());
        assertNoMarker("stderr", resumed.err());
        assertNoMarkerIn(out);
        assertNoMarkerIn(tmp);
        assertFalse(Files.exists(space), "no private space is left");
        assertFalse(Files.exists(out.resolve(".ccsid-bench.lock")), "nor a lock");
        assertTrue(Files.exists(out.resolve("report.md")));
    }
}
