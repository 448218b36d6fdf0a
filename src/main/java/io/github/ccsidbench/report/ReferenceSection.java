package io.github.ccsidbench.report;

import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.bench.ConversionBenchmark;
import io.github.ccsidbench.stats.Stats;
import io.github.ccsidbench.results.DerivedFigures;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * How much of the EBCDIC cost is necessary: the reference codec against the other providers and the floor, per length,
 * and its targets checked (docs/reference-codec.md, "Measuring it").
 */
final class ReferenceSection {

    /** The floor targets: 2.0x on JDK 25 and later, 3.0x on earlier JDKs (an incubating Vector API compiling less well). */
    static final double FLOOR_TARGET = 2.0;
    static final double FLOOR_TARGET_BEFORE_25 = 3.0;
    /** Accented Latin-1 text (both halves of the table) costs at most 1.25x English text. */
    static final double LATIN1_TARGET = 1.25;
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
                blocks.add(new ReportDocument.Paragraph("CCSID 37, `ascii-text`: each cell is the level as a multiple of the "
                        + "ISO-8859-1 floor of the same length in the same run (over all its forks). `reference` runs the SIMD "
                        + "translator when its forks have the Vector API, which the run gives them; `reference-scalar` never does. "
                        + SteadinessText.MARK_MEANS + " The steadiness column covers every figure of the row. "
                        + SteadinessText.CELL_MEANS));
            }
            if (in.severalJvms()) {
                blocks.add(new ReportDocument.Paragraph("**" + g.label() + "**:"));
            }
            List<List<String>> rows = new ArrayList<>();
            TreeSet<Integer> lengths = new TreeSet<>();
            g.of(BenchmarkMethod.CONVERSION_ENCODE.shortName()).stream().filter(f -> is(f, "reference", "ascii-text"))
                    .forEach(f -> lengths.add(Integer.parseInt(f.result().param("length").orElse("0"))));
            for (String op : List.of("encode", "decode", "roundTrip")) {
                for (int length : lengths) {
                    if (op.equals("roundTrip") && find(g, op, "reference", length).isEmpty()) {
                        continue; // round trips are measured at fewer lengths (what an application does: both in one JVM)
                    }
                    List<String> row = new ArrayList<>(List.of(op.equals("roundTrip") ? "round trip" : op, Integer.toString(length)));
                    List<DerivedFigures> shown = new ArrayList<>();
                    for (String provider : PROVIDERS) {
                        Optional<DerivedFigures> f = find(g, op, provider, length);
                        f.ifPresent(shown::add);
                        row.add(f.map(x -> Numbers.format(x.xFloor()) + (x.xFloorDecisive() ? "" : SteadinessText.MARK)).orElse("–"));
                    }
                    row.add(SteadinessText.level(find(g, op, "reference", length)));
                    row.add(SteadinessText.level(find(g, op, "jdk", length)));
                    row.add(SteadinessText.cell(shown));
                    rows.add(row);
                }
            }
            List<String> header = new ArrayList<>(List.of("operation", "length"));
            PROVIDERS.forEach(p -> header.add(p + " x floor"));
            header.addAll(List.of("reference ns/op", "jdk ns/op", "steadiness"));
            blocks.add(new ReportDocument.Table("reference-" + g.slug(), header, rows));
            blocks.add(new ReportDocument.Paragraph(targets(g, vectorClass(in, g))));
        }
        if (blocks.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ReportDocument.Section("reference", "The floor: the reference EBCDIC codec", blocks));
    }

    /** "AVX-512 VBMI: NAME (family F, model M); UseAVX=3; reference translator: ..." of the group's run; "" when unrecorded. */
    static String vectorClass(ReportInputs in, ReportInputs.JvmGroup g) {
        return g.figures().stream().filter(f -> is(f, "reference", "ascii-text")).findFirst()
                .flatMap(f -> in.sourceOf(f.result())).flatMap(ReportInputs.Source::environment)
                .map(e -> e.vectorClass() + ": " + e.cpu() + (e.vector() == null ? "" : "; " + e.vector())).orElse("");
    }

    /** The floor target of the group's JDK. */
    static double floorTarget(ReportInputs.JvmGroup g) {
        int major = g.figures().isEmpty() ? 0 : g.figures().get(0).result().jvm().majorVersion();
        return major > 0 && major < 25 ? FLOOR_TARGET_BEFORE_25 : FLOOR_TARGET;
    }

    /** The targets, each said to be met or not, with the numbers, naming the CPU class they were measured on when known. */
    static String targets(ReportInputs.JvmGroup g, String vectorClass) {
        double target = floorTarget(g);
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "**Targets** (%.1fx the floor on every CPU class for JDK %s; "
                + "measured here on %s%s): ", target, target == FLOOR_TARGET ? "25 and later" : "17 to 24", g.label(),
                vectorClass.isEmpty() ? "" : ", CPU class " + vectorClass));
        List<String> parts = new ArrayList<>();
        for (String op : List.of("encode", "decode")) {
            for (int length : List.of(1024, 65536)) {
                find(g, op, "reference", length).ifPresent(f -> {
                    double x = f.xFloor().orElse(Double.NaN);
                    parts.add(String.format(Locale.ROOT, "%s %s: %.2fx the floor (%s)", op, length == 1024 ? "1 KiB" : "64 KiB", x,
                            (x <= target ? "met" : "not met") + (f.decisive() ? "" : ", not decisive: "
                                    + SteadinessText.whyNotDecisive(f))));
                });
            }
        }
        for (String op : List.of("encode", "decode")) {
            for (int length : List.of(1024, 65536)) {
                Optional<DerivedFigures> latin = find(g, op, "reference", length, "latin1-text");
                Optional<DerivedFigures> ascii = find(g, op, "reference", length);
                if (latin.isPresent() && ascii.isPresent()) {
                    double ratio = latin.get().level() / ascii.get().level();
                    parts.add(String.format(Locale.ROOT, "%s %s latin1-text: %.2fx ascii-text (%s)", op, length == 1024 ? "1 KiB" : "64 KiB",
                            ratio, ratio <= LATIN1_TARGET ? "met" : "not met"));
                }
            }
        }
        for (String op : List.of("encode", "decode")) {
            List<String> slower = new ArrayList<>();
            List<String> checked = new ArrayList<>();
            for (int length : List.of(8, 16, 32)) {
                Optional<DerivedFigures> ours = find(g, op, "reference", length);
                Optional<DerivedFigures> jdk = find(g, op, "jdk", length);
                if (ours.isPresent() && jdk.isPresent()) {
                    Comparison c = Comparison.of("reference", ours.get(), "jdk", jdk.get());
                    double ratio = c.ratio();
                    Stats.Interval ci = c.ci();
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
        return find(g, op, provider, length, "ascii-text");
    }

    private static Optional<DerivedFigures> find(ReportInputs.JvmGroup g, String op, String provider, int length, String workload) {
        BenchmarkMethod method = BenchmarkMethod.of(ConversionBenchmark.class, op).orElseThrow();
        return g.find(method.shortName(), Map.of("ccsid", "37", "provider", provider, "workload", workload,
                "length", Integer.toString(length)));
    }

    private static boolean is(DerivedFigures f, String provider, String workload) {
        return f.result().param("provider").orElse("").equals(provider) && f.result().param("workload").orElse("").equals(workload)
                && f.result().param("ccsid").orElse("").equals("37");
    }
}
