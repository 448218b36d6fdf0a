package io.github.ccsidbench.report;

import org.junit.jupiter.api.Tag;
import io.github.ccsidbench.bench.AnswerBenchmarks;
import io.github.ccsidbench.results.DerivedFigures;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report says how sure its numbers are: not-decisive figures are marked, every table has a
 * steadiness column, the reading of the article claims only the ranking its intervals support and
 * says which runs it rests on, the Steadiness section lists the benchmarks a reader should know about,
 * and every chart carries error bars. Synthetic runs with known fork levels (see {@link SyntheticRun}):
 * structure and text, never speed.
 */
@Tag("slow")
class ReportSteadinessTest {

    /** The article's section of {@code in}, with its answers and the z/OS estimate at IBM's costs. */
    private static ReportDocument.Section article(ReportInputs in) {
        return ArticleSection.build(in, Answer.of(in), ZosEstimate.Costs.of(null, null));
    }

    private static final String ENCODE = "ConversionBenchmark.encode";
    private static final String DECODE = "ConversionBenchmark.decode";

    private static Map<String, String> conversion(String ccsid, int length) {
        return Map.of("ccsid", ccsid, "provider", "jdk", "workload", "ascii-text", "length", Integer.toString(length));
    }

    /** jdk encode and decode of 37, 367 and 1208 at 1024 characters with floors; 37's encode forks disagree (900 and 1300). */
    private static SyntheticRun jvmRun() {
        SyntheticRun run = new SyntheticRun()
                .result("FloorBenchmark.isoEncode", Map.of("length", "1024"), 100, 100)
                .result("FloorBenchmark.isoDecode", Map.of("length", "1024"), 100, 100)
                .result(ENCODE, conversion("37", 1024), 900, 1300)
                .result(DECODE, conversion("37", 1024), 700, 700);
        for (String ccsid : List.of("367", "1208")) {
            run.result(ENCODE, conversion(ccsid, 1024), 150, 150).result(DECODE, conversion(ccsid, 1024), 160, 160);
        }
        return run;
    }

    private static String text(ReportDocument.Section section) {
        return ReportRenderers.markdown(new ReportDocument("t", List.of(section)), true);
    }

    private static String reading(ReportDocument.Section article) {
        return article.blocks().stream().filter(b -> b instanceof ReportDocument.Paragraph p
                        && p.text().startsWith("**Reading it against the article.**"))
                .map(b -> ((ReportDocument.Paragraph) b).text()).findFirst().orElseThrow();
    }

    private static ReportDocument.Table table(ReportDocument.Section section, String id) {
        return section.blocks().stream().filter(b -> b instanceof ReportDocument.Table t && t.id().equals(id))
                .map(ReportDocument.Table.class::cast).findFirst().orElseThrow(() -> new AssertionError(id));
    }

    /** A row of two figures names the one whose forks did not all settle: "3/4 steady" alone read as either's. */
    @Test
    void aRowOfTwoFiguresNamesTheOneWhoseForksDidNotSettle() {
        SyntheticRun run = jvmRun().steadiness(SyntheticRun.key(ENCODE, conversion("37", 1024)), 2, 1, "", "one fork steady", 0)
                .steadiness(SyntheticRun.key(DECODE, conversion("37", 1024)), 2, 2, "", "every fork steady", 0);
        ReportInputs in = run.inputs();
        ReportDocument.Table t = table(JvmSection.build(in, Answer.of(in)), "jvm-jdk17.0.15");
        List<String> row37 = t.rows().stream().filter(r -> r.get(0).equals("37")).findFirst().orElseThrow();
        assertEquals("3/4 steady (encode 1/2), 87 of 120 kept", row37.get(9), "the encode lost a fork, not the decode");
    }

    // (a) a figure that is not decisive is marked, in the JVM table and in summary.md

    @Test
    void aFigureThatIsNotDecisiveIsMarkedInTheJvmTableAndTheSummary() {
        SyntheticRun run = jvmRun().steadiness(SyntheticRun.key(ENCODE, conversion("37", 1024)), 2, 2, "", "every fork steady", 0)
                .steadiness(SyntheticRun.key(DECODE, conversion("37", 1024)), 2, 2, "", "every fork steady", 0);
        ReportInputs in = run.inputs();
        ReportDocument.Section jvm = JvmSection.build(in, Answer.of(in));
        ReportDocument.Table t = table(jvm, "jvm-jdk17.0.15");
        assertEquals("steadiness", t.header().get(t.header().size() - 1));
        List<String> row37 = t.rows().stream().filter(r -> r.get(0).equals("37")).findFirst().orElseThrow();
        assertTrue(row37.get(3).endsWith(" *"), "37's encode (forks 900 and 1300) is not decisive: " + row37);
        assertFalse(row37.get(6).endsWith("*"), "37's decode is decisive: " + row37);
        assertEquals("4/4 steady, 96 of 120 kept", row37.get(9), "encode and decode together");
        List<String> row367 = t.rows().stream().filter(r -> r.get(0).equals("367")).findFirst().orElseThrow();
        assertFalse(row367.get(3).endsWith("*"), row367.toString());
        assertEquals("–", row367.get(9), "no steadiness recorded for 367");
        assertTrue(text(jvm).contains("A figure marked * is **not decisive**"), "the mark is explained");
        // 37's encode is not decisive (its forks 900 and 1300 are far apart), but the ratio's interval still lies wholly
        // above no change: a figure's width decides how it is printed, not whether an obvious ranking is said
        String reading = JvmSection.reading(Answer.Jvm.of(in.jvms().get(0), AnswerBenchmarks.WORKLOAD));
        assertTrue(reading.contains("Inside the JVM the article's ranking is turned around"), reading);
        assertFalse(reading.contains("cannot rank"), reading);

        List<DerivedFigures> figures = in.jvms().get(0).figures();
        String summary = SummaryMarkdown.render(figures, Optional.empty(), in.sources().get(0).steadiness());
        String line37 = summary.lines().filter(l -> l.startsWith("| 37 | jdk | ascii-text | 1024 |") && l.contains("2/2 steady"))
                .findFirst().orElse("");
        assertTrue(summary.lines().anyMatch(l -> l.matches("\\| 37 \\| jdk \\| ascii-text \\| 1024 \\| [0-9]+ \\* \\|.*")),
                "the summary marks 37's encode: " + summary);
        assertFalse(line37.isEmpty(), "the summary's steadiness column: " + summary);
        assertTrue(summary.contains("| not decisive | 1 benchmark (95% interval"), "the overview counts the marks: " + summary);
    }

    // (b) the reading against the article claims only what the intervals support

    @Test
    void decisiveFiguresWithAnIntervalExcludingNoChangeGiveTheDirectionAndTheRanking() {
        SyntheticRun run = new SyntheticRun().article(new double[]{1000, 1000}, new double[]{1200, 1200}, new double[]{600, 600});
        for (String column : List.of("37", "367", "1208")) {
            run.steadiness(SyntheticRun.key("Db2PathBenchmark.insertServer", SyntheticRun.server(column)), 2, 2, "",
                    "every fork steady, one mode", 0);
        }
        ReportDocument.Section article = article(run.inputs());
        String reading = reading(article);
        assertTrue(reading.contains("367 costs more than 37 (+20% ["), reading);
        assertTrue(reading.contains("the interval excludes no change, p < 0.001, t on "), reading);
        assertTrue(reading.contains("1208 costs less than 37 (-40% ["), reading);
        assertTrue(reading.contains("So the model reproduces the article's ranking"), reading);
        assertFalse(reading.contains("cannot rank"), reading);
        // which runs it rests on
        assertTrue(reading.contains("It rests on `results.json` (measured 2026-07-01T10:00:00Z, commit abc1234def, AMD EPYC 7B13, "
                + "forks on OpenJDK 64-Bit Server VM 17.0.15+6 (JDK 17.0.15))"), reading);
        assertTrue(reading.contains("37 2/2 steady, 48 of 60 kept; 367 2/2 steady, 48 of 60 kept; 1208 2/2 steady, 48 of 60 kept; "
                + "none disturbed."), reading);
        ReportDocument.Table t = table(article, "article-jdk17.0.15");
        assertEquals("steadiness", t.header().get(t.header().size() - 1));
        assertFalse(t.rows().get(0).get(6).contains("*"), "37's server figure is decisive: " + t.rows().get(0));
        assertTrue(t.rows().get(0).get(t.header().size() - 1).startsWith("2/2 steady"), t.rows().get(0).toString());
    }

    /**
     * A Japanese shop's table: its three column choices with 1399 as the base, every value into the mixed columns on
     * the major path, the bytes a row's values take per encoding from the model, and a reading of 1208 against 1399.
     */
    @Test
    void aJapaneseShopGetsTheArticlesTableWithBytesPerRow() {
        SyntheticRun run = new SyntheticRun().japanese(new double[]{2000, 2000}, new double[]{2100, 2100}, new double[]{500, 500});
        ReportDocument.Section article = article(run.inputs());
        ReportDocument.Table t = table(article, "article-jdk17.0.15-japan");
        assertEquals(List.of("1399", "1390", "1208"), t.rows().stream().map(r -> r.get(3)).toList());
        assertEquals(List.of("japanese", "EBCDIC", "MIXED (host CCSID 1399, Latin)", "1399", "minor 54%, major 46%"), t.rows().get(0).subList(0, 5));
        assertEquals("(base)", t.rows().get(0).get(9));
        assertEquals("no conversion 100%", t.rows().get(2).get(4));
        assertTrue(t.rows().get(2).get(9).startsWith("-75% ["), t.rows().get(2).toString());
        int bytes = t.header().indexOf("value bytes/row");
        double ebcdic = Double.parseDouble(t.rows().get(0).get(bytes));
        double utf8 = Double.parseDouble(t.rows().get(2).get(bytes));
        assertTrue(utf8 > 1.2 * ebcdic, t.rows().toString());
        String reading = article.blocks().stream().filter(b -> b instanceof ReportDocument.Paragraph p
                && p.text().startsWith("**For a Japanese shop.**")).map(b -> ((ReportDocument.Paragraph) b).text())
                .findFirst().orElseThrow();
        assertTrue(reading.contains("1208 costs less than 1399 (-75% ["), reading);
        assertTrue(reading.contains("bytes in 1399 and"), reading);
        assertTrue(reading.contains("the article's answer holds for this shop too"), reading);
        assertFalse(reading.contains("needs ASCII rows"), reading);
        assertFalse(article.blocks().stream().anyMatch(b -> b instanceof ReportDocument.Paragraph p
                && p.text().contains("The reading against the article needs")), "no article reading without its rows");
    }

    @Test
    void overlappingIntervalsCannotRankAndDoNotClaimTheRanking() {
        SyntheticRun run = new SyntheticRun().article(new double[]{900, 1300}, new double[]{900, 1300}, new double[]{600, 600});
        ReportDocument.Section article = article(run.inputs());
        String reading = reading(article);
        assertTrue(reading.contains("this run cannot rank 367 against 37: the change is "), reading);
        assertTrue(reading.contains("includes no change. "), "the width of each figure is not a reason: " + reading);
        assertFalse(reading.contains("reproduces the article's ranking"), reading);
        assertFalse(reading.contains("367 costs more than 37"), reading);
        // 1208 against 37: 37's forks are far apart (not decisive, marked), but 1208's level is so far below both that the
        // ratio's interval excludes no change: the claim is made, with how sure it is
        assertTrue(reading.contains("1208 costs less than 37 (-45% [-65%, -12%]: the interval excludes no change, p = 0.031, t on 2 df)"), reading);
        assertTrue(reading.contains("supports only part of the article's ranking (MIXED cheaper than EBCDIC)"), reading);
        assertTrue(reading.contains("The run recorded no steadiness"), "no steadiness.json: from the intervals alone: " + reading);
        ReportDocument.Table t = table(article, "article-jdk17.0.15");
        assertTrue(t.rows().get(0).get(6).endsWith(" *"), "37's server figure is marked: " + t.rows().get(0));
        assertEquals("–", t.rows().get(0).get(t.header().size() - 1));
    }

    @Test
    void aDecisiveFigureFromAForkThatNeverSettledCannotRank() {
        SyntheticRun run = new SyntheticRun().article(new double[]{1000, 1000}, new double[]{1200, 1200}, new double[]{600, 600})
                .steadiness(SyntheticRun.key("Db2PathBenchmark.insertServer", SyntheticRun.server("367")), 2, 0, "",
                        "no fork reached a steady state: each fork's second half, not decisive", 0);
        String reading = reading(article(run.inputs()));
        assertTrue(reading.contains("this run cannot rank 367 against 37"), reading);
        assertTrue(reading.contains("367's interval cannot rank it (no fork steady)"), reading);
        assertTrue(reading.contains("1208 costs less than 37"), reading);
        assertTrue(reading.contains("supports only part of the article's ranking (MIXED cheaper than EBCDIC)"), reading);
        assertFalse(reading.contains("reproduces the article's ranking"), reading);
    }

    // (c) the Steadiness section lists modes and disturbed benchmarks, and the report's top says the run was disturbed

    @Test
    void theSteadinessSectionListsModesDisturbedUnsteadyAndNotDecisiveBenchmarks() {
        String modesKey = SyntheticRun.key(ENCODE, conversion("367", 1024));
        String slowKey = SyntheticRun.key(DECODE, conversion("1208", 1024));
        String unsteadyKey = SyntheticRun.key(DECODE, conversion("367", 1024));
        SyntheticRun run = jvmRun()
                .steadiness(modesKey, 6, 6, "2 of 6 forks 40% slower", "the faster mode, 4 of 6 forks", 0)
                .steadiness(slowKey, 2, 2, "", "every fork steady, one mode", 5)
                .steadiness(unsteadyKey, 2, 0, "", "no fork reached a steady state: each fork's second half, not decisive", 0);
        ReportInputs in = run.inputs();
        ReportDocument.Section section = SteadinessSection.build(in);
        assertEquals("steadiness", section.id());
        ReportDocument.Table overview = table(section, "steadiness-overview");
        assertTrue(overview.rows().stream().anyMatch(r -> r.get(0).equals("disturbed") && r.get(1).startsWith("1 benchmark had slow")),
                overview.rows().toString());

        ReportDocument.Table modes = table(section, "steadiness-modes");
        assertEquals(List.of(List.of(modesKey, "2 of 6 forks 40% slower", "the faster mode, 4 of 6 forks", "6/6 steady, 144 of 180 kept")),
                modes.rows());
        ReportDocument.Table slow = table(section, "steadiness-disturbed");
        assertEquals(List.of(List.of(slowKey, "5 of 60", "1 of 2", "2/2 steady, 48 of 60 kept")), slow.rows());
        ReportDocument.Table unsteady = table(section, "steadiness-unsteady");
        assertEquals(1, unsteady.rows().size());
        assertEquals(unsteadyKey, unsteady.rows().get(0).get(0));
        assertEquals("2 no steady state", unsteady.rows().get(0).get(1));
        ReportDocument.Table notDecisive = table(section, "steadiness-not-decisive");
        List<String> keys = notDecisive.rows().stream().map(r -> r.get(0)).toList();
        assertTrue(keys.contains(SyntheticRun.key(ENCODE, conversion("37", 1024))), keys.toString());
        assertTrue(keys.contains(unsteadyKey), "never steady, so not decisive though its interval is tight: " + keys);
        assertEquals(2, keys.size(), keys.toString());

        String top = SteadinessSection.disturbedNote(in, List.of()).orElseThrow();
        assertTrue(top.startsWith("**This run was disturbed:** 1 of 3 benchmarks had slow phases of the machine in their figures"), top);
        assertTrue(top.contains("1 had forks that fell into modes"), top);
        assertTrue(top.matches("(?s).*; [1-9][0-9]* of [0-9]+ figures are not decisive\\..*"), top);
        ReportDocument.Section opening = Report.build(in, ZosEstimate.Costs.of(null, null)).sections().get(0);
        assertEquals("answer", opening.id(), "the report opens with the answer");
        String sure = ((ReportDocument.Paragraph) opening.blocks().get(opening.blocks().size() - 1)).text();
        assertTrue(sure.contains("1 of 3 benchmarks had slow phases of the machine in their figures"),
                "the answer's last line says how sure the run is: " + sure);
    }

    /**
     * The machine ruler's verdicts reach the report's top: how many iterations ran on a slow machine, which figures
     * had them excluded and which include them for want of others (not the converters' undisturbed cost).
     */
    @Test
    void theReportsTopSaysHowMuchOfTheRunTheMachineRanSlow() {
        String excludedKey = SyntheticRun.key(DECODE, conversion("1208", 1024));
        String inFigureKey = SyntheticRun.key(DECODE, conversion("367", 1024));
        SyntheticRun run = jvmRun()
                .steadiness(excludedKey, 2, 2, "", "every fork steady, one mode", 12, 12,
                        "12 of 60 iterations measured in a slow phase of the machine excluded")
                .steadiness(inFigureKey, 2, 0, "", "no fork reached a steady state: each fork's whole second half, not decisive", 0,
                        55, "no fork reached a steady state; 55 of 60 iterations measured in a slow phase of the machine, "
                                + io.github.ccsidbench.results.Steadiness.SLOW_IN_FIGURE);
        ReportInputs in = run.inputs();
        String top = SteadinessSection.disturbedNote(in, List.of()).orElseThrow();
        assertTrue(top.contains("the machine ran slow (by the machine ruler on the benchmarks' own thread) in 67 of "), top);
        assertTrue(top.contains("in 67 of 120 iterations (56%)"), top);
        assertTrue(top.contains("2 of 2 benchmarks had slow phases of the machine in their figures"), top);
        ReportDocument.Table overview = table(SteadinessSection.build(in), "steadiness-overview");
        assertTrue(overview.rows().stream().anyMatch(r -> r.get(1).contains("67 measured while the machine ran slow")),
                overview.rows().toString());
    }

    /** Floors and the six conversions at 1024, all decisive, each figure's steadiness note {@code note}. */
    private static SyntheticRun decisiveRunNoting(String note) {
        SyntheticRun run = new SyntheticRun()
                .result("FloorBenchmark.isoEncode", Map.of("length", "1024"), 100, 100)
                .result("FloorBenchmark.isoDecode", Map.of("length", "1024"), 100, 100);
        for (String ccsid : List.of("37", "367", "1208")) {
            for (String op : List.of(ENCODE, DECODE)) {
                run.result(op, conversion(ccsid, 1024), 500, 500)
                        .steadiness(SyntheticRun.key(op, conversion(ccsid, 1024)), 2, 2, "", "every fork steady, one mode", 6, 6, note);
            }
        }
        return run;
    }

    /**
     * A run with iterations the machine ruler flagged and whose figures are all decisive says exactly that, calmly: the
     * bold warning is for runs with figures that are not decisive.
     */
    @Test
    void aRunWithFlaggedSlowIterationsAndEveryFigureDecisiveSaysSoWithoutAlarm() {
        ReportInputs in = decisiveRunNoting("6 of 60 iterations measured while the machine ruler read 30% or more above the run's"
                + " fast level: flagged, in the figure").inputs();
        assertTrue(in.jvms().get(0).figures().stream().filter(f -> f.steadiness().isPresent()).allMatch(f -> f.decisive()),
                "the fixture's figures are decisive");
        String top = SteadinessSection.disturbedNote(in, List.of()).orElseThrow();
        assertFalse(top.contains("**"), top);
        assertTrue(top.startsWith("The machine ran slow (by the machine ruler on the benchmarks' own thread) in 36 of 360 "
                + "iterations (10%); they stay in the figures, as in plain JMH's score"), top);
        assertTrue(top.endsWith("every figure is decisive."), top);
    }

    /**
     * A run written before the ruler's slow iterations were flagged, whose record holds no series to read them back from,
     * says they were left out, as they were.
     */
    @Test
    void aRunThatExcludedSlowIterationsSaysTheyWereLeftOut() {
        String top = SteadinessSection.disturbedNote(decisiveRunNoting("6 of 60 iterations measured in a slow phase of the"
                + " machine (machine ruler 30% or more above the run's fast level) excluded").inputs(), List.of()).orElseThrow();
        assertTrue(top.startsWith("The machine ran slow (by the machine ruler on the benchmarks' own thread) in 36 of 360 "
                + "iterations (10%); they were left out"), top);
    }

    /**
     * Figures left undecided only by the committed accuracy check's widening (the suite's bias and spread on this CPU) are
     * not a disturbance: the report's top names that cause, calmly, and each figure's reason gives both widths.
     */
    @Test
    void figuresWidenedPastDecisiveByTheAccuracyCheckAreNotCalledDisturbed() {
        SyntheticRun run = decisiveRunNoting("");
        Map<String, io.github.ccsidbench.results.Steadiness> recorded = new java.util.HashMap<>();
        run.inputs().jvms().get(0).figures().forEach(f -> f.steadiness().ifPresent(st -> recorded.put(f.result().key(), st)));
        java.util.function.Function<io.github.ccsidbench.results.BenchmarkResult,
                Optional<io.github.ccsidbench.results.Steadiness>> byKey = r -> Optional.ofNullable(recorded.get(r.key()));
        List<DerivedFigures> own = DerivedFigures.derive(run.results(), byKey);
        List<DerivedFigures> widened = DerivedFigures.derive(run.results(), byKey,
                r -> new io.github.ccsidbench.stats.BetweenRunVariance(0.0025, 15, 16));
        assertTrue(own.stream().filter(f -> f.steadiness().isPresent()).allMatch(DerivedFigures::decisive), "decisive on their own forks");
        DerivedFigures encode37 = widened.stream().filter(f -> f.result().key().equals(SyntheticRun.key(ENCODE, conversion("37", 1024))))
                .findFirst().orElseThrow();
        assertFalse(encode37.decisive());
        assertTrue(encode37.widenedPastDecisive());
        assertFalse(own.get(0).widenedPastDecisive(), "a figure with nothing added is never widened past decisive");
        String why = SteadinessText.whyNotDecisive(encode37);
        assertTrue(why.matches("95% interval ±1[0-9]% with this CPU's accuracy check \\(±[0-3]% from its forks alone\\)"), why);

        String top = SteadinessSection.disturbedNote(widened, List.of()).orElseThrow();
        assertFalse(top.contains("disturbed"), top);
        assertTrue(top.startsWith("6 of 6 figures are not decisive (marked *) because this CPU's committed accuracy check widens"), top);

        List<DerivedFigures> focus = widened.stream().filter(f -> f.result().key().contains("ccsid=37")).toList();
        String answer = SteadinessSection.disturbedNote(widened, focus).orElseThrow();
        assertTrue(answer.startsWith("2 of the 2 figures of the answer are not decisive (marked *) because this CPU's committed"),
                answer);
        assertTrue(answer.endsWith("; 6 of 6 figures in the tables are not decisive (marked *)."), answer);
    }

    @Test
    void longListsAreCut() {
        SyntheticRun run = new SyntheticRun();
        List<String> keys = new ArrayList<>();
        for (int length = 1; length <= 25; length++) {
            run.result(ENCODE, conversion("37", length), 900, 1300);
            keys.add(SyntheticRun.key(ENCODE, conversion("37", length)));
        }
        keys.forEach(k -> run.steadiness(k, 2, 2, "", "every fork steady", 1));
        ReportDocument.Section section = SteadinessSection.build(run.inputs());
        assertEquals(SteadinessSection.MAX_ROWS, table(section, "steadiness-disturbed").rows().size());
        assertEquals(SteadinessSection.MAX_ROWS, table(section, "steadiness-not-decisive").rows().size());
        assertTrue(text(section).contains("And 5 more"), text(section));
    }

    // (d) every chart carries error bars

    @Test
    void errorBarsAreTheLargerSideOfTheIntervalAndStopAboveZeroOnLogAxes() {
        List<Charts.Point> points = List.of(new Charts.Point(16, 100, 90, 130), new Charts.Point(256, 100, 95, 101),
                Charts.Point.missing(4096), new Charts.Point(65536, 100, 1, 300));
        assertEquals(List.of(30.0, 5.0, 0.0, 200.0), boxed(Charts.errorBars(points, false)));
        assertEquals(List.of(30.0, 5.0, 0.0, 90.0), boxed(Charts.errorBars(points, true)), "a log axis cannot reach zero");
    }

    @Test
    void everyChartOfMediansIsDrawnWithErrorBars() {
        SyntheticRun run = jvmRun().article(new double[]{1000, 1000}, new double[]{1200, 1300}, new double[]{600, 600});
        for (String ccsid : List.of("37", "367", "1208")) {
            run.result(ENCODE, conversion(ccsid, 16), 40, 44).result(DECODE, conversion(ccsid, 16), 40, 40);
        }
        run.result("FloorBenchmark.isoEncode", Map.of("length", "16"), 10, 10)
                .result("FloorBenchmark.isoDecode", Map.of("length", "16"), 10, 10);
        ReportInputs in = run.inputs();
        ReportDocument doc = new ReportDocument("t", List.of(article(in), JvmSection.build(in, Answer.of(in)), CostModelSection.build(in)));
        List<String> kinds = doc.charts().stream().map(c -> c.id().replaceAll("-.*", "")).distinct().toList();
        assertTrue(kinds.containsAll(List.of("article", "encode", "ns")), "article bars, encode/decode bars, ns/char lines: " + kinds);
        for (ReportDocument.Chart c : doc.charts()) {
            assertTrue(c.title().contains(Charts.ERROR_BARS), c.title());
            assertFalse(c.series().isEmpty(), c.id());
            for (ReportDocument.ChartSeries s : c.series()) {
                assertEquals(s.values().length, s.errorBars().length, c.id() + " " + s.name() + " has an error bar per point");
            }
            assertTrue(c.series().stream().anyMatch(s -> java.util.Arrays.stream(s.errorBars()).anyMatch(e -> e > 0)),
                    c.id() + " draws some error bar");
        }
        ReportDocument.Chart article = doc.charts().stream().filter(c -> c.id().startsWith("article-ascii")).findFirst().orElseThrow();
        assertEquals(List.of("client: String to UTF-8", "server: INSERT conversion"),
                article.series().stream().map(ReportDocument.ChartSeries::name).toList(), "grouped, not stacked");
        ReportDocument.ChartSeries server = article.series().get(1);
        assertTrue(server.errorBars()[1] > 0.02 * server.values()[1], "367's forks 1200 and 1300 give a visible bar: "
                + server.errorBars()[1]);
    }

    @Test
    void barsWithAMissingPointStillRender() {
        List<ReportDocument.Block> blocks = new ArrayList<>();
        Charts.Family family = new Charts.Family(blocks, false);
        family.bars("t", "t", "ns", List.of("a", "b"), Map.of("encode", List.of(new Charts.Point(0, 10, 9, 12), Charts.Point.missing(0))));
        family.draw();
        ReportDocument.Chart c = (ReportDocument.Chart) blocks.get(0);
        assertTrue(c.png().length > 1000);
        assertEquals(0.0, c.series().get(0).errorBars()[1]);
    }

    // (e) results without steadiness.json still render

    @Test
    void resultsWithoutSteadinessRenderWithDashesAndIntervalOnlyDecisiveness() {
        ReportInputs in = jvmRun().article(new double[]{1000, 1000}, new double[]{1200, 1200}, new double[]{600, 600}).inputs();
        assertTrue(in.sources().get(0).steadiness().isEmpty());
        ReportDocument doc = Report.build(in, ZosEstimate.Costs.of(null, null));
        List<String> ids = doc.sections().stream().map(ReportDocument.Section::id).toList();
        assertEquals(List.of("answer", "article"), ids.subList(0, 2), "the answer opens the report, then the article's table: " + ids);
        assertEquals(ids.indexOf("environment") - 1, ids.indexOf("steadiness"), "Steadiness comes just before the environment: " + ids);
        String md = ReportRenderers.markdown(doc, true);
        assertTrue(md.contains("## Steadiness"), md);
        assertTrue(md.contains("`results.json` records no steadiness"), md);
        assertFalse(md.contains("This run was disturbed"), md);
        for (String id : List.of("steadiness-modes", "steadiness-disturbed", "steadiness-unsteady")) {
            assertTrue(doc.tables().stream().noneMatch(t -> t.id().equals(id)), id + " is omitted");
        }
        ReportDocument.Table notDecisive = doc.tables().stream().filter(t -> t.id().equals("steadiness-not-decisive")).findFirst()
                .orElseThrow();
        assertEquals(List.of("benchmark", "level ns/op", "95% interval", "why"), notDecisive.header());
        assertEquals(SyntheticRun.key(ENCODE, conversion("37", 1024)), notDecisive.rows().get(0).get(0));
        for (String id : List.of("jvm-jdk17.0.15", "article-jdk17.0.15")) {
            ReportDocument.Table t = doc.tables().stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
            assertTrue(t.rows().stream().allMatch(r -> r.get(r.size() - 1).equals("–")), id + ": " + t.rows());
        }
        String reading = doc.sections().get(1).blocks().stream().filter(b -> b instanceof ReportDocument.Paragraph p
                && p.text().startsWith("**Reading")).map(b -> ((ReportDocument.Paragraph) b).text()).findFirst().orElseThrow();
        assertTrue(reading.contains("So the model reproduces the article's ranking"), "decisive by the intervals alone: " + reading);
        String summary = SummaryMarkdown.render(in.jvms().get(0).figures(), Optional.empty());
        assertFalse(summary.contains("## Steadiness"), summary);
        assertTrue(summary.lines().filter(l -> l.startsWith("| 367 | jdk |")).allMatch(l -> l.contains("| – |")), summary);
    }

    private static List<Double> boxed(double[] values) {
        return java.util.Arrays.stream(values).boxed().toList();
    }
}
