package io.github.ccsidbench.report;

import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.results.DerivedFigures;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Mixed EBCDIC as measured (the {@code dbcs} preset), each CCSID with the text of its own language, and what shift-out
 * and shift-in cost; left out when no mixed CCSID was measured.
 */
final class MixedSection {

    /** The switch-density workloads and their switches per 64 characters. */
    static final Map<String, Integer> SWITCHES = new LinkedHashMap<>(Map.of("jp-switch-1", 1, "jp-switch-4", 4, "jp-switch-16", 16));

    private MixedSection() {
    }

    static Optional<ReportDocument.Section> build(ReportInputs in) {
        Set<String> mixed = CcsidRegistry.mixed().stream().map(c -> Integer.toString(c.number())).collect(Collectors.toSet());
        List<ReportDocument.Block> blocks = new ArrayList<>();
        for (ReportInputs.JvmGroup g : in.jvms()) {
            // ccsid | workload | length | provider -> operation -> figures
            Map<List<String>, Map<String, DerivedFigures>> cells = new TreeMap<>(MixedSection::compareKeys);
            for (BenchmarkMethod m : List.of(BenchmarkMethod.CONVERSION_ENCODE, BenchmarkMethod.CONVERSION_DECODE,
                    BenchmarkMethod.CONVERSION_ROUND_TRIP)) {
                String op = m.method();
                for (DerivedFigures f : g.of(m.shortName())) {
                    String ccsid = f.result().param("ccsid").orElse("");
                    String workload = f.result().param("workload").orElse("");
                    if (!mixed.contains(ccsid) || SWITCHES.containsKey(workload)) {
                        continue;
                    }
                    cells.computeIfAbsent(List.of(ccsid, workload, f.result().param("length").orElse("0"),
                            f.result().param("provider").orElse("")), k -> new LinkedHashMap<>()).put(op, f);
                }
            }
            List<List<String>> switchRows = switchRows(g);
            if (cells.isEmpty() && switchRows.isEmpty()) {
                continue;
            }
            if (in.severalJvms()) {
                blocks.add(new ReportDocument.Paragraph("**" + g.label() + "**:"));
            }
            if (!cells.isEmpty()) {
                List<List<String>> rows = new ArrayList<>();
                cells.forEach((key, ops) -> {
                    List<String> row = new ArrayList<>(key);
                    for (String op : List.of("encode", "decode", "roundTrip")) {
                        DerivedFigures f = ops.get(op);
                        row.add(f == null ? "–" : SteadinessText.level(f) + " (" + Numbers.format(f.xFloor()) + "x)");
                    }
                    row.add(SteadinessText.cell(ops.values()));
                    rows.add(row);
                });
                blocks.add(new ReportDocument.Paragraph("Median ns per call and, in brackets, the multiple of the ISO-8859-1 "
                        + "copy of the same length in the same run; each CCSID with the workloads that claim it, each "
                        + "provider that has it (the JDK has no 1390 or 1399, JTOpen no 1390). "
                        + SteadinessText.MARK_MEANS + " " + SteadinessText.CELL_MEANS));
                blocks.add(new ReportDocument.Table("mixed-" + g.slug(), List.of("CCSID", "workload", "length", "provider",
                        "encode ns", "decode ns", "round trip ns", "steadiness"), rows));
            }
            if (!switchRows.isEmpty()) {
                blocks.add(new ReportDocument.Paragraph("**Switch density** (CCSID 1399, encode): the same characters, half "
                        + "single-byte and half double-byte, switching 1, 4 or 16 times per 64 characters, so what changes is "
                        + "only how many shift-outs and shift-ins are written (and bytes: each switch adds one). **16 vs 1** is "
                        + "the change of the level with its 95% interval; **ns per switch** = (t16 - t1) / (15 x length / 64), "
                        + "the extra cost of one switch, from levels."));
                blocks.add(new ReportDocument.Table("mixed-switches-" + g.slug(), List.of("provider", "length", "1 switch ns",
                        "4 switches ns", "16 switches ns", "16 vs 1", "ns per switch"), switchRows));
            }
        }
        if (blocks.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ReportDocument.Section("mixed", "Mixed EBCDIC: the CCSIDs of Japan, Korea and China, measured",
                blocks));
    }

    private static List<List<String>> switchRows(ReportInputs.JvmGroup g) {
        Map<List<String>, Map<Integer, DerivedFigures>> series = new TreeMap<>(MixedSection::compareKeys);
        for (DerivedFigures f : g.of(BenchmarkMethod.CONVERSION_ENCODE.shortName())) {
            Integer switches = SWITCHES.get(f.result().param("workload").orElse(""));
            if (switches == null || !f.result().param("ccsid").orElse("").equals("1399")) {
                continue;
            }
            series.computeIfAbsent(List.of(f.result().param("provider").orElse(""), f.result().param("length").orElse("0")),
                    k -> new TreeMap<>()).put(switches, f);
        }
        List<List<String>> rows = new ArrayList<>();
        series.forEach((key, bySwitches) -> {
            DerivedFigures one = bySwitches.get(1);
            DerivedFigures sixteen = bySwitches.get(16);
            List<String> row = new ArrayList<>(key);
            for (int s : List.of(1, 4, 16)) {
                row.add(Optional.ofNullable(bySwitches.get(s)).map(SteadinessText::level).orElse("–"));
            }
            boolean both = one != null && sixteen != null;
            row.add(both ? Comparison.of("16", sixteen, "1", one).change() : "–");
            double length = Double.parseDouble(key.get(1));
            row.add(both ? String.format(Locale.ROOT, "%.2f", (sixteen.level() - one.level()) / (15 * length / 64)) : "–");
            rows.add(row);
        });
        return rows;
    }

    /** Orders keys element by element, numerically where both elements are numbers. */
    static int compareKeys(List<String> a, List<String> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            String x = a.get(i);
            String y = b.get(i);
            int c = x.matches("\\d+") && y.matches("\\d+") ? Integer.compare(Integer.parseInt(x), Integer.parseInt(y)) : x.compareTo(y);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }
}
