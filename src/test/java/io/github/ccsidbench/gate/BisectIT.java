package io.github.ccsidbench.gate;

import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.suite.ForkLauncher;
import io.github.ccsidbench.suite.Preset;
import io.github.ccsidbench.suite.Selection;
import io.github.ccsidbench.testing.HarnessForks;
import io.github.ccsidbench.testing.SlowedProvider;
import io.github.ccsidbench.testing.TestRepository;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code gate bisect} end to end on a short chain: a real git repository, builds faked as the base build's tests fake
 * them (a script that copies the jar version.txt names), comparisons measured by the gate in real forks, in duet. Each
 * commit's "jar" holds this build's benchmark list and the slowdown of the test-only "slowed-jdk" converter, put in
 * front of this build's classpath: the good end runs at 1x, the commit that made it slower and the docs-only commit after
 * it (the bad end) at 4x. The bisection must name the slower commit, judged by the jar it shares with the bad end, and
 * confirm its change on fresh pairs; the first step's gate files must say FAIL, as the gate writes them.
 *
 * <p>The case is decisive by construction, so that any host whose forks can settle decides it, and the test fails (it
 * never skips) when the tool loses its way: the slowdown is 4x against a failure threshold of +50%, so a pair would
 * have to be disturbed by more than 2.6x to look "not slower" (the machine ruler sends back pairs disturbed by far
 * less), and the signed-rank test runs at p &lt; 0.05, so 5 confirmation pairs decide. The gate's power at its own
 * thresholds is measured by simulation (GatePowerTest), the procedure's every branch with a scripted judge
 * (BisectionTest). Tagged duet: it runs after the other integration tests, alone, on one JDK (mvn verify -Pslow).
 */
@Tag("duet")
class BisectIT {

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    /** FAIL from +50% at p &lt; 0.05 (5 pairs all slower: 2^-5 = 0.031), against a 4x slowdown. */
    private static final GateThresholds THRESHOLDS = new GateThresholds(1.5, 1.25, 0.05, 0.95, 0.05, 16);
    private static final int CONFIRMATION_PAIRS = 5;

    @TempDir
    Path tmp;

    @Test
    void namesTheCommitThatMadeTheConverterSlower() throws IOException {
        Path jars = Files.createDirectories(tmp.resolve("jars"));
        String list = benchmarkList();
        TestRepository.benchmarksJar(jars.resolve("fast.jar"), list, Map.of(SlowedProvider.SLOWDOWN_RESOURCE, "1"));
        TestRepository.benchmarksJar(jars.resolve("slow.jar"), list, Map.of(SlowedProvider.SLOWDOWN_RESOURCE, "4"));
        TestRepository repo = TestRepository.init(tmp.resolve("repo"), "main");
        repo.commit("version.txt", "fast\n", "the good end");
        String good = repo.git("rev-parse", "HEAD");
        String slower = repo.commit("version.txt", "slow\n", "the converter does four times the work");
        repo.commit("docs/notes.md", "another note\n", "docs only, again");
        String bad = repo.git("rev-parse", "HEAD");

        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
        Path cache = tmp.resolve("cache");
        BaseBuild builds = new BaseBuild(repo.dir(), cache, err, List.of("sh", "-c",
                "mkdir -p target && cp \"$1/$(cat version.txt).jar\" target/benchmarks.jar", "sh", jars.toString()));
        List<String> args = HarnessForks.smallHeap();
        GateJudge judge = new GateJudge((label, jar) -> new ForkLauncher.Side(label, JAVA, args,
                jar + File.pathSeparator + System.getProperty("java.class.path")),
                Selection.everything().withCcsids(List.of(CcsidRegistry.byNumber(37))).withLengths(List.of(1024))
                        .withProviders(List.of(Providers.byName("slowed-jdk"))).withInclude("ConversionBenchmark\\.encode$"),
                Preset.GATE.timing(), THRESHOLDS, true, err);
        Bisection bisection = new Bisection(id -> builds.build(id).jar(), judge,
                () -> RunEnvironment.capture("gate", "test", JAVA), err);
        Path out = tmp.resolve("out");
        BisectResult r = bisection.run(new Bisection.Request(repo.dir(), good, bad, null, 2, CONFIRMATION_PAIRS, THRESHOLDS,
                Duration.ofMinutes(6), out, "duet", true, List.of()));
        String log = errBytes.toString(StandardCharsets.UTF_8);
        String md = Files.readString(out.resolve(Bisection.BISECT_MD));
        System.out.println(md); // what each step measured, and how long it took, in the build's log
        assertTrue(Files.isRegularFile(out.resolve(Bisection.BISECT_JSON)), log);
        assertTrue(r.range().stream().anyMatch(c -> c.id().equals(slower)) || r.outcome() == BisectResult.Outcome.FOUND,
                "never a guess: the range left holds the slower commit: " + md);
        assertEquals(BisectResult.Outcome.FOUND, r.outcome(), md + "\n" + log);
        assertEquals(0, r.exitCode());
        assertNotNull(r.culprit());
        assertEquals(slower, r.culprit().id(), md);
        assertTrue(r.change().ratio() > THRESHOLDS.failRatio() && Verdict.FAIL.name().equals(r.change().verdict()), md);
        // The slower commit, whose jar the docs-only bad end builds too, was judged by that jar, unmeasured.
        assertTrue(r.steps().stream().anyMatch(s -> s.subject().equals("the converter does four times the work")
                && s.pairs() == 0), md);
        assertFalse(r.steps().stream().anyMatch(s -> s.subject().equals("docs only, again") && !s.what().startsWith("bad end")
                && s.pairs() > 0), md);
        assertTrue(md.startsWith("## ccsid-bench gate bisect: first slower commit " + slower.substring(0, 12)), md);
        assertTrue(md.contains("\"the converter does four times the work\" made ConversionBenchmark.encode ccsid=37 length=1024"
                + " provider=slowed-jdk workload=ascii-text slower: +"), md);
        // Each comparison kept its gate files; the fork log of the first says what ran.
        try (var steps = Files.list(out.resolve(Bisection.STEPS))) {
            List<Path> dirs = steps.sorted().toList();
            assertTrue(dirs.size() >= 2, dirs.toString());
            String first = Files.readString(dirs.get(0).resolve(GateFiles.GATE_MD));
            assertTrue(first.contains("duet (the two forks of a pair at the same time)") && first.contains("| FAIL | ConversionBenchmark."),
                    first);
            assertTrue(Files.readString(dirs.get(0).resolve(GateFiles.GATE_JSON)).contains("\"verdict\": \"FAIL\""), dirs.toString());
        }
    }

    /** This build's JMH benchmark list, which each fake jar carries as its own. */
    private static String benchmarkList() throws IOException {
        try (InputStream in = BisectIT.class.getResourceAsStream("/META-INF/BenchmarkList")) {
            assertNotNull(in, "the build's META-INF/BenchmarkList");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
