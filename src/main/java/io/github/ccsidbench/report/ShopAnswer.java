package io.github.ccsidbench.report;

import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.db2.ClientDecoding;
import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.ModelFigures;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A shop's own question answered from one run's figures, as {@link Answer} answers the article's: the shop's rows
 * (German, French, Japanese, Korean, Chinese) into its host CCSIDs against Unicode MIXED (1208), per column choice the
 * server's INSERT (type 4), the JVM's encode (type 2) and decode (SELECT) of the same kind of text as multiples of a
 * copy, the bytes a row's values take and z/OS's CPU a day (docs/db2-model.md, "A mixed-EBCDIC shop's question" and
 * "A single-byte shop outside the US").
 *
 * @param flavour whose rows
 * @param shape the row shape measured
 * @param lines one per column choice measured, the shop's first host CCSID first (the base)
 * @param zos the z/OS estimate of the same rows
 */
record ShopAnswer(RowFlavour flavour, String shape, List<Line> lines, ZosEstimate zos) {

    /** The JVM's conversion of the shop's kind of text, by the provider a driver would use ({@link ClientDecoding}). */
    record Converted(String provider, DerivedFigures figure) {

        /** "9.1x [8.5x, 9.8x] (icu)". */
        String cell() {
            return Recommendation.times(figure) + " (" + provider + ")";
        }
    }

    /**
     * One column choice.
     *
     * @param column the column type
     * @param insert the server's INSERT conversion per row
     * @param against the INSERT against the base's; empty for the base
     * @param encode the JVM's encode into the column's CCSID, as a type 2 driver's INSERT does
     * @param decode the JVM's decode from it, as SELECT does for both drivers
     * @param valueBytes mean bytes of a row's values in the column's CCSID (NaN when the run recorded none)
     */
    record Line(ColumnType column, DerivedFigures insert, Optional<Comparison> against, Optional<Converted> encode,
                Optional<Converted> decode, double valueBytes, List<Converted> otherEncodes) {
    }

    /** Every shop's answer the run's figures hold, per JVM, flavour and shape. */
    static List<ShopAnswer> of(ReportInputs in, ZosEstimate.Costs costs) {
        List<ShopAnswer> out = new ArrayList<>();
        for (ReportInputs.JvmGroup g : in.jvms()) {
            for (RowFlavour flavour : RowFlavour.values()) {
                if (flavour.article()) {
                    continue;
                }
                Set<String> shapes = new LinkedHashSet<>();
                g.of(BenchmarkMethod.DB2_INSERT_SERVER.shortName(), Map.of("rows", flavour.id()))
                        .forEach(f -> shapes.add(f.result().param("shape").orElse("")));
                for (String shape : shapes) {
                    List<Line> lines = lines(g, flavour, shape);
                    if (lines.size() >= 2) {
                        out.add(new ShopAnswer(flavour, shape, lines,
                                ZosEstimate.forShape(shape, flavour, ZosEstimate.ROWS_PER_DAY, costs)));
                    }
                }
            }
        }
        return out;
    }

    private static List<Line> lines(ReportInputs.JvmGroup g, RowFlavour flavour, String shape) {
        List<Line> lines = new ArrayList<>();
        DerivedFigures base = null;
        String baseName = null;
        for (ColumnType column : flavour.columns()) {
            Optional<DerivedFigures> insert = g.find(BenchmarkMethod.DB2_INSERT_SERVER.shortName(),
                    Map.of("shape", shape, "rows", flavour.id(), "column", column.id()));
            if (insert.isEmpty()) {
                continue;
            }
            Optional<Comparison> against = base == null ? Optional.empty()
                    : Optional.of(Comparison.of(column.id(), insert.get(), baseName, base));
            if (base == null) {
                base = insert.get();
                baseName = column.id();
            }
            Optional<Converted> encode = converted(g, BenchmarkMethod.CONVERSION_ENCODE, flavour, column);
            lines.add(new Line(column, insert.get(), against, encode, converted(g, BenchmarkMethod.CONVERSION_DECODE, flavour, column),
                    g.model(shape, flavour.id(), column.id()).map(ModelFigures.Entry::bytesPerRow).orElse(Double.NaN),
                    otherLibraries(g, flavour, column, encode)));
        }
        return lines;
    }

    /** The JDK's conversion of the flavour's text, or ICU4J's where the JDK has none; the longest length with a floor. */
    private static Optional<Converted> converted(ReportInputs.JvmGroup g, BenchmarkMethod op, RowFlavour flavour,
                                                 ColumnType column) {
        for (String provider : List.of("jdk", ClientDecoding.PROVIDER_WITHOUT_JDK)) {
            Optional<DerivedFigures> f = g.of(op.shortName(), Map.of("ccsid", Integer.toString(column.ccsid().number()),
                            "provider", provider, "workload", flavour.workload().orElseThrow().id())).stream()
                    .filter(x -> x.xFloor().isPresent())
                    .max(Comparator.comparingInt(x -> Integer.parseInt(x.result().param("length").orElse("0"))));
            if (f.isPresent()) {
                return Optional.of(new Converted(provider, f.get()));
            }
        }
        return Optional.empty();
    }

    /**
     * Where the JDK has no converter for the column: the other libraries' encode of the same text at the same length as
     * {@code chosen}, so the answer shows how far the choice of library moves the figure.
     */
    private static List<Converted> otherLibraries(ReportInputs.JvmGroup g, RowFlavour flavour, ColumnType column,
                                                  Optional<Converted> chosen) {
        if (chosen.isEmpty() || "jdk".equals(chosen.get().provider())) {
            return List.of();
        }
        return g.of(BenchmarkMethod.CONVERSION_ENCODE.shortName(), Map.of("ccsid", Integer.toString(column.ccsid().number()),
                        "workload", flavour.workload().orElseThrow().id(),
                        "length", chosen.get().figure().result().param("length").orElse(""))).stream()
                .filter(x -> x.xFloor().isPresent())
                .map(x -> new Converted(x.result().param("provider").orElse(""), x))
                .filter(c -> !c.provider().equals(chosen.get().provider()) && !c.provider().startsWith("jdk"))
                .sorted(Comparator.comparing(Converted::provider)).toList();
    }

    /** The first host CCSID's line: what the others are compared with. */
    Line base() {
        return lines.get(0);
    }

    /** The Unicode MIXED (1208) line, when measured. */
    Optional<Line> unicode() {
        return lines.stream().filter(l -> l.column() == ColumnType.UNICODE_MIXED).findFirst();
    }

    /** Every figure the answer rests on. */
    List<DerivedFigures> figures() {
        List<DerivedFigures> all = new ArrayList<>();
        for (Line l : lines) {
            all.add(l.insert());
            l.encode().ifPresent(c -> all.add(c.figure()));
            l.otherEncodes().forEach(c -> all.add(c.figure()));
            l.decode().ifPresent(c -> all.add(c.figure()));
        }
        return all;
    }

    /** The table's header. */
    static final List<String> HEADER = List.of("shop's rows", "column choice", "INSERT on the server (type 4), ns/row",
            "against the host CCSID", "Java encode (type 2 INSERT, instead of the server's), x copy", "Java decode (SELECT), x copy",
            "bytes a row", "z/OS CPU s a day, " + String.format(Locale.ROOT, "%,d", ZosEstimate.ROWS_PER_DAY)
                    + " rows (type 4: Db2 converts)");

    /** One row per column choice of every shop. */
    static List<List<String>> rows(List<ShopAnswer> shops) {
        List<List<String>> rows = new ArrayList<>();
        for (ShopAnswer s : shops) {
            for (Line l : s.lines()) {
                rows.add(List.of(s.flavour().id(), name(l.column()),
                        Numbers.format(l.insert().level()) + " " + Numbers.interval(l.insert().levelCi().low(),
                                l.insert().levelCi().high()) + SteadinessText.mark(l.insert()),
                        l.against().map(Recommendation::cell).orElse("(base)"),
                        l.encode().map(Converted::cell).orElse("–"), l.decode().map(Converted::cell).orElse("–"),
                        Double.isNaN(l.valueBytes()) ? "–" : Numbers.format(l.valueBytes()),
                        s.zosLine(l.column()).map(z -> ZosEstimate.range(z.secondsLow(), z.secondsHigh())).orElse("–")));
            }
        }
        return rows;
    }

    /** "EBCDIC `FOR MIXED DATA` (1399)" or "Unicode `FOR MIXED DATA` (1208)". */
    static String name(ColumnType column) {
        return column.tableEncoding() + " `FOR " + column.subtype() + " DATA` (" + column.id() + ")";
    }

    private Optional<ZosEstimate.Line> zosLine(ColumnType column) {
        return zos.lines().stream().filter(z -> z.ccsid() == column.ccsid().number()).findFirst();
    }

    /**
     * What to choose, with its conditions: one bullet for this shop, from the figures (a ranking only where the
     * interval supports it).
     */
    String bullet() {
        Line base = base();
        String hosts = lines.stream().filter(l -> l.column() != ColumnType.UNICODE_MIXED).map(l -> l.column().id())
                .reduce((a, b) -> a + " or " + b).orElse(base.column().id());
        StringBuilder sb = new StringBuilder("- **" + capitalised(flavour.shop()) + " shop (host CCSID " + hosts + ").**");
        unicode().ifPresent(u -> {
            Comparison server = u.against().orElseThrow();
            sb.append(" On the server (type 4: Db2 converts), 1208 stores the driver's UTF-8 as sent: its INSERT conversion is ")
                    .append(Recommendation.cell(server)).append(" against ").append(base.column().id());
            zosLine(base.column()).ifPresent(z -> sb.append(", and on z/OS it spares the ")
                    .append(ZosEstimate.range(z.secondsLow(), z.secondsHigh())).append(" CPU seconds a day that ")
                    .append(String.format(Locale.ROOT, "%,d", ZosEstimate.ROWS_PER_DAY)).append(" rows into ")
                    .append(base.column().id()).append(" take (").append(plain(z.major()))
                    .append(" of a row's values a major conversion at IBM's ").append(plain(zos.costs().majorUs()))
                    .append(" µs").append(zos.costs().ibmMajor() ? " on a z900, 2000-era hardware" : "").append(")"));
            sb.append('.');
            if (!flavour.mixed()) {
                sb.append(" Into ").append(base.column().id()).append(" only a 7-bit value takes the minor conversion; one with"
                        + " an umlaut or an accent takes a major one, as into 367 (`FOR SBCS DATA`), which would also lose the"
                        + " letter.");
            }
            if (base.encode().isPresent() && u.encode().isPresent()) {
                Converted be = base.encode().get();
                Converted ue = u.encode().get();
                Comparison jvm = Comparison.of("1208", ue.figure(), base.column().id(), be.figure());
                boolean same = be.provider().equals(ue.provider());
                sb.append(" In the JVM (type 2's INSERT, instead of Db2's: Db2's z/OS seconds above are then not spent, and"
                        + " the JVM's own on z/OS are not measured) ")
                        .append(converter(be.provider(), false)).append("jdk".equals(be.provider()) ? "" : " (the JDK has none)")
                        .append(" encodes ").append(base.column().id()).append(" at ").append(Recommendation.times(be.figure()))
                        .append(" a copy");
                if (!base.otherEncodes().isEmpty()) {
                    sb.append(" (").append(base.otherEncodes().stream()
                                    .map(c -> converter(c.provider(), true) + " at " + Recommendation.times(c.figure()))
                                    .collect(Collectors.joining(", ")))
                            .append(": the library moves it; a z/OS JVM's own converter is not measured)");
                }
                sb.append(same ? " and " : ", " + converter(ue.provider(), true) + " ").append("UTF-8 at ")
                        .append(Recommendation.times(ue.figure())).append(ranking(jvm))
                        .append(", on ")
                        .append(ue.figure().result().param("length").orElse("?")).append(" characters of ")
                        .append(flavour.shop()).append(" shop's kind of text")
                        .append(flavour.mixed() ? "." : "; their accents take UTF-8 off the JDK's ASCII fast path.");
            }
            if (base.decode().isPresent() && u.decode().isPresent()) {
                Converted bd = base.decode().get();
                Converted ud = u.decode().get();
                Comparison select = Comparison.of("1208", ud.figure(), base.column().id(), bd.figure());
                sb.append(" On SELECT (type 4, and type 2 if it is sent the column's CCSID, as the model assumes) ")
                        .append(converter(bd.provider(), false)).append(" decodes ")
                        .append(base.column().id()).append(" at ").append(Recommendation.times(bd.figure())).append(" a copy, ")
                        .append(converter(ud.provider(), true)).append(" UTF-8 at ").append(Recommendation.times(ud.figure()))
                        .append(ranking(select)).append('.');
            }
            boolean more = false;
            if (!Double.isNaN(base.valueBytes()) && !Double.isNaN(u.valueBytes())) {
                double change = u.valueBytes() / base.valueBytes() - 1;
                more = change > 0;
                sb.append(" A row's values take ").append(String.format(Locale.ROOT, "%.0f%% %s", 100 * Math.abs(change),
                                more ? "more" : "fewer")).append(" bytes in 1208 (").append(Numbers.format(u.valueBytes()))
                        .append(" against ").append(Numbers.format(base.valueBytes())).append(flavour.mixed()
                                ? " on the model's rows; text of double-byte characters alone takes up to half more in 1208, 3 bytes"
                                + " a character against 2 and a shift-out and shift-in a run" : "")
                        .append("): Db2 counts CHAR(n) and VARCHAR(n) in bytes.");
            }
            boolean cheaper = server.supported() && server.direction() < 0;
            sb.append(cheaper ? " **Choose 1208**" : " **1208 is not shown cheaper here**")
                    .append(cheaper ? " for a new table" + (more ? ", unless its columns cannot grow to the bytes above" : "") + ";" : ";")
                    .append(" the model's rows hold only characters every converter maps, so neither loses any of them;"
                            + " on your own text, " + base.column().id() + " loses what its table lacks (docs/fidelity.md"
                            + " counts it per CCSID) and 1208 nothing"
                            + " (`fidelity --ccsid " + base.column().id() + ",1208 FILE`).");
        });
        return sb.toString();
    }

    /** "the JDK", "ICU4J" or "JTOpen"; possessive: "the JDK's", "ICU4J's", "JTOpen's". */
    private static String converter(String provider, boolean possessive) {
        String name = switch (provider) {
            case "jdk" -> "the JDK";
            case "icu" -> "ICU4J";
            case "jt400" -> "JTOpen";
            default -> provider;
        };
        return possessive ? name + "'s" : name;
    }

    /** " (1208 cheaper: -70% [-78%, -58%])", or " (cannot rank: 1208 ...; why)": 1208 against the host CCSID in the JVM. */
    private static String ranking(Comparison c) {
        return c.supported() ? " (1208 " + (c.direction() < 0 ? "cheaper" : "dearer") + ": " + c.change() + ")"
                : " (cannot rank: 1208 " + c.change() + "; " + Recommendation.cannotRankReason(c) + ")";
    }

    /** "6" or "2.3": a count or a cost as written, without trailing zeros. */
    private static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** The section's blocks: a sentence, each shop's bullet, the table. */
    static List<ReportDocument.Block> blocks(List<ShopAnswer> shops, String tableId) {
        List<ReportDocument.Block> blocks = new ArrayList<>();
        blocks.add(new ReportDocument.Paragraph(INTRO));
        for (ShopAnswer s : shops) {
            blocks.add(new ReportDocument.Paragraph(s.bullet().substring(2)));
        }
        blocks.add(new ReportDocument.Table(tableId, HEADER, rows(shops)));
        return blocks;
    }

    /** What the shops' answer is, before it. */
    static final String INTRO = "**A shop's own answer:** its own rows (the Db2 model's German, French, Japanese, Korean or"
            + " Chinese customer rows) into its host CCSID against Unicode `FOR MIXED DATA` (1208). The Java columns are the"
            + " JVM's conversion of the same kind of text (64 characters, a multiple of the copy of as many) by the converter"
            + " a driver would use, measured on x86; z/OS CPU from IBM's cost per call (docs/db2-model.md).";
}
