package io.github.ccsidbench.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The gate's verdicts as GitHub Actions annotations when {@code GITHUB_ACTIONS=true} (docs/gate.md, "What a failure
 * shows"). Source: GitHub's "Workflow commands for GitHub Actions".
 */
final class ActionsAnnotations {

    private ActionsAnnotations() {
    }

    /** True when this process runs as a step of a GitHub Actions job. */
    static boolean enabled() {
        return "true".equals(System.getenv("GITHUB_ACTIONS"));
    }

    /**
     * Annotations of one kind (error, warning, notice) that GitHub shows per step; it drops the rest without a word
     * (actions/toolkit, docs/problem-matchers.md, "Limitations").
     */
    static final int SHOWN_PER_KIND = 10;

    /**
     * The annotations of {@code r}: an {@code ::error} per FAIL; a {@code ::warning} for the run when two benchmarks or
     * more are CANNOT_TELL, or the budget stopped one before its first look (how many, the rows' advice added up, the
     * budget that gives every suspect its first look); then one per CANNOT_TELL and WARN. Of each kind at most
     * {@link #SHOWN_PER_KIND}, the last saying how many rows only gate.md holds: the Checks page never hides rows silently.
     */
    static List<String> of(GateResult r) {
        List<String> errors = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<PairedComparison> undecided = r.comparisons().stream().filter(c -> c.verdict() == Verdict.CANNOT_TELL).toList();
        if (undecided.size() >= 2 || !undecided.isEmpty() && r.firstLooksBudget() > 0) { // one row says it all itself
            warnings.add(annotation("warning", "ccsid-bench gate " + Verdict.CANNOT_TELL, undecided.size() + " of "
                    + r.comparisons().size() + " benchmarks could not be told on this machine"
                    + GateMarkdown.decidingThemAll(undecided) + "."
                    + GateMarkdown.firstLooks(r.firstLooksBudget()) + " The rows are in gate.md; " + CANNOT_TELL_EXIT));
        }
        for (Verdict v : List.of(Verdict.FAIL, Verdict.CANNOT_TELL, Verdict.WARN)) {
            for (PairedComparison c : r.comparisons()) {
                if (c.verdict() == v) {
                    String command = v == Verdict.FAIL ? "error" : "warning";
                    (v == Verdict.FAIL ? errors : warnings).add(annotation(command, "ccsid-bench gate " + v, message(c)));
                }
            }
        }
        List<String> out = new ArrayList<>(shown(errors, "error", "FAIL"));
        out.addAll(shown(warnings, "warning", "CANNOT_TELL and WARN"));
        return out;
    }

    /** One workflow command: {@code ::error} or {@code ::warning} with its title and message escaped. */
    private static String annotation(String command, String title, String message) {
        return "::" + command + " title=" + property(title) + "::" + data(message);
    }

    /** {@code all}, or as many as GitHub shows, the last of them naming the rows left to gate.md. */
    private static List<String> shown(List<String> all, String command, String rows) {
        if (all.size() <= SHOWN_PER_KIND) {
            return all;
        }
        int left = all.size() - (SHOWN_PER_KIND - 1);
        List<String> out = new ArrayList<>(all.subList(0, SHOWN_PER_KIND - 1));
        out.add(annotation(command, "ccsid-bench gate", left + " more " + rows + " rows are in gate.md (the job summary):"
                + " GitHub shows " + SHOWN_PER_KIND + " " + command + " annotations a step"));
        return out;
    }

    private static String message(PairedComparison c) {
        String how = Double.isNaN(c.ratio()) ? String.join("; ", c.reasons())
                : String.format(Locale.ROOT, "%s (%s, %s) on %d pairs, p = %.2g; base %s ns/op, candidate %s ns/op",
                PairedComparison.pct(c.ratio()), PairedComparison.interval(c.low(), c.high(), c.coverage()),
                "bound " + PairedComparison.bound(c), c.pairs(), c.pSlower(), round(c.baseNs()), round(c.candidateNs()));
        if (c.verdict() != Verdict.CANNOT_TELL) {
            return c.key() + ": " + how;
        }
        // What the gate saw, what would decide it, and what the verdict does to the job.
        StringBuilder m = new StringBuilder(c.key()).append(": ").append(how);
        if (c.pairRatios().length >= 2) {
            m.append("; its pairs read ").append(pairRange(c));
        }
        c.reasons().stream().filter(r -> r.startsWith("about ") || r.startsWith("to ") || r.contains("pairs sent back"))
                .forEach(r -> m.append("; ").append(r));
        return m.append("; ").append(CANNOT_TELL_EXIT).toString();
    }

    /** What a CANNOT_TELL does to a job, said wherever the verdict is shown. */
    static final String CANNOT_TELL_EXIT = "exit 3 is a warning unless the gate runs with --strict (the example workflow's"
            + " GATE_BLOCKS_ON_CANNOT_TELL)";

    /** The lowest and the highest of {@code c}'s pair ratios, as changes ("-5.1% to +12.0%"). */
    static String pairRange(PairedComparison c) {
        double lo = java.util.Arrays.stream(c.pairRatios()).min().orElse(Double.NaN);
        double hi = java.util.Arrays.stream(c.pairRatios()).max().orElse(Double.NaN);
        return PairedComparison.pct(lo) + " to " + PairedComparison.pct(hi);
    }

    private static String round(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
    }

    /** A message escaped as GitHub requires: %, CR and LF. */
    static String data(String s) {
        return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    /** A property value escaped: also the colon and the comma. */
    static String property(String s) {
        return data(s).replace(":", "%3A").replace(",", "%2C");
    }
}
