package io.github.ccsidbench.report;

import io.github.ccsidbench.machine.CpuNames;
import io.github.ccsidbench.results.RunEnvironment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The README's shop answers, between their markers: which committed runs answer a shop, and the text {@code report --readme}
 * writes from them ({@link ShopAnswer} answers one run).
 */
final class ShopsInReadme {

    private ShopsInReadme() {
    }

    /** A run that answers a shop, with its answers, each run read on its own. */
    record Answered(ReportInputs.Source source, List<ShopAnswer> shops) {

        /** The run's Java feature release; unknown ones last. */
        int feature() {
            int v = source.results().isEmpty() ? 0 : source.results().get(0).jvm().majorVersion();
            return v == 0 ? Integer.MAX_VALUE : v;
        }

        /** The preset that measured it ("dbcs", "countries"), or "" when not recorded. */
        String preset() {
            return source.environment().map(RunEnvironment::preset).orElse("");
        }

        /** The first shop it answers, in the model's order of flavours: where its block goes. */
        int firstShop() {
            return shops.stream().mapToInt(s -> s.flavour().ordinal()).min().orElse(Integer.MAX_VALUE);
        }
    }

    /** The runs among {@code sources} that answer a shop, with their answers at IBM's published costs. */
    static List<Answered> answered(List<ReportInputs.Source> sources) {
        return sources.stream().map(s -> new Answered(s, ShopAnswer.of(new ReportInputs(List.of(s)), ZosEstimate.Costs.of(null, null))))
                .filter(a -> !a.shops().isEmpty()).toList();
    }

    /**
     * The runs the README quotes for the shops: per preset, the oldest JDK's newest run that answers them, in the model's
     * order of shops (the mixed-EBCDIC ones, then the single-byte countries).
     */
    private static List<Answered> references(List<Answered> runs) {
        Map<String, Answered> byPreset = new TreeMap<>();
        Comparator<Answered> order = Comparator.comparingInt(Answered::feature)
                .thenComparing(a -> a.source().environment().map(RunEnvironment::date).orElse(""), Comparator.reverseOrder());
        for (Answered a : runs) {
            byPreset.merge(a.preset(), a, (x, y) -> order.compare(x, y) <= 0 ? x : y);
        }
        return byPreset.values().stream().sorted(Comparator.comparingInt(Answered::firstShop)).toList();
    }

    /** The README's lines around the shops' answer. */
    static final String BEGIN = "<!-- shops: begin, written by `report --readme` from the committed runs -->";
    static final String END = "<!-- shops: end -->";

    /** The runs among {@code sources} that answer a shop, each read on its own. */
    static List<ReportInputs.Source> runs(List<ReportInputs.Source> sources) {
        return sources(answered(sources));
    }

    /** The runs of {@code answered}, in order. */
    static List<ReportInputs.Source> sources(List<Answered> answered) {
        return answered.stream().map(Answered::source).toList();
    }

    /** The README's text between its shop markers, from the runs that answer a shop, links relative to {@code readmeDir}. */
    static String readme(List<ReportInputs.Source> sources, Path readmeDir) {
        return readmeOf(answered(sources), readmeDir);
    }

    private static String readmeOf(List<Answered> answered, Path readmeDir) {
        List<Answered> refs = references(answered);
        if (refs.isEmpty()) {
            return "No committed run measures a shop's own rows yet: `run --preset dbcs` and `run --preset countries` do.\n";
        }
        List<ReportDocument.Block> b = new ArrayList<>();
        for (Answered ref : refs) {
            ReportInputs.Source s = ref.source();
            List<ShopAnswer> shops = ref.shops();
            boolean mixed = shops.stream().allMatch(x -> x.flavour().mixed());
            b.add(new ReportDocument.Paragraph(mixed ? "**Mixed EBCDIC shops:**" : shops.stream().noneMatch(x -> x.flavour().mixed())
                    ? "**Single-byte EBCDIC shops outside the US:**" : "**Shops:**"));
            b.add(Recommendation.paragraph(String.join("\n", shops.stream().map(ShopAnswer::bullet).toList())));
            b.add(Recommendation.paragraph("Measured on " + s.environment().map(e -> CpuNames
                    .readable(e.cpu(), e.vectorClass())).orElse("(CPU not recorded)") + ", JDK " + s.results().get(0).jvm().jdkVersion()
                    + Recommendation.day(s.environment()).map(d -> ", " + d).orElse("")
                    + ", preset " + s.environment().map(RunEnvironment::preset).orElse("?") + " ([its report]("
                    + s.folder().map(f -> RunsIndex.link(readmeDir, f.resolve(Report.MARKDOWN))).orElse("?") + ")); the words"
                    + " as in the answer above; the paragraph under its report's answer (*How sure*, or *This run was disturbed*) says"
                    + " why a figure is marked `*`. The z/OS column is Db2's"
                    + " conversion of a type 4 driver's UTF-8; with a type 2 driver the JVM on z/OS converts instead, which is not"
                    + " measured."));
            b.add(new ReportDocument.Table("shops", ShopAnswer.HEADER, ShopAnswer.rows(shops), 2));
        }
        return ReportRenderers.markdown(b);
    }

    /** {@code readme} with the text between its shop markers replaced; unchanged when it has none. */
    static String intoReadme(String readme, List<Answered> answered, Path readmeDir) {
        int begin = readme.indexOf(BEGIN);
        int end = readme.indexOf(END);
        if (begin < 0 || end < begin) {
            return readme;
        }
        return readme.substring(0, begin + BEGIN.length()) + "\n" + readmeOf(answered, readmeDir) + readme.substring(end);
    }

    /** The text a README holds between its shop markers, or empty. */
    static Optional<String> inReadme(String readme) {
        int begin = readme.indexOf(BEGIN);
        int end = readme.indexOf(END);
        return begin < 0 || end < begin ? Optional.empty() : Optional.of(readme.substring(begin + BEGIN.length() + 1, end));
    }
}
