package io.github.ccsidbench.gate;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a pull request's author sees of a gate run: gate.md's order, the reproduce command, the Actions annotations. */
class FailureReportTest {

    @Test
    void gateMdOpensWithWhatDidNotPassAndFoldsThePasses() {
        String md = GateMarkdown.of(GateOutputTest.duetWithEveryVerdict());
        int fail = md.indexOf("| FAIL |");
        int details = md.indexOf("<details><summary>2 PASS");
        int pass = md.indexOf("| PASS |");
        assertTrue(fail > 0 && details > fail && pass > details, md);
        assertTrue(md.contains("| base ns/op | candidate ns/op |"), md);
        assertTrue(md.indexOf("To measure these again on your machine:") > md.indexOf("</details>"), md);
    }

    @Test
    void theReproduceCommandNamesTheSameBaseAndOnlyWhatDidNotPass() {
        GateResult r = GateOutputTest.duetWithEveryVerdict();
        List<PairedComparison> open = r.comparisons().stream().filter(c -> c.verdict() != Verdict.PASS).toList();
        String cmd = Reproduce.command(r, open);
        assertTrue(cmd.startsWith("java -jar target/benchmarks.jar gate --base 1a2b3c4d5e6f "), cmd);
        assertTrue(cmd.contains("--include 'ConversionBenchmark\\.encode$'"), cmd);
        assertTrue(cmd.contains("--ccsid 37") && cmd.contains("--length 1024"), cmd);
        assertTrue(cmd.contains("--provider icu,slowed-jdk,jt400,jdk-coder") || cmd.contains("--provider "), cmd);
        assertTrue(!cmd.contains("jdk-stream"), "a PASS is not measured again: " + cmd);
        assertEquals("--base-jar benchmarks-0.1.0.jar", Reproduce.base("base jar benchmarks-0.1.0.jar", List.of()));
        assertEquals("--base-jvm /opt/jdk25/bin/java", Reproduce.base("base JVM /opt/jdk25/bin/java", List.of()));
        assertEquals("--base abc1234", Reproduce.base("base abc1234 (origin/main)", List.of()));
    }

    @Test
    void annotationsAreOnePerFailWarnAndCannotTellEscapedAsGitHubSays() {
        List<String> a = ActionsAnnotations.of(GateOutputTest.duetWithEveryVerdict());
        assertEquals(3, a.size(), a.toString()); // FAIL, CANNOT_TELL (too disturbed), WARN
        assertTrue(a.get(0).startsWith("::error title=ccsid-bench gate FAIL::ConversionBenchmark.encode ccsid=37"), a.get(0));
        assertTrue(a.get(0).contains("+202.0%25") && a.get(0).contains("base 812.5 ns/op"), a.get(0));
        assertTrue(a.get(1).startsWith("::warning title=ccsid-bench gate CANNOT_TELL::"), a.get(1));
        assertTrue(a.get(1).endsWith("exit 3 is a warning unless the gate runs with --strict (the example workflow's"
                + " GATE_BLOCKS_ON_CANNOT_TELL)"), "a CANNOT_TELL says what it does to the job: " + a.get(1));
        assertTrue(a.get(2).startsWith("::warning title=ccsid-bench gate WARN::"), a.get(2));
        assertTrue(a.stream().noneMatch(x -> x.contains("\n")), a.toString());
        assertEquals("a%3Ab%2Cc%25%0A", ActionsAnnotations.property("a:b,c%\n"));
    }
}
