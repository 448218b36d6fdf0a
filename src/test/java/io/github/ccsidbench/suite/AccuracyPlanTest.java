package io.github.ccsidbench.suite;

import io.github.ccsidbench.CcsidBenchException;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an accuracy check runs: the 24 figures and their narrowing, the suite run's options (which measure exactly those
 * figures and the floors every run adds), the long runs' JMH invocations (exact cross products) and options, and the
 * estimate.
 */
class AccuracyPlanTest {

    static final List<String> PROGRAM = List.of("-jar", "/x/benchmarks.jar");

    static AccuracyPlan.Request request(String preset, String include, String longOptions, int longRuns, int suiteRuns,
                                        List<String> extra) {
        return new AccuracyPlan.Request(preset, include, longOptions, longRuns, suiteRuns, "/usr/bin/java", PROGRAM, extra);
    }

    static AccuracyPlan plan(String include) {
        return AccuracyPlan.of(request("standard", include, null, 2, 2, List.of()));
    }

    @Test
    void theDefaultFiguresAreTheAnswers24() {
        List<String> keys = AccuracyPlan.defaultFigures().stream().map(BenchmarkCase::key).toList();
        assertEquals(24, keys.size());
        assertEquals(24, Set.copyOf(keys).size());
        assertTrue(keys.containsAll(List.of(
                "ConversionBenchmark.encode ccsid=37 length=256 provider=jdk workload=ascii-text",
                "ConversionBenchmark.decode ccsid=1208 length=4096 provider=jdk workload=ascii-text",
                "FloorBenchmark.isoEncode length=4096",
                "FloorBenchmark.isoDecode length=256",
                "Db2PathBenchmark.insertServer column=367-direct rows=accented shape=article",
                "Db2PathBenchmark.insertServer column=37 rows=ascii shape=article")), keys.toString());
        assertEquals(12, keys.stream().filter(k -> k.startsWith("ConversionBenchmark.")).count());
        assertEquals(4, keys.stream().filter(k -> k.startsWith("FloorBenchmark.")).count());
        assertEquals(8, keys.stream().filter(k -> k.startsWith("Db2PathBenchmark.insertServer")).count());
    }

    @Test
    void theSuiteMeasuresExactlyTheFiguresAndTheFloorsEveryRunAdds() {
        AccuracyPlan p = plan(null);
        assertEquals(List.of("--provider", "jdk", "--ccsid", "37,367,1208", "--length", "256,4096", "--workload", "ascii-text",
                "--include", "\\.(ConversionBenchmark\\.decode|ConversionBenchmark\\.encode|Db2PathBenchmark\\.insertServer"
                        + "|FloorBenchmark\\.isoDecode|FloorBenchmark\\.isoEncode)$"), p.suiteSelection());
        assertEquals(Set.of("FloorBenchmark.arrayCopy length=256", "FloorBenchmark.arrayCopy length=4096",
                "FloorBenchmark.isoRoundTrip length=256", "FloorBenchmark.isoRoundTrip length=4096"), Set.copyOf(p.suiteExtras()));
        List<String> command = p.suiteCommand(Path.of("out/suite-1"));
        assertEquals(List.of("/usr/bin/java", "-jar", "/x/benchmarks.jar", "run", "--preset", "standard"), command.subList(0, 6));
        assertEquals(List.of("--jvm", "/usr/bin/java", "--out", "out/suite-1"), command.subList(command.size() - 4, command.size()));
    }

    @Test
    void oneLongRunIsOneJmhInvocationOfExactlyTheFigures() {
        AccuracyPlan p = plan(null);
        assertEquals(1, p.invocations().size());
        PlainJmhRuns.Invocation i = p.invocations().get(0);
        assertEquals(24, i.figures().size());
        assertEquals(List.of("-p", "ccsid=37,367,1208", "-p", "provider=jdk", "-p", "workload=ascii-text", "-p", "length=256,4096",
                "-p", "shape=article", "-p", "rows=ascii,accented", "-p", "column=37,367,1208,367-direct"),
                i.selection().subList(1, i.selection().size()));
        List<String> command = p.longCommand(i, Path.of("out/long-1/results.json"));
        assertEquals(List.of("-f", "3", "-wi", "5", "-w", "2s", "-i", "5", "-r", "3s", "-jvmArgsAppend",
                "-Xms1g -Xmx1g -XX:+AlwaysPreTouch", "-rf", "json", "-rff", "out/long-1/results.json"),
                command.subList(command.size() - 16, command.size()));
        // JMH's own parser reads the command as meant, and its pattern finds exactly the five methods
        org.openjdk.jmh.runner.options.CommandLineOptions o = assertParses(command.subList(3, command.size()));
        assertEquals(List.of("256", "4096"), List.copyOf(o.getParameter("length").get()));
        java.util.regex.Pattern pattern = java.util.regex.Pattern.compile(o.getIncludes().get(0));
        for (io.github.ccsidbench.bench.BenchmarkMethod m : io.github.ccsidbench.bench.BenchmarkMethod.values()) {
            boolean wanted = Set.of("encode", "decode", "isoEncode", "isoDecode", "insertServer").contains(m.method())
                    && m.benchmark() != io.github.ccsidbench.bench.DataBenchmark.class;
            assertEquals(wanted, pattern.matcher(m.fullName()).find(), m.fullName());
        }
    }

    private static org.openjdk.jmh.runner.options.CommandLineOptions assertParses(List<String> args) {
        try {
            return new org.openjdk.jmh.runner.options.CommandLineOptions(args.toArray(String[]::new));
        } catch (org.openjdk.jmh.runner.options.CommandLineOptionException e) {
            throw new AssertionError(e);
        }
    }

    /** A set that is no cross product is measured by several invocations, never by one that measures more. */
    @Test
    void aSubsetThatIsNoCrossProductIsCoveredExactly() {
        AccuracyPlan p = plan("encode ccsid=37 length=256|decode ccsid=1208 length=4096|insertServer column=(37|367) rows=ascii");
        assertEquals(4, p.figures().size());
        List<PlainJmhRuns.Invocation> inv = p.invocations();
        assertEquals(3, inv.size(), inv.toString());
        Set<String> covered = inv.stream().flatMap(i -> i.figures().stream()).map(BenchmarkCase::key).collect(Collectors.toSet());
        assertEquals(p.figures().stream().map(BenchmarkCase::key).collect(Collectors.toSet()), covered);
        inv.forEach(i -> assertTrue(PlainJmhRuns.exact(i.figures()), i.toString()));
        assertEquals(List.of("-p", "shape=article", "-p", "rows=ascii", "-p", "column=37,367"),
                inv.get(2).selection().subList(1, inv.get(2).selection().size()));
        // the suite's options make a cross product: it measures encode 1208 and decode 37 too, and the floors, uncompared
        assertTrue(p.suiteExtras().contains("ConversionBenchmark.encode ccsid=1208 length=256 provider=jdk workload=ascii-text"),
                p.suiteExtras().toString());
        assertTrue(p.suiteExtras().contains("Db2PathBenchmark.insertServer column=367-direct rows=accented shape=article"),
                p.suiteExtras().toString());
    }

    @Test
    void theEstimateIsTheRunsAtTheirCosts() {
        AccuracyPlan p = plan(null);
        // 24 figures x 3 forks x (2 s + 5 x 2 s + 5 x 3 s), and JMH's host once
        assertEquals(Duration.ofSeconds(24 * 3 * 27 + 2), p.longEstimate());
        assertEquals(p.suiteEstimate().multipliedBy(2).plus(p.longEstimate().multipliedBy(2)), p.estimate());
        assertTrue(p.suiteEstimate().compareTo(Duration.ofMinutes(1)) > 0 && p.suiteEstimate().compareTo(Duration.ofMinutes(15)) < 0,
                p.suiteEstimate().toString());
    }

    @Test
    void theDryRunSaysTheOrderTheCommandsAndTheFigures() {
        String text = plan("insertServer").describe(Path.of("/tmp/acc"));
        assertTrue(text.startsWith("accuracy check: 8 figures; suite 1, long 1, long 2, suite 2; about "), text);
        assertTrue(text.contains("run --preset standard --ccsid 37,367,1208 --include '\\.(Db2PathBenchmark\\.insertServer)$'"
                + " --jvm /usr/bin/java --out /tmp/acc/suite-1"), text);
        assertTrue(text.contains("-rff /tmp/acc/long-1/results.json"), text);
        assertTrue(text.contains("  Db2PathBenchmark.insertServer column=1208 rows=accented shape=article\n"), text);
    }

    @Test
    void theUsersJvmOptionsGoToBothKindsOfRun() {
        AccuracyPlan p = AccuracyPlan.of(request("smoke", "FloorBenchmark.isoEncode length=256|encode ccsid=37 length=256", null, 2, 1,
                List.of("-XX:+UseSerialGC")));
        assertTrue(p.suiteCommand(Path.of("s")).contains("--jvm-arg=-XX:+UseSerialGC"));
        List<String> jmh = p.longCommand(p.invocations().get(0), Path.of("l.json"));
        assertEquals("-Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UseSerialGC", jmh.get(jmh.indexOf("-jvmArgsAppend") + 1));
    }

    @Test
    void whatCannotBeCheckedAsAskedIsRefused() {
        assertRefused(() -> AccuracyPlan.of(request("standard", null, null, 1, 2, List.of())), "--long-runs must be at least 2");
        assertRefused(() -> AccuracyPlan.of(request("standard", null, null, 2, 0, List.of())), "--suite-runs must be at least 1");
        assertRefused(() -> plan("("), "--include is not a regular expression");
        assertRefused(() -> plan("roundTrip"), "--include roundTrip finds none of the check's figures");
        assertRefused(() -> AccuracyPlan.of(request("data", null, null, 2, 2, List.of())), "the data preset measures a user's rows");
        assertRefused(() -> AccuracyPlan.of(request("quick", null, null, 2, 2, List.of())),
                "the quick preset does not measure Db2PathBenchmark.insertServer");
        assertRefused(() -> plan("FloorBenchmark"), "a run measures the floors only beside a conversion of their length");
        assertRefused(() -> AccuracyPlan.of(request("standard", null, null, 2, 2, List.of("-Dx=a b"))), "may hold no space");
        assertRefused(() -> AccuracyPlan.of(request("standard", null, "-rf csv", 2, 2, List.of())), "-rf is not for --long");
        assertRefused(() -> AccuracyPlan.of(request("standard", null, "-f 0", 2, 2, List.of())), "-f 0 measures in JMH's own JVM");
        assertRefused(() -> AccuracyPlan.of(request("standard", null, "-f two", 2, 2, List.of())), "--long \"-f two\": ");
        assertRefused(() -> AccuracyPlan.of(request("standard", null, "ConversionBenchmark -f 1", 2, 2, List.of())),
                "ConversionBenchmark is no JMH option");
    }

    @Test
    void theLongOptionsAreReadAsJmhReadsThem() {
        PlainJmhRuns.Options o = PlainJmhRuns.Options.parse(PlainJmhRuns.DEFAULT_OPTIONS);
        assertEquals(List.of(3, 5, 5), List.of(o.forks(), o.warmupIterations(), o.iterations()));
        assertEquals(List.of(Duration.ofSeconds(2), Duration.ofSeconds(3)), List.of(o.warmupTime(), o.iterationTime()));
        PlainJmhRuns.Options smoke = PlainJmhRuns.Options.parse("-f 1 -wi 0 -i 1 -r 50ms");
        assertEquals(Duration.ofMillis(50), smoke.iterationTime());
        // what --long does not say comes from the benchmark's annotations: FloorBenchmark's @Warmup(3 x 1 s)
        assertEquals(Duration.ofSeconds(1), PlainJmhRuns.Options.parse("-f 1 -i 1 -r 50ms")
                .figureTime(io.github.ccsidbench.bench.FloorBenchmark.class).minus(PlainJmhRuns.FORK_OVERHEAD)
                .minus(Duration.ofMillis(50)).dividedBy(3));
    }

    private static void assertRefused(org.junit.jupiter.api.function.Executable e, String fragment) {
        CcsidBenchException x = assertThrows(CcsidBenchException.class, e);
        assertEquals(CcsidBenchException.BAD_INPUT, x.exitCode());
        assertTrue(x.getMessage().contains(fragment), x.getMessage());
        assertEquals(1, x.getMessage().lines().count(), x.getMessage());
    }
}
