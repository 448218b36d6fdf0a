package io.github.ccsidbench.report;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.results.DerivedFigures;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The JVM side: for each CCSID and provider, encode and decode in ns/char, MB/s and as a multiple
 * of the ISO-8859-1 floor, at the longest length measured; and a chart of encode against decode
 * per CCSID.
 */
final class JvmSection {

    private JvmSection() {
    }

    static ReportDocument.Section build(ReportInputs in) {
        List<ReportDocument.Block> blocks = new ArrayList<>();
        boolean any = false;
        for (ReportInputs.JvmGroup g : in.jvms()) {
            List<DerivedFigures> encodes = g.of("ConversionBenchmark.encode");
            if (encodes.isEmpty()) {
                continue;
            }
            any = true;
            String workload = encodes.stream().anyMatch(f -> f.result().param("workload").orElse("").equals("ascii-text"))
                    ? "ascii-text" : encodes.get(0).result().param("workload").orElse("");
            List<List<String>> rows = new ArrayList<>();
            Map<Ccsid, Map<String, double[]>> chartData = new LinkedHashMap<>();
            for (Ccsid ccsid : CcsidRegistry.all()) {
                for (ConverterProvider provider : Providers.all()) {
                    Optional<DerivedFigures> enc = longest(g, "ConversionBenchmark.encode", ccsid, provider.name(), workload);
                    Optional<DerivedFigures> dec = longest(g, "ConversionBenchmark.decode", ccsid, provider.name(), workload);
                    if (enc.isEmpty() && dec.isEmpty()) {
                        continue;
                    }
                    String length = enc.or(() -> dec).flatMap(f -> f.result().param("length")).orElse("");
                    rows.add(List.of(Integer.toString(ccsid.number()), provider.name(), length,
                            enc.map(f -> Numbers.format(f.nsPerChar())).orElse("–"),
                            enc.map(f -> Numbers.format(f.mbPerSecond())).orElse("–"),
                            enc.map(f -> Numbers.format(f.xFloor())).orElse("–"),
                            dec.map(f -> Numbers.format(f.nsPerChar())).orElse("–"),
                            dec.map(f -> Numbers.format(f.mbPerSecond())).orElse("–"),
                            dec.map(f -> Numbers.format(f.xFloor())).orElse("–")));
                    chartData.computeIfAbsent(ccsid, k -> new LinkedHashMap<>()).put(provider.name(), new double[]{
                            enc.map(f -> f.nsPerChar().orElse(Double.NaN)).orElse(Double.NaN),
                            dec.map(f -> f.nsPerChar().orElse(Double.NaN)).orElse(Double.NaN)});
                }
            }
            if (in.severalJvms()) {
                blocks.add(new ReportDocument.Paragraph("**" + g.label() + "**:"));
            }
            blocks.add(new ReportDocument.Paragraph("Workload `" + workload + "`, the longest length measured; x floor is "
                    + "the ratio to the ISO-8859-1 copy of the same length in the same run."));
            blocks.add(new ReportDocument.Table("jvm-" + g.slug(), List.of("CCSID", "provider", "length", "encode ns/char",
                    "encode MB/s", "encode x floor", "decode ns/char", "decode MB/s", "decode x floor"), rows));
            blocks.add(new ReportDocument.Paragraph(reading(g, workload)));
            chartData.forEach((ccsid, byProvider) -> {
                if (byProvider.values().stream().noneMatch(v -> Double.isNaN(v[0]) && Double.isNaN(v[1]))) {
                    List<String> providers = new ArrayList<>(byProvider.keySet());
                    Map<String, List<Double>> series = new LinkedHashMap<>();
                    series.put("encode", providers.stream().map(p -> byProvider.get(p)[0]).toList());
                    series.put("decode", providers.stream().map(p -> byProvider.get(p)[1]).toList());
                    blocks.add(Charts.bars("encode-decode-" + ccsid.number() + "-" + g.slug(), "CCSID " + ccsid.number()
                            + ": encode against decode, ns/char (" + workload + ")" + (in.severalJvms() ? ", " + g.label() : ""),
                            "ns per character", providers, series, false));
                }
            });
        }
        if (!any) {
            blocks.add(new ReportDocument.Paragraph("Not measured in these results: no ConversionBenchmark results."));
        }
        return new ReportDocument.Section("jvm", "The JVM side: String to bytes and back", blocks);
    }

    private static Optional<DerivedFigures> longest(ReportInputs.JvmGroup g, String benchmark, Ccsid ccsid, String provider,
                                                    String workload) {
        return g.of(benchmark).stream()
                .filter(f -> f.result().param("ccsid").orElse("").equals(Integer.toString(ccsid.number()))
                        && f.result().param("provider").orElse("").equals(provider)
                        && f.result().param("workload").orElse("").equals(workload))
                .max(Comparator.comparingInt(f -> Integer.parseInt(f.result().param("length").orElse("0"))));
    }

    /** Reads the JDK rows for 37, 367 and 1208: where does the JVM put the cost? */
    private static String reading(ReportInputs.JvmGroup g, String workload) {
        Map<Integer, Double> encode = new LinkedHashMap<>();
        for (int number : List.of(37, 367, 1208)) {
            longest(g, "ConversionBenchmark.encode", CcsidRegistry.byNumber(number), "jdk", workload)
                    .ifPresent(f -> f.xFloor().ifPresent(x -> encode.put(number, x)));
        }
        if (encode.size() < 3) {
            return "The JDK's encode of 37, 367 and 1208 is needed to compare the JVM side with the article.";
        }
        boolean reversed = encode.get(37) > encode.get(367) && encode.get(37) > encode.get(1208);
        return String.format(Locale.ROOT, "Through the JDK's String API, encoding costs %.1f times the floor for 37, %.1f for "
                + "367 and %.1f for 1208. %s", encode.get(37), encode.get(367), encode.get(1208), reversed
                ? "Inside the JVM the article's ranking is turned around: EBCDIC is the expensive one, because the JDK "
                + "special-cases US-ASCII and UTF-8 with intrinsics and IBM037 has none."
                : "Inside the JVM, 37 is not the most expensive here.");
    }
}
