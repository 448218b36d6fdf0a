package io.github.ccsidbench.gate;

import io.github.ccsidbench.report.MarkdownTable;
import io.github.ccsidbench.results.RunEnvironment;
import com.google.gson.GsonBuilder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Everything a gate run decided, for {@code gate.json} (machines) and {@code gate.md} (a reviewer
 * who has ten seconds: the verdict, the counts, and only the benchmarks that are not PASS).
 *
 * @param verdict the run's verdict
 * @param exitCode 0 pass, 1 regression, 2 inconclusive or bad input
 * @param message one line saying what happened
 * @param environment where the candidate ran
 * @param baselineFile the baseline compared with (or written)
 * @param baselineEnvironment where the baseline ran, when known
 * @param thresholds the thresholds applied
 * @param rulerDrifts the largest ruler movement of each pass, in order
 * @param comparisons one per benchmark compared
 * @param notInBaseline benchmarks measured that the baseline lacks
 */
public record GateResult(Verdict verdict, int exitCode, String message, RunEnvironment environment, String baselineFile,
                         RunEnvironment baselineEnvironment, GateThresholds thresholds, List<Double> rulerDrifts,
                         List<BenchmarkComparison> comparisons, List<String> notInBaseline) {

    static GateResult compared(RunEnvironment env, Path file, GateBaseline baseline, GateThresholds t, List<Double> drifts,
                               List<BenchmarkComparison> comparisons, List<String> notInBaseline) {
        return new GateResult(Verdict.PASS, 0, "", env, file.toString(), baseline.environment(), t, List.copyOf(drifts),
                List.copyOf(comparisons), List.copyOf(notInBaseline));
    }

    static GateResult inconclusive(RunEnvironment env, Path file, GateThresholds t, List<Double> drifts, String why) {
        return new GateResult(Verdict.INCONCLUSIVE, 2, "INCONCLUSIVE: " + why + "; the machine was too noisy to judge: "
                + "run the gate again on a quieter runner", env, file.toString(), null, t, List.copyOf(drifts), List.of(), List.of());
    }

    static GateResult baselineWritten(RunEnvironment env, Path file, GateThresholds t, List<Double> drifts, int benchmarks) {
        return new GateResult(Verdict.PASS, 0, "baseline written: " + file + " (" + benchmarks + " benchmarks); commit it",
                env, file.toString(), env, t, List.copyOf(drifts), List.of(), List.of());
    }

    GateResult withVerdict(Verdict v, int code) {
        return new GateResult(v, code, message, environment, baselineFile, baselineEnvironment, thresholds, rulerDrifts,
                comparisons, notInBaseline);
    }

    /** How many benchmarks got each verdict. */
    public Map<Verdict, Integer> counts() {
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        for (Verdict v : List.of(Verdict.PASS, Verdict.IMPROVED, Verdict.WARN, Verdict.FAIL)) {
            counts.put(v, (int) comparisons.stream().filter(c -> c.verdict() == v).count());
        }
        return counts;
    }

    public String toJson() {
        return new GsonBuilder().setPrettyPrinting().serializeSpecialFloatingPointValues().disableHtmlEscaping().create()
                .toJson(this) + "\n";
    }

    public String toMarkdown() {
        StringBuilder md = new StringBuilder("## ccsid-bench gate: ").append(verdict).append("\n\n");
        String drift = rulerDrifts.stream().map(d -> String.format(Locale.ROOT, "%.1f%%", d * 100)).reduce((a, b) -> a + ", " + b).orElse("–");
        if (!message.isEmpty()) {
            md.append(message).append("\n\n");
        }
        if (!comparisons.isEmpty()) {
            Map<Verdict, Integer> counts = counts();
            md.append(String.format(Locale.ROOT, "%d benchmarks on %s against `%s`%s: **%d FAIL, %d WARN**, %d IMPROVED, %d PASS. "
                            + "Machine drift (rulers together) per pass: %s (tolerance %.0f%%). Wall time %s.%n%n",
                    comparisons.size(), environment.forkJavaVendor(), baselineFile,
                    baselineEnvironment == null ? "" : " (" + baselineEnvironment.forkJavaVendor() + ", " + baselineEnvironment.date()
                            + ", commit " + baselineEnvironment.commit() + ")",
                    counts.get(Verdict.FAIL), counts.get(Verdict.WARN), counts.get(Verdict.IMPROVED), counts.get(Verdict.PASS),
                    drift, thresholds.rulerTolerance() * 100, environment.wallTime()));
            List<BenchmarkComparison> notable = comparisons.stream().filter(c -> c.verdict() != Verdict.PASS)
                    .sorted(Comparator.comparing((BenchmarkComparison c) -> c.verdict() == Verdict.FAIL ? 0
                            : c.verdict() == Verdict.WARN ? 1 : 2).thenComparing(c -> -c.ratio())).toList();
            if (!notable.isEmpty()) {
                List<List<String>> rows = new ArrayList<>();
                for (BenchmarkComparison c : notable) {
                    rows.add(List.of(c.verdict().toString(), c.key(), BenchmarkComparison.pct(c.ratio()),
                            BenchmarkComparison.pct(c.low()) + " .. " + BenchmarkComparison.pct(c.high()),
                            String.format(Locale.ROOT, "%.2g", c.pSlower()),
                            Double.isNaN(c.baselineBytes()) ? "–" : String.format(Locale.ROOT, "%.0f → %.0f", c.baselineBytes(), c.candidateBytes()),
                            String.join("; ", c.reasons())));
                }
                md.append(MarkdownTable.render(List.of("verdict", "benchmark", "change", "95% interval", "p (slower)", "B/op", "why"), rows))
                        .append('\n');
            }
        } else {
            md.append("Machine drift (rulers together) per pass: ").append(drift).append(".\n\n");
        }
        if (!notInBaseline.isEmpty()) {
            md.append(notInBaseline.size()).append(" benchmarks are not in the baseline (new?): update it to gate them.\n\n");
        }
        md.append(String.format(Locale.ROOT, "Rules: times are divided by the ISO-8859-1 ruler of the same length from the same "
                        + "run; a pass's estimate is its fastest fork's median. FAIL: %s slower or more and significant at p < %.2g "
                        + "(against the baseline passes' run-to-run spread, and by a one-sided Mann-Whitney test), confirmed by a "
                        + "re-run; or allocation up by more than max(%.0f%%, %.0f B). WARN: %s slower and significant, or a failure "
                        + "not significant or not confirmed. Intervals: %.0f%%.%n",
                BenchmarkComparison.pct(thresholds.failRatio()), thresholds.alpha(), thresholds.allocRelative() * 100,
                thresholds.allocAbsolute(), BenchmarkComparison.pct(thresholds.warnRatio()), thresholds.confidence() * 100));
        return md.toString();
    }
}
