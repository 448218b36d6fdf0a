package io.github.ccsidbench.report;

import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.Steadiness;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * "Steadiness": how sure the run's numbers are. The run's overview (the same as summary.md's), then
 * the benchmarks a reader should know about: those with no steady fork, those whose forks fell into
 * modes, those that met slow phases of the machine, and those that are not decisive. Also the
 * sentence at the top of the report that says a run was disturbed.
 */
final class SteadinessSection {

    /** Lists longer than this are cut, with "and N more". */
    static final int MAX_ROWS = 20;

    private SteadinessSection() {
    }

    static ReportDocument.Section build(ReportInputs in) {
        List<ReportDocument.Block> blocks = new ArrayList<>();
        blocks.add(new ReportDocument.Paragraph("A run records its steadiness in steadiness.json beside its results: every fork "
                + "is measured as a series of short iterations until it is steady, and warm-up and slow phases of the machine "
                + "are not kept. Forks of all benchmarks run in interleaved rounds; "
                + "benchmarks whose forks disagree get more forks, and when forks fall into modes (levels more than 10% "
                + "apart: the JIT compiled them differently) the figure takes every steady fork, modes and all, so its "
                + "interval holds every mode. " + SteadinessText.MARK_MEANS + " Every benchmark, with its steadiness, is in summary.md."));
        boolean anyRecorded = false;
        int n = 0;
        for (ReportInputs.Source source : in.sources()) {
            n++;
            if (source.steadiness().isPresent()) {
                anyRecorded = true;
                if (in.sources().size() > 1) {
                    blocks.add(new ReportDocument.Paragraph("`" + source.file() + "`:"));
                }
                blocks.add(new ReportDocument.Table("steadiness-overview" + (in.sources().size() > 1 ? "-" + n : ""),
                        List.of("", "this run"), SteadinessText.overview(source.steadiness().get(), in.figuresOf(source))
                        .stream().map(kv -> List.of(kv[0], kv[1])).toList()));
            } else {
                blocks.add(new ReportDocument.Paragraph("`" + source.file() + "` records no steadiness (no steadiness.json "
                        + "beside it: results from before runs were measured until steady): its figures are as JMH measured "
                        + "them, and decisiveness comes from their 95% intervals alone."));
            }
        }
        List<DerivedFigures> all = in.jvms().stream().flatMap(g -> g.figures().stream())
                .sorted((a, b) -> ResultOrder.TABLE.compare(a.result(), b.result())).toList();
        boolean severalJvms = in.severalJvms();
        boolean recorded = anyRecorded;
        if (recorded) {
            list(blocks, "steadiness-unsteady", "Benchmarks with no steady fork", "every benchmark had a steady fork",
                    all.stream().filter(f -> f.steadiness().map(Steadiness::unsteady).orElse(false)).toList(), severalJvms,
                    List.of("forks", "why"), f -> {
                        Steadiness s = f.steadiness().orElseThrow();
                        return List.of(s.forks().stream().collect(Collectors.groupingBy(Steadiness.Fork::kind,
                                        LinkedHashMap::new, Collectors.counting())).entrySet().stream()
                                        .map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", ")),
                                s.reportedBecause());
                    });
            list(blocks, "steadiness-modes", "Benchmarks whose forks fell into modes", "no forks fell into modes",
                    all.stream().filter(f -> f.steadiness().map(s -> !s.modes().isEmpty()).orElse(false)).toList(), severalJvms,
                    List.of("modes", "reported", "steadiness"), f -> {
                        Steadiness s = f.steadiness().orElseThrow();
                        return List.of(s.modes(), s.reportedBecause(), s.summary());
                    });
            list(blocks, "steadiness-disturbed", "Benchmarks that met slow phases of the machine",
                    "no slow phase of the machine was seen",
                    all.stream().filter(f -> f.steadiness().map(Steadiness::disturbed).orElse(false)).toList(), severalJvms,
                    List.of("slow-phase iterations", "forks affected", "steadiness"), f -> {
                        Steadiness s = f.steadiness().orElseThrow();
                        long forks = s.forks().stream().filter(k -> k.slowPhase() > 0).count();
                        return List.of(s.slowPhaseIterations() + " of " + s.measuredIterations(), forks + " of " + s.forks().size(),
                                s.summary());
                    });
        }
        list(blocks, "steadiness-not-decisive", "Benchmarks that are not decisive (widest interval first)",
                "every benchmark is decisive",
                all.stream().filter(f -> !f.decisive())
                        .sorted(Comparator.comparingDouble(DerivedFigures::relativeHalfWidth).reversed()).toList(), severalJvms,
                recorded ? List.of("level ns/op", "95% interval", "why", "steadiness") : List.of("level ns/op", "95% interval", "why"),
                f -> {
                    List<String> cells = new ArrayList<>(List.of(Numbers.format(f.level()),
                            Numbers.interval(f.levelCi().low(), f.levelCi().high()), SteadinessText.whyNotDecisive(f)));
                    if (recorded) {
                        cells.add(SteadinessText.cell(f));
                    }
                    return cells;
                });
        return new ReportDocument.Section("steadiness", "Steadiness", blocks);
    }

    /** A heading paragraph and a table of at most {@link #MAX_ROWS} benchmarks, "and N more" after it; one line when empty. */
    private static void list(List<ReportDocument.Block> blocks, String id, String title, String none, List<DerivedFigures> figures,
                             boolean severalJvms, List<String> columns, Function<DerivedFigures, List<String>> cells) {
        if (figures.isEmpty()) {
            blocks.add(new ReportDocument.Paragraph("**" + title + "**: none (" + none + ")."));
            return;
        }
        blocks.add(new ReportDocument.Paragraph("**" + title + "** (" + figures.size() + "):"));
        List<String> header = new ArrayList<>();
        if (severalJvms) {
            header.add("JDK");
        }
        header.add("benchmark");
        header.addAll(columns);
        List<List<String>> rows = new ArrayList<>();
        for (DerivedFigures f : figures.subList(0, Math.min(MAX_ROWS, figures.size()))) {
            List<String> row = new ArrayList<>();
            if (severalJvms) {
                row.add(f.result().jvm().jdkVersion());
            }
            row.add(f.result().key());
            row.addAll(cells.apply(f));
            rows.add(row);
        }
        blocks.add(new ReportDocument.Table(id, header, rows));
        if (figures.size() > MAX_ROWS) {
            blocks.add(new ReportDocument.Paragraph("And " + (figures.size() - MAX_ROWS) + " more (every benchmark is in "
                    + "summary.md, marked there too)."));
        }
    }

    /**
     * How sure the run is, for the report's opening: how often the machine ran slow and what became of those
     * iterations, forks in modes, and whether the figures that matter ({@code focus}, the answer's; all figures when
     * empty) are decisive. A run whose slow iterations were left out and whose figures in focus are all decisive says
     * exactly that, calmly, and how many other figures are not; the bold warning is for runs where a figure in focus
     * is not decisive. Empty when nothing was disturbed and every figure is decisive.
     */
    static Optional<String> disturbedNote(ReportInputs in, List<DerivedFigures> focus) {
        return disturbedNote(in.jvms().stream().flatMap(g -> g.figures().stream()).toList(), focus);
    }

    /**
     * The same over {@code all} figures. Figures that are not decisive only because the committed accuracy check widened
     * their intervals ({@link DerivedFigures#widenedPastDecisive}) are not a disturbance: the note names that cause, and
     * the bold warning is for figures in focus that their own run left undecided.
     */
    static Optional<String> disturbedNote(List<DerivedFigures> all, List<DerivedFigures> focus) {
        List<DerivedFigures> figures = all.stream().filter(f -> f.steadiness().isPresent()).toList();
        List<DerivedFigures> focused = focus.isEmpty() ? figures : focus;
        List<Steadiness> recorded = figures.stream().map(f -> f.steadiness().get()).toList();
        long slow = recorded.stream().filter(Steadiness::disturbed).count();
        long modes = recorded.stream().filter(s -> !s.modes().isEmpty()).count();
        long notDecisive = figures.stream().filter(f -> !f.decisive()).count();
        if (slow == 0 && modes == 0 && notDecisive == 0) {
            return Optional.empty();
        }
        int measured = recorded.stream().mapToInt(Steadiness::measuredIterations).sum();
        int machineSlow = recorded.stream().mapToInt(Steadiness::machineSlowIterations).sum();
        long focusWidened = focused.stream().filter(DerivedFigures::widenedPastDecisive).count();
        long focusNotDecisive = focused.stream().filter(f -> !f.decisive()).count() - focusWidened;
        String accuracy = focusWidened == 0 ? "" : accuracyWidened(focused, focusWidened, focus.isEmpty());
        String scope = focus.isEmpty() ? "every figure is decisive" : "every figure of the answer is decisive";
        if (focusWidened > 0) {
            scope = focus.isEmpty() ? "every other figure is decisive" : "every other figure of the answer is decisive";
        }
        if (focusNotDecisive == 0) {
            List<String> what = new ArrayList<>();
            if (!accuracy.isEmpty()) {
                what.add(accuracy);
            }
            if (machineSlow > 0) {
                what.add("the machine ran slow (by the machine ruler on the benchmarks' own thread) in " + machineSlow + " of "
                        + measured + " iterations (" + Numbers.percent(machineSlow, measured) + "); "
                        + (recorded.stream().anyMatch(s -> s.machineSlowExcluded() && s.figureValues().isEmpty())
                        ? "they were left out" : "they stay in the figures, as in plain JMH's score"));
            }
            if (slow > 0) {
                what.add("slow phases of the machine are in the figures of " + slow + " of "
                        + SteadinessText.benchmarks(recorded.size()) + ", and out of their quiet state");
            }
            if (modes > 0) {
                what.add(SteadinessText.benchmarks(modes) + " had forks that fell into modes (each interval holds every mode)");
            }
            String tables = notDecisive == 0 || focus.isEmpty() ? "" : notDecisive + " of " + figures.size()
                    + (notDecisive == 1 ? " figures in the tables is not decisive" : " figures in the tables are not decisive") + " (marked *)";
            if (focusWidened < focused.size()) {
                what.add(scope + (tables.isEmpty() ? "" : "; " + tables));
            } else if (!tables.isEmpty()) {
                what.add(tables);
            }
            String text = String.join("; ", what) + ".";
            return Optional.of(Character.toUpperCase(text.charAt(0)) + text.substring(1));
        }
        List<String> what = new ArrayList<>();
        if (machineSlow > 0) {
            what.add("the machine ran slow (by the machine ruler on the benchmarks' own thread) in " + machineSlow + " of " + measured
                    + " iterations (" + Numbers.percent(machineSlow, measured) + ")");
        }
        if (slow > 0) {
            what.add(slow + " of " + SteadinessText.benchmarks(recorded.size()) + " had slow phases of the machine in their figures");
        }
        if (modes > 0) {
            what.add(modes + " had forks that fell into modes (each interval holds every mode)");
        }
        String which = focus.isEmpty() ? notDecisive + " of " + figures.size() + " figures are not decisive"
                : focusNotDecisive + " of the " + focused.size() + " figures of the answer are not decisive";
        return Optional.of("**This run was disturbed:** " + (what.isEmpty() ? "" : String.join(", and ", what) + "; ") + which
                + (accuracy.isEmpty() ? "" : "; besides, " + accuracy)
                + ". Figures that are not decisive are marked *, and so is a multiple of a copy whose floor is not decisive;"
                + " the section Steadiness lists the benchmarks affected.");
    }

    /**
     * "3 of the 9 figures of the answer are not decisive because this CPU's committed accuracy check widens every
     * interval by the suite's bias and spread against long plain JMH forks (their own forks would decide them: docs/how-sure.md,
     * "Accuracy")".
     */
    private static String accuracyWidened(List<DerivedFigures> focused, long widened, boolean everyFigure) {
        return widened + " of " + (everyFigure ? "" : "the ") + focused.size() + (everyFigure ? " figures" : " figures of the answer")
                + (widened == 1 ? " is" : " are") + " not decisive (marked *) because this CPU's committed accuracy check widens"
                + " every interval by the suite's bias and spread against long plain JMH forks; the run's own forks would decide "
                + (widened == 1 ? "it" : "them") + " (docs/how-sure.md, \"Accuracy\")";
    }
}
