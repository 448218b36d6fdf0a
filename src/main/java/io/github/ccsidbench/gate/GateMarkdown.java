package io.github.ccsidbench.gate;

import io.github.ccsidbench.report.ReportDocument;
import io.github.ccsidbench.report.ReportRenderers;
import io.github.ccsidbench.stats.PairNoise;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * gate.md: the gate's result for people and CI job summaries, with the settings its verdicts followed; the rules are
 * docs/gate.md's ("The files").
 */
final class GateMarkdown {

    /** The order a reader wants the verdicts in, in the table and in the counts: what needs them first. */
    private static final List<Verdict> ORDER = List.of(Verdict.FAIL, Verdict.CANNOT_TELL, Verdict.WARN, Verdict.IMPROVED,
            Verdict.PASS, Verdict.NEW, Verdict.GONE);

    private final GateResult r;
    private final List<ReportDocument.Block> blocks = new ArrayList<>();

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
        md.settings();
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
                    .collect(java.util.stream.Collectors.joining("; ")) + "; what would decide each is in its row"
                    + decidingThemAll(undecided) + "." + firstLooks(r.firstLooksBudget()));
        }
        if (!passes.isEmpty()) {
            blocks.add(new ReportDocument.Details(passes.size() + " PASS: slower by less than "
                    + PairedComparison.pct(r.thresholds().failRatio()) + ", each at its bound", List.of(rows("gate-pass", passes))));
        }
    }

    /**
     * The rows' advice added up, so that a team sees at once whether a longer run or a quieter machine is the answer:
     * "; measured one by one as their rows advise, 5 would take about 41 minutes of gates, and 8 need a quieter machine".
     */
    static String decidingThemAll(List<PairedComparison> undecided) {
        long minutes = 0;
        int timed = 0;
        int quieter = 0;
        for (PairedComparison c : undecided) {
            OptionalLong m = GateThresholds.advisedMinutes(c.reasons());
            if (m.isPresent() && m.getAsLong() < 0) {
                quieter++;
            } else if (m.isPresent()) {
                minutes += m.getAsLong();
                timed++;
            }
        }
        if (timed + quieter < 2) {
            return "";
        }
        String more = timed == 0 ? "" : String.format(Locale.ROOT, "%d would take about %s of gates", timed,
                minutes < 120 ? minutes + " minutes" : String.format(Locale.ROOT, "%.1f hours", minutes / 60.0));
        String machine = quieter == 0 ? "" : quieter + (quieter == 1 ? " needs " : " need ") + GateThresholds.QUIETER
                + " (or fewer benchmarks)";
        return "; measured one by one as their rows advise, " + more + (timed > 0 && quieter > 0 ? ", and " : "") + machine;
    }

    /**
     * Where the time budget stopped suspects before their first look, the budget that would have given them all one at
     * this run's pace: on a noisy host the answer is this, not a gate per row (docs/gate.md, "The time budget").
     */
    static String firstLooks(int minutes) {
        return minutes <= 0 ? "" : " The time budget stopped suspects before their first look: at this run's pace (pairs"
                + " measured again included), --budget " + minutes + " would give every suspect its first look.";
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

    /** The settings this run's verdicts followed, in numbers; the rules themselves are docs/gate.md's, "The rule". */
    private void settings() {
        GateThresholds t = r.thresholds();
        boolean screenDecides = r.confirmationPairs() == 0;
        int benchmarks = r.comparisons().size();
        String confirmation = screenDecides ? "no confirmation pairs (the screen's pairs decide, each benchmark tested at "
                + "alpha / " + benchmarks + "; a suspect they cannot decide is CANNOT_TELL)"
                : "a suspect's up to " + r.confirmationPairs() + " fresh pairs tested "
                + t.plan(r.suspects(), Math.max(1, r.confirmationPairs())).describe();
        String over = screenDecides ? benchmarks + " benchmark(s)" : Math.max(1, r.suspects()) + " suspect(s)";
        paragraph(String.format(Locale.ROOT, "Settings (the rules: docs/gate.md, \"The rule\"): %d screen pairs per benchmark, %s;"
                        + " %s, alpha %s over %s; FAIL at %s, WARN at %s, IMPROVED at %s, the claim at %s;"
                        + " allocation up by more than max(%.0f%%, %.0f B) FAILs. %d of %d kept pairs refereed by the machine"
                        + " ruler, %d measured again as their rulers were more than %s apart.",
                r.pairs(), r.mode(), confirmation, t.alpha(), over, PairedComparison.pct(t.failRatio()),
                PairedComparison.pct(t.warnRatio()), PairedComparison.pct(1 / t.warnRatio()),
                GateThresholds.level(t.claimLevel()), t.allocRelative() * 100, t.allocAbsolute(), r.pairsRefereed(),
                r.pairsKept(), r.pairsRulersApart(), PairedComparison.pct(MachineRulerReferee.agreement(r.thresholds())).substring(1))
                + " " + spread());
    }

    /** The pair noise the run met: one pair's log ratio within a benchmark, pooled over the benchmarks (Smyth's s0). */
    private String spread() {
        PairNoise noise = PairedComparison.noise(r.comparisons());
        return noise == null ? "Too few benchmarks with two pairs (" + PairNoise.MIN_BENCHMARKS + " needed) to pool the pairs' spread."
                : String.format(Locale.ROOT, "The pairs' spread within a benchmark, pooled over %d benchmarks: sd %.1f%% a pair"
                + " (Smyth's s0, a typical benchmark's; a noisier one keeps its own).", noise.benchmarks(), 100 * noise.sigma());
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
