package io.github.ccsidbench.accuracy;

import io.github.ccsidbench.report.AccuracyRecord;
import io.github.ccsidbench.report.Numbers;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** accuracy.md: the check in pairs as a reader takes it in, beside accuracy.json, which holds every pair. */
final class AccuracyMarkdown {

    /**
     * The pairs after which a figure still wider than 3% cannot tell (the accuracy issue's bar: at most two such figures),
     * whatever more an extended check asked for.
     */
    static final int CANNOT_TELL_PAIRS = 16;

    private AccuracyMarkdown() {
    }

    static String of(AccuracyResult r) {
        StringBuilder md = new StringBuilder("# Accuracy in pairs: the suite's forks against long plain JMH forks\n\n");
        md.append(String.format(Locale.ROOT, "%s, %s, JDK %s, %s; %d pairs in %dm%02ds. Reference: `%s` (`%s`); arms: %s. "
                        + "Every fork: `%s`. How to read this: [docs/how-sure.md](../../../how-sure.md#accuracy).%n%n",
                r.cpu(), r.cpuClass(), r.jdk(), r.date(), r.pairs().size(), r.seconds() / 60, r.seconds() % 60, r.reference(),
                r.longOptions(), String.join(", ", r.arms()), String.join(" ", r.jvmArgs())));
        md.append("## Pooled bias per reading\n\n| reading | figures | bias | 95% interval | between figures (sd) | wider than ±3% | wholly outside ±3% |\n"
                + "|---|---:|---:|---|---:|---:|---:|\n");
        for (AccuracyRecord.Pooled p : r.pooled()) {
            if (p.figures() == 0) {
                continue; // a reading no pair tells from its arm's (every fork settled: suite:settled / suite)
            }
            md.append(String.format(Locale.ROOT, "| %s | %d | %s | [%s, %s] | %s | %d | %d |%n", p.reading(), p.figures(),
                    Numbers.signedPercent(p.bias()), Numbers.signedPercent(p.low()), Numbers.signedPercent(p.high()), Numbers.signedPercent(Math.expm1(p.tau())).replace("+", ""), p.wide(), p.outside()));
        }
        md.append("\n## Per figure\n\nEach figure's bias is the Hodges-Lehmann centre of its pairs' log ratios (the reading over "
                + "the reference), with the exact signed-rank 95% interval; *cannot tell* marks a half-width above 3% after "
                + CANNOT_TELL_PAIRS + " pairs or more (or after the most pairs asked, if fewer). The mean log ratio and its paired "
                + "t half-width are beside it.\n\n"
                + "| reading | figure | pairs | level, ns/op | reference, ns/op | bias | 95% interval | half-width | mean (t) | pair ratios |\n"
                + "|---|---|---:|---:|---:|---:|---|---:|---|---|\n");
        for (AccuracyResult.FigureBias f : r.figures()) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %d | %.1f | %.1f | %s | [%s, %s] | %.1f%%%s | %s ±%.1f%% | %s |%n", f.reading(),
                    f.figure(), f.pairs(), f.level(), f.referenceLevel(), Numbers.signedPercent(f.bias()), Numbers.signedPercent(f.low()), Numbers.signedPercent(f.high()),
                    100 * f.halfWidth(), f.halfWidth() > 0.03 && f.pairs() >= Math.min(CANNOT_TELL_PAIRS, r.maxPairs()) ? " (cannot tell)" : "",
                    Numbers.signedPercent(f.meanBias()), 100 * f.meanHalfWidth(), ratios(f.ratios())));
        }
        md.append("\n## The answer's ratios\n\nThe reference's ratio of its forks' geometric means; the reading's, as the two figures' biases above move it. "
                + "The interval adds the two figures' standard errors in quadrature: a difference whose interval holds 0 is within the two figures' noise.\n\n"
                + "| reading | ratio | reading's | reference's | difference | 95% interval |\n"
                + "|---|---|---:|---:|---:|---|\n");
        for (AccuracyResult.Ratio x : r.ratios()) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %.3f | %.3f | %s | [%s, %s] |%n", x.reading(), x.name(), x.value(), x.reference(),
                    Numbers.signedPercent(x.difference()), Numbers.signedPercent(x.low()), Numbers.signedPercent(x.high())));
        }
        md.append("\n## Pairs sent back\n\n");
        if (r.sentBack().isEmpty()) {
            md.append("None.\n");
        } else {
            r.sentBack().forEach((k, v) -> md.append("- ").append(k).append(": ").append(v).append('\n'));
        }
        return md.toString();
    }

    private static String ratios(List<Double> ratios) {
        return ratios.stream().map(x -> String.format(Locale.ROOT, "%.3f", x)).collect(Collectors.joining(" "));
    }

}
