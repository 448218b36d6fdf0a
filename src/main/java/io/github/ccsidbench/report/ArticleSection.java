package io.github.ccsidbench.report;

import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.data.DataShape;
import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.db2.RowShape;
import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.ModelFigures;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * "The article's table, measured": per column choice the INSERT path, client and server cost per row, the change against
 * EBCDIC, what is lost and what SELECT costs, read against the article by {@link ArticleReading}.
 */
final class ArticleSection {

    private ArticleSection() {
    }

    static ReportDocument.Section build(ReportInputs in, List<Answer> answers, ZosEstimate.Costs zos) {
        List<ReportDocument.Block> blocks = new ArrayList<>();
        blocks.add(new ReportDocument.Paragraph("A Java application inserts rows through the type 4 JDBC driver, which sends "
                + "UTF-8; Db2 converts on INSERT into the column's CCSID; on SELECT the server sends the column's bytes and the "
                + "driver decodes them. Each step is a Java implementation of the documented path (docs/db2-model.md), so the "
                + "numbers are this machine's cost of the same work, not z/OS CPU. Per row, each figure the geometric mean of its forks' times per operation (which iterations a fork's figure reads, and how the machine ruler sets each fork to the run's mean host state: docs/how-sure.md); intervals are 95%, with forks as the samples. "
                + SteadinessText.MARK_MEANS + " " + SteadinessText.CELL_MEANS + " The steadiness column covers every figure of the row."));
        boolean any = false;
        Map<String, Charts.Family> chartsByShape = new LinkedHashMap<>(); // one shape's rows are one workload: one scale
        for (ReportInputs.JvmGroup g : in.jvms()) {
            Set<String> shapes = new LinkedHashSet<>();
            g.of(BenchmarkMethod.DB2_INSERT_SERVER.shortName()).forEach(f -> shapes.add(f.result().param("shape").orElse("")));
            shapes.remove(DataShape.NAME); // a user's rows have their own section
            for (String shape : shapes) {
                any = true;
                if (in.severalJvms() || shapes.size() > 1) {
                    blocks.add(new ReportDocument.Paragraph("**" + g.label() + "**, row shape `" + shape + "`:"));
                }
                Map<RowFlavour, Map<ColumnType, Measured>> measured = new LinkedHashMap<>();
                List<List<String>> rows = new ArrayList<>();
                for (RowFlavour flavour : RowFlavour.values()) {
                    Map<ColumnType, Measured> m = measure(g, shape, flavour);
                    if (m.isEmpty()) {
                        continue;
                    }
                    measured.put(flavour, m);
                    rows.addAll(tableRows(flavour, m));
                }
                blocks.add(new ReportDocument.Table("article-" + g.slug() + suffix(shape),
                        List.of("rows", "table encoding", "column subtype", "CCSID", "INSERT path (values)", "client ns/row",
                                "server ns/row", "server 95% CI", "INSERT ns/row", "server vs EBCDIC", "INSERT vs EBCDIC",
                                "chars lost/row", "value bytes/row", "SELECT ns/row", "steadiness"), rows));
                if (measured.containsKey(RowFlavour.ASCII) || measured.containsKey(RowFlavour.ACCENTED)) {
                    blocks.add(new ReportDocument.Paragraph(ArticleReading.reading(in, measured, Answer.server(answers, g, shape))));
                }
                if (measured.containsKey(RowFlavour.JAPANESE)) {
                    blocks.add(new ReportDocument.Paragraph(
                            ArticleReading.japaneseReading(in, measured.get(RowFlavour.JAPANESE))));
                }
                for (Map.Entry<RowFlavour, Map<ColumnType, Measured>> e : measured.entrySet()) {
                    chart(chartsByShape.computeIfAbsent(shape, k -> new Charts.Family(blocks, false)), g, shape, e.getKey(),
                            e.getValue(), in.severalJvms());
                }
                // After the charts: what the same paths would cost on z/OS, from IBM's published cost per conversion.
                for (RowFlavour f : List.of(RowFlavour.ASCII, RowFlavour.ACCENTED)) {
                    if (measured.containsKey(f)) {
                        blocks.addAll(ZosEstimate.forShape(shape, f, ZosEstimate.ROWS_PER_DAY, zos).blocks());
                    }
                }
            }
        }
        chartsByShape.values().forEach(Charts.Family::draw);
        if (!any) {
            blocks.add(new ReportDocument.Paragraph("Not measured in these results: run the standard preset "
                    + "(`mvn -Pbench verify`) or `run --include Db2PathBenchmark`."));
        }
        return new ReportDocument.Section("article", "The article's table, measured", blocks);
    }

    /** The figures for one column type and flavour, with the Db2 model's figures the run recorded (or empty). */
    record Measured(DerivedFigures client, DerivedFigures server, Optional<DerivedFigures> insert,
                            Optional<DerivedFigures> select, Optional<ModelFigures.Entry> model) {

        /** The mean bytes of a row's values in the column's CCSID before padding (NaN when the run recorded none). */
        double valueBytes() {
            return model.map(ModelFigures.Entry::bytesPerRow).orElse(Double.NaN);
        }

        /** Every figure measured for this column type. */
        List<DerivedFigures> figures() {
            List<DerivedFigures> all = new ArrayList<>(List.of(client, server));
            insert.ifPresent(all::add);
            select.ifPresent(all::add);
            return all;
        }
    }

    /** What the results hold for each column type with this shape and flavour (empty when not measured). */
    static Map<ColumnType, Measured> measure(ReportInputs.JvmGroup g, String shape, RowFlavour flavour) {
        Map<ColumnType, Measured> out = new LinkedHashMap<>();
        Optional<DerivedFigures> client = g.find(BenchmarkMethod.DB2_INSERT_CLIENT.shortName(), Map.of("shape", shape, "rows", flavour.id()));
        if (client.isEmpty()) {
            return out;
        }
        for (ColumnType type : ColumnType.values()) {
            Map<String, String> p = Map.of("shape", shape, "rows", flavour.id(), "column", type.id());
            Optional<DerivedFigures> server = g.find(BenchmarkMethod.DB2_INSERT_SERVER.shortName(), p);
            if (server.isEmpty()) {
                continue;
            }
            String selectColumn = type.whatIf() ? ColumnType.UNICODE_SBCS.id() : type.id();
            out.put(type, new Measured(client.get(), server.get(), g.find(BenchmarkMethod.DB2_INSERT.shortName(), p),
                    g.find(BenchmarkMethod.DB2_SELECT_CLIENT.shortName(), Map.of("shape", shape, "rows", flavour.id(), "column", selectColumn)),
                    g.model(shape, flavour.id(), type.id())));
        }
        return out;
    }

    private static List<List<String>> tableRows(RowFlavour flavour, Map<ColumnType, Measured> m) {
        List<List<String>> rows = new ArrayList<>();
        List<ColumnChoice> choices = ColumnChoice.of(flavour);
        ColumnType baseType = choices.get(0).measured();
        Measured ebcdic = m.get(baseType);
        for (ColumnChoice choice : choices) {
            Measured x = m.get(choice.measured());
            if (x == null) {
                continue;
            }
            List<String> row = new ArrayList<>();
            row.add(flavour.id());
            row.add(choice.encoding());
            row.add(choice.subtype());
            row.add(Integer.toString(choice.ccsid()));
            row.add(x.model().map(ModelFigures.Entry::describePaths).orElse("–"));
            row.add(SteadinessText.level(x.client()));
            row.add(SteadinessText.level(x.server()));
            row.add(Numbers.interval(x.server().levelCi().low(), x.server().levelCi().high()));
            row.add(SteadinessText.level(x.insert()));
            boolean base = choice.measured() == baseType;
            row.add(base ? "(base)" : ebcdic == null ? "–" : Comparison.of("", x.server(), "", ebcdic.server()).change());
            row.add(base ? "(base)" : ebcdic == null || x.insert().isEmpty() || ebcdic.insert().isEmpty() ? "–"
                    : Comparison.of("", x.insert().get(), "", ebcdic.insert().get()).change());
            row.add(x.model().map(e -> Numbers.format(e.substitutedPerRow())).orElse("–"));
            row.add(Double.isNaN(x.valueBytes()) ? "–" : Numbers.format(x.valueBytes()));
            row.add(SteadinessText.level(x.select()));
            row.add(SteadinessText.cell(x.figures()));
            rows.add(row);
        }
        return rows;
    }

    private static String suffix(String shape) {
        return RowShape.ARTICLE.equals(shape) ? "" : "-" + shape.replaceAll("[^A-Za-z0-9]+", "-");
    }

    private static void chart(Charts.Family family, ReportInputs.JvmGroup g, String shape, RowFlavour flavour,
                              Map<ColumnType, Measured> m, boolean severalJvms) {
        List<String> categories = new ArrayList<>();
        List<Charts.Point> client = new ArrayList<>();
        List<Charts.Point> server = new ArrayList<>();
        m.forEach((type, x) -> {
            categories.add(type.whatIf() ? "367 direct table (what-if)" : type.ccsid().number() + " " + type.tableEncoding() + " " + type.subtype());
            client.add(Charts.Point.of(0, x.client(), 1));
            server.add(Charts.Point.of(0, x.server(), 1));
        });
        // Grouped, not stacked: a stacked bar cannot carry each part's interval.
        Map<String, List<Charts.Point>> series = new LinkedHashMap<>();
        series.put("client: String to UTF-8", client);
        series.put("server: INSERT conversion", server);
        String title = "INSERT cost per row, client and server, " + flavour.id() + " rows"
                + (severalJvms ? ", " + g.label() : "");
        family.bars("article-" + flavour.id() + "-" + g.slug() + suffix(shape), title, "ns per row", categories, series);
    }
}
