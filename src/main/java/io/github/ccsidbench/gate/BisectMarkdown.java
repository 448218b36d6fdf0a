package io.github.ccsidbench.gate;

import io.github.ccsidbench.report.MarkdownTable;

import java.util.List;
import java.util.Locale;

/** bisect.md: a bisection's answer for people and CI job summaries (docs/gate.md, "Exit status and files"). */
final class BisectMarkdown {

    private BisectMarkdown() {
    }

    /** The text of bisect.md for {@code r}. */
    static String of(BisectResult r) {
        StringBuilder sb = new StringBuilder();
        sb.append("## ccsid-bench gate bisect: ").append(title(r)).append("\n\n");
        sb.append(r.answer()).append("\n\n");
        if (r.descent() != null) {
            sb.append(r.descent()).append("\n\n");
        }
        if (r.continueCommand() != null) {
            sb.append("To go on from the commits left (the same options; a new `--out` keeps these files):\n\n```sh\n")
                    .append(r.continueCommand()).append("\n```\n\n");
        }
        sb.append(String.format(Locale.ROOT, "Good **%s** \"%s\", bad **%s** \"%s\": %d commit(s) on the first-parent history"
                        + "%s. %d step(s), %d pairs of forks kept, %s, on %s (%d cores), %s, %s.%n%n", r.good().shortId(),
                r.good().subject(), r.bad().shortId(), r.bad().subject(), r.commits(),
                r.skipped().isEmpty() ? "" : ", " + r.skipped().size() + " skipped", r.steps().isEmpty() ? 0
                        : r.steps().get(r.steps().size() - 1).number(), r.pairs(), r.environment().wallTime(), r.environment().cpu(),
                r.environment().cores(), r.environment().forkJvm(), r.mode()));
        if (r.benchmark() != null) {
            sb.append("Followed: `").append(r.benchmark()).append('`');
            if (!r.otherSlower().isEmpty()) {
                sb.append(" (the slowest at the ends; also slower: ").append(String.join(", ", r.otherSlower())).append(')');
            }
            sb.append(".\n\n");
        }
        if (r.merge() != null) {
            sb.append("Merged with: **").append(r.merge().shortId()).append("** \"").append(r.merge().subject()).append("\".\n\n");
        }
        if (!r.range().isEmpty() && r.outcome() != BisectResult.Outcome.NOT_SLOWER) {
            sb.append("### The commits left\n\n");
            List<List<String>> rows = r.range().stream().map(c -> List.of(c.shortId(), c.subject())).toList();
            sb.append(MarkdownTable.render(List.of("commit", "subject"), rows, c -> false)).append('\n');
        }
        if (!r.largestSteps().isEmpty()) {
            sb.append("### The largest measured steps\n\n").append(steps(r.largestSteps())).append('\n');
        }
        sb.append("### Steps\n\n").append(steps(r.steps())).append('\n');
        if (!r.skipped().isEmpty()) {
            sb.append("### Skipped\n\n");
            List<List<String>> rows = r.skipped().stream().map(s -> List.of(s.shortId(), s.subject(), s.why())).toList();
            sb.append(MarkdownTable.render(List.of("commit", "subject", "why"), rows, c -> false)).append('\n');
        }
        sb.append("### How each step is decided\n\n");
        sb.append(String.format(Locale.ROOT, "Each comparison is a run of the gate (its files are in `steps/`): pairs of forks,"
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
                        + " pairs. A merge named is gone into: its branch, from where it left, is bisected the same way.%n",
                PairedComparison.pct(r.thresholds().failRatio()), r.thresholds().alpha(),
                PairedComparison.pct(r.thresholds().failRatio()), GateThresholds.level(r.thresholds().claimLevel())));
        return sb.toString();
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

    private static String steps(List<BisectResult.Step> steps) {
        List<List<String>> rows = steps.stream().map(s -> List.of(Integer.toString(s.number()), s.what(), s.commit(), s.subject(),
                s.against(), PairedComparison.pct(s.ratio()), PairedComparison.bound(s.upper(), s.upperLevel(), true),
                PairedComparison.interval(s.low(), s.high(), s.coverage()),
                Double.isNaN(s.pSlower()) ? "-" : String.format(Locale.ROOT, "%.2g", s.pSlower()),
                s.pairs() + " of " + s.pairsKept(), s.verdict(), s.conclusion())).toList();
        return MarkdownTable.render(List.of("step", "compared", "commit", "subject", "against", "change",
                "slower by less than (confidence)", "interval (coverage)",
                "p (slower)", "pairs (decided on / kept)", "gate", "concluded"), rows, c -> false);
    }
}
