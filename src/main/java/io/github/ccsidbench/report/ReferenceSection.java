package io.github.ccsidbench.report;

import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.Stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * How much of the EBCDIC cost is necessary: the reference codec (SIMD and scalar) against the JDK,
 * ICU4J, JTOpen and the ISO-8859-1 floor, per length, and the codec's targets checked: encode and
 * decode of 1 KiB and 64 KiB within 2.0x the floor (on JDK 25), and no slower than the JDK from 8 to
 * 32 characters.
 */
final class ReferenceSection {

    static final double FLOOR_TARGET = 2.0;
    private static final List<String> PROVIDERS = List.of("reference", "reference-scalar", "jdk", "icu", "jt400");

    private ReferenceSection() {
    }

    static Optional<ReportDocument.Section> build(ReportInputs in) {
        List<ReportDocument.Block> blocks = new ArrayList<>();
        for (ReportInputs.JvmGroup g : in.jvms()) {
            if (g.figures().stream().noneMatch(f -> f.result().param("provider").orElse("").equals("reference"))) {
                continue;
            }
            if (blocks.isEmpty()) {
                blocks.add(new ReportDocument.Paragraph("CCSID 37, `ascii-text`: each cell is the median as a multiple of the "
                        + "ISO-8859-1 floor of the same length in the same run (its fastest fork). `reference` runs the SIMD "
                        + "translator when its forks have the Vector API, which the run gives them; `reference-scalar` never does. "
                        + SteadinessText.MARK_MEANS + " The steadiness column covers every figure of the row. "
                        + SteadinessText.CELL_MEANS));
            }
            if (in.severalJvms()) {
                blocks.add(new ReportDocument.Paragraph("**" + g.label() + "**:"));
            }
            List<List<String>> rows = new ArrayList<>();
            TreeSet<Integer> lengths = new TreeSet<>();
            g.of("ConversionBenchmark.encode").stream().filter(f -> is(f, "reference", "ascii-text"))
                    .forEach(f -> lengths.add(Integer.parseInt(f.result().param("length").orElse("0"))));
            for (String op : List.of("encode", "decode")) {
                for (int length : lengths) {
                    List<String> row = new ArrayList<>(List.of(op, Integer.toString(length)));
                    List<DerivedFigures> shown = new ArrayList<>();
                    for (String provider : PROVIDERS) {
                        Optional<DerivedFigures> f = find(g, op, provider, length);
                        f.ifPresent(shown::add);
                        row.add(f.map(x -> Numbers.format(x.xFloor()) + SteadinessText.mark(x)).orElse("–"));
                    }
                    row.add(SteadinessText.median(find(g, op, "reference", length)));
                    row.add(SteadinessText.median(find(g, op, "jdk", length)));
                    row.add(SteadinessText.cell(shown));
                    rows.add(row);
                }
            }
            List<String> header = new ArrayList<>(List.of("operation", "length"));
            PROVIDERS.forEach(p -> header.add(p + " x floor"));
            header.addAll(List.of("reference ns/op", "jdk ns/op", "steadiness"));
            blocks.add(new ReportDocument.Table("reference-" + g.slug(), header, rows));
            blocks.add(new ReportDocument.Paragraph(targets(g)));
        }
        if (blocks.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ReportDocument.Section("reference", "The floor: the reference EBCDIC codec", blocks));
    }

    /** The targets, each said to be met or not, with the numbers. */
    static String targets(ReportInputs.JvmGroup g) {
        StringBuilder sb = new StringBuilder("**Targets** (set for JDK 25; measured here on " + g.label() + "): ");
        List<String> parts = new ArrayList<>();
        for (String op : List.of("encode", "decode")) {
            for (int length : List.of(1024, 65536)) {
                find(g, op, "reference", length).ifPresent(f -> {
                    double x = f.xFloor().orElse(Double.NaN);
                    parts.add(String.format(Locale.ROOT, "%s %s: %.2fx the floor (%s)", op, length == 1024 ? "1 KiB" : "64 KiB", x,
                            (x <= FLOOR_TARGET ? "met" : "not met") + (f.decisive() ? "" : ", not decisive: "
                                    + SteadinessText.whyNotDecisive(f))));
                });
            }
        }
        for (String op : List.of("encode", "decode")) {
            List<String> slower = new ArrayList<>();
            List<String> checked = new ArrayList<>();
            for (int length : List.of(8, 16, 32)) {
                Optional<DerivedFigures> ours = find(g, op, "reference", length);
                Optional<DerivedFigures> jdk = find(g, op, "jdk", length);
                if (ours.isPresent() && jdk.isPresent()) {
                    double ratio = ours.get().median() / jdk.get().median();
                    Stats.Interval ci = Stats.bootstrapRatio(ours.get().result().rawData(), jdk.get().result().rawData(),
                            DerivedFigures.CONFIDENCE, length * 31L + op.hashCode());
                    checked.add(String.format(Locale.ROOT, "%d: %.2f [%.2f, %.2f]", length, ratio, ci.low(), ci.high()));
                    if (ci.low() > 1) {
                        slower.add(Integer.toString(length));
                    }
                }
            }
            if (!checked.isEmpty()) {
                parts.add(op + " against the JDK at 8 to 32 characters (reference / jdk, 95% interval) " + String.join("; ", checked)
                        + (slower.isEmpty() ? " (met: never significantly slower)" : " (not met: slower at " + String.join(", ", slower) + ")"));
            }
        }
        return sb.append(parts.isEmpty() ? "not measured (run the reference preset)." : String.join("; ", parts) + ".").toString();
    }

    private static Optional<DerivedFigures> find(ReportInputs.JvmGroup g, String op, String provider, int length) {
        return g.find("ConversionBenchmark." + op, Map.of("ccsid", "37", "provider", provider, "workload", "ascii-text",
                "length", Integer.toString(length)));
    }

    private static boolean is(DerivedFigures f, String provider, String workload) {
        return f.result().param("provider").orElse("").equals(provider) && f.result().param("workload").orElse("").equals(workload)
                && f.result().param("ccsid").orElse("").equals("37");
    }
}
