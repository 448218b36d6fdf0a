package io.github.ccsidbench.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reference section computes its floor multiples and target verdicts from the results: a
 * synthetic results file with known medians gives known ratios, one target met and one not.
 */
class ReferenceSectionTest {

    /**
     * One JMH result with three forks of four iterations around {@code ns} (spread +-1%): its family is a few benchmarks,
     * which borrow no variance, and two forks with nothing to borrow are never decisive.
     */
    private static String result(String benchmark, String params, double ns) {
        double[] f = {ns * 0.99, ns, ns * 1.01, ns};
        String fork = String.format(Locale.ROOT, "[%s, %s, %s, %s]", f[0], f[1], f[2], f[3]);
        return String.format(Locale.ROOT, """
                {"jmhVersion": "1.37", "benchmark": "io.github.ccsidbench.bench.%s", "mode": "avgt", "threads": 1, "forks": 3,
                 "jvm": "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java", "jvmArgs": [], "jdkVersion": "25.0.3",
                 "vmName": "OpenJDK 64-Bit Server VM", "vmVersion": "25.0.3+9-LTS", "warmupIterations": 1, "warmupTime": "50 ms",
                 "warmupBatchSize": 1, "measurementIterations": 4, "measurementTime": "50 ms", "measurementBatchSize": 1,
                 "params": {%s}, "primaryMetric": {"score": %s, "scoreError": 0.1, "scoreConfidence": [%s, %s],
                 "scoreUnit": "ns/op", "rawData": [%s, %s, %s]}, "secondaryMetrics": {}}""",
                benchmark, params, ns, ns, ns, fork, fork, fork);
    }

    private static String conversion(String op, String provider, int length, double ns) {
        return result("ConversionBenchmark." + op, String.format(Locale.ROOT,
                "\"ccsid\": \"37\", \"length\": \"%d\", \"provider\": \"%s\", \"workload\": \"ascii-text\"", length, provider), ns);
    }

    @Test
    void floorMultiplesAndTargetsComeFromTheMeasuredRatios(@TempDir Path dir) throws Exception {
        List<String> results = new ArrayList<>();
        for (int length : List.of(16, 1024, 65536)) {
            results.add(result("FloorBenchmark.isoEncode", "\"length\": \"" + length + "\"", length * 0.1));
            results.add(result("FloorBenchmark.isoDecode", "\"length\": \"" + length + "\"", length * 0.1));
            // encode: 1.5x the floor (met); decode: 3x the floor (not met)
            results.add(conversion("encode", "reference", length, length * 0.15));
            results.add(conversion("decode", "reference", length, length * 0.30));
            // the JDK: 10x the floor both ways, except a fast decode at 16 characters
            results.add(conversion("encode", "jdk", length, length * 1.0));
            results.add(conversion("decode", "jdk", length, length == 16 ? 16 * 0.15 : length * 1.0));
        }
        // a round trip at 1 KiB only: 2.25x its floor; no row at the other lengths
        results.add(result("FloorBenchmark.isoRoundTrip", "\"length\": \"1024\"", 1024 * 0.2));
        results.add(conversion("roundTrip", "reference", 1024, 1024 * 0.45));
        Path file = dir.resolve("results.json");
        Files.writeString(file, "[" + String.join(",\n", results) + "]");

        ReportInputs in = ReportInputs.read(List.of(file));
        ReportDocument.Section section = ReferenceSection.build(in).orElseThrow();
        String md = ReportRenderers.markdown(new ReportDocument("t", List.of(section)), true);

        String targets = ReferenceSection.targets(in.jvms().get(0), "");
        assertTrue(targets.contains("encode 1 KiB: 1.50x the floor (met)"), targets);
        assertTrue(targets.contains("encode 64 KiB: 1.50x the floor (met)"), targets);
        assertTrue(targets.contains("decode 1 KiB: 3.00x the floor (not met)"), targets);
        assertTrue(targets.contains("encode against the JDK at 8 to 32 characters (reference / jdk, 95% interval) 16: 0.15"), targets);
        assertTrue(targets.contains("(met: never significantly slower)"), targets);
        assertTrue(targets.contains("decode against the JDK at 8 to 32 characters (reference / jdk, 95% interval) 16: 2.00"), targets);
        assertTrue(targets.contains("(not met: slower at 16)"), targets);
        assertTrue(md.contains("| encode | 1024 | 1.50 |"), md);
        assertTrue(md.contains("| decode | 65536 | 3.00 |"), md);
        assertTrue(md.contains("| round trip | 1024 | 2.25 |"), md);
        assertFalse(md.contains("| round trip | 16 |") || md.contains("| round trip | 65536 |"), md);
        assertTrue(md.contains("| reference ns/op | jdk ns/op | steadiness |"), "a steadiness column: " + md);
        assertTrue(md.contains("| – |") && !md.contains(" * |"), "no steadiness recorded, every figure decisive: " + md);
    }

    @Test
    void absentWhenTheResultsHaveNoReferenceCodec() {
        ReportInputs in = ReportInputs.read(List.of(ReportTest.sample()));
        assertFalse(ReferenceSection.build(in).isPresent());
        assertEquals(1, in.jvms().size());
    }

    @Test
    void eachCpuClassGetsItsOwnVerdictNamedWithItsCpu(@TempDir Path dir) throws Exception {
        // one JDK, measured as it runs and with -XX:UseAVX=2: two groups, each with its class from environment.json
        for (String avx : List.of("3", "2")) {
            Path run = Files.createDirectories(dir.resolve("avx" + avx));
            // each run against its own floor: the UseAVX=2 run's floor is twice as slow (another moment of the machine)
            double floor = avx.equals("3") ? 0.1 : 0.2;
            double decode = avx.equals("3") ? 1.5 : 2.5; // x the floor: met, and not met
            List<String> results = new ArrayList<>();
            for (int length : List.of(1024, 65536)) {
                results.add(result("FloorBenchmark.isoEncode", "\"length\": \"" + length + "\"", length * floor));
                results.add(result("FloorBenchmark.isoDecode", "\"length\": \"" + length + "\"", length * floor));
                results.add(conversion("encode", "reference", length, length * floor * 1.5));
                results.add(conversion("decode", "reference", length, length * floor * decode));
                results.add(conversion("encode", "reference", length, length * floor * 1.8).replace("ascii-text", "latin1-text"));
            }
            String json = "[" + String.join(",\n", results) + "]";
            if (avx.equals("2")) {
                json = json.replace("\"jvmArgs\": []", "\"jvmArgs\": [\"--add-modules=jdk.incubator.vector\", \"-XX:UseAVX=2\"]");
            }
            Files.writeString(run.resolve("results.json"), json);
            io.github.ccsidbench.results.RunEnvironment env = new io.github.ccsidbench.results.RunEnvironment("2026-11-22T00:00:00Z",
                    "reference", "t", "java", "Eclipse Adoptium", "Linux", "Intel(R) Xeon(R) Processor", 2, "17", "abc", "1", "1.37",
                    "77", "21", "", "sse4_2 avx avx2 avx512f avx512bw avx512vl avx512vbmi",
                    "UseAVX=" + avx + "; reference translator: vector " + (avx.equals("3") ? 512 : 256) + "-bit");
            Files.writeString(run.resolve(io.github.ccsidbench.results.RunEnvironment.FILE), env.toJson());
        }
        ReportInputs in = ReportInputs.read(List.of(dir.resolve("avx3/results.json"), dir.resolve("avx2/results.json")));
        assertEquals(2, in.jvms().size(), "with and without UseAVX=2: two classes");
        assertEquals("JDK 25.0.3 (OpenJDK 64-Bit Server VM 25.0.3+9-LTS) with -XX:UseAVX=2", in.jvms().get(1).label());
        assertEquals("jdk25.0.3-useavx-2", in.jvms().get(1).slug());
        String md = ReportRenderers.markdown(new ReportDocument("t", List.of(ReferenceSection.build(in).orElseThrow())), true);
        assertTrue(md.contains("**Targets** (2.0x the floor on every CPU class for JDK 25 and later; measured here on JDK 25.0.3 "
                + "(OpenJDK 64-Bit Server VM 25.0.3+9-LTS), CPU class AVX-512 VBMI: Intel(R) Xeon(R) Processor; UseAVX=3; "
                + "reference translator: vector 512-bit): encode 1 KiB: 1.50x the floor (met)"), md);
        assertTrue(md.contains("decode 64 KiB: 1.50x the floor (met)"), md);
        assertTrue(md.contains("with -XX:UseAVX=2, CPU class AVX2: Intel(R) Xeon(R) Processor; UseAVX=2; reference translator: "
                + "vector 256-bit): encode 1 KiB: 1.50x the floor (met)"), md);
        assertTrue(md.contains("decode 64 KiB: 2.50x the floor (not met)"), md);
        assertTrue(md.contains("encode 64 KiB latin1-text: 1.20x ascii-text (met)"), md);
    }

    @Test
    void jdk17IsHeldToThreeTimesTheFloor(@TempDir Path dir) throws Exception {
        List<String> results = new ArrayList<>();
        results.add(result("FloorBenchmark.isoEncode", "\"length\": \"1024\"", 102.4));
        results.add(conversion("encode", "reference", 1024, 1024 * 0.25));
        Path file = dir.resolve("results.json");
        Files.writeString(file, ("[" + String.join(",\n", results) + "]").replace("\"jdkVersion\": \"25.0.3\"", "\"jdkVersion\": \"17.0.15\""));
        String targets = ReferenceSection.targets(ReportInputs.read(List.of(file)).jvms().get(0), "");
        assertTrue(targets.startsWith("**Targets** (3.0x the floor on every CPU class for JDK 17 to 24;"), targets);
        assertTrue(targets.contains("encode 1 KiB: 2.50x the floor (met)"), targets);
    }
}
