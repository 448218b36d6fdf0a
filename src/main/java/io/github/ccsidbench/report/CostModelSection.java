package io.github.ccsidbench.report;

import io.github.ccsidbench.bench.AnswerBenchmarks;
import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.results.DerivedFigures;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The cost model per converter, t(n) = a + b*n fitted to {@link DerivedFigures#meanCost()} as {@link CostModel#judge}
 * allows, and measured ns/char against length (docs/output.md, "How to read the report").
 */
final class CostModelSection {

    private static final List<BenchmarkMethod> MEASURED = List.of(BenchmarkMethod.CONVERSION_ENCODE, BenchmarkMethod.CONVERSION_DECODE);
    private static final List<String> OPERATIONS = MEASURED.stream().map(BenchmarkMethod::method).toList();

    private CostModelSection() {
    }

    static ReportDocument.Section build(ReportInputs in) {
        List<ReportDocument.Block> blocks = new ArrayList<>();
        blocks.add(new ReportDocument.Paragraph("Least squares over each length sweep of t, the mean per operation, GC "
                + "included (JMH's score: every iteration after each fork's warm-up, all forks), weighted by 1/t² so every "
                + "length counts alike: **a** is the fixed cost of one call (ns), **b** the cost of one more character (ns); below "
                + "**a/b** characters a call is mostly overhead. A line is fitted only to " + CostModel.MIN_LENGTHS
                + " lengths or more (two points always lie on a line, so they test nothing) and shown only when it is "
                + "physical, a ≥ 0 and b > 0; otherwise its figures are \"–\" and the **note** says why. a and b are marked * "
                + "when a figure of the sweep is not decisive (its level's 95% interval wider than ±10%, or no fork steady); the "
                + "steadiness column covers every length of the sweep. The charts show levels (ns/char), as the JVM section "
                + "compares providers. " + SteadinessText.CELL_MEANS));
        boolean any = false;
        Charts.Family charts = new Charts.Family(blocks, true);
        for (ReportInputs.JvmGroup g : in.jvms()) {
            // (operation, ccsid, provider, workload) -> length -> figures
            Map<List<String>, TreeMap<Integer, DerivedFigures>> sweeps = new LinkedHashMap<>();
            for (BenchmarkMethod m : MEASURED) {
                String op = m.method();
                for (DerivedFigures f : g.of(m.shortName())) {
                    List<String> key = List.of(op, f.result().param("ccsid").orElse(""), f.result().param("provider").orElse(""),
                            f.result().param("workload").orElse(""));
                    sweeps.computeIfAbsent(key, k -> new TreeMap<>())
                            .put(Integer.parseInt(f.result().param("length").orElse("0")), f);
                }
            }
            List<List<String>> rows = new ArrayList<>();
            sweeps.entrySet().stream()
                    .sorted((x, y) -> compare(x.getKey(), y.getKey()))
                    .filter(e -> e.getValue().size() >= 2)
                    .forEach(e -> {
                        double[] n = e.getValue().keySet().stream().mapToDouble(Integer::doubleValue).toArray();
                        double[] t = e.getValue().values().stream().mapToDouble(f -> f.meanCost().level()).toArray();
                        CostModel.Verdict verdict = CostModel.judge(n, t);
                        List<String> k = e.getKey();
                        String mark = e.getValue().values().stream().allMatch(DerivedFigures::decisive) ? "" : SteadinessText.MARK;
                        List<String> row = new ArrayList<>(List.of(k.get(1), k.get(2), k.get(0), k.get(3)));
                        verdict.fit().ifPresentOrElse(fit -> row.addAll(List.of(Numbers.format(fit.a()) + mark,
                                        Numbers.format(fit.b()) + mark,
                                        Double.isNaN(fit.rSquared()) ? "–" : String.format(Locale.ROOT, "%.4f", fit.rSquared()),
                                        Numbers.format(fit.breakEven()))),
                                () -> row.addAll(List.of("–", "–", "–", "–")));
                        row.add(e.getValue().keySet().toString().replaceAll("[\\[\\]]", ""));
                        row.add(SteadinessText.cell(e.getValue().values()));
                        row.add(verdict.withheld().orElse(""));
                        rows.add(List.copyOf(row));
                    });
            if (rows.isEmpty()) {
                continue;
            }
            any = true;
            if (in.severalJvms()) {
                blocks.add(new ReportDocument.Paragraph("**" + g.label() + "**:"));
            }
            blocks.add(new ReportDocument.Table("cost-model-" + g.slug(), List.of("CCSID", "provider", "operation", "workload",
                    "a ns/call", "b ns/char", "R²", "a/b chars", "lengths", "steadiness", "note"), rows));
            for (String op : OPERATIONS) {
                for (String ccsid : AnswerBenchmarks.CCSIDS.stream().map(String::valueOf).toList()) {
                    Map<String, List<Charts.Point>> series = new LinkedHashMap<>();
                    sweeps.forEach((key, points) -> {
                        if (key.get(0).equals(op) && key.get(1).equals(ccsid) && key.get(3).equals(AnswerBenchmarks.WORKLOAD) && points.size() >= 2) {
                            series.put(key.get(2), points.entrySet().stream()
                                    .map(p -> Charts.Point.of(p.getKey(), p.getValue(), 1.0 / p.getKey())).toList());
                        }
                    });
                    if (!series.isEmpty()) {
                        charts.lines("ns-per-char-" + ccsid + "-" + op + "-" + g.slug(), "CCSID " + ccsid + " "
                                        + op + ": ns/char against length (ascii-text)" + (in.severalJvms() ? ", " + g.label() : ""),
                                "length (characters)", "ns per character", series);
                    }
                }
            }
        }
        charts.draw();
        if (!any) {
            blocks.add(new ReportDocument.Paragraph("Not fitted: the model needs a converter measured at " + CostModel.MIN_LENGTHS
                    + " lengths or more, and no converter in these results was measured at more than one."));
        }
        return new ReportDocument.Section("cost-model", "Cost model per converter", blocks);
    }

    private static int compare(List<String> a, List<String> b) {
        int c = Integer.compare(ResultOrder.ccsidIndex(a.get(1)), ResultOrder.ccsidIndex(b.get(1)));
        if (c == 0) {
            c = Integer.compare(OPERATIONS.indexOf(a.get(0)), OPERATIONS.indexOf(b.get(0)));
        }
        if (c == 0) {
            c = Integer.compare(ResultOrder.workloadIndex(a.get(3)), ResultOrder.workloadIndex(b.get(3)));
        }
        if (c == 0) {
            c = Integer.compare(ResultOrder.providerIndex(a.get(2)), ResultOrder.providerIndex(b.get(2)));
        }
        return c;
    }
}
