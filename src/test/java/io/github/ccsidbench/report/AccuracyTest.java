package io.github.ccsidbench.report;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.results.RunEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The accuracy check's analysis on hand-written outputs whose truth is known
 * (src/test/resources/io/github/ccsidbench/report/accuracy/): two long runs of three forks per figure and two suite
 * runs of four figures. The expected numbers were computed apart from this code (Python with scipy's t quantile):
 * <ul>
 *   <li>the JDK's encode (1000 and 1010 ns in the long runs, level 1004.99): both suite runs hold it;</li>
 *   <li>the floor (100 and 104 ns, level 101.98): suite 1 (100 [99.11, 100.90]) misses it by -1.9%, yet Welch's test,
 *       counting the long runs' own spread (se 0.00947), finds no difference (z -1.91, t 2.38);</li>
 *   <li>the INSERT into 367 (level 332.99): suite 1 reads 345, +3.6%, missed by both tests, and with it the ratio 367 / 37
 *       (1.150 against the long runs' 1.110, +3.6%);</li>
 *   <li>suite 2 holds every figure and every ratio within 0.4%.</li>
 * </ul>
 */
class AccuracyTest {

    static final String ENCODE = "ConversionBenchmark.encode ccsid=37 length=256 provider=jdk workload=ascii-text";
    static final String FLOOR = "FloorBenchmark.isoEncode length=256";
    static final String INSERT_37 = "Db2PathBenchmark.insertServer column=37 rows=ascii shape=article";
    static final String INSERT_367 = "Db2PathBenchmark.insertServer column=367 rows=ascii shape=article";
    static final List<String> FIGURES = List.of(ENCODE, FLOOR, INSERT_37, INSERT_367);

    static Path fixtures() {
        try {
            return Path.of(AccuracyTest.class.getResource("accuracy").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Accuracy.Settings settings() {
        return new Accuracy.Settings("standard", null, "-f 3 -wi 5 -w 2s -i 5 -r 3s", "/usr/bin/java",
                List.of("-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch"), "java -jar benchmarks.jar run ...", List.of("java -jar ..."), List.of());
    }

    static Accuracy.Inputs inputs(Path root, List<String> suites) {
        return new Accuracy.Inputs(settings(), List.of("suite 1", "long 1", "long 2", "suite 2"), FIGURES, root, suites,
                List.of("long-1/results.json", "long-2/results.json"), "2026-11-27T20:00:00Z");
    }

    static Accuracy analysis() {
        return Accuracy.of(inputs(fixtures(), List.of("suite-1", "suite-2")));
    }

    private static Accuracy.Figure figure(Accuracy a, String key) {
        return a.figures().stream().filter(f -> f.key().equals(key)).findFirst().orElseThrow();
    }

    @Test
    void theLongLevelIsTheGeometricMeanOfTheScoresWithItsErrorFromThePooledForks() {
        Accuracy a = analysis();
        Accuracy.Figure encode = figure(a, ENCODE);
        assertEquals(List.of(1000.0, 1010.0), encode.longScores());
        assertEquals(1004.9875621120891, encode.longLevel(), 1e-9);
        assertEquals(0.004260758389842156, encode.longStandardError(), 1e-12);
        assertEquals(5, encode.longDegreesOfFreedom());
        assertEquals(6, encode.longForks());
        assertEquals(0.01, encode.longDrift(), 1e-12, "run 2 over run 1");
        assertEquals(0.0094738790208483, figure(a, FLOOR).longStandardError(), 1e-12);
        assertEquals("AMD EPYC (family 26, model 2, stepping 1)", a.cpu());
        assertEquals(List.of("26", "2", "1"), List.of(a.family(), a.model(), a.stepping()));
        assertEquals("17.0.15", a.jdk());
    }

    @Test
    void aFigureHeldAndOneNotHeldByTheSuitesIntervalAndByWelchsTest() {
        Accuracy a = analysis();
        Accuracy.Run encode = figure(a, ENCODE).suite().get(0);
        assertTrue(encode.held() && encode.agrees() && encode.interval());
        assertEquals(-0.004962809790010958, encode.difference(), 1e-12);
        assertEquals(-0.45770240804924434, encode.z(), 1e-9);
        assertEquals(13.097100198770873, encode.welchDegreesOfFreedom(), 1e-9);
        assertEquals(2.158741639881005, encode.critical(), 1e-9);

        Accuracy.Run floor = figure(a, FLOOR).suite().get(0);
        assertFalse(floor.held(), "100 [99.11, 100.90] does not hold 101.98");
        assertTrue(floor.agrees(), "but counting the long runs' own spread it is no difference");
        assertEquals(-0.01941932430908, floor.difference(), 1e-12);
        assertEquals(-1.9069368060757288, floor.z(), 1e-9);
        assertEquals(2.376392919326864, floor.critical(), 1e-9);
        assertTrue(floor.ratioLow() < floor.ratio() && floor.ratio() < floor.ratioHigh() && floor.ratioHigh() < 1.01);

        Accuracy.Run insert = figure(a, INSERT_367).suite().get(0);
        assertFalse(insert.held() || insert.agrees());
        assertEquals(0.036078082099892494, insert.difference(), 1e-12);
        assertTrue(figure(a, INSERT_367).suite().get(1).held(), "suite 2 holds it");
    }

    @Test
    void theAnswersRatiosAgainstTheLongRuns() {
        Accuracy a = analysis();
        assertEquals(List.of("encode 37 / floor, 256 characters", "INSERT 367 / 37, ascii rows"),
                a.ratios().stream().map(Accuracy.Ratio::name).toList());
        Accuracy.Ratio floor = a.ratios().get(0);
        assertEquals(ENCODE, floor.numerator());
        assertEquals(FLOOR, floor.denominator());
        assertEquals(9.854713827168428, floor.longRatio(), 1e-9);
        assertEquals(10.0, floor.suite().get(0).ratio(), 1e-9);
        assertEquals(0.014742809926254097, floor.suite().get(0).difference(), 1e-12);
        Accuracy.Ratio insert = a.ratios().get(1);
        assertEquals(1.1099549540409286, insert.longRatio(), 1e-12);
        assertEquals(0.036078082099892717, insert.suite().get(0).difference(), 1e-12, "off by 3.6%: more than 2%");
        assertFalse(insert.suite().get(0).held());
        assertEquals(-0.0032818103733516235, insert.suite().get(1).difference(), 1e-12);
        assertTrue(insert.suite().get(1).held());
    }

    @Test
    void theSummariesAndTheVerdictAgainstTheGoal() {
        Accuracy a = analysis();
        Accuracy.Summary one = a.summaries().get(0);
        assertEquals("suite 1", one.scope());
        assertEquals(List.of(4, 4, 2, 3), List.of(one.figures(), one.withInterval(), one.held(), one.agreeing()));
        assertEquals(0.5, one.heldShare());
        assertEquals(0.036078082099892494, one.largestDifference(), 1e-12);
        assertEquals(INSERT_367, one.largestDifferenceAt());
        assertEquals("INSERT 367 / 37, ascii rows", one.largestRatioDifferenceAt());
        Accuracy.Summary two = a.summaries().get(1);
        assertEquals(4, two.held());
        assertEquals(0.0033333333333336324, two.largestDifference(), 1e-12);
        assertEquals(-0.0032818103733516235, two.largestRatioDifference(), 1e-12);
        Accuracy.Summary all = a.overall();
        assertEquals(List.of(8, 8, 6, 7), List.of(all.figures(), all.withInterval(), all.held(), all.agreeing()));
        assertEquals(INSERT_367 + " (suite 1)", all.largestDifferenceAt());
        assertFalse(a.verdict().meets());
        assertTrue(a.verdict().line().startsWith("Verdict: falls short of the goal (at least 90% of figures held, no figure off"
                + " by more than 3%, no ratio by more than 2%): held 6 of 8 figures (75%, short of 90%), largest difference +3.6% ("
                + INSERT_367 + " (suite 1), over 3%), largest ratio difference +3.6% (INSERT 367 / 37, ascii rows (suite 1), over 2%)"),
                a.verdict().line());
        assertEquals("6 of 8 figures held (75%), largest difference +3.6%", a.headline());

        Accuracy second = Accuracy.of(inputs(fixtures(), List.of("suite-2")));
        assertTrue(second.verdict().meets(), second.verdict().line());
        assertTrue(second.verdict().line().startsWith("Verdict: meets the goal"), second.verdict().line());
    }

    @Test
    void theMarkdownMarksTheMissesAndTheFilesReadBack(@TempDir Path dir) throws IOException {
        Accuracy a = analysis();
        String md = AccuracyMarkdown.render(a);
        assertTrue(md.contains("| figure | long 1 ns | long 2 ns | long 2 / long 1 | suite 1 vs long | suite 2 vs long |"), md);
        String floorRow = md.lines().filter(l -> l.startsWith("| " + FLOOR)).findFirst().orElseThrow();
        assertTrue(floorRow.matches(".*\\| 100 \\| 104 \\| \\+4\\.0% \\| -1\\.9% \\[[^]]*] ! \\| \\+0\\.0% \\[[^]]*] \\|"), floorRow);
        String encodeRow = md.lines().filter(l -> l.startsWith("| " + ENCODE)).findFirst().orElseThrow();
        assertFalse(encodeRow.contains("!"), encodeRow);
        assertTrue(md.contains("| INSERT 367 / 37, ascii rows | 1.110x | 1.150x (+3.6%) ! | 1.106x (-0.3%) |"), md);
        assertTrue(md.contains("| suite 1 | 2 of 4 (50%) | 3 of 4 |"), md);
        assertTrue(md.contains("| all suite runs | 6 of 8 (75%) | 7 of 8 |"), md);
        assertTrue(md.contains("| family, model, stepping | 26, 2, 1 |"), md);
        assertTrue(md.contains("| order | suite 1, long 1, long 2, suite 2 |"), md);
        assertTrue(md.contains("## Verdict\n\n" + a.verdict().line() + "\n"), md);
        assertTrue(md.contains("## Between runs"), "the between-run component the check measures: " + md);

        a.write(dir);
        Accuracy back = Accuracy.parse(Files.readString(dir.resolve(Accuracy.JSON)));
        assertEquals(a.overall(), back.overall());
        assertEquals(a.figures().get(1).suite(), back.figures().get(1).suite());
        assertEquals(md, Files.readString(dir.resolve(Accuracy.MARKDOWN)));
    }

    /** A suite run without its figures, a long run that is no JMH JSON or lacks a figure: one line each, exit status 2. */
    @Test
    void missingOrMalformedOutputsAreOneLineErrors(@TempDir Path dir) throws IOException {
        copy(fixtures(), dir);
        Files.delete(dir.resolve("suite-2/steadiness.json"));
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> Accuracy.of(inputs(dir, List.of("suite-1", "suite-2"))));
        assertEquals(CcsidBenchException.BAD_INPUT, e.exitCode());
        assertEquals(dir.resolve("suite-2/steadiness.json") + " does not exist: the suite run recorded no figures", e.getMessage());

        copy(fixtures(), dir);
        Files.writeString(dir.resolve("long-2/results.json"), "[{\"benchmark\": ");
        e = assertThrows(CcsidBenchException.class, () -> Accuracy.of(inputs(dir, List.of("suite-1", "suite-2"))));
        assertTrue(e.getMessage().startsWith("results file " + dir.resolve("long-2/results.json") + " is not valid JSON"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());

        copy(fixtures(), dir);
        Files.writeString(dir.resolve("long-1/results.json"), Files.readString(dir.resolve("long-1/results.json"))
                .replace("\"column\": \"367\"", "\"column\": \"1208\""));
        e = assertThrows(CcsidBenchException.class, () -> Accuracy.of(inputs(dir, List.of("suite-1", "suite-2"))));
        assertEquals(dir.resolve("long-1/results.json") + " holds no result for " + INSERT_367 + ": the long run did not measure it",
                e.getMessage());

        copy(fixtures(), dir);
        Files.writeString(dir.resolve("suite-1/steadiness.json"), "{\"seed\": 1}");
        e = assertThrows(CcsidBenchException.class, () -> Accuracy.of(inputs(dir, List.of("suite-1", "suite-2"))));
        assertTrue(e.getMessage().startsWith(dir.resolve("suite-1/steadiness.json") + " is not a valid steadiness.json"), e.getMessage());

        copy(fixtures(), dir);
        Files.writeString(dir.resolve("long-2/results.json"), Files.readString(dir.resolve("long-2/results.json"))
                .replace("\"17.0.15\"", "\"25.0.3\""));
        e = assertThrows(CcsidBenchException.class, () -> Accuracy.of(inputs(dir, List.of("suite-1", "suite-2"))));
        assertTrue(e.getMessage().contains("was measured on JDK 25.0.3, the check's other runs on 17.0.15"), e.getMessage());
    }

    /** The report's "How sure" line quotes a committed check of this CPU and JDK beside the calibration, or says there is none. */
    @Test
    void theHowSureLineQuotesACommittedCheckOfThisCpu() {
        Accuracy measured = analysis();
        RunEnvironment env = SyntheticRun.environment();
        ReportInputs in = new SyntheticRun().result("ConversionBenchmark.encode", java.util.Map.of("ccsid", "37", "provider", "jdk",
                "workload", "ascii-text", "length", "16"), 100, 101).inputs();
        String quoted = Calibration.note(in, (cpu, cpuClass, jdk) -> Optional.empty(),
                (cpu, cpuClass, jdk) -> cpu.equals(env.cpu()) ? Optional.of(measured) : Optional.empty());
        assertTrue(quoted.contains("Against long plain JMH runs on this CPU and JDK: 6 of 8 figures held (75%), largest difference"
                + " +3.6%; the levels' intervals include the spread between runs it measured (1.6% at one sigma)."), quoted);
        String none = Calibration.note(in, (cpu, cpuClass, jdk) -> Optional.empty(), (cpu, cpuClass, jdk) -> Optional.empty());
        assertTrue(none.contains("No check against long plain JMH runs is committed for this CPU and JDK"), none);
        assertTrue(Accuracy.committed("no such CPU", "AVX2", "17.0.15").isEmpty());
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> old = Files.walk(to)) {
            for (Path p : old.sorted(Comparator.reverseOrder()).filter(p -> !p.equals(to)).toList()) {
                Files.delete(p);
            }
        }
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }
}
