package io.github.ccsidbench.cli;

import org.junit.jupiter.api.Tag;
import io.github.ccsidbench.results.ProfileFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code run --profile} as a user runs it, smoke-sized: a profiled fork whose first event cannot start (an event the
 * profiler does not know, refused by async-profiler itself) falls back to the next, its profile holds the converter's own
 * frames and not only the harness's, the report says where the time goes and names the event. (That a run without
 * {@code --profile} starts no profiled fork and keeps no stale profile, SuiteRunnerSmokeTest shows.)
 */
@Tag("slow")
class ProfileIT {

    @Test
    void aProfiledSmokeRunFallsBackAndSamplesTheConvertersOwnFrames(@TempDir Path dir) throws Exception {
        BenchmarksJarIT.Result r = BenchmarksJarIT.jar(new byte[0], "run", "--preset", "smoke", "--ccsid", "37", "--provider",
                "jdk", "--workload", "ascii-text", "--include", "ConversionBenchmark.encode", "--length", "4096",
                "--profile", "--profile-include", "ConversionBenchmark.encode ccsid=37", "--profile-seconds", "0.5",
                "--profile-event", "no-such-event,cpu,ctimer,itimer", "--out", dir.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().contains("ccsid-bench: profiled 1 of 1: ConversionBenchmark.encode ccsid=37"), r.err());
        ProfileFile p = ProfileFile.besides(dir.resolve("results.json")).orElseThrow();
        assertEquals("no-such-event", p.refused().get(0).event());
        assertTrue(p.refused().get(0).reason().contains("Unsupported event"), p.refused().toString());
        ProfileFile.Entry e = p.benchmarks().get(0);
        assertTrue(List.of("cpu", "ctimer", "itimer").contains(e.event()), e.toString());
        assertTrue(e.samples() > 50, e.toString());
        Path collapsed = dir.resolve(e.collapsed());
        assertTrue(Files.isRegularFile(dir.resolve(e.flameGraph())), e.flameGraph());
        long converter;
        long harnessOnly;
        try (Stream<String> lines = Files.lines(collapsed)) {
            List<String> worker = lines.filter(l -> l.contains("-jmh-worker-")).toList();
            converter = worker.stream().filter(l -> l.contains("sun/nio/cs/SingleByte$Encoder")).mapToLong(ProfileIT::count).sum();
            harnessOnly = worker.stream().filter(l -> !l.contains("sun/nio/cs/") && !l.contains("java/lang/String"))
                    .mapToLong(ProfileIT::count).sum();
        }
        // IBM037 encode is the JDK's single-byte table loop: most of the benchmark thread's samples are in it
        assertTrue(converter > harnessOnly, "converter " + converter + ", elsewhere " + harnessOnly);
        String report = Files.readString(dir.resolve("report.md"));
        assertTrue(report.contains("Where the time goes"), report);
        assertTrue(report.contains("Sampled by async-profiler with event `" + e.event() + "`; `no-such-event` refused"), report);
    }

    @Test
    void profileOptionsNeedProfile() throws Exception {
        BenchmarksJarIT.Result r = BenchmarksJarIT.jar(new byte[0], "run", "--preset", "smoke", "--profile-seconds", "1");
        assertEquals(2, r.status(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    private static long count(String line) {
        return Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
    }
}
