package io.github.ccsidbench.report;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cost model is shown only where it means something: fitted to three lengths or more, and only
 * when a >= 0 and b > 0; any other row keeps its place, shows no figures and says why, in the
 * Markdown, the HTML and the CSV alike. Synthetic runs with exact medians (see {@link SyntheticRun}).
 */
class CostModelSectionTest {

    private static final String ENCODE = "ConversionBenchmark.encode";
    private static final List<String> FIGURES = List.of("a ns/call", "b ns/char", "R²", "a/b chars");

    /** jdk encode of CCSID 37 at these lengths, each median t = a + b*length exactly. */
    private static SyntheticRun sweep(double a, double b, int... lengths) {
        SyntheticRun run = new SyntheticRun();
        for (int n : lengths) {
            double t = a + b * n;
            run.result(ENCODE, Map.of("ccsid", "37", "provider", "jdk", "workload", "ascii-text", "length", Integer.toString(n)), t, t);
        }
        return run;
    }

    /** jdk encode of CCSID 37 with these medians per length. */
    private static SyntheticRun measured(Map<Integer, Double> medians) {
        SyntheticRun run = new SyntheticRun();
        medians.forEach((n, t) -> run.result(ENCODE,
                Map.of("ccsid", "37", "provider", "jdk", "workload", "ascii-text", "length", Integer.toString(n)), t, t));
        return run;
    }

    private record Rendered(ReportDocument.Table table, List<String> row, String markdown, String html, String csv) {
        String cell(String column) {
            return row.get(table.header().indexOf(column));
        }
    }

    private static Rendered render(SyntheticRun run) {
        ReportDocument doc = new ReportDocument("t", List.of(CostModelSection.build(run.inputs())));
        ReportDocument.Table table = doc.tables().stream().filter(t -> t.id().startsWith("cost-model-")).findFirst()
                .orElseThrow(() -> new AssertionError("no cost model table"));
        assertEquals(1, table.rows().size(), table.rows().toString());
        return new Rendered(table, table.rows().get(0), ReportRenderers.markdown(doc, true), ReportRenderers.html(doc, true),
                ReportRenderers.csv(table));
    }

    private static void assertWithheld(Rendered r, String note, String... figuresNotShown) {
        for (String column : FIGURES) {
            assertEquals("–", r.cell(column), column + " shows no figure: " + r.row());
        }
        assertEquals(note, r.cell("note"));
        assertTrue(r.markdown().contains(note), r.markdown());
        assertTrue(r.html().contains(ReportRenderers.escape(note)), "the HTML report says why too");
        assertTrue(r.csv().contains(note), r.csv());
        for (String figure : figuresNotShown) {
            String markdownRows = r.markdown().substring(r.markdown().indexOf("| CCSID"));
            assertFalse(markdownRows.replace(note, "").contains(figure), figure + " appears nowhere but in the note: " + markdownRows);
        }
    }

    @Test
    void twoLengthsAreNotFittedAndTheRowSaysSo() {
        // Two lengths, 1024 and 65536, whose line has a = -109 and b = 0.6: two points always lie on a line.
        Rendered r = render(sweep(-109, 0.6, 1024, 65536));
        assertWithheld(r, "not fitted: 2 lengths (needs 3 or more)", "-109", "0.600", "-182");
        assertEquals("1024, 65536", r.cell("lengths"));
        assertTrue(r.markdown().contains("ns-per-char-37-encode"), "the measured ns/char chart stays: " + r.markdown());
    }

    @Test
    void threeLengthsWithAPhysicalFitShowTheFigures() {
        Rendered r = render(sweep(40, 0.5, 16, 256, 4096));
        assertTrue(r.cell("a ns/call").startsWith("40.0"), r.cell("a ns/call"));
        assertTrue(r.cell("b ns/char").startsWith("0.500"), r.cell("b ns/char"));
        assertEquals("1.0000", r.cell("R²"));
        assertEquals("80.0", r.cell("a/b chars"));
        assertEquals("", r.cell("note"));
        assertFalse(r.markdown().contains("not fitted") || r.markdown().contains("not shown:"), r.markdown());
        assertTrue(r.html().contains("<td class=\"n\">40.0</td>"), "the HTML report shows them too");
    }

    @Test
    void aNegativePerCallCostIsNotShownAndTheRowSaysWhy() {
        Rendered r = render(sweep(-109, 0.6, 1024, 4096, 65536));
        assertWithheld(r, "not shown: the fit gives a negative per-call cost (a = -109 ns), so time is not linear in length here",
                "0.600", "-182");
    }

    @Test
    void aNegativePerCharacterCostIsNotShownAndTheRowSaysWhy() {
        Rendered r = render(measured(Map.of(16, 300.0, 256, 290.0, 4096, 250.0)));
        assertTrue(r.cell("note").matches("not shown: the fit gives a negative per-character cost \\(b = -0\\.0\\d+ ns\\), "
                + "so time is not linear in length here"), r.cell("note"));
        assertWithheld(r, r.cell("note"));
    }

    @Test
    void aZeroPerCharacterCostIsNotShownAndTheRowSaysWhy() {
        Rendered r = render(measured(Map.of(16, 300.0, 256, 300.0, 4096, 300.0)));
        assertWithheld(r, "not shown: the fit gives a zero per-character cost (b = 0 ns), so time is not linear in length here", "300");
    }

    @Test
    void oneLengthPerConverterSaysThereIsNothingToFit() {
        ReportDocument doc = new ReportDocument("t", List.of(CostModelSection.build(sweep(40, 0.5, 1024).inputs())));
        assertTrue(doc.tables().isEmpty());
        assertTrue(ReportRenderers.markdown(doc, true).contains("Not fitted: the model needs a converter measured at 3 lengths or more"),
                ReportRenderers.markdown(doc, true));
    }

    /**
     * The model is fitted to the mean cost per operation, GC included: at each length the forks ran at a level and then
     * two iterations at twice it, so that the time per operation over the ten (their total time over their operations)
     * is exactly 40 + 0.5 n; the fit shows its a and b (marked not decisive: the slow iterations are in the figures and
     * widen them).
     */
    @Test
    void theModelIsFittedToTheMeanCostPerOperation() {
        SyntheticRun run = new SyntheticRun();
        for (int n : new int[] {16, 256, 4096}) {
            double level = (40 + 0.5 * n) * (8 + 2 / 2.0) / 10; // the pattern's 8 reciprocals sum to 8
            run.resultWithSlowTail(ENCODE, Map.of("ccsid", "37", "provider", "jdk", "workload", "ascii-text", "length",
                    Integer.toString(n)), 2, 2.0, level, level);
        }
        Rendered r = render(run);
        assertTrue(r.cell("a ns/call").startsWith("40.0"), r.cell("a ns/call"));
        assertTrue(r.cell("b ns/char").startsWith("0.500"), r.cell("b ns/char"));
        assertTrue(r.markdown().contains("the mean per operation, GC included"), r.markdown());
    }
}
