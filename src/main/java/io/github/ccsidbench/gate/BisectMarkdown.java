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
        b.add(new ReportDocument.Heading("How each step is decided"));
        b.add(new ReportDocument.Paragraph(String.format(Locale.ROOT, "Each comparison is a run of the gate (its files are in `steps/`): pairs of forks,"
                        + " the candidate slower when it is %s or more slower and significant (p < %s) on its confirmation pairs (FAIL)."
                        + " A commit is slower when it FAILs against the last good commit, and not slower when the first slower"
                        + " commit FAILs against it; the good end is tried first. \"Not slower\" is the gate's claim: slower by less"
                        + " than %s at %s. A comparison the gate cannot tell about (CANNOT_TELL: too disturbed to judge, or its"
                        + " bound not below the threshold) gets twice the pairs and confirmation pairs once; when that does not"
                        + " decide a step, the bisection stops with the range left (spread, when both halves are significantly"
                        + " slower below the threshold). A commit whose jar holds the same classes and resources as an end's is that end's,"
                        + " unmeasured. Merges are measured like any commit; commits that do not build, and commits whose forks"
                        + " fail, are skipped. Before naming a commit, its parent is measured against the good end (a FAIL: the"
                        + " first slowdown lies earlier, and the bisection goes on there), and its own change is confirmed on fresh"
                        + " pairs. A merge named is gone into: its branch, from where it left, is bisected the same way.",
                PairedComparison.pct(r.thresholds().failRatio()), r.thresholds().alpha(),
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
