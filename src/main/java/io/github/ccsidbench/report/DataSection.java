package io.github.ccsidbench.report;

import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.data.DataProfile;
import io.github.ccsidbench.data.DataShape;
import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.results.DerivedFigures;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * "Your data": the article's question answered on a user's own rows ({@code run --data}), first in the report when
 * present, showing no value of the data (docs/your-data.md, "The report").
 */
final class DataSection {

    private DataSection() {
    }

    /** The section, when the results hold a user's rows. */
    static Optional<ReportDocument.Section> build(ReportInputs in, ZosEstimate.Costs zos) {
        List<ReportDocument.Block> blocks = new ArrayList<>();
        for (ReportInputs.Source source : in.sources()) {
            Optional<DataProfile> profile = source.data();
            if (profile.isEmpty()) {
                continue;
            }
            for (ReportInputs.JvmGroup g : in.jvms()) {
                if (g.of(BenchmarkMethod.DB2_INSERT_SERVER.shortName()).stream().noneMatch(DataSection::isData)
                        && g.of(BenchmarkMethod.DATA_ENCODE.shortName()).isEmpty()) {
                    continue;
                }
                blocks.addAll(blocks(in, g, profile.get(), zos));
            }
        }
        return blocks.isEmpty() ? Optional.empty() : Optional.of(new ReportDocument.Section("your-data", "Your data", blocks));
    }

    private static boolean isData(DerivedFigures f) {
        return f.result().param("shape").orElse("").equals(DataShape.NAME);
    }

    private static List<ReportDocument.Block> blocks(ReportInputs in, ReportInputs.JvmGroup g, DataProfile p, ZosEstimate.Costs zos) {
        List<ReportDocument.Block> blocks = new ArrayList<>();
        blocks.add(new ReportDocument.Paragraph(String.format(Locale.ROOT, "Your rows: `%s`, %,d rows and %d columns (%s); a "
                        + "seeded sample of %,d rows (seed %d) was measured%s. No value of the data is shown here or written "
                        + "anywhere: characters are named by code point.", p.source(), p.rowsInFile(), p.columns().size(),
                String.join(", ", p.columns()), p.rowsSampled(), p.seed(), in.severalJvms() ? " on " + g.label() : "")));
        for (DataProfile.LeftOut l : p.leftOut()) {
            blocks.add(new ReportDocument.Paragraph("Not measured: " + l.line() + "."));
        }
        Map<String, String> base = Map.of("shape", DataShape.NAME, "rows", DataShape.NAME);
        Optional<DerivedFigures> client = g.find(BenchmarkMethod.DB2_INSERT_CLIENT.shortName(), base);
        Optional<DerivedFigures> server37 = server(g, "37");
        List<List<String>> rows = new ArrayList<>();
        List<Comparison> readings = new ArrayList<>();
        for (DataProfile.Choice choice : p.choices()) {
            ColumnType type = ColumnType.byId(choice.column());
            Optional<DerivedFigures> server = server(g, choice.column());
            if (server.isEmpty()) {
                continue;
            }
            Optional<DerivedFigures> insert = g.find(BenchmarkMethod.DB2_INSERT.shortName(), column(choice.column()));
            Optional<DerivedFigures> select = g.find(BenchmarkMethod.DB2_SELECT_CLIENT.shortName(),
                    column(type.whatIf() ? ColumnType.UNICODE_SBCS.id() : choice.column()));
            boolean isBase = choice.column().equals("37");
            Optional<Comparison> vs37 = isBase ? Optional.empty() : server37.map(b -> Comparison.of(choice.column(), server.get(), "37", b));
            vs37.filter(c -> !type.whatIf()).ifPresent(readings::add);
            List<DerivedFigures> all = new ArrayList<>(List.of(server.get()));
            insert.ifPresent(all::add);
            select.ifPresent(all::add);
            client.ifPresent(all::add);
            rows.add(List.of(choice.column(), type.tableEncoding(), type.subtype(), paths(choice.paths()),
                    SteadinessText.level(server.get()), Numbers.interval(server.get().levelCi().low(), server.get().levelCi().high()),
                    isBase ? "(base)" : vs37.map(Comparison::change).orElse("–"), SteadinessText.level(insert),
                    SteadinessText.level(select), Numbers.format(choice.substitutedPerRow()),
                    String.format(Locale.ROOT, "%,d of %,d", choice.rowsAffected(), p.rowsSampled()), Numbers.format(choice.bytesPerRow()),
                    SteadinessText.cell(all)));
        }
        if (!rows.isEmpty()) {
            blocks.add(new ReportDocument.Paragraph("**The article's table for your rows.** The type 4 driver sends every value as "
                    + "UTF-8 (on the client, " + client.map(f -> Numbers.format(f.level()) + " ns per row" + SteadinessText.mark(f))
                    .orElse("not measured") + ", the same for every choice); the "
                    + "server converts it into the column's CCSID. Medians per row with 95% intervals; lost: characters Db2's "
                    + "enforced subset replaces with its substitution byte. " + SteadinessText.MARK_MEANS));
            blocks.add(new ReportDocument.Table("your-data", List.of("column CCSID", "table encoding", "subtype", "INSERT path (values)",
                    "server ns/row", "server 95% CI", "server vs 37", "INSERT ns/row", "SELECT ns/row", "chars lost/row",
                    "rows that lose", "bytes/row", "steadiness"), rows));
            blocks.add(new ReportDocument.Paragraph(reading(readings, p)));
            blocks.addAll(ZosEstimate.forData(p, ZosEstimate.ROWS_PER_DAY, zos).blocks());
        }
        blocks.add(varchars(p));
        jvm(g, p, blocks);
        if (!p.examples().isEmpty()) {
            blocks.add(new ReportDocument.Paragraph("Examples (shown because the run was given --show-examples): "
                    + String.join("; ", p.examples())));
        }
        return blocks;
    }

    private static Optional<DerivedFigures> server(ReportInputs.JvmGroup g, String column) {
        return g.find(BenchmarkMethod.DB2_INSERT_SERVER.shortName(), column(column));
    }

    private static Map<String, String> column(String column) {
        return Map.of("shape", DataShape.NAME, "rows", DataShape.NAME, "column", column);
    }

    /** What the intervals support, and what each choice loses, in a few sentences. */
    static String reading(List<Comparison> readings, DataProfile p) {
        StringBuilder sb = new StringBuilder("**Reading it.** ");
        for (Comparison c : readings) {
            sb.append("On the server, ").append(c.sentence()).append(". ");
        }
        p.choice("367").ifPresent(c -> {
            if (c.rowsAffected() > 0) {
                sb.append(String.format(Locale.ROOT, "367 loses %s characters per row on INSERT and %,d of the %,d sampled rows lose at "
                        + "least one: choosing it changes your data, not only its cost. ", Numbers.format(c.substitutedPerRow()),
                        c.rowsAffected(), p.rowsSampled()));
            } else {
                sb.append("Your sampled rows hold only characters 367 can store. ");
            }
        });
        p.choice("1208").ifPresent(u -> p.choice("37").ifPresent(e -> sb.append(String.format(Locale.ROOT,
                "A row takes %s bytes in 1208 against %s in 37 (%s).", Numbers.format(u.bytesPerRow()), Numbers.format(e.bytesPerRow()),
                Comparison.percent(u.bytesPerRow() / e.bytesPerRow()) + " bytes"))));
        return sb.toString().trim();
    }

    /** The VARCHAR length each column needs in each choice, for the sampled rows. */
    private static ReportDocument.Table varchars(DataProfile p) {
        List<String> header = new ArrayList<>(List.of("column"));
        p.choices().stream().filter(c -> !ColumnType.byId(c.column()).whatIf()).forEach(c -> header.add("VARCHAR in " + c.ccsid()));
        List<List<String>> rows = new ArrayList<>();
        for (int col = 0; col < p.columns().size(); col++) {
            List<String> row = new ArrayList<>(List.of(p.columns().get(col)));
            for (DataProfile.Choice c : p.choices()) {
                if (!ColumnType.byId(c.column()).whatIf()) {
                    row.add(Integer.toString(c.varchar().get(col)));
                }
            }
            rows.add(row);
        }
        return new ReportDocument.Table("your-data-varchar", header, rows);
    }

    /** The application's own conversions: per CCSID and provider, cost per row and what it loses. */
    private static void jvm(ReportInputs.JvmGroup g, DataProfile p, List<ReportDocument.Block> blocks) {
        List<List<String>> rows = new ArrayList<>();
        for (DataProfile.Loss loss : p.losses()) {
            Map<String, String> params = Map.of("provider", loss.provider(), "ccsid", Integer.toString(loss.ccsid()));
            Optional<DerivedFigures> enc = g.find(BenchmarkMethod.DATA_ENCODE.shortName(), params);
            Optional<DerivedFigures> dec = g.find(BenchmarkMethod.DATA_DECODE.shortName(), params);
            if (enc.isEmpty() && dec.isEmpty()) {
                continue;
            }
            List<DerivedFigures> both = new ArrayList<>();
            enc.ifPresent(both::add);
            dec.ifPresent(both::add);
            rows.add(List.of(Integer.toString(loss.ccsid()), loss.provider(), SteadinessText.level(enc), SteadinessText.level(dec),
                    Numbers.format(loss.lostPerRow()), Numbers.format(loss.changedPerRow()),
                    String.format(Locale.ROOT, "%,d", loss.rowsAffected()), codePoints(loss.codePoints()), SteadinessText.cell(both)));
        }
        if (rows.isEmpty()) {
            return;
        }
        blocks.add(new ReportDocument.Paragraph("**The application's own conversions of your rows** (every value of a row, through "
                + "each provider): ns per row, and what a round trip loses (substituted) or changes (comes back as another "
                + "character), per row of the sample."));
        blocks.add(new ReportDocument.Table("your-data-jvm", List.of("CCSID", "provider", "encode ns/row", "decode ns/row",
                "lost/row", "changed/row", "rows that lose", "code points that do not survive (occurrences)", "steadiness"), rows));
    }

    private static String paths(Map<String, Double> paths) {
        List<String> out = new ArrayList<>();
        paths.forEach((path, share) -> out.add(String.format(Locale.ROOT, "%s %.0f%%", path, 100 * share)));
        return String.join(", ", out);
    }

    private static String codePoints(Map<String, Long> codePoints) {
        if (codePoints.isEmpty()) {
            return "none";
        }
        List<String> out = new ArrayList<>();
        codePoints.entrySet().stream().limit(5).forEach(e -> out.add(e.getKey() + " (" + String.format(Locale.ROOT, "%,d", e.getValue()) + ")"));
        return String.join("; ", out) + (codePoints.size() > 5 ? "; ..." : "");
    }
}
