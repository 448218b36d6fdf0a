package io.github.ccsidbench.report;

import io.github.ccsidbench.bench.AnswerBenchmarks;
import io.github.ccsidbench.bench.BenchmarkMethod;
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
 * The JVM side: each CCSID and provider's encode and decode in ns/char, MB/s and multiples of the floor, at the longest
 * length measured, with charts of the JDK's 37, 367 and 1208 and of encode against decode.
 */
final class JvmSection {

    private JvmSection() {
    }

    /** Which way these figures point for a JVM on z/OS, with sources; nothing here measures a JVM on z. */
    static final String ON_Z = "**These are x86 figures.** They predict what a JVM on x86 does, not one on z/OS. HotSpot's "
            + "String intrinsics cover UTF-8, ISO-8859-1 and US-ASCII only (JDK-8261744, JDK-8274242; its s390 port has the "
            + "same ASCII-compatible forms), so IBM037 stays a per-character table loop there too. IBM Semeru (OpenJ9) turns "
            + "recognised single-byte converter loops into the translate instructions TROT and TRTO on z/Architecture only "
            + "(on x86-64 only the ASCII and ISO-8859-1 forms), so on a z/OS JVM the EBCDIC conversion the x86 figures call "
            + "several times dearer may cost close to a copy. Nothing in this tool measures either JVM on z.";

    static ReportDocument.Section build(ReportInputs in, List<Answer> answers) {
        List<ReportDocument.Block> blocks = new ArrayList<>();
        boolean any = false;
        Charts.Family jdkCharts = new Charts.Family(blocks, false);
        Charts.Family ccsidCharts = new Charts.Family(blocks, false);
        for (ReportInputs.JvmGroup g : in.jvms()) {
            List<DerivedFigures> encodes = g.of(BenchmarkMethod.CONVERSION_ENCODE.shortName());
            if (encodes.isEmpty()) {
                continue;
            }
            any = true;
            String workload = encodes.stream().anyMatch(f -> f.result().param("workload").orElse("").equals(AnswerBenchmarks.WORKLOAD))
                    ? AnswerBenchmarks.WORKLOAD : encodes.get(0).result().param("workload").orElse("");
            List<List<String>> rows = new ArrayList<>();
            Map<Ccsid, Map<String, Charts.Point[]>> chartData = new LinkedHashMap<>();
            for (Ccsid ccsid : CcsidRegistry.all()) {
                for (ConverterProvider provider : Providers.all()) {
                    Optional<DerivedFigures> enc = longest(g, BenchmarkMethod.CONVERSION_ENCODE.shortName(), ccsid, provider.name(), workload);
                    Optional<DerivedFigures> dec = longest(g, BenchmarkMethod.CONVERSION_DECODE.shortName(), ccsid, provider.name(), workload);
                    if (enc.isEmpty() && dec.isEmpty()) {
                        continue;
                    }
                    String length = enc.or(() -> dec).flatMap(f -> f.result().param("length")).orElse("");
                    List<DerivedFigures> both = new ArrayList<>();
                    enc.ifPresent(both::add);
                    dec.ifPresent(both::add);
                    rows.add(List.of(Integer.toString(ccsid.number()), provider.name(), length,
                            enc.map(f -> Numbers.format(f.nsPerChar()) + SteadinessText.mark(f)).orElse("–"),
                            enc.map(f -> Numbers.format(f.mbPerSecond())).orElse("–"),
                            enc.map(f -> Numbers.format(f.xFloor())).orElse("–"),
                            dec.map(f -> Numbers.format(f.nsPerChar()) + SteadinessText.mark(f)).orElse("–"),
                            dec.map(f -> Numbers.format(f.mbPerSecond())).orElse("–"),
                            dec.map(f -> Numbers.format(f.xFloor())).orElse("–"),
                            SteadinessText.cell(both)));
                    chartData.computeIfAbsent(ccsid, k -> new LinkedHashMap<>()).put(provider.name(),
                            new Charts.Point[]{perChar(enc), perChar(dec)});
                }
            }
            if (in.severalJvms()) {
                blocks.add(new ReportDocument.Paragraph("**" + g.label() + "**:"));
            }
            blocks.add(new ReportDocument.Paragraph("Workload `" + workload + "`, the longest length measured; x floor is "
                    + "the ratio to the ISO-8859-1 copy of the same length in the same run. " + SteadinessText.MARK_MEANS
                    + " The steadiness column covers encode and decode together; " + SteadinessText.CELL_MEANS));
            blocks.add(new ReportDocument.Table("jvm-" + g.slug(), List.of("CCSID", "provider", "length", "encode ns/char",
                    "encode MB/s", "encode x floor", "decode ns/char", "decode MB/s", "decode x floor", "steadiness"), rows));
            blocks.add(new ReportDocument.Paragraph(reading(Answer.jvm(answers, g, workload))));
            jdkChart(jdkCharts, g, workload, in.severalJvms());
            blocks.add(new ReportDocument.Paragraph(ON_Z));
            chartData.forEach((ccsid, byProvider) -> {
                if (byProvider.values().stream().noneMatch(v -> Double.isNaN(v[0].level()) && Double.isNaN(v[1].level()))) {
                    List<String> providers = new ArrayList<>(byProvider.keySet());
                    Map<String, List<Charts.Point>> series = new LinkedHashMap<>();
                    series.put("encode", providers.stream().map(p -> byProvider.get(p)[0]).toList());
                    series.put("decode", providers.stream().map(p -> byProvider.get(p)[1]).toList());
                    ccsidCharts.bars("encode-decode-" + ccsid.number() + "-" + g.slug(), "CCSID " + ccsid.number()
                            + ": encode against decode, ns/char (" + workload + ")" + (in.severalJvms() ? ", " + g.label() : ""),
                            "ns per character", providers, series);
                }
            });
        }
        jdkCharts.draw();
        ccsidCharts.draw();
        if (!any) {
            blocks.add(new ReportDocument.Paragraph("Not measured in these results: no ConversionBenchmark results."));
        }
        return new ReportDocument.Section("jvm", "The JVM side: String to bytes and back", blocks);
    }

    private static Optional<DerivedFigures> longest(ReportInputs.JvmGroup g, String benchmark, Ccsid ccsid, String provider,
                                                    String workload) {
        return g.of(benchmark, Map.of("ccsid", Integer.toString(ccsid.number()), "provider", provider, "workload", workload)).stream()
                .max(Comparator.comparingInt(f -> Integer.parseInt(f.result().param("length").orElse("0"))));
    }

    /** ns/char of a figure with its interval (missing when not measured). */
    private static Charts.Point perChar(Optional<DerivedFigures> f) {
        return f.filter(x -> x.nsPerChar().isPresent())
                .map(x -> Charts.Point.of(0, x, x.nsPerChar().getAsDouble() / x.level()))
                .orElse(Charts.Point.missing(0));
    }

    /** The chart of the JDK's 37, 367 and 1208 as multiples of the floor, which {@link #reading} compares; or none. */
    private static void jdkChart(Charts.Family family, ReportInputs.JvmGroup g, String workload, boolean severalJvms) {
        List<String> categories = new ArrayList<>();
        List<Charts.Point> encode = new ArrayList<>();
        List<Charts.Point> decode = new ArrayList<>();
        for (int number : AnswerBenchmarks.CCSIDS) {
            Charts.Point enc = xFloor(longest(g, BenchmarkMethod.CONVERSION_ENCODE.shortName(), CcsidRegistry.byNumber(number),
                    "jdk", workload));
            Charts.Point dec = xFloor(longest(g, BenchmarkMethod.CONVERSION_DECODE.shortName(), CcsidRegistry.byNumber(number),
                    "jdk", workload));
            if (!Double.isNaN(enc.level()) || !Double.isNaN(dec.level())) {
                categories.add("CCSID " + number);
                encode.add(enc);
                decode.add(dec);
            }
        }
        if (!categories.isEmpty()) {
            Map<String, List<Charts.Point>> series = new LinkedHashMap<>();
            series.put("encode", encode);
            series.put("decode", decode);
            family.bars("jdk-x-floor-" + g.slug(), "The JDK's String API: 37, 367 and 1208 as multiples of the ISO-8859-1 "
                            + "floor (" + workload + ")" + (severalJvms ? ", " + g.label() : ""), "x ISO-8859-1 floor",
                    categories, series);
        }
    }

    /** The multiple of the floor of a figure with its interval (missing when not measured or without a floor). */
    private static Charts.Point xFloor(Optional<DerivedFigures> f) {
        return f.flatMap(x -> x.xFloorCi().map(ci -> new Charts.Point(0, x.xFloor().getAsDouble(), ci.low(), ci.high())))
                .orElse(Charts.Point.missing(0));
    }

    /** Where the JVM puts the cost ({@link Answer.Jvm}); the article's ranking turned around only when {@link Comparison} ranks it so. */
    static String reading(Optional<Answer.Jvm> jvm) {
        if (jvm.isEmpty()) {
            return "The JDK's encode and decode of 37, 367 and 1208 at one length are needed to compare the JVM side with the"
                    + " article.";
        }
        Map<Integer, DerivedFigures> encode = jvm.get().encode();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "Through the JDK's String API, encoding costs %.1f "
                        + "times the floor for 37, %.1f for 367 and %.1f for 1208. ", encode.get(37).xFloor().getAsDouble(),
                encode.get(367).xFloor().getAsDouble(), encode.get(1208).xFloor().getAsDouble()));
        List<Comparison> against = List.of(jvm.get().encode367(), jvm.get().encode1208());
        if (against.stream().allMatch(c -> c.direction() > 0)) {
            sb.append("Inside the JVM the article's ranking is turned around: EBCDIC is the expensive one (37 against 367 ")
                    .append(against.get(0).change()).append(", against 1208 ").append(against.get(1).change())
                    .append("), because the JDK special-cases US-ASCII and UTF-8 with intrinsics and IBM037 has none.");
        } else if (against.stream().anyMatch(c -> c.direction() < 0)) {
            sb.append("Inside the JVM, 37 is not the most expensive here: ").append(String.join("; ",
                    against.stream().map(Comparison::sentence).toList())).append('.');
        } else {
            sb.append("Whether 37 is the most expensive inside the JVM this run cannot say: ").append(String.join("; ",
                    against.stream().map(Comparison::sentence).toList())).append('.');
        }
        return sb.toString();
    }
}
