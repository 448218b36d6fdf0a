package io.github.ccsidbench.report;

import io.github.ccsidbench.stats.BetweenRunVariance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * accuracy.md: an {@link Accuracy} check as a reader takes it in, the verdict first, then each suite run's shares, a
 * table of every figure (the long runs' levels, each suite run's level against them, "!" where the suite's interval
 * misses), and the answer's ratios. It exists apart from the analysis so that the numbers (accuracy.json) and their
 * reading (this page) can each be read alone.
 */
final class AccuracyMarkdown {

    /** The mark of a suite interval that does not hold the long level. */
    static final String MISSED = "!";

    private AccuracyMarkdown() {
    }

    static String render(Accuracy a) {
        StringBuilder md = new StringBuilder("# Accuracy: the suite against long plain JMH runs\n\n");
        Accuracy.Settings s = a.settings();
        md.append(MarkdownTable.keyValue(List.of(
                new String[] {"CPU", a.cpu()},
                new String[] {"family, model, stepping", a.family().isEmpty() ? "unknown" : a.family() + ", " + a.model() + ", " + a.stepping()},
                new String[] {"CPU class", a.cpuClass()},
                new String[] {"JDK", a.jdk()},
                new String[] {"date (UTC)", a.date()},
                new String[] {"suite", "run --preset " + s.preset() + (s.include() == null ? "" : ", figures matching --include " + s.include())},
                new String[] {"long plain JMH runs", s.longOptions()},
                new String[] {"forks' JVM options (both)", String.join(" ", s.jvmArgs())},
                new String[] {"java", s.java()},
                new String[] {"order", String.join(", ", a.order())})))
                .append('\n');
        md.append("**").append(a.verdict().line()).append("**\n\n");
        md.append("A figure is *held* when the suite's 95% interval (steadiness.json's `low`, `high`) contains the long runs'"
                + " level, the geometric mean of their JMH scores. It *agrees* when Welch's test on the log scale, from the suite's"
                + " standard error and degrees of freedom and the long level's (its forks pooled, each fork's mean one sample),"
                + " finds no difference at 95%: the check that counts both sides' uncertainty. Every number is in "
                + Accuracy.JSON + "; each run's own files are in its folder (" + String.join(", ", a.suiteRuns()) + ", "
                + String.join(", ", a.longRuns()) + ").\n\n");
        md.append("## Per suite run\n\n");
        List<List<String>> rows = new ArrayList<>();
        List<Accuracy.Summary> all = new ArrayList<>(a.summaries());
        if (a.summaries().size() > 1) {
            all.add(a.overall());
        }
        for (Accuracy.Summary x : all) {
            rows.add(List.of(x.scope(), x.withInterval() == 0 ? "no interval" : x.held() + " of " + x.withInterval() + " ("
                            + Numbers.percent(x.held(), x.withInterval()) + ")", x.agreeing() + " of " + x.withInterval(),
                    Accuracy.percent(x.largestDifference()) + " (" + x.largestDifferenceAt() + ")",
                    x.ratios() == 0 ? "–" : Accuracy.percent(x.largestRatioDifference()) + " (" + x.largestRatioDifferenceAt() + ")"));
        }
        md.append(MarkdownTable.render(List.of("", "figures held", "agree (Welch)", "largest difference", "largest ratio difference"),
                rows, c -> false)).append('\n');
        md.append("## Figures\n\n");
        md.append("Levels in ns/op. A suite column: its level over the long level, with that ratio's 95% interval; "
                + MISSED + " where the suite's own 95% interval does not hold the long level. The long runs' own disagreement: the"
                + " last long run's score over the first's.\n\n");
        List<String> header = new ArrayList<>(List.of("figure"));
        int longs = a.longRuns().size();
        for (int j = 1; j <= longs; j++) {
            header.add("long " + j + " ns");
        }
        header.add("long " + longs + " / long 1");
        for (int k = 1; k <= a.summaries().size(); k++) {
            header.add(Accuracy.suiteLabel(k) + " vs long");
        }
        rows = new ArrayList<>();
        for (Accuracy.Figure f : a.figures()) {
            List<String> row = new ArrayList<>(List.of(f.key()));
            f.longScores().forEach(x -> row.add(Numbers.format(x)));
            row.add(Accuracy.percent(f.longDrift()));
            for (Accuracy.Run r : f.suite()) {
                row.add(Accuracy.percent(r.difference()) + (r.interval() ? " [" + Accuracy.percent(r.ratioLow() - 1) + ", "
                        + Accuracy.percent(r.ratioHigh() - 1) + "]" : " (no interval)") + (r.interval() && !r.held() ? " " + MISSED : ""));
            }
            rows.add(row);
        }
        md.append(MarkdownTable.render(header, rows, c -> c > 0)).append('\n');
        md.append("## The answer's ratios\n\n");
        if (a.ratios().isEmpty()) {
            md.append("None: no ratio of the answer has both its figures among those compared.\n\n");
        } else {
            md.append("Each ratio within one run; a suite column: its ratio and how far it is from the long runs' ratio; "
                    + MISSED + " where the suite ratio's 95% interval (Welch, from its two figures) does not hold the long"
                    + " ratio.\n\n");
            header = new ArrayList<>(List.of("ratio", "long"));
            for (int k = 1; k <= a.summaries().size(); k++) {
                header.add(Accuracy.suiteLabel(k));
            }
            rows = new ArrayList<>();
            for (Accuracy.Ratio q : a.ratios()) {
                List<String> row = new ArrayList<>(List.of(q.name(), times(q.longRatio())));
                for (Accuracy.RatioRun r : q.suite()) {
                    row.add(times(r.ratio()) + " (" + Accuracy.percent(r.difference()) + ")" + (r.interval() && !r.held() ? " " + MISSED : ""));
                }
                rows.add(row);
            }
            md.append(MarkdownTable.render(header, rows, c -> c > 0)).append('\n');
        }
        md.append("## Verdict\n\n").append(a.verdict().line()).append('\n');
        BetweenRunVariance between = a.betweenRun();
        md.append("\n## Between runs\n\nWhat separates a run's level from the long runs' beyond its forks' own spread (the method of "
                + "moments over ").append(between.pairs()).append(" figure-runs, and at least half the long runs' own squared "
                + "disagreement): ").append(between.present() ? String.format(Locale.ROOT, "sigma %.2f%%, on %d degrees of freedom. "
                + "Reports of runs on this CPU and JDK add it to their levels' intervals.", 100 * between.relative(), between.pairs())
                : "none beyond the forks' spread.").append('\n');
        return md.toString();
    }

    /** "4.12x". */
    private static String times(double ratio) {
        return String.format(Locale.ROOT, "%.3fx", ratio);
    }
}
