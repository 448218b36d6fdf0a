package io.github.ccsidbench.report;

import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.Steadiness;
import io.github.ccsidbench.stats.LogLevel;
import io.github.ccsidbench.stats.Stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One figure against another, as the report ranks them: the ratio of the levels with its 95% interval, and whether the
 * run may say which is dearer ({@link #supported}; the rule for a claim: docs/method.md, "Decisive").
 *
 * @param name what {@code x} is called in the text ("367"); {@code baseName} what {@code base} is called ("37")
 * @param estimate level of x / level of base on the log scale, with its standard error and degrees of freedom
 */
record Comparison(String name, DerivedFigures x, String baseName, DerivedFigures base, LogLevel estimate) {

    /** Pairs a ratio needs at least to be taken over rounds (docs/how-sure.md, "A busy host, reproduced ..."). */
    static final int MIN_PAIRS = 6;

    /** Compares {@code x} with {@code base}: paired over rounds where their forks pair (see {@link #MIN_PAIRS}), else Welch's. */
    static Comparison of(String name, DerivedFigures x, String baseName, DerivedFigures base) {
        return new Comparison(name, x, baseName, base, paired(x, base).orElseGet(() -> x.estimate().over(base.estimate())));
    }

    /** The paired estimate of x over base, when their reported forks pair by round (see {@link #of}). */
    static Optional<LogLevel> paired(DerivedFigures x, DerivedFigures base) {
        if (x.steadiness().isEmpty() || base.steadiness().isEmpty()) {
            return Optional.empty();
        }
        Map<Integer, Double> a = reported(x.steadiness().get(), x.forkLevels());
        Map<Integer, Double> b = reported(base.steadiness().get(), base.forkLevels());
        if (a == null || b == null || !a.keySet().equals(b.keySet()) || a.size() < MIN_PAIRS) {
            return Optional.empty();
        }
        double[] d = a.keySet().stream().mapToDouble(r -> Math.log(a.get(r)) - Math.log(b.get(r))).toArray();
        LogLevel p = LogLevel.paired(d);
        return p.standardError() > 0 ? Optional.of(p) : Optional.empty();
    }

    /** Round to level of the reported forks ({@link DerivedFigures#forkLevels()}), or null when a round has two. */
    private static Map<Integer, Double> reported(Steadiness s, double[] levels) {
        Map<Integer, Double> out = new TreeMap<>();
        List<Steadiness.Fork> forks = s.forks().stream().filter(Steadiness.Fork::reported).toList();
        if (levels.length != forks.size()) {
            return null;
        }
        for (int f = 0; f < levels.length; f++) {
            if (out.put(forks.get(f).round(), levels[f]) != null) {
                return null;
            }
        }
        return out;
    }

    /** level of x / level of base. */
    double ratio() {
        return estimate.level();
    }

    /** The 95% interval of {@link #ratio()}. */
    Stats.Interval ci() {
        return estimate.interval(DerivedFigures.CONFIDENCE);
    }

    /** True when the ratio's interval lies wholly above or below 1. */
    boolean excludesNoChange() {
        return ci().low() > 1 || ci().high() < 1;
    }

    /** True when the run may rank the two: the interval excludes 1 and both levels' intervals may rank. */
    boolean supported() {
        return excludesNoChange() && x.rankable() && base.rankable();
    }

    /** "p < 0.001, t on 23 df": the two-sided p of no change; "" when the ratio has no interval. */
    String sureness() {
        double p = estimate.pNoChange();
        if (Double.isNaN(p)) {
            return "";
        }
        String dof = Double.isInfinite(estimate.dof()) ? "z" : "t on " + String.format(Locale.ROOT, "%.0f", estimate.dof()) + " df";
        return (p < 0.001 ? "p < 0.001" : String.format(Locale.ROOT, "p = %.3f", p)) + ", " + dof;
    }

    /** +1 when x is supported as dearer than base, -1 as cheaper, 0 when the run cannot rank them. */
    int direction() {
        return !supported() ? 0 : ratio() > 1 ? 1 : -1;
    }

    /** "+19% [+12%, +27%]": the change of x against base with its interval. */
    String change() {
        return percent(ratio()) + " " + interval();
    }

    /** "[+12%, +27%]"; "[no interval]" when a side has none (one fork of too few iterations). */
    String interval() {
        return Double.isInfinite(ci().high()) ? "[no interval]" : "[" + percent(ci().low()) + ", " + percent(ci().high()) + "]";
    }

    /** "367 costs more than 37 (+20% [+15%, +25%]: ...)", or "this run cannot rank 367 against 37: " and why. */
    String sentence() {
        if (supported()) {
            return name + " costs " + (ratio() > 1 ? "more" : "less") + " than " + baseName + " (" + change()
                    + ": the interval excludes no change, " + sureness() + ")";
        }
        List<String> why = new ArrayList<>(List.of(reasons()));
        why.addAll(disturbances());
        return "this run cannot rank " + name + " against " + baseName + ": " + String.join("; ", why);
    }

    /** Why the run cannot rank them ("" when it can): the interval, and which side's interval cannot rank. */
    String reasons() {
        if (supported()) {
            return "";
        }
        List<String> notDecisive = new ArrayList<>();
        cannotRank(notDecisive, name, x);
        cannotRank(notDecisive, baseName, base);
        String interval = "the change is " + percent(ratio()) + " and its 95% interval " + interval();
        return excludesNoChange() ? interval + " excludes no change, but " + String.join(" and ", notDecisive)
                : interval + " includes no change" + (notDecisive.isEmpty() ? "" : "; " + String.join(" and ", notDecisive));
    }

    /** "367 was disturbed (3 iterations disturbed by the machine, in the figure, ...)" for each disturbed figure. */
    List<String> disturbances() {
        List<String> out = new ArrayList<>();
        disturbed(out, name, x);
        disturbed(out, baseName, base);
        return out;
    }

    private static void cannotRank(List<String> reasons, String name, DerivedFigures f) {
        if (!f.rankable()) {
            reasons.add(name + "'s interval cannot rank it (" + SteadinessText.whyNotRankable(f) + ")");
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
