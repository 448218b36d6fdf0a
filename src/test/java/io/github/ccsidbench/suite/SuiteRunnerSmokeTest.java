package io.github.ccsidbench.suite;

import org.junit.jupiter.api.Tag;
import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.report.ZosEstimate;
import io.github.ccsidbench.results.BenchmarkResult;
import io.github.ccsidbench.results.JmhResults;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.results.Steadiness;
import io.github.ccsidbench.results.SteadinessFile;
import io.github.ccsidbench.workload.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs a few benchmarks with tiny settings, in real forks (JVMs running the fork driver), and checks
 * the structure of what was written (never the speed).
 */
@Tag("slow")
class SuiteRunnerSmokeTest {

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final ZosEstimate.Costs NO_ZOS_COSTS = ZosEstimate.Costs.of(null, null);

    private static SuiteRunner.Settings settings(Path out) {
        return new SuiteRunner.Settings("smoke", out, JAVA, List.of("-Xmx256m"), true, null, List.of(), false, null,
                java.time.Duration.ZERO);
    }

    @Test
    void writesJmhJsonSummaryAndEnvironment(@TempDir Path out) throws Exception {
        BenchmarkPlan plan = BenchmarkPlan.of(Preset.SMOKE, Preset.SMOKE.timing(), Selection.everything()
                .withCcsids(List.of(CcsidRegistry.byNumber(37)))
                .withProviders(List.of(Providers.byName("jdk"), Providers.byName("icu")))
                .withWorkloads(List.of(Workload.DB_ROW)).withInclude("ConversionBenchmark.encode"));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        // What a previous run with --profile left: a run without it does not keep profiles that describe other figures.
        Files.writeString(out.resolve(io.github.ccsidbench.results.ProfileFile.FILE), "{}");
        Files.createDirectories(out.resolve(io.github.ccsidbench.results.ProfileFile.DIR));
        Files.writeString(out.resolve(io.github.ccsidbench.results.ProfileFile.DIR).resolve("old.collapsed"), "x 1\n");
        SuiteRunner.Outcome outcome = new SuiteRunner(new PrintStream(err, true, StandardCharsets.UTF_8), NO_ZOS_COSTS)
                .run(plan, settings(out));
        assertTrue(!Files.exists(out.resolve(io.github.ccsidbench.results.ProfileFile.FILE))
                && !Files.exists(out.resolve(io.github.ccsidbench.results.ProfileFile.DIR)), "no stale profile");
        // A run without --profile starts measured forks only, with none of a profiled fork's options.
        String log = Files.readString(out.resolve(SuiteRunner.LOG));
        assertTrue(log.contains("ForkDriver") && !log.contains("DebugNonSafepoints") && !log.contains("one.profiler"), log);

        List<BenchmarkResult> results = JmhResults.read(out.resolve(SuiteRunner.RESULTS));
        assertEquals(6, results.size());
        Set<String> names = results.stream().map(BenchmarkResult::shortName).collect(Collectors.toSet());
        assertEquals(Set.of("FloorBenchmark.isoEncode", "FloorBenchmark.isoDecode", "FloorBenchmark.isoRoundTrip",
                "FloorBenchmark.arrayCopy", "ConversionBenchmark.encode"), names);
        for (BenchmarkResult r : results) {
            assertEquals("avgt", r.mode());
            assertEquals("ns/op", r.unit());
            assertEquals(1, r.rawData().length, "one fork");
            // Two iterations are too few for a steady state: the result is the fork's second half, marked so.
            assertEquals(1, r.rawData()[0].length, "the second of two iterations");
            assertEquals(1, r.jvm().warmupIterations(), "the first is JMH's warm-up");
            assertTrue(r.score() > 0);
            assertTrue(r.bytesPerOp().isPresent(), "the gc profiler ran");
            assertEquals(17 <= r.jvm().majorVersion(), true);
        }
        assertEquals(Set.of("jdk", "icu"), results.stream().filter(r -> r.param("provider").isPresent())
                .map(r -> r.param("provider").get()).collect(Collectors.toSet()));

        String summary = Files.readString(out.resolve(SuiteRunner.SUMMARY));
        assertTrue(summary.contains("## Floors"), summary);
        assertTrue(summary.contains("## encode: String to CCSID bytes"), summary);
        assertTrue(summary.contains("| 37 | icu | db-row | 16 |"), summary);
        assertTrue(RunEnvironment.besides(outcome.results()).isPresent());
        SteadinessFile steadiness = SteadinessFile.besides(outcome.results()).orElseThrow();
        assertEquals(6, steadiness.benchmarks().size());
        for (Steadiness s : steadiness.benchmarks()) {
            assertEquals(1, s.forks().size());
            assertEquals(2, s.forks().get(0).series().length, "the whole series of the fork is kept beside the results");
            assertTrue(s.unsteady() && !s.decisive(), "two iterations never show a steady state: " + s);
            double[] ruler = s.forks().get(0).rulerNanos();
            assertTrue(ruler != null && ruler.length == 2 && Arrays.stream(ruler).allMatch(x -> x > 0 && Double.isFinite(x)),
                    "the machine ruler was timed around every iteration, on the benchmark's thread: " + Arrays.toString(ruler));
        }
        assertTrue(summary.contains("## Steadiness"), summary);
        String progress = err.toString(StandardCharsets.UTF_8);
        assertTrue(progress.contains("[1/6]") && progress.contains("[6/6]") && progress.contains("left)"), progress);
    }

    @Test
    void aFailedSetUpNamesTheConverterAndOverwritesNothing(@TempDir Path out) throws Exception {
        Files.writeString(out.resolve(SuiteRunner.RESULTS), "good results");
        BenchmarkPlan plan = BenchmarkPlan.of(Preset.SMOKE, Preset.SMOKE.timing(), Selection.everything()
                .withCcsids(List.of(CcsidRegistry.byNumber(37))).withProviders(List.of(Providers.byName("corrupt-jdk")))
                .withInclude("ConversionBenchmark.encode"));
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> new SuiteRunner(
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), NO_ZOS_COSTS).run(plan, settings(out)));
        assertTrue(e.getMessage().startsWith("benchmark run failed: provider corrupt-jdk, CCSID 37, workload ascii-text,"
                + " length 16, variant 0: encode is wrong at byte"), e.getMessage());
        assertEquals(CcsidBenchException.FAILED, e.exitCode());
        assertEquals("good results", Files.readString(out.resolve(SuiteRunner.RESULTS)));
        assertTrue(Files.notExists(out.resolve(SuiteRunner.SUMMARY)));
        assertTrue(Files.notExists(out.resolve(SteadinessFile.FILE)));
    }
}
