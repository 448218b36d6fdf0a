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
        return new ReportInputs.Source("results.json", Optional.of(env), runOf(scale).results(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty());
    }

    static SyntheticRun runOf(double scale) {
        SyntheticRun r = new SyntheticRun().article(new double[] {200 * scale, 202 * scale}, new double[] {240 * scale, 242 * scale},
                new double[] {110 * scale, 111 * scale});
        for (int i = 0; i < 6; i++) {
            r.result("ConversionBenchmark.encode", Map.of("ccsid", "37", "length", Integer.toString(16 << i), "provider", "jdk",
                    "workload", "ascii-text"), 50 * scale * (i + 1), 50.5 * scale * (i + 1));
        }
        return r;
    }

    @Test
    void twoRunsThatAgreeAgreeAndARunTwentyPercentSlowerDoesNot() {
        Calibration same = CalibrationCheck.of(run(1, SyntheticRun.environment()), run(1.002, SyntheticRun.environment()));
        assertEquals(10, same.benchmarks().size());
        assertEquals(1.0, Calibration.share(same.benchmarks()));
        assertEquals(2, same.ratios().size(), "367 and 1208 against 37 (no floor in these runs)");
        assertEquals(1.0, Calibration.share(same.ratios()), "a uniform change leaves the ratios alone");
        Calibration slower = CalibrationCheck.of(run(1, SyntheticRun.environment()), run(1.2, SyntheticRun.environment()));
        // every figure 20% slower but the client's INSERT, which SyntheticRun.article keeps at 400 ns
        assertEquals(0.1, Calibration.share(slower.benchmarks()), CalibrationCheck.headline(slower));
        assertEquals(1.0, Calibration.share(slower.ratios()));
        assertTrue(CalibrationCheck.markdown(slower).contains("## Figures that disagree (9)"), CalibrationCheck.markdown(slower));
        assertTrue(CalibrationCheck.headline(slower).startsWith("1 of 10 figures (10%) agree"), CalibrationCheck.headline(slower));
    }

    @Test
    void runsOfTwoMachinesAreRefusedInOneLine() {
        RunEnvironment e = SyntheticRun.environment();
        RunEnvironment other = SyntheticRun.environmentOn("Intel Xeon");
        CcsidBenchException x = assertThrows(CcsidBenchException.class, () -> CalibrationCheck.of(run(1, e), run(1, other)));
        assertTrue(x.getMessage().contains("different CPUs") && !x.getMessage().contains("\n"), x.getMessage());
    }

    @Test
    void writesBothFilesAndKeepsBothRunsBesideThem(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("a/results.json");
        Path b = dir.resolve("b/results.json");
        for (Path p : List.of(a, b)) {
            Files.createDirectories(p.getParent());
            Files.writeString(p, runOf(p == a ? 1 : 1.01).resultsJson());
            Files.writeString(p.resolveSibling("environment.json"), new com.google.gson.Gson().toJson(SyntheticRun.environment()));
        }
        Calibration c = CalibrationCheck.of(run(1, SyntheticRun.environment()), run(1.01, SyntheticRun.environment()));
        Path out = dir.resolve("out");
        Calibration kept = CalibrationCheck.keepRuns(c, out, a, b);
        List<Path> written = CalibrationCheck.write(kept, out);
        assertEquals(2, written.size());
        assertEquals("first/results.json", kept.first());
        assertEquals(Files.readString(a), Files.readString(out.resolve("first/results.json")));
        assertTrue(Files.isRegularFile(out.resolve("second/environment.json")));
        String json = Files.readString(out.resolve(Calibration.JSON));
        for (String key : List.of("\"benchmarks\"", "\"firstStandardError\"", "\"firstDegreesOfFreedom\"", "\"firstVariance\"",
                "\"degreesOfFreedom\"", "\"critical\"", "\"agrees\"")) {
            assertTrue(json.contains(key), key + " in " + json);
        }
        // computed again from the kept runs, it is the same
        Calibration again = CalibrationCheck.of(ReportInputs.read(List.of(out.resolve("first/results.json"))).sources().get(0),
                ReportInputs.read(List.of(out.resolve("second/results.json"))).sources().get(0));
        assertEquals(c.benchmarks(), again.benchmarks());
        assertEquals(CalibrationCheck.keepRuns(kept, out, out.resolve("first/results.json"), out.resolve("second/results.json")).first(), kept.first(),
                "runs already kept stay where they are");
    }

    /** The committed calibrations are looked up by CPU model and JDK feature release. */
    @Test
    void aCommittedCalibrationIsFoundByCpuModelAndJdk() {
        assertEquals("amd-epyc-family-26-model-2-stepping-1-jdk17", Calibration.slug("AMD EPYC (family 26, model 2, stepping 1)", "17.0.15"));
        assertEquals("amd-epyc-7b13-jdk25", Calibration.slug("AMD EPYC 7B13", "25.0.3"));
        assertTrue(Calibration.committed("no such CPU", "AVX2", "17.0.15").isEmpty());
    }

    /**
     * The report's "How sure" line quotes a calibration of the run's own CPU model, JDK and class, with how busy its
     * host was, and otherwise says that none is committed for this CPU and how to make one.
     */
    @Test
    void theHowSureLineQuotesOnlyACalibrationOfThisCpu() {
        RunEnvironment env = SyntheticRun.environment();
        Calibration measured = new Calibration(env.cpu(), env.vectorClass(), SyntheticRun.JDK, "standard", "first/results.json",
                "second/results.json", new Calibration.Busy(30, 1000), new Calibration.Busy(10, 1000),
                CalibrationCheck.of(run(1, env), run(1.002, env)).benchmarks(), List.of());
        ReportInputs in = new ReportInputs(List.of(run(1, env)));
        String quoted = Calibration.note(in, (cpu, cpuClass, jdk) -> cpu.equals(measured.cpu()) && cpuClass.equals(measured.cpuClass())
                ? Optional.of(measured) : Optional.empty(), AccuracyRecord::committed);
        assertTrue(quoted.contains("On this CPU (" + env.cpu() + ", " + env.vectorClass() + ") with JDK " + SyntheticRun.JDK
                + ", two back-to-back standard runs agreed within their intervals on 10 of 10 figures"), quoted);
        assertTrue(quoted.contains("the machine ruler found the host of both runs slow in 40 of 2,000 iterations (2%)"), quoted);
        ReportInputs other = new ReportInputs(List.of(run(1, SyntheticRun.environmentOn("Intel Xeon"))));
        String none = Calibration.note(other, (cpu, cpuClass, jdk) -> cpu.equals(measured.cpu()) ? Optional.of(measured) : Optional.empty(),
                AccuracyRecord::committed);
        assertTrue(none.contains("No calibration is committed for this CPU (Intel Xeon, " + env.vectorClass() + ") with JDK 17")
                && none.contains("`mvn verify -Pcalibration`"), none);
    }
}
