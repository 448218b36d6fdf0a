package io.github.ccsidbench.cli;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.ExpectedEncoding;
import io.github.ccsidbench.convert.Providers;
import org.junit.jupiter.api.Test;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CliTest {

    /** What one invocation printed and returned. */
    record Outcome(int status, byte[] stdout, String stderr) {
        String out() {
            return new String(stdout, StandardCharsets.UTF_8);
        }
    }

    static Outcome run(byte[] stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int status = Main.execute(args, new ByteArrayInputStream(stdin), out, new PrintWriter(err, true));
        return new Outcome(status, out.toByteArray(), err.toString());
    }

    static Outcome run(String... args) {
        return run(new byte[0], args);
    }

    static void assertOneLineError(Outcome o, int status, String fragment) {
        assertEquals(status, o.status(), o.stderr());
        assertEquals(1, o.stderr().lines().count(), "exactly one line: " + o.stderr());
        assertTrue(o.stderr().startsWith("ccsid-bench: "), o.stderr());
        assertTrue(o.stderr().contains(fragment), o.stderr());
        assertFalse(o.stderr().contains("Exception"), "no stack trace or exception name: " + o.stderr());
    }

    @Test
    void everyCommandIsOursAndNotHandedToJmh() {
        java.util.Set<String> commands = new picocli.CommandLine(new Main()).getSubcommands().keySet();
        assertEquals(java.util.Set.of("run", "list", "convert", "report", "plan", "fidelity", "gate", "help"), commands,
                "the product's commands; the tool's own checks live in the test sources");
        assertTrue(Main.OWN.containsAll(commands), "handed to JMH instead: " + commands.stream().filter(c -> !Main.OWN.contains(c)).toList());
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdk", "jdk-coder", "jdk-stream", "icu", "jt400"})
    void convertsAll256BytesOf37ToUtf8AsDocumented(String provider) {
        byte[] all = new byte[256];
        for (int b = 0; b < 256; b++) {
            all[b] = (byte) b;
        }
        Outcome o = run(all, "convert", "--from", "37", "--to", "1208", "--provider", provider);
        assertEquals(0, o.status(), o.stderr());
        Ccsid c37 = CcsidRegistry.byNumber(37);
        ConverterProvider p = Providers.byName(provider);
        String documented = ExpectedEncoding.decodeSingleByte(c37, p.behaviour(c37), all);
        assertArrayEquals(documented.getBytes(StandardCharsets.UTF_8), o.stdout());
        assertEquals(provider.startsWith("jdk") ? '\n' : '\u0085', documented.charAt(0x15));
    }

    @Test
    void shortFormsAsInIconv() {
        Outcome o = run("Hello".getBytes(StandardCharsets.US_ASCII), "convert", "-f", "367", "-t", "IBM037", "-p", "icu");
        assertEquals(0, o.status(), o.stderr());
        assertArrayEquals(new byte[]{(byte) 0xC8, (byte) 0x85, (byte) 0x93, (byte) 0x93, (byte) 0x96}, o.stdout());
    }

    @Test
    void substitutionWarnsOnStderrAndFailNamesThePosition() {
        byte[] utf8 = "caf\u00e9 ok".getBytes(StandardCharsets.UTF_8);
        Outcome sub = run(utf8, "convert", "-f", "1208", "-t", "367", "-p", "jt400");
        assertEquals(0, sub.status());
        assertArrayEquals(new byte[]{'c', 'a', 'f', 0x1A, ' ', 'o', 'k'}, sub.stdout());
        assertTrue(sub.stderr().contains("1 characters have no mapping in CCSID 367"), sub.stderr());

        Outcome fail = run(utf8, "convert", "-f", "1208", "-t", "367", "--on-unmappable", "fail");
        assertOneLineError(fail, 1, "U+00E9 '\u00e9' (LATIN SMALL LETTER E WITH ACUTE) at character 3 (input byte 3) has no mapping in CCSID 367");
        assertEquals(0, fail.stdout().length, "nothing written");
    }

    @Test
    void failModeCatchesBytesThatDoNotSurviveDecoding() {
        Outcome o = run(new byte[]{0x41, (byte) 0x80, 0x42}, "convert", "-f", "367", "-t", "1208", "--on-unmappable", "fail");
        assertOneLineError(o, 1, "byte 0x80 at input byte 1 does not survive decoding from CCSID 367 with provider jdk");
        Outcome lineEnd = run(new byte[]{(byte) 0xC1, 0x25}, "convert", "-f", "37", "-t", "1208", "--on-unmappable", "fail");
        assertOneLineError(lineEnd, 1, "byte 0x25 at input byte 1 does not survive decoding from CCSID 37 with provider jdk"
                + " (decoding and re-encoding gives 0x15 there)");
        Outcome icu = run(new byte[]{(byte) 0xC1, 0x25}, "convert", "-f", "37", "-t", "1208", "-p", "icu", "--on-unmappable", "fail");
        assertEquals(0, icu.status(), "ICU keeps 0x25 as LF: " + icu.stderr());
    }

    /** The gate's bad input: one line, exit 2, and no gate.md written. */
    @Test
    void theGatesBadInputIsOneLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        String out = dir.resolve("gate").toString();
        assertOneLineError(run("gate", "--base", "HEAD", "--base-jvm", "/bin/false", "--out", out), 2, "choose one base");
        assertOneLineError(run("gate", "--base-jvm", dir.resolve("no-java").toString(), "--out", out), 2,
                "is not an executable java");
        java.nio.file.Path text = java.nio.file.Files.writeString(dir.resolve("old.jar"), "not a jar");
        assertOneLineError(run("gate", "--base-jar", text.toString(), "--out", out), 2, "is not a jar file");
        assertOneLineError(run("gate", "--base-jar", dir.resolve("missing.jar").toString(), "--out", out), 2, "no such file");
        assertOneLineError(run("gate", "--base", "no-such-ref-anywhere", "--out", out), 2, "no-such-ref-anywhere");
        assertOneLineError(run("gate", "--base-jvm", "/bin/false", "--build", "true", "--out", out), 2,
                "--build and --build-output build the base commit");
        assertOneLineError(run("gate", "--base", "HEAD", "--build", "true", "--build-output", "/abs/codec.jar", "--out", out), 2,
                "must be a path inside the checkout");
        assertOneLineError(run("gate", "--fail", "5", "--warn", "8", "--out", out), 2, "need 1 < warn <= fail");
        assertOneLineError(run("gate", "--baseline", dir.resolve("none.json").toString(), "--out", out), 2, "Unknown options: '--baseline'");
        assertFalse(java.nio.file.Files.exists(dir.resolve("gate").resolve("gate.md")), "nothing written");
    }

    /** The bisection's bad input: one line, exit 2, before anything is built, and no bisect.md written. */
    @Test
    void theBisectionsBadInputIsOneLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        String out = dir.resolve("bisect").toString();
        assertOneLineError(run("gate", "bisect", "--bad", "HEAD", "--out", out), 2, "Missing required option: '--good=REF'");
        assertOneLineError(run("gate", "bisect", "--good", "no-such-ref-anywhere", "--bad", "HEAD", "--out", out), 2,
                "no commit 'no-such-ref-anywhere' in this repository");
        assertOneLineError(run("gate", "bisect", "--good", "HEAD", "--bad", "HEAD", "--out", out), 2,
                "--bad HEAD has no commits after --good HEAD: give the older, faster commit as --good");
        assertOneLineError(run("gate", "bisect", "--good", "HEAD", "--bad", "HEAD", "--confirmation-pairs", "3", "--out", out), 2,
                "--confirmation-pairs 3 can never reach p < 0.01");
        assertOneLineError(run("gate", "bisect", "--good", "HEAD", "--bad", "HEAD", "--gate-result",
                dir.resolve("none.json").toString(), "--out", out), 2, "cannot read");
        java.nio.file.Path passed = java.nio.file.Files.writeString(dir.resolve("gate.json"),
                "{\"verdict\": \"PASS\", \"comparisons\": [{\"key\": \"ConversionBenchmark.encode ccsid=37\", \"verdict\": \"PASS\"}]}");
        assertOneLineError(run("gate", "bisect", "--good", "HEAD", "--bad", "HEAD", "--gate-result", passed.toString(), "--out", out),
                2, "has no FAIL to bisect");
        java.nio.file.Path notGate = java.nio.file.Files.writeString(dir.resolve("other.json"), "[1, 2]");
        assertOneLineError(run("gate", "bisect", "--good", "HEAD", "--bad", "HEAD", "--gate-result", notGate.toString(), "--out", out),
                2, "is not a gate.json written by the gate");
        assertFalse(java.nio.file.Files.exists(dir.resolve("bisect").resolve("bisect.md")), "nothing written");
        Outcome help = run("gate", "bisect", "--help");
        assertTrue(help.out().contains("--good=REF") && help.out().contains("--gate-result=GATE_JSON")
                && help.out().contains("--confirmation-pairs=N") && help.out().contains("--include=REGEX"), help.out());
    }

    @Test
    void unknownCcsidProviderPresetAndFileAreOneLineErrors() {
        assertOneLineError(run("convert", "-f", "1234", "-t", "1208"), 2, "unknown CCSID '1234'; supported: 37");
        assertOneLineError(run("convert", "-f", "37", "-t", "1208", "-p", "ibm"), 2, "unknown provider 'ibm'; known: jdk");
        assertOneLineError(run("run", "--preset", "huge"), 2, "unknown preset 'huge'; known: smoke, quick, standard, gate, reference, dbcs, countries, data, full");
        assertOneLineError(run("run", "--ccsid", "999", "--dry-run"), 2, "unknown CCSID '999'");
        assertOneLineError(run("run", "--provider", "nope", "--dry-run"), 2, "unknown provider 'nope'");
        assertOneLineError(run("convert", "-f", "37", "-t", "1208", "/no/such/file"), 2, "input file /no/such/file does not exist");
        assertOneLineError(run("convert", "-f", "37"), 2, "Missing required option: '--to=CCSID'");
        assertOneLineError(run("list", "things"), 2, "cannot list 'things'");
        assertOneLineError(run("run", "--include", "(", "--dry-run"), 2, "--include is not a regular expression");
        assertOneLineError(run("run", "--jvm", "/no/java"), 2, "--jvm /no/java is not an executable java");
    }

    /** A Japanese sample goes through 1399 and back exactly, with ICU4J and with JTOpen. */
    @ParameterizedTest
    @ValueSource(strings = {"icu", "jt400"})
    void japaneseRoundTripsExactlyThrough1399(String provider) {
        byte[] utf8 = "\u5c71\u7530\u592a\u90ce\u3055\u3093, \u6771\u4eac\u90fd\u6e2f\u533a 1-2-3, id 0042, 100\u20ac, \u30c6\u30b9\u30c8\u6e08\u307f"
                .getBytes(StandardCharsets.UTF_8);
        Outcome to = run(utf8, "convert", "-f", "1208", "-t", "1399", "--provider", provider, "--on-unmappable", "fail");
        assertEquals(0, to.status(), to.stderr());
        assertEquals("", to.stderr());
        assertTrue(to.stdout().length > 0 && to.stdout()[to.stdout().length - 1] == 0x0F, "ends with the shift-in");
        Outcome back = run(to.stdout(), "convert", "-f", "1399", "-t", "1208", "--provider", provider, "--on-unmappable", "fail");
        assertEquals(0, back.status(), back.stderr());
        assertEquals("", back.stderr());
        assertArrayEquals(utf8, back.stdout());
    }

    /**
     * One value, as a driver converts a column: convert writes what the benchmark measures (ICU4J's end-of-string bug
     * included) and says so; the same value ended by a line break is written right.
     */
    @Test
    void convertWritesOneValueAsTheBenchmarkMeasuresItAndWarnsOfTheEndOfStringBug() {
        io.github.ccsidbench.ccsid.Ccsid c1399 = io.github.ccsidbench.ccsid.CcsidRegistry.byNumber(1399);
        io.github.ccsidbench.convert.ConverterProvider icu = io.github.ccsidbench.convert.Providers.byName("icu");
        String africa = "\u30a2\u30d5\u30ea\u30ab";
        Outcome one = run(africa.getBytes(StandardCharsets.UTF_8), "convert", "-f", "1208", "-t", "1399", "--provider", "icu");
        assertEquals(0, one.status());
        assertArrayEquals(icu.open(c1399).encode(africa), one.stdout(), "the conversion the benchmark measures");
        assertArrayEquals(io.github.ccsidbench.convert.ExpectedEncoding.encode(c1399, icu.behaviour(c1399), africa), one.stdout());
        assertTrue(one.stderr().startsWith("ccsid-bench: warning: U+30AB, the last character, is written by provider icu as the"
                + " substitution"), one.stderr());
        assertOneLineError(run(africa.getBytes(StandardCharsets.UTF_8), "convert", "-f", "1208", "-t", "1399", "--provider", "icu",
                "--on-unmappable", "fail"), 1, "U+30AB, the last character");
        Outcome line = run((africa + "\n").getBytes(StandardCharsets.UTF_8), "convert", "-f", "1208", "-t", "1399", "--provider", "icu");
        assertEquals("", line.stderr());
        assertArrayEquals(io.github.ccsidbench.convert.MixedExpectedEncoding.encode(c1399, africa),
                java.util.Arrays.copyOf(line.stdout(), line.stdout().length - 1), "written right before a line break");
        assertArrayEquals(io.github.ccsidbench.convert.MixedExpectedEncoding.encode(c1399, africa),
                run(africa.getBytes(StandardCharsets.UTF_8), "convert", "-f", "1208", "-t", "1399", "--provider", "jt400").stdout());
    }

    @Test
    void theJdkSaysInOneLineThatItHasNo1399() {
        byte[] utf8 = "\u5c71\u7530".getBytes(StandardCharsets.UTF_8);
        assertOneLineError(run(utf8, "convert", "-f", "1208", "-t", "1399", "--provider", "jdk"), 2,
                "the JDK has no charset for CCSID 1399");
        assertOneLineError(run(new byte[]{0x0E, 0x45, 0x41, 0x0F}, "convert", "-f", "1399", "-t", "1208", "--provider", "jdk"), 2,
                "the JDK has no charset for CCSID 1399");
        assertOneLineError(run(utf8, "convert", "-f", "1208", "-t", "1390", "--provider", "jt400"), 2,
                "JTOpen has no table for CCSID 1390");
        Outcome jdk930 = run(utf8, "convert", "-f", "1208", "-t", "930", "--provider", "jdk");
        assertEquals("0e456545630f", java.util.HexFormat.of().formatHex(jdk930.stdout()), jdk930.stderr());
    }

    @Test
    void fidelityChecksTheMixedCcsids() {
        byte[] utf8 = "\u30c6\u30b9\u30c8\uff5e".getBytes(StandardCharsets.UTF_8); // ends in FULLWIDTH TILDE
        Outcome o = run(utf8, "fidelity", "--ccsid", "930,1399");
        assertEquals(FidelityCommand.LOSSY, o.status(), o.stderr());
        assertTrue(o.out().contains("| 1399 | jdk | – | – | no converter: the JDK has no charset for CCSID 1399"),
                o.out());
        assertTrue(o.out().contains("| 930 | icu | 1 | 0 | U+FF5E"), o.out());
        assertTrue(o.out().contains("| 930 | jdk | 0 | 0 | lossless"), o.out());
        assertTrue(o.out().contains("| 1399 | icu | 0 | 0 | lossless"), o.out());
        assertOneLineError(run(utf8, "fidelity", "--ccsid", "1399", "--provider", "jdk"), 2, "the JDK has no charset for CCSID 1399");
        byte[] ebcdic = {(byte) 0xC1, 0x0E, 0x45, 0x41, 0x0F};
        Outcome read = run(ebcdic, "fidelity", "--encoding", "1399", "--ccsid", "1208", "--provider", "jdk");
        assertEquals(0, read.status(), read.stderr());
        assertTrue(read.out().startsWith("2 characters (2 distinct) read from stdin as CCSID 1399"), read.out());
        assertOneLineError(run(new byte[]{0x0E, 0x45}, "fidelity", "--encoding", "1399"), 2,
                "the input is not valid CCSID 1399 (EBCDIC Japanese Latin-Kanji with euro, mixed): 1 malformed sequence, at byte 1");
    }

    @Test
    void listShowsCcsidsProvidersWorkloadsAndPresets() {
        Outcome o = run("list");
        assertEquals(0, o.status());
        for (String s : new String[]{"## CCSIDs", "| 37 | EBCDIC US/Canada | EBCDIC SBCS | IBM037 | ibm-37_P100-1995 |",
                "## Providers", "| jt400 |", "## Workloads", "| late-non-ascii |", "## Presets", "| standard |",
                "| 1399 | EBCDIC Japanese Latin-Kanji with euro, mixed | EBCDIC MIXED (5123 + 16684) | none | ibm-1399_P110-2003"
                        + " | CharConverter(1399) | 3F, FE FE |",
                "| 930 | EBCDIC Japanese Katakana-Kanji, mixed | EBCDIC MIXED (290 + 300) | x-IBM930 |"}) {
            assertTrue(o.out().contains(s), s + " in\n" + o.out());
        }
        assertTrue(run("list", "providers").out().contains("corrupt-jdk"), "plug-in providers are listed too");
    }

    @Test
    void dryRunPrintsThePlanWithItsEstimate() {
        Outcome o = run("run", "--preset", "standard", "--dry-run");
        assertEquals(0, o.status(), o.stderr());
        assertTrue(o.out().contains(" 171  benchmarks"), o.out());
        Outcome narrowed = run("run", "--preset", "quick", "--ccsid", "37", "--provider", "jt400", "--include", "decode", "--dry-run");
        assertTrue(narrowed.out().contains("ConversionBenchmark.{decode} ccsid=37 provider=jt400 workload=ascii-text length=1024"),
                narrowed.out());
    }

    @Test
    void aTimeBudgetIsOneOptionNamedBudgetInRunAndGate() {
        Outcome budget = run("run", "--preset", "quick", "--budget", "1", "--dry-run");
        assertEquals(0, budget.status(), budget.stderr());
        assertTrue(budget.out().contains("at most 1m00s in all"), budget.out());
        // The unreleased earlier name is gone: one line, exit 2.
        assertOneLineError(run("run", "--preset", "quick", "--time-limit", "1", "--dry-run"), 2, "Unknown option");
        assertOneLineError(run("run", "--budget", "-1", "--dry-run"), 2, "'--budget'");
        assertOneLineError(run("gate", "--budget", "NaN", "--base-jvm", "/no/java"), 2, "'--budget'");
        Outcome runHelp = run("run", "--help");
        assertTrue(runHelp.out().contains("--budget=MINUTES") && !runHelp.out().contains("--time-limit"), runHelp.out());
        Outcome gateHelp = run("gate", "--help");
        assertTrue(gateHelp.out().contains("--budget=MINUTES"), gateHelp.out());
    }

    @Test
    void theRunsNumbersAreCheckedWhereTheyAreParsed() {
        assertOneLineError(run("run", "--forks", "0", "--dry-run"), 2, "'--forks': '0' is not a whole number from 1 to 1000");
        assertOneLineError(run("run", "--max-forks", "x", "--dry-run"), 2, "'--max-forks'");
        assertOneLineError(run("run", "--max-iterations", "1", "--dry-run"), 2, "'--max-iterations'");
        assertOneLineError(run("run", "--iteration-ms", "5", "--dry-run"), 2, "'--iteration-ms'");
        assertOneLineError(run("run", "--preset", "quick", "--forks", "3", "--max-forks", "2", "--dry-run"), 2,
                "--max-forks must be at least the forks (3)");
        Outcome edges = run("run", "--preset", "quick", "--forks", "1", "--max-iterations", "2", "--iteration-ms", "10",
                "--budget", "0", "--dry-run");
        assertEquals(0, edges.status(), edges.stderr());
    }

    @Test
    void theSharedOptionsReadAndFailAlikeInEveryCommand() {
        for (String command : List.of("run", "gate", "fidelity")) {
            Outcome help = run(command, "--help");
            assertTrue(help.out().contains("--ccsid=LIST") && help.out().contains("--provider=LIST"), command + ": " + help.out());
        }
        for (String command : List.of("run", "gate")) {
            Outcome help = run(command, "--help");
            assertTrue(help.out().contains("--length=LIST") && help.out().contains("--include=REGEX")
                    && help.out().contains("--out=DIR"), command + ": " + help.out());
        }
        assertOneLineError(run(new byte[0], "fidelity", "--ccsid", "999"), 2, "unknown CCSID '999'");
        assertOneLineError(run("run", "--length", "0", "--dry-run"), 2, "length '0' is not a whole number");
        assertOneLineError(run("gate", "--length", "x", "--base-jvm", "/no/java"), 2, "length 'x' is not a whole number");
    }

    @Test
    void theDataOptionsAreCheckedInOneLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path csv = dir.resolve("rows.csv");
        java.nio.file.Files.writeString(csv, "a,b\n1,2\n");
        assertOneLineError(run("run", "--preset", "data", "--dry-run"), 2, "the data preset measures your own rows: give --data FILE");
        assertOneLineError(run("run", "--rows", "10", "--dry-run"), 2, "--format, --rows, --seed, --comment, --no-header and"
                + " --show-examples go with --data FILE");
        assertOneLineError(run("run", "--data", csv.toString(), "--rows", "0", "--dry-run"), 2, "'--rows'");
        assertOneLineError(run("run", "--data", csv.toString(), "--format", "xml", "--dry-run"), 2, "unknown data format 'xml'");
        assertOneLineError(run("run", "--data", csv.toString(), "--encoding", "4711", "--dry-run"), 2, "unknown CCSID '4711'");
        assertOneLineError(run("run", "--data", csv.toString(), "--ccsid", "1200", "--dry-run"), 2,
                "is not a character column's CCSID here");
        assertOneLineError(run("run", "--data", dir.resolve("none.csv").toString(), "--dry-run"), 2, "does not exist");
        Outcome plan = run("run", "--data", csv.toString(), "--dry-run");
        assertEquals(0, plan.status(), plan.stderr());
        assertTrue(plan.out().contains("DataBenchmark.{decode,encode}") && plan.out().contains("provider=jdk,icu,jt400")
                && plan.out().contains("ccsid=37,367,1208"), plan.out());
    }

    @Test
    void aRowShapeWhoseFieldsAreOfTheWrongKindIsOneLineNamingTheField(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path shape = dir.resolve("shape.json");
        java.nio.file.Files.writeString(shape, "{\"columns\": 12}");
        assertOneLineError(run("run", "--shape", shape.toString(), "--dry-run"), 2,
                "row shape " + shape + ": field \"columns\" must be an array");
    }

    @Test
    void resumeNeedsAnInterruptedRunAndNoOtherOption(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        assertOneLineError(run("run", "--resume", dir.toString()), 2, "no interrupted run to resume in " + dir);
        assertOneLineError(run("run", "--resume", dir.toString(), "--preset", "quick"), 2,
                "--resume DIR takes no other option: the interrupted run's journal holds them");
    }

    @Test
    void resumeRefusesAJournalOfAnotherPlanNamingTheFirstDifference(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        java.nio.file.Files.writeString(dir.resolve("journal.jsonl"),
                "{\"version\":1,\"args\":[\"--preset\",\"quick\"],\"cases\":[\"FloorBenchmark.arrayCopy length=1\"]}\n");
        assertOneLineError(run("run", "--resume", dir.toString()), 2,
                "first difference: benchmark 1 was FloorBenchmark.arrayCopy length=1, is FloorBenchmark.");
    }

    static String sampleWithDb2() throws Exception {
        return java.nio.file.Path.of(CliTest.class.getResource("/io/github/ccsidbench/report/sample-results.json").toURI()).toString();
    }

    static String sampleWithoutDb2() throws Exception {
        return java.nio.file.Path.of(CliTest.class.getResource("/io/github/ccsidbench/results/sample-results.json").toURI()).toString();
    }

    @Test
    void fidelityExitsZeroWhenLosslessAndThreeWithPositionsWhenNot() {
        byte[] plain = "Hello, Db2!\nSecond line.\n".getBytes(StandardCharsets.UTF_8);
        Outcome ok = run(plain, "fidelity", "--ccsid", "37,367,1208", "--provider", "jdk,icu,jt400");
        assertEquals(0, ok.status(), ok.stderr());
        assertTrue(ok.out().contains("Lossless everywhere asked."), ok.out());
        byte[] accented = "Hello\ncafé Müller\n".getBytes(StandardCharsets.UTF_8);
        Outcome lossy = run(accented, "fidelity");
        assertEquals(3, lossy.status());
        assertTrue(lossy.out().contains("| 367 | jdk | 2 | 0 | U+00E9 'é' (LATIN SMALL LETTER E WITH ACUTE) at line 2, column 4 becomes"
                + " U+003F '?' (QUESTION MARK); U+00FC"), lossy.out());
        assertTrue(lossy.out().contains("| 37 | icu | 0 | 0 | lossless |"), lossy.out());
        Outcome nel = run("a\u0085b".getBytes(StandardCharsets.UTF_8), "fidelity", "--ccsid", "37", "--provider", "jdk");
        assertEquals(3, nel.status(), "a changed character counts too");
        assertTrue(nel.out().contains("| 37 | jdk | 0 | 1 |"), nel.out());
    }

    @Test
    void fidelityReadsOtherEncodingsAndRefusesBadInput() {
        Outcome ebcdic = run(new byte[]{(byte) 0xC1, 0x51}, "fidelity", "--encoding", "37", "--ccsid", "367", "--provider", "jdk");
        assertEquals(3, ebcdic.status(), "é from EBCDIC does not fit 367");
        assertOneLineError(run("fidelity", "/no/such/text"), 2, "input file /no/such/text does not exist");
        assertOneLineError(run("fidelity", "--ccsid", "4711"), 2, "unknown CCSID '4711'");
    }

    @Test
    void planTurnsRowsPerDayIntoCpuSeconds() throws Exception {
        Outcome o = run("plan", "--rows-per-day", "1000000", "--results", sampleWithDb2());
        assertEquals(0, o.status(), o.stderr());
        assertTrue(o.out().contains("\nCapacity plan: 1,000,000 rows/day of shape `article` (ascii rows)"), o.out());
        assertTrue(o.out().contains("| EBCDIC | SBCS | 37 | minor 100% |"), o.out());
        assertTrue(o.out().contains("the mean per operation, GC included"), "what a row's cost is, said: " + o.out());
        assertOneLineError(run("plan", "--rows-per-day", "10", "--results", "/no/results.json"), 2,
                "results file /no/results.json does not exist");
        // Results without the Db2 path figures: the z/OS estimate, which needs none, and one line on stderr saying how to
        // measure this machine's part.
        Outcome zosOnly = run("plan", "--rows-per-day", "10", "--results", sampleWithoutDb2());
        assertEquals(0, zosOnly.status(), zosOnly.stderr());
        assertTrue(zosOnly.out().startsWith("**On z/OS, at 10 rows of shape `article` (ascii) a day,**"), zosOnly.out());
        assertFalse(zosOnly.out().contains("Capacity plan:"), zosOnly.out());
        assertEquals("ccsid-bench: the z/OS estimate only: the results have no Db2PathBenchmark figures for row shape 'article'"
                + " with ascii rows; measure them with: ccsid-bench run --preset standard --include Db2PathBenchmark\n",
                zosOnly.stderr());
        assertOneLineError(run("plan", "--rows-per-day", "0", "--results", sampleWithDb2()), 2, "at least 1");
        // Options before files: a bad number of rows is named even when the results file is not there.
        assertOneLineError(run("plan", "--rows-per-day", "-5", "--results", "/no/results.json"), 2, "--rows-per-day must be");
        assertOneLineError(run("plan", "--rows-per-day", "10", "--results", sampleWithDb2(), "--zos-major-us", "-1"), 2,
                "a z/OS cost per conversion");
        assertOneLineError(run("plan", "--rows-per-day", "10", "--results", sampleWithDb2(), "--java-version", "99"), 2,
                "no results for JDK 99");
        assertOneLineError(run("plan", "--rows-per-day", "10", "--results", sampleWithDb2(), "--jdk", "99"), 2,
                "Unknown option");
        assertOneLineError(run("plan", "--rows-per-day", "10", "--results", sampleWithDb2(), "--rows", "cjk"), 2,
                "unknown row flavour 'cjk'");
    }

    @Test
    void reportWritesItsFilesAndRefusesBadResults(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        Outcome o = run("report", sampleWithDb2(), "--out", dir.toString());
        assertEquals(0, o.status(), o.stderr());
        assertTrue(java.nio.file.Files.exists(dir.resolve("report.html")));
        assertTrue(java.nio.file.Files.exists(dir.resolve("report.md")));
        java.nio.file.Path empty = dir.resolve("empty.json");
        java.nio.file.Files.writeString(empty, "");
        assertOneLineError(run("report", empty.toString(), "--out", dir.toString()), 2, "is empty");
        java.nio.file.Path bad = dir.resolve("bad.json");
        java.nio.file.Files.writeString(bad, "{not json");
        assertOneLineError(run("report", bad.toString(), "--out", dir.toString()), 2, "is not valid JSON");
        assertOneLineError(run("report", "/no/such.json"), 2, "does not exist");
        // The files beside a results file are checked too, naming the file and the field at fault.
        java.nio.file.Path run = java.nio.file.Files.createDirectories(dir.resolve("run"));
        java.nio.file.Files.copy(java.nio.file.Path.of(sampleWithDb2()), run.resolve("results.json"));
        java.nio.file.Files.writeString(run.resolve("steadiness.json"), "{\"benchmarks\": 3}");
        assertOneLineError(run("report", run.resolve("results.json").toString()), 2, "steadiness.json (Expected BEGIN_ARRAY but was NUMBER");
        assertOneLineError(run("report", run.resolve("results.json").toString()), 2, "$.benchmarks");
        java.nio.file.Files.delete(run.resolve("steadiness.json"));
        java.nio.file.Files.writeString(run.resolve("data.json"), "{\"choices\": \"none\"}");
        assertOneLineError(run("report", run.resolve("results.json").toString()), 2, "data.json is not a valid data.json");
        java.nio.file.Files.delete(run.resolve("data.json"));
        java.nio.file.Files.writeString(run.resolve("environment.json"), "{\"cores\": \"two\"}");
        assertOneLineError(run("report", run.resolve("results.json").toString()), 2, "environment.json");
    }

    @Test
    void helpAndVersion() {
        Outcome help = run("--help");
        assertEquals(0, help.status());
        assertTrue(help.out().contains("Any other arguments go to JMH unchanged"), help.out());
        Outcome version = run("--version");
        assertTrue(version.out().contains("ICU4J 78.3"), version.out());
    }
}
