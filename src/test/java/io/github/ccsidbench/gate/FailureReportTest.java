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

    @Test
    void noKindOfAnnotationExceedsWhatGitHubShowsAndTheRunsWarningSaysWhatWouldDecideItAll() {
        List<String> a = ActionsAnnotations.of(GateOutputTest.moreRowsThanGitHubShows());
        List<String> errors = a.stream().filter(x -> x.startsWith("::error ")).toList();
        List<String> warnings = a.stream().filter(x -> x.startsWith("::warning ")).toList();
        assertEquals(a.size(), errors.size() + warnings.size(), a.toString());
        assertEquals(ActionsAnnotations.SHOWN_PER_KIND, errors.size(), errors.toString());
        assertEquals(ActionsAnnotations.SHOWN_PER_KIND, warnings.size(), warnings.toString());
        assertTrue(errors.subList(0, 9).stream().allMatch(x -> x.contains("provider=fail")), errors.toString());
        assertEquals("::error title=ccsid-bench gate::3 more FAIL rows are in gate.md (the job summary): GitHub shows 10 error"
                + " annotations a step", errors.get(9));
        assertEquals("::warning title=ccsid-bench gate CANNOT_TELL::20 of 35 benchmarks could not be told on this machine;"
                + " measured one by one as their rows advise, 20 would take about 3.0 hours of gates. The time budget stopped"
                + " suspects before their first look: at this run's pace (pairs measured again included), --budget 47 would"
                + " give every suspect its first look. The rows are in gate.md; " + ActionsAnnotations.CANNOT_TELL_EXIT, warnings.get(0));
        assertTrue(warnings.subList(1, 9).stream().allMatch(x -> x.contains("provider=undecided")), warnings.toString());
        // 22 rows wanted a warning (20 CANNOT_TELL, 2 WARN); 8 are shown after the run's
        assertEquals("::warning title=ccsid-bench gate::14 more CANNOT_TELL and WARN rows are in gate.md (the job summary):"
                + " GitHub shows 10 warning annotations a step", warnings.get(9));
    }
}
