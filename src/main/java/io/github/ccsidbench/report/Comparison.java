package io.github.ccsidbench.report;

import io.github.ccsidbench.stats.Stats;
import io.github.ccsidbench.results.BetweenForkVariance;
import io.github.ccsidbench.results.DerivedFigures;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One measured figure against another, as the report's readings rank them: the ratio of the medians,
 * its 95% interval (a t-interval on the forks' levels, {@link BetweenForkVariance}), and whether the run may say which is dearer. It may only when the
 * interval excludes 1 (no change) and both medians are decisive; otherwise the reading says it cannot
 * rank them, and why. So a reading never claims more than its intervals support.
 *
 * @param name what {@code x} is called in the text ("367")
 * @param x the figure compared
 * @param baseName what {@code base} is called ("37")
 * @param base the figure it is compared with
 * @param ratio median of x / median of base
 * @param ci 95% interval of that ratio
 */
record Comparison(String name, DerivedFigures x, String baseName, DerivedFigures base, double ratio, Stats.Interval ci) {

    /** Compares {@code x} with {@code base}; the interval's seed depends only on the two benchmarks. */
    static Comparison of(String name, DerivedFigures x, String baseName, DerivedFigures base) {
        double ratio = x.median() / base.median();
        Stats.Interval ci = ratioInterval(x, base);
        return new Comparison(name, x, baseName, base, ratio, ci);
    }

    /**
     * The 95% interval of x / base from their forks' levels and the run's between-fork variance; with one fork each and
     * none to borrow, the bootstrap over their iterations.
     */
    static Stats.Interval ratioInterval(DerivedFigures x, DerivedFigures base) {
        Stats.Interval ci = BetweenForkVariance.ratioInterval(x.forkVariance(), x.result().rawData(), base.forkVariance(),
                base.result().rawData(), DerivedFigures.CONFIDENCE);
        return ci != null ? ci : Stats.bootstrapRatio(x.result().rawData(), base.result().rawData(), DerivedFigures.CONFIDENCE,
                x.result().key().hashCode() ^ base.result().key().hashCode());
    }

    /** True when the ratio's interval lies wholly above or below 1. */
    boolean excludesNoChange() {
        return ci.low() > 1 || ci.high() < 1;
    }

    /** True when the run may rank the two: the interval excludes 1 and both medians are decisive. */
    boolean supported() {
        return excludesNoChange() && x.decisive() && base.decisive();
    }

    /** +1 when x is supported as dearer than base, -1 as cheaper, 0 when the run cannot rank them. */
    int direction() {
        return !supported() ? 0 : ratio > 1 ? 1 : -1;
    }

    /** "+19% [+12%, +27%]": the change of x against base with its interval. */
    String change() {
        return percent(ratio) + " " + interval();
    }

    /** "[+12%, +27%]". */
    String interval() {
        return "[" + percent(ci.low()) + ", " + percent(ci.high()) + "]";
    }

    /**
     * The sentence the reading says: "367 costs more than 37 (+20% [+15%, +25%]: the interval excludes no
     * change and both medians are decisive)", or "this run cannot rank 367 against 37: ..." with the
     * reasons (the interval, which median is not decisive or never steady, which was disturbed).
     */
    String sentence() {
        if (supported()) {
            return name + " costs " + (ratio > 1 ? "more" : "less") + " than " + baseName + " (" + change()
                    + ": the interval excludes no change and both medians are decisive)";
        }
        List<String> why = new ArrayList<>(List.of(reasons()));
        why.addAll(disturbances());
        return "this run cannot rank " + name + " against " + baseName + ": " + String.join("; ", why);
    }

    /**
     * Why the run cannot rank them ("" when it can): "the change is +8% and its 95% interval [-3%, +21%]
     * includes no change; 367's median is not decisive (95% interval ±14%)".
     */
    String reasons() {
        if (supported()) {
            return "";
        }
        List<String> notDecisive = new ArrayList<>();
        notDecisive(notDecisive, name, x);
        notDecisive(notDecisive, baseName, base);
        String interval = "the change is " + percent(ratio) + " and its 95% interval " + interval();
        return excludesNoChange() ? interval + " excludes no change, but " + String.join(" and ", notDecisive)
                : interval + " includes no change" + (notDecisive.isEmpty() ? "" : "; " + String.join(" and ", notDecisive));
    }

    /** "367 was disturbed (3 slow-phase iterations of the machine excluded)" for each disturbed figure. */
    List<String> disturbances() {
        List<String> out = new ArrayList<>();
        disturbed(out, name, x);
        disturbed(out, baseName, base);
        return out;
    }

    private static void notDecisive(List<String> reasons, String name, DerivedFigures f) {
        if (!f.decisive()) {
            reasons.add(name + "'s median is not decisive (" + SteadinessText.whyNotDecisive(f) + ")");
        }
    }

    private static void disturbed(List<String> out, String name, DerivedFigures f) {
        f.steadiness().filter(SteadinessText::disturbed)
                .ifPresent(s -> out.add(name + " was disturbed (" + SteadinessText.disturbance(s) + ")"));
    }

    /** "+19%" for a ratio of 1.19. */
    static String percent(double ratio) {
        return String.format(Locale.ROOT, "%+.0f%%", (ratio - 1) * 100);
    }
}
