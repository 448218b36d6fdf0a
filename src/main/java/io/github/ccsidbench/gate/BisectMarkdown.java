package io.github.ccsidbench.gate;

import io.github.ccsidbench.report.ReportDocument;
import io.github.ccsidbench.report.ReportRenderers;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** bisect.md: a bisection's answer for people and CI job summaries (docs/gate.md, "Exit status and files"). */
final class BisectMarkdown {

    private BisectMarkdown() {
    }

    /** The text of bisect.md for {@code r}. */
    static String of(BisectResult r) {
        List<ReportDocument.Block> b = new ArrayList<>();
        b.add(new ReportDocument.Paragraph(r.answer()));
        if (r.descent() != null) {
            b.add(new ReportDocument.Paragraph(r.descent()));
        }
        if (r.continueCommand() != null) {
            b.add(new ReportDocument.Paragraph("To go on from the commits left (the same options; a new `--out` keeps these files):"));
            b.add(new ReportDocument.Code(r.continueCommand()));
        }
        b.add(new ReportDocument.Paragraph(String.format(Locale.ROOT, "Good **%s** \"%s\", bad **%s** \"%s\": %d commit(s) on the"
                        + " first-parent history%s. %d step(s), %d pairs of forks kept, %s, on %s (%d cores), %s, %s.",
                r.good().shortId(), r.good().subject(), r.bad().shortId(), r.bad().subject(), r.commits(),
                r.skipped().isEmpty() ? "" : ", " + r.skipped().size() + " skipped", r.steps().isEmpty() ? 0
                        : r.steps().get(r.steps().size() - 1).number(), r.pairs(), r.environment().wallTime(), r.environment().cpu(),
                r.environment().cores(), r.environment().forkJvm(), r.mode())));
        if (r.benchmark() != null) {
            b.add(new ReportDocument.Paragraph("Followed: `" + r.benchmark() + "`" + (r.otherSlower().isEmpty() ? ""
                    : " (the slowest at the ends; also slower: " + String.join(", ", r.otherSlower()) + ")") + "."));
        }
        if (r.merge() != null) {
            b.add(new ReportDocument.Paragraph("Merged with: **" + r.merge().shortId() + "** \"" + r.merge().subject() + "\"."));
        }
        if (!r.range().isEmpty() && r.outcome() != BisectResult.Outcome.NOT_SLOWER) {
            b.add(new ReportDocument.Heading("The commits left"));
            b.add(new ReportDocument.Table("left", List.of("commit", "subject"),
                    r.range().stream().map(c -> List.of(c.shortId(), c.subject())).toList()));
        }
        if (!r.largestSteps().isEmpty()) {
            b.add(new ReportDocument.Heading("The largest measured steps"));
            b.add(steps("largest", r.largestSteps()));
        }
        b.add(new ReportDocument.Heading("Steps"));
        b.add(steps("steps", r.steps()));
        if (!r.skipped().isEmpty()) {
            b.add(new ReportDocument.Heading("Skipped"));
            b.add(new ReportDocument.Table("skipped", List.of("commit", "subject", "why"),
                    r.skipped().stream().map(s -> List.of(s.shortId(), s.subject(), s.why())).toList()));
        }
        b.add(new ReportDocument.Paragraph(String.format(Locale.ROOT, "Each step is a run of the gate (its files in `steps/`), a"
                        + " commit slower when it FAILs: %s or more and significant (alpha %s) on confirmation pairs; \"not slower\""
                        + " is the gate's claim, slower by less than %s at %s. How each step is decided: docs/gate.md, \"Which"
                        + " commit: `gate bisect`\".", PairedComparison.pct(r.thresholds().failRatio()), r.thresholds().alpha(),
                PairedComparison.pct(r.thresholds().failRatio()), GateThresholds.level(r.thresholds().claimLevel()))));
        return ReportRenderers.markdown(new ReportDocument.Section("bisect", "ccsid-bench gate bisect: " + title(r), b));
    }

    private static String title(BisectResult r) {
        return switch (r.outcome()) {
            case FOUND -> "first slower commit " + r.culprit().shortId();
            case FOUND_IN_RANGE -> "one of " + r.range().size() + " commits";
            case SPREAD -> "a slowdown spread over " + r.range().size() + " commits";
            case UNDECIDED -> "stopped with " + r.range().size() + " commit(s) left";
            case NOT_SLOWER -> "not slower";
        };
    }

    private static ReportDocument.Table steps(String id, List<BisectResult.Step> steps) {
        List<List<String>> rows = steps.stream().map(s -> List.of(Integer.toString(s.number()), s.what(), s.commit(), s.subject(),
                s.against(), PairedComparison.pct(s.ratio()), PairedComparison.bound(s.upper(), s.upperLevel(), true),
                PairedComparison.interval(s.low(), s.high(), s.coverage()),
                Double.isNaN(s.pSlower()) ? "-" : String.format(Locale.ROOT, "%.2g", s.pSlower()),
                s.pairs() + " of " + s.pairsKept(), s.verdict(), s.conclusion())).toList();
        return new ReportDocument.Table(id, List.of("step", "compared", "commit", "subject", "against", "change",
                "slower by less than (confidence)", "interval (coverage)",
                "p (slower)", "pairs (decided on / kept)", "gate", "concluded"), rows);
    }
}
