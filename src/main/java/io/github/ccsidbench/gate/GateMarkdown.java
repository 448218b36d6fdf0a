package io.github.ccsidbench.gate;

import io.github.ccsidbench.report.ReportDocument;
import io.github.ccsidbench.report.ReportRenderers;
import io.github.ccsidbench.stats.ConfirmationPlan;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * gate.md: the gate's result for people and CI job summaries, the rules spelled out so a FAIL can be checked without
 * the code (docs/gate.md, "The files").
 */
final class GateMarkdown {

    /** The order a reader wants the verdicts in, in the table and in the counts: what needs them first. */
    private static final List<Verdict> ORDER = List.of(Verdict.FAIL, Verdict.CANNOT_TELL, Verdict.WARN, Verdict.IMPROVED,
            Verdict.PASS, Verdict.NEW, Verdict.GONE);

    private final GateResult r;
    private final List<ReportDocument.Block> blocks = new ArrayList<>();
    /** The rules paragraph, built in three parts. */
    private final StringBuilder sb = new StringBuilder();

    private GateMarkdown(GateResult r) {
        this.r = r;
    }

    /** The text of gate.md for {@code result}. */
    static String of(GateResult result) {
        return ReportRenderers.markdown(section(result));
    }

    /** gate.md as the report's document model builds it: one section, headed by the verdict. */
    static ReportDocument.Section section(GateResult result) {
        GateMarkdown md = new GateMarkdown(result);
        md.heading();
        md.table();
        md.newAndGone();
        md.reproduce();
        md.rules();
        return new ReportDocument.Section("gate", "ccsid-bench gate: " + result.verdict(), md.blocks);
    }

    /** What was compared with what, where, how, and how many benchmarks got which verdict. */
    private void heading() {
        paragraph(String.format(Locale.ROOT, "**%s** (candidate%s) against **%s** (base), measured in one run on %s (%d cores), "
                        + "%s, %s. %s. Wall time %s.", r.candidate(), commit(), r.base(), r.environment().cpu(),
                r.environment().cores(), r.environment().forkJvm(), r.mode(), countLine(), r.environment().wallTime()));
        if (!r.basePlugins().isEmpty() || !r.candidatePlugins().isEmpty()) {
            paragraph("Plug-ins on the class path: base " + names(r.basePlugins()) + ", candidate " + names(r.candidatePlugins()) + ".");
        }
    }

    /** The FAIL, CANNOT_TELL, WARN and IMPROVED rows first, then the PASS rows folded; largest change first in each. */
    private void table() {
        List<PairedComparison> sorted = new ArrayList<>(r.comparisons());
        sorted.sort((a, b) -> a.verdict() != b.verdict() ? Integer.compare(ORDER.indexOf(a.verdict()), ORDER.indexOf(b.verdict()))
                : Double.compare(b.ratio(), a.ratio()));
        List<PairedComparison> first = sorted.stream().filter(c -> c.verdict() != Verdict.PASS).toList();
        List<PairedComparison> passes = sorted.stream().filter(c -> c.verdict() == Verdict.PASS).toList();
        if (!first.isEmpty()) {
            blocks.add(rows("gate", first));
        }
        List<PairedComparison> undecided = first.stream().filter(c -> c.verdict() == Verdict.CANNOT_TELL).toList();
        if (!undecided.isEmpty()) { // for the pull request's author: what the gate saw, and what the verdict does
            paragraph("CANNOT_TELL: " + ActionsAnnotations.CANNOT_TELL_EXIT + ". What the gate saw: "
                    + undecided.stream().map(c -> c.key() + ", " + c.pairs() + (c.pairs() == 1 ? " pair" : " pairs")
                            + (c.pairRatios().length >= 2 ? " reading " + ActionsAnnotations.pairRange(c) : ""))
                    .collect(java.util.stream.Collectors.joining("; ")) + "; what would decide each is in its row.");
        }
        if (!passes.isEmpty()) {
            blocks.add(new ReportDocument.Details(passes.size() + " PASS: slower by less than "
                    + PairedComparison.pct(r.thresholds().failRatio()) + ", each at its bound", List.of(rows("gate-pass", passes))));
        }
    }

    private static ReportDocument.Table rows(String id, List<PairedComparison> comparisons) {
        List<List<String>> rows = comparisons.stream().map(c -> List.of(c.verdict().toString(), c.key(), ns(c.baseNs()),
                ns(c.candidateNs()), PairedComparison.pct(c.ratio()), PairedComparison.bound(c),
                PairedComparison.interval(c.low(), c.high(), c.coverage()), String.format(Locale.ROOT, "%.2g", c.pSlower()),
                Integer.toString(c.pairs()), bytes(c), String.join("; ", c.reasons()))).toList();
        return new ReportDocument.Table(id, List.of("verdict", "benchmark", "base ns/op", "candidate ns/op", "change",
                "slower by less than (confidence)", "interval (coverage)", "p (slower)", "pairs", "B/op", "why"), rows);
    }

    private static String ns(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, v >= 100 ? "%.0f" : "%.1f", v);
    }

    /** The command that measures again what did not pass, on the reader's machine. */
    private void reproduce() {
        List<PairedComparison> open = r.comparisons().stream().filter(c -> c.verdict() != Verdict.PASS).toList();
        paragraph("To measure " + (open.isEmpty() ? "this again" : "these again") + " on your machine:");
        blocks.add(new ReportDocument.Code(Reproduce.command(r, open)));
    }

    private void newAndGone() {
        if (!r.newBenchmarks().isEmpty()) {
            paragraph("NEW (only the candidate has them, not compared): " + String.join(", ", r.newBenchmarks()));
        }
        if (!r.goneBenchmarks().isEmpty()) {
            paragraph("GONE (only the base has them, not compared): " + String.join(", ", r.goneBenchmarks()));
        }
    }

    private void paragraph(String text) {
        blocks.add(new ReportDocument.Paragraph(text));
    }

    /** The rules, one paragraph: how pairs are measured and kept, the statistics, the suspects, the verdicts. */
    private void rules() {
        sb.append("Rules: ");
        pairing();
        sb.append(" Change: the Hodges-Lehmann estimate over pairs, with its distribution-free interval; p: the exact one-sided"
                + " Wilcoxon signed-rank test over pairs (n pairs cannot give p below 2^-n).");
        suspects();
        verdicts();
        paragraph(sb.toString());
    }

    /** How a benchmark's pairs are measured, and which pairs count. */
    private void pairing() {
        sb.append(String.format(Locale.ROOT, "each benchmark gets %d pairs of forks (base and candidate %s), each fork until"
                        + " steady; a pair's ratio is the candidate fork's median iteration over the base fork's (ns/op),",
                r.pairs(), r.mode().startsWith("duet") ? "at the same time" : "one after the other, in alternating order"));
        sb.append(" and a pair counts only when both forks settled and, when both jars have the machine ruler timed around each"
                + " iteration (").append(r.pairsRefereed()).append(" of ").append(r.pairsKept()).append(" pairs here), the two"
                + " forks' ruler levels were within ").append(PairedComparison.pct(MachineRulerReferee.agreement(r.thresholds())).substring(1))
                .append(" of each other (").append(r.pairsRulersApart()).append(" pairs were not)");
        sb.append(" (else it is measured again, up to ").append(PairMeasurement.ATTEMPTS).append(" tries, then dropped; a benchmark"
                + " that lost a screening pair gets one more round; fewer than 2 pairs is CANNOT_TELL, not judged).");
    }

    /** Which benchmarks get confirmation pairs, and how those are tested. */
    private void suspects() {
        GateThresholds t = r.thresholds();
        ConfirmationPlan plan = t.plan(r.suspects(), Math.max(1, r.confirmationPairs()));
        String confirmation = r.confirmationPairs() == 0 ? "is CANNOT_TELL (no confirmation pairs were asked for)"
                : "gets up to " + r.confirmationPairs() + " more pairs, which decide on their own, both ways: tested "
                + plan.describe() + " (the gate's " + t.alpha() + " shared over the run's " + Math.max(1, r.suspects())
                + " suspect(s) and the looks), the claim at each look their exact signed-rank bound at "
                + GateThresholds.level(plan.claimAlphas()[0]) + "; it is done at the first look that decides it";
        sb.append(String.format(Locale.ROOT, " Claim at the screen: the change's upper bound at %s (one-sided), Smyth's moderated"
                        + " t from the noise prior of the run's benchmarks and the benchmark's own pairs (without enough"
                        + " benchmarks, the exact signed-rank bound). A benchmark is a suspect when its screen was too disturbed"
                        + " to judge, reads %s slower or more, its pairs disagree or one side's forks sit apart beyond what the"
                        + " run's noise reaches %s of the time, or its bound is not below the failure threshold; one %s faster"
                        + " or more is an improvement suspect. A suspect %s (docs/gate.md, \"The rule\").",
                GateThresholds.level(t.screenClaimLevel()), PairedComparison.pct(t.warnRatio()),
                GateThresholds.level(1 - t.disagreementLevel()), PairedComparison.pct(t.improvementRatio()).substring(1),
                confirmation));
    }

    /** What makes a FAIL, a CANNOT_TELL, a WARN, an IMPROVED and a PASS. */
    private void verdicts() {
        GateThresholds t = r.thresholds();
        sb.append(String.format(Locale.ROOT, " FAIL: %s slower or more, significant at the look's level (p < %.3g shared as"
                        + " above); or allocation up by more than max(%.0f%%, %.0f B).", PairedComparison.pct(t.failRatio()),
                t.alpha(), t.allocRelative() * 100, t.allocAbsolute()));
        sb.append(String.format(Locale.ROOT, " CANNOT_TELL: no FAIL, and the bound is not below %s (or the pairs give none). WARN:"
                        + " %s slower and significant, the bound below %s. IMPROVED: %s faster and significant. PASS: the"
                        + " bound below %s.", PairedComparison.pct(t.failRatio()), PairedComparison.pct(t.warnRatio()),
                PairedComparison.pct(t.failRatio()), PairedComparison.pct(1 / t.warnRatio()), PairedComparison.pct(t.failRatio())));
    }

    /** ", commit abc123def456" when the candidate was built from a known commit. */
    private String commit() {
        String c = r.environment().commit();
        return c == null || c.isBlank() || c.startsWith("unknown") ? "" : ", commit " + c.substring(0, Math.min(12, c.length()));
    }

    private static String names(List<String> paths) {
        return paths.isEmpty() ? "none" : String.join(", ", paths.stream().map(p -> Path.of(p).getFileName().toString()).toList());
    }

    private String countLine() {
        StringBuilder line = new StringBuilder();
        for (Verdict v : ORDER) {
            int n = r.counts().getOrDefault(v.name(), 0);
            if (n > 0 || v == Verdict.FAIL || v == Verdict.PASS) {
                line.append(line.length() == 0 ? "" : ", ").append(n).append(' ').append(v);
            }
        }
        return line.toString();
    }

    private static String bytes(PairedComparison c) {
        return Double.isNaN(c.baseBytes()) || Double.isNaN(c.candidateBytes()) ? "-"
                : String.format(Locale.ROOT, "%.0f → %.0f", c.baseBytes(), c.candidateBytes());
    }
}
