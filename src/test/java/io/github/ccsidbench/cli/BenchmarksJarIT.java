package io.github.ccsidbench.cli;

import io.github.ccsidbench.testing.HarnessForks;
import io.github.ccsidbench.testing.TestRepository;

import org.junit.jupiter.api.Tag;
import io.github.ccsidbench.results.BenchmarkResult;
import io.github.ccsidbench.results.JmhResults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs the shaded jar the way a user does ({@code java -jar target/benchmarks.jar ...}): JMH's own
 * options pass through, ccsid-bench's commands work, errors are one line. Run by failsafe after
 * {@code package}.
 */
@Tag("slow")
class BenchmarksJarIT {

    private static final Path JAR = Path.of(System.getProperty("benchmarks.jar", "target/benchmarks.jar"));
    /** Every fork these tests start skips pre-touching its heap ({@link HarnessForks}), as Maven would pass it. */
    static final String QUICK_FORKS = "-D" + ForkOptions.MAVEN_JVM_ARGS + "=" + HarnessForks.NO_PRE_TOUCH;
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    record Result(int status, byte[] out, String err) {
        String text() {
            return new String(out, StandardCharsets.UTF_8);
        }
    }

    static Result jar(byte[] stdin, String... args) throws IOException, InterruptedException {
        return jar(List.of(), stdin, args);
    }

    /** The same with JVM options before {@code -jar}. */
    static Result jar(List<String> jvmOptions, byte[] stdin, String... args) throws IOException, InterruptedException {
        return jarIn(null, jvmOptions, stdin, args);
    }

    /** The same in the working directory {@code cwd} (null: this one). */
    static Result jarIn(Path cwd, List<String> jvmOptions, byte[] stdin, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(JAVA));
        command.addAll(jvmOptions);
        command.add(QUICK_FORKS);
        command.addAll(List.of("-jar", JAR.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(cwd == null ? null : cwd.toFile()).start();
        p.getOutputStream().write(stdin);
        p.getOutputStream().close();
        byte[][] streams = new byte[2][];
        Thread errReader = new Thread(() -> {
            try {
                streams[1] = p.getErrorStream().readAllBytes();
            } catch (IOException e) {
                streams[1] = e.toString().getBytes(StandardCharsets.UTF_8);
            }
        });
        errReader.start();
        streams[0] = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "the jar finished");
        errReader.join();
        return new Result(p.exitValue(), streams[0], new String(streams[1], StandardCharsets.UTF_8));
    }

    @Test
    void jmhListsBenchmarksWithParameters() throws Exception {
        Result r = jar(new byte[0], "-lp");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.text().contains("io.github.ccsidbench.bench.ConversionBenchmark.encode"), r.text());
        assertTrue(r.text().contains("param \"ccsid\" = {37, 367, 1208}"), r.text());
        assertTrue(r.text().contains("io.github.ccsidbench.bench.FloorBenchmark.isoEncode"), r.text());
        assertTrue(r.text().contains("io.github.ccsidbench.bench.SubstitutionBenchmark.encodeSubstituting"), r.text());
    }

    @Test
    void jmhCommandLineOptionsPassThrough(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("jmh.json");
        Result r = jar(new byte[0], "ConversionBenchmark.encode", "-p", "ccsid=1208", "-p", "provider=jdk-coder",
                "-p", "workload=db-row", "-p", "length=64", "-f", "1", "-wi", "1", "-i", "2", "-w", "50ms", "-r", "50ms",
                "-prof", "gc", "-rf", "json", "-rff", json.toString());
        assertEquals(0, r.status(), r.err());
        List<BenchmarkResult> results = JmhResults.read(json);
        assertEquals(1, results.size());
        assertEquals("jdk-coder", results.get(0).param("provider").orElseThrow());
        assertEquals(2, results.get(0).rawData()[0].length);
        assertTrue(results.get(0).bytesPerOp().isPresent());
    }

    @Test
    void runWritesResultsAndSummaryWithProgressOnStderr(@TempDir Path dir) throws Exception {
        Result r = jar(new byte[0], "run", "--preset", "smoke", "--ccsid", "367", "--provider", "jt400",
                "--include", "decode", "--out", dir.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().contains("[5/5]"), r.err());
        assertEquals(5, JmhResults.read(dir.resolve("results.json")).size());
        assertTrue(Files.readString(dir.resolve("summary.md")).contains("| 367 | jt400 | ascii-text | 16 |"));
        assertTrue(Files.exists(dir.resolve("environment.json")));
    }

    @Test
    void convertThroughTheJar() throws Exception {
        Result r = jar("Db2 CCSID".getBytes(StandardCharsets.US_ASCII), "convert", "-f", "367", "-t", "37", "-p", "jt400");
        assertEquals(0, r.status(), r.err());
        assertEquals("Db2 CCSID", new String(r.out(), "IBM037"));
    }

    @Test
    void badInputIsOneLineAndExitStatus2() throws Exception {
        Result r = jar(new byte[0], "convert", "--from", "4711", "--to", "1208");
        assertEquals(2, r.status());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("ccsid-bench: Invalid value for option '--from': unknown CCSID '4711'"), r.err());
    }

    @Test
    void aTranslatorTheJvmCannotRunIsOneLineToo() throws Exception {
        byte[] hello = "Hello".getBytes("IBM037");
        Result ok = jar(List.of("-Dccsidbench.translator=scalar"), hello, "convert", "-f", "37", "-t", "500", "-p", "reference");
        assertEquals(0, ok.status(), ok.err());
        assertEquals("Hello", new String(ok.out(), "IBM500"));
        Result bad = jar(List.of("-Dccsidbench.translator=vector-2048"), hello, "convert", "-f", "37", "-t", "500", "-p", "reference");
        assertEquals(2, bad.status(), bad.err());
        assertEquals("ccsid-bench: -Dccsidbench.translator=vector-2048: unknown translator (scalar, vector-256, vector-512, auto)",
                bad.err().strip());
    }

    /**
     * What the example workflow's warm job runs on a push: {@code gate --dry-run} with the team's own build recipe builds
     * the base into the cache under the name the gate then looks up (its commit and a digest of the recipe), so the gate
     * of the next pull request finds it built; nothing is measured.
     */
    @Test
    void aDryRunGateBuildsTheBaseWhereTheGateFindsIt(@TempDir Path dir) throws Exception {
        TestRepository repo = TestRepository.init(dir.resolve("codec"), "main");
        String commit = repo.commit("README.md", "a codec\n", "the codec");
        String[] gate = {"gate", "--base", "HEAD", "--build", "mkdir -p out && cp '" + JAR.toAbsolutePath() + "' out/codec.jar",
                "--build-output", "out/codec.jar", "--dry-run"};
        Result warm = jarIn(repo.dir(), List.of(), new byte[0], gate);
        assertEquals(0, warm.status(), warm.err());
        assertTrue(warm.err().contains("building the base " + commit.substring(0, 7)), warm.err());
        assertTrue(warm.err().contains("ccsid-bench gate: dry run: base " + commit.substring(0, 12)) && warm.err().contains("nothing measured"),
                warm.err());
        List<Path> cached;
        try (var files = Files.list(repo.dir().resolve("target/gate-base"))) {
            cached = files.filter(f -> f.getFileName().toString().startsWith(commit)).filter(f -> f.toString().endsWith(".jar")).toList();
        }
        assertEquals(1, cached.size(), "one base jar, keyed by the commit and the recipe: " + cached);
        assertTrue(cached.get(0).getFileName().toString().matches(commit + "-[0-9a-f]+\\.jar"), cached.toString());

        Result hit = jarIn(repo.dir(), List.of(), new byte[0], gate);
        assertEquals(0, hit.status(), hit.err());
        assertTrue(hit.err().contains("the base " + commit.substring(0, 7) + " is already built: " + cached.get(0).toRealPath()),
                hit.err());
    }
}
