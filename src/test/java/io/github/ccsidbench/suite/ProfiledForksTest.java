package io.github.ccsidbench.suite;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.results.ProfileFile;
import io.github.ccsidbench.steady.ProfileRequest;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which benchmarks {@code run --profile} samples, and the options it refuses before anything runs. */
class ProfiledForksTest {

    private static List<BenchmarkCase> standard() {
        return BenchmarkPlan.of(Preset.STANDARD, Preset.STANDARD.timing(), Selection.everything()).runs().stream()
                .flatMap(r -> r.cases().stream()).toList();
    }

    @Test
    void byDefaultTheAnswersBenchmarksOfTheStandardPreset() {
        List<BenchmarkCase> chosen = ProfiledForks.chosen(standard(), ProfiledForks.Settings.defaults());
        // 3 providers x 3 CCSIDs x encode and decode, and the INSERT into 37, 367, 1208 and the direct table
        assertEquals(22, chosen.size(), chosen.toString());
        TreeSet<String> keys = new TreeSet<>(chosen.stream().map(BenchmarkCase::key).toList());
        assertTrue(keys.contains("ConversionBenchmark.encode ccsid=37 length=4096 provider=jdk workload=ascii-text"), keys.toString());
        assertTrue(keys.contains("ConversionBenchmark.decode ccsid=1208 length=4096 provider=jt400 workload=ascii-text"), keys.toString());
        assertTrue(keys.contains("Db2PathBenchmark.insertServer column=367-direct rows=ascii shape=article"), keys.toString());
        assertTrue(chosen.stream().noneMatch(c -> "16".equals(c.params().get("length"))), "the answer's length only");
    }

    @Test
    void anIncludeChoosesByKey() {
        List<BenchmarkCase> chosen = ProfiledForks.chosen(standard(),
                new ProfiledForks.Settings("insertServer column=367 ", ProfileRequest.DEFAULT_EVENTS, 2));
        assertEquals(2, chosen.size(), chosen.toString()); // ascii and accented rows
    }

    @Test
    void badOptionsAreOneLine() {
        assertThrows(CcsidBenchException.class, () -> new ProfiledForks.Settings("(", List.of("cpu"), 2));
        assertThrows(CcsidBenchException.class, () -> new ProfiledForks.Settings(null, List.of("cpu;rm"), 2));
        assertThrows(CcsidBenchException.class, () -> new ProfiledForks.Settings(null, List.of("cpu"), 0));
        assertThrows(CcsidBenchException.class, () -> new ProfiledForks.Settings(null, List.of("cpu"), Double.NaN));
    }

    @Test
    void aStemIsAFileName() {
        BenchmarkCase c = new BenchmarkCase("io.github.ccsidbench.bench.Db2PathBenchmark", "insertServer",
                java.util.Map.of("column", "367-direct", "rows", "ascii", "shape", "article"), List.of());
        assertEquals("Db2PathBenchmark.insertServer-column-367-direct-rows-ascii-shape-article", ProfiledForks.stem(c));
        assertEquals(Path.of("profiles", "x.collapsed"), Path.of(ProfileFile.DIR, "x.collapsed"));
    }
}
