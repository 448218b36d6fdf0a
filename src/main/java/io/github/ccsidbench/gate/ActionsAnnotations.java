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

    /** The annotations of {@code r}, FAIL first. */
    static List<String> of(GateResult r) {
        List<String> out = new ArrayList<>();
        for (Verdict v : List.of(Verdict.FAIL, Verdict.CANNOT_TELL, Verdict.WARN)) {
            for (PairedComparison c : r.comparisons()) {
                if (c.verdict() == v) {
                    String command = v == Verdict.FAIL ? "error" : "warning";
                    out.add("::" + command + " title=" + property("ccsid-bench gate " + v) + "::" + data(message(c)));
                }
            }
        }
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
