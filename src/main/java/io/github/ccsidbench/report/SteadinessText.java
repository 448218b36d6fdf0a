package io.github.ccsidbench.report;

import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.Steadiness;
import io.github.ccsidbench.results.SteadinessFile;
import io.github.ccsidbench.stats.LogLevel;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How every table and paragraph says how sure its numbers are, written in one place so summary.md
 * and the report never disagree: the mark on a level that is not decisive, the steadiness cell
 * ("2/2 steady, 24 of 31 kept"), why a figure is not decisive, whether a benchmark was disturbed,
 * and the run's steadiness overview.
 */
final class SteadinessText {

    /** Appended to a figure that is not decisive. */
    static final String MARK = " *";

    /** What {@link #MARK} means, for the text under or before a table. */
    static final String MARK_MEANS = "A figure marked * is **not decisive**: its 95% interval is wider than ±"
            + Math.round(Steadiness.DECISIVE * 100) + "%, or fewer than two of its forks reached a steady state (one, where the run measured one fork).";

    /** What a steadiness cell says. */
    static final String CELL_MEANS = "**steadiness**: forks that reached a steady state / forks measured, and iterations "
            + "kept / measured (warm-up and slow phases of the machine are not kept, unless a figure's note says it had to "
            + "include them); \"–\" when the run recorded none.";

    private SteadinessText() {
    }

    /** {@link #MARK} when {@code f} is not decisive, else "". */
    static String mark(DerivedFigures f) {
        return f.decisive() ? "" : MARK;
    }

    /** The level, formatted, with {@link #MARK} when not decisive. */
    static String level(DerivedFigures f) {
        return Numbers.format(f.level()) + mark(f);
    }

    /** The level, or "–" when not measured. */
    static String level(Optional<DerivedFigures> f) {
        return f.map(SteadinessText::level).orElse("–");
    }

    /** True when the forks met slow phases of the machine or fell into modes. */
    static boolean disturbed(Steadiness s) {
        return s.disturbed() || !s.modes().isEmpty();
    }

    /** "2/2 steady, 24 of 31 kept; 2 of 6 forks 40% slower; 3 slow-phase". */
    static String cell(Steadiness s) {
        StringBuilder sb = new StringBuilder(s.summary());
        if (!s.modes().isEmpty()) {
            sb.append("; ").append(s.modes());
        }
        if (s.slowPhaseIterations() > 0) {
            sb.append("; ").append(s.slowPhaseIterations()).append(" slow-phase");
        }
        if (s.machineSlowIterations() > 0) {
            sb.append("; ").append(s.machineSlowIterations()).append(" machine-slow");
        }
        return sb.toString();
    }

    /** The steadiness of one figure, or "–" when its run recorded none. */
    static String cell(DerivedFigures f) {
        return f.steadiness().map(SteadinessText::cell).orElse("–");
    }

    /**
     * One compact cell for several figures shown on one table row: "4/4 steady, 48 of 62 kept", naming the figures
     * whose forks did not all settle ("3/4 steady (encode 1/2), ..."), with "; modes" and "; slow phases" when some were
     * disturbed; the full cell for a single figure; "–" when none recorded steadiness.
     */
    static String cell(Collection<DerivedFigures> figures) {
        List<Steadiness> all = figures.stream().flatMap(f -> f.steadiness().stream()).distinct().toList();
        if (all.isEmpty()) {
            return "–";
        }
        if (all.size() == 1) {
            return cell(all.get(0));
        }
        int steady = all.stream().mapToInt(Steadiness::steadyForks).sum();
        int forks = all.stream().mapToInt(s -> s.forks().size()).sum();
        int kept = all.stream().mapToInt(Steadiness::keptIterations).sum();
        int measured = all.stream().mapToInt(Steadiness::measuredIterations).sum();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%d/%d steady", steady, forks));
        String unsteady = figures.stream().flatMap(f -> f.steadiness().filter(s -> s.steadyForks() < s.forks().size())
                        .map(s -> f.result().method() + " " + s.steadyForks() + "/" + s.forks().size()).stream())
                .distinct().collect(Collectors.joining(", "));
        if (!unsteady.isEmpty()) {
            sb.append(" (").append(unsteady).append(')');
        }
        sb.append(String.format(Locale.ROOT, ", %d of %d kept", kept, measured));
        if (all.stream().anyMatch(s -> !s.modes().isEmpty())) {
            sb.append("; modes");
        }
        int slow = all.stream().mapToInt(Steadiness::slowPhaseIterations).sum();
        if (slow > 0) {
            sb.append("; ").append(slow).append(" slow-phase");
        }
        int machineSlow = all.stream().mapToInt(Steadiness::machineSlowIterations).sum();
        if (machineSlow > 0) {
            sb.append("; ").append(machineSlow).append(" machine-slow");
        }
        return sb.toString();
    }

    /** Why {@code f} is not decisive: "95% interval ±14%", "no fork steady", or both; "" when it is decisive. */
    static String whyNotDecisive(DerivedFigures f) {
        return why(f, true);
    }

    /** Why a figure's interval cannot rank it against another ({@link DerivedFigures#rankable}): the same, its width aside. */
    static String whyNotRankable(DerivedFigures f) {
        return why(f, false);
    }

    private static String why(DerivedFigures f, boolean width) {
        List<String> why = new ArrayList<>();
        if (width && f.relativeHalfWidth() > Steadiness.DECISIVE && Double.isFinite(f.relativeHalfWidth())) {
            why.add("95% interval " + halfWidth(f.relativeHalfWidth()) + (f.widenedPastDecisive()
                    ? " with this CPU's accuracy check (" + halfWidth(f.forksOnlyHalfWidth()) + " from its forks alone)" : ""));
        }
        if (!f.estimate().canDecide()) {
            why.add(switch (f.estimate().variance()) {
                case NONE -> "no interval: one fork of too few iterations";
                case TWO_FORKS -> "two forks and no family to borrow from: one degree of freedom";
                default -> "one fork and no family to borrow from: its interval sees only that fork's iterations";
            });
        }
        if (f.steadiness().map(Steadiness::unsteady).orElse(false)) {
            why.add("no fork steady");
        } else if (f.steadiness().map(st -> !st.decisive() && st.reportedForks() < 2 && st.forks().size() >= 2).orElse(false)) {
            why.add("only one fork at the reported level");
        }
        if (why.isEmpty() && (width ? !f.decisive() : !f.rankable())) {
            why.add("as the run's steadiness record says"); // the harness's own verdict, from its own interval
        }
        return String.join(", ", why);
    }

    /** "±14%". */
    static String halfWidth(double relative) {
        return "±" + Math.round(relative * 100) + "%";
    }

    /**
     * "12 of 80 iterations measured while the machine ran slow by the machine ruler, in the figure; forks in modes: 2 of 6
     * forks 40% slower", or "" when not disturbed. A figure holds every iteration after its forks' warm-ups, as plain
     * JMH's mean does; only the forks' quiet state leaves disturbed iterations out.
     */
    static String disturbance(Steadiness s) {
        List<String> parts = new ArrayList<>();
        if (s.machineSlowIterations() > 0) {
            parts.add(s.machineSlowIterations() + " of " + s.measuredIterations() + " iterations measured while the machine ran slow"
                    + " by the machine ruler, in the figure");
        }
        int otherDisturbed = s.slowPhaseIterations() - (s.machineSlowExcluded() ? s.machineSlowIterations() : 0);
        if (otherDisturbed > 0) {
            parts.add(otherDisturbed + " iterations disturbed by the machine, in the figure, out of its quiet state");
        }
        if (!s.modes().isEmpty()) {
            parts.add("forks in modes: " + s.modes());
        }
        return String.join("; ", parts);
    }

    /** "1 benchmark", "3 benchmarks". */
    static String benchmarks(long n) {
        return n + (n == 1 ? " benchmark" : " benchmarks");
    }

    /**
     * The run's steadiness in a few lines (name, value): how much was steady, dropped, disturbed and
     * decisive. Decisiveness is counted over {@code figures} (the marks the tables show) when given,
     * else from the file's own record.
     */
    static List<String[]> overview(SteadinessFile file, Collection<DerivedFigures> figures) {
        List<Steadiness> all = file.benchmarks();
        long everyFork = all.stream().filter(s -> s.steadyForks() == s.forks().size()).count();
        int forks = all.stream().mapToInt(s -> s.forks().size()).sum();
        int steadyForks = all.stream().mapToInt(Steadiness::steadyForks).sum();
        int measured = all.stream().mapToInt(Steadiness::measuredIterations).sum();
        int kept = all.stream().mapToInt(Steadiness::keptIterations).sum();
        int warmup = 0;
        int slow = 0;
        int unavailable = 0;
        int machineSlow = 0;
        int unsteady = 0;
        for (Steadiness b : all) {
            for (Steadiness.Fork f : b.forks()) {
                unavailable += f.unavailable();
                machineSlow += f.machineSlow();
                if (f.kind().equals("no steady state")) {
                    unsteady += f.series() == null ? 0 : f.series().length; // none counted from a file without series
                } else {
                    warmup += f.warmup();
                    slow += f.slowPhase();
                }
            }
        }
        long disturbed = all.stream().filter(Steadiness::disturbed).count();
        long modes = all.stream().filter(s -> !s.modes().isEmpty()).count();
        long notDecisive = figures.isEmpty() ? all.stream().filter(s -> !s.decisive()).count()
                : figures.stream().filter(f -> !f.decisive()).count();
        List<String[]> rows = new ArrayList<>(List.of(
                new String[]{"benchmarks steady in every fork", everyFork + " of " + all.size() + " (" + Numbers.percent(everyFork, all.size()) + ")"},
                new String[]{"forks steady", steadyForks + " of " + forks + " (" + Numbers.percent(steadyForks, forks) + "), in "
                        + file.rounds() + " interleaved rounds"},
                new String[]{"iterations", measured + " measured: " + kept + " in the forks' quiet state (" + Numbers.percent(kept, measured) + "), "
                        + warmup + " dropped as warm-up (" + Numbers.percent(warmup, measured) + "), " + slow
                        + " disturbed, in the figures but not the quiet state (" + Numbers.percent(slow, measured) + "; slow phases, outliers, and "
                        + unavailable + " in which the machine took the benchmark's CPU), " + machineSlow + " measured while the"
                        + " machine ran slow by the machine ruler (" + Numbers.percent(machineSlow, measured) + "), " + unsteady
                        + " in forks that never settled (" + Numbers.percent(unsteady, measured) + ")"},
                new String[]{"machine", file.steal() < 0 ? "CPU steal unknown (not Linux)"
                        : String.format(Locale.ROOT, "the hypervisor took %.1f%% of the CPU time during the run (steal)",
                        file.steal() * 100)},
                new String[]{"disturbed", disturbed == 0 ? "no slow phase of the machine seen"
                        : benchmarks(disturbed) + " had slow phases of the machine, in their figures and out of their quiet state"},
                new String[]{"forks in modes", benchmarks(modes)},
                new String[]{"not decisive", benchmarks(notDecisive) + " (95% interval wider than ±" + Math.round(Steadiness.DECISIVE * 100)
                        + "% or no steady fork)" + (file.wantedMore() > 0 ? "; " + file.wantedMore()
                        + " wanted more forks than the budget allowed" : "")}));
        file.forkTimeText().ifPresent(t -> rows.add(new String[]{"a fork's time", t
                + " (docs/method.md#where-a-forks-time-goes)"}));
        return rows;
    }
}
