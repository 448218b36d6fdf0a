package io.github.ccsidbench.report;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.results.RunEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CalibrationTest {


    /** A run of the article's INSERT paths and a few encodes, every level scaled by {@code scale}, forks 1% apart. */
    static ReportInputs.Source run(double scale, RunEnvironment env) {
        SyntheticRun r = new SyntheticRun().article(new double[] {200 * scale, 202 * scale}, new double[] {240 * scale, 242 * scale},
                new double[] {110 * scale, 111 * scale});
        for (int i = 0; i < 6; i++) {
            r.result("ConversionBenchmark.encode", Map.of("ccsid", "37", "length", Integer.toString(16 << i), "provider", "jdk",
                    "workload", "ascii-text"), 50 * scale * (i + 1), 50.5 * scale * (i + 1));
        }
        return new ReportInputs.Source("results.json", Optional.of(env), r.results(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    @Test
    void twoRunsThatAgreeAgreeAndARunTwentyPercentSlowerDoesNot() {
        Calibration same = Calibration.of(run(1, SyntheticRun.environment()), run(1.002, SyntheticRun.environment()));
        assertEquals(10, same.benchmarks().size());
        assertEquals(1.0, Calibration.share(same.benchmarks()));
        assertEquals(2, same.ratios().size(), "367 and 1208 against 37 (no floor in these runs)");
        assertEquals(1.0, Calibration.share(same.ratios()), "a uniform change leaves the ratios alone");
        Calibration slower = Calibration.of(run(1, SyntheticRun.environment()), run(1.2, SyntheticRun.environment()));
        // every figure 20% slower but the client's INSERT, which SyntheticRun.article keeps at 400 ns
        assertEquals(0.1, Calibration.share(slower.benchmarks()), slower.headline());
        assertEquals(1.0, Calibration.share(slower.ratios()));
        assertTrue(slower.markdown().contains("## Figures that disagree (9)"), slower.markdown());
        assertTrue(slower.headline().startsWith("1 of 10 figures (10%) agree"), slower.headline());
    }

    @Test
    void runsOfTwoMachinesAreRefusedInOneLine() {
        RunEnvironment e = SyntheticRun.environment();
        RunEnvironment other = SyntheticRun.environmentOn("Intel Xeon");
        CcsidBenchException x = assertThrows(CcsidBenchException.class, () -> Calibration.of(run(1, e), run(1, other)));
        assertTrue(x.getMessage().contains("different CPUs") && !x.getMessage().contains("\n"), x.getMessage());
    }

    @Test
    void writesBothFilesAndReadsTheCommittedOneByClassAndJdk(@TempDir Path dir) throws Exception {
        Calibration c = Calibration.of(run(1, SyntheticRun.environment()), run(1.01, SyntheticRun.environment()));
        List<Path> written = c.write(dir);
        assertEquals(2, written.size());
        assertTrue(Files.readString(dir.resolve(Calibration.JSON)).contains("\"benchmarks\""));
        assertEquals("avx-512-vbmi-jdk17", Calibration.slug("AVX-512 VBMI", "17.0.15"));
        assertEquals("avx2-jdk25", Calibration.slug("AVX2", "25.0.3"));
        assertTrue(Calibration.committed("no such class", "17.0.15").isEmpty());
    }
}
