package io.github.ccsidbench.report;

import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.db2.ServerPath;
import io.github.ccsidbench.report.ArticleSection.Measured;
import io.github.ccsidbench.results.BenchmarkResult;
import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.results.Steadiness;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import static io.github.ccsidbench.report.Comparison.percent;

/**
 * The English reading of the figures {@link ArticleSection} computes: the paragraphs that set them against the
 * article's ranking and a Japanese shop's choice, and say which runs they rest on.
 */
final class ArticleReading {

    private ArticleReading() {
    }

    /** The paragraph reading the table against the article, claiming what {@link Comparison} supports; {@code server}: 367, 1208 against 37. */
    static String reading(ReportInputs in, Map<RowFlavour, Map<ColumnType, Measured>> measured, Optional<Answer.Server> server) {
        Map<ColumnType, Measured> ascii = measured.get(RowFlavour.ASCII);
        Optional<Comparison> sbcs367 = server.flatMap(Answer.Server::sbcs367);
        Optional<Comparison> mixed1208 = server.flatMap(Answer.Server::mixed1208);
        if (ascii == null || !ascii.keySet().containsAll(List.of(ColumnType.EBCDIC_SBCS, ColumnType.UNICODE_SBCS,
                ColumnType.UNICODE_MIXED)) || sbcs367.isEmpty() || mixed1208.isEmpty()) {
            return "The reading against the article needs ASCII rows into all three column types.";
        }
        Measured e37 = ascii.get(ColumnType.EBCDIC_SBCS);
        Measured u367 = ascii.get(ColumnType.UNICODE_SBCS);
        Measured u1208 = ascii.get(ColumnType.UNICODE_MIXED);
        Comparison c367 = sbcs367.get();
        Comparison c1208 = mixed1208.get();
        StringBuilder sb = new StringBuilder("**Reading it against the article.** With ASCII rows, the article's case, the "
                + "server's conversion costs " + c367.change() + " for Unicode SBCS (367) and " + c1208.change()
                + " for Unicode MIXED (1208) against EBCDIC SBCS (37) (ratio of levels, 95% interval over forks). "
                + "The article measured about +50% Db2 DDF CPU for 367, and no penalty for 1208 or after ALTER to MIXED. ");
        sb.append("Against EBCDIC, as its ranking needs: ").append(c367.sentence()).append(". ")
                .append(capitalized(c1208.sentence())).append(". ");
        // The article's ranking: 367 dearer than EBCDIC, MIXED no dearer (here: supported as cheaper).
        if (c367.direction() > 0 && c1208.direction() < 0) {
            sb.append("So the model reproduces the article's ranking: 367 is the expensive choice, and MIXED costs no more "
                    + "than EBCDIC. The article found no penalty for MIXED, not a gain; a gain here is the model's, not a "
                    + "claim about z/OS. ");
        } else if (c367.direction() < 0 || c1208.direction() > 0) {
            List<String> against = new ArrayList<>();
            if (c367.direction() < 0) {
                against.add("367 is cheaper than EBCDIC");
            }
            if (c1208.direction() > 0) {
                against.add("MIXED is dearer than EBCDIC");
            }
            sb.append("So here the model does not reproduce the article's ranking: ").append(String.join(" and ", against))
                    .append(". ");
        } else if (c367.direction() > 0 || c1208.direction() < 0) {
            sb.append("So this run supports only part of the article's ranking (")
                    .append(c367.direction() > 0 ? "367 dearer than EBCDIC" : "MIXED cheaper than EBCDIC")
                    .append(") and cannot rank the rest. ");
        } else {
            sb.append("So this run can neither confirm nor contradict the article's ranking; more forks or a quieter "
                    + "machine would decide it. ");
        }
        sb.append("Nothing is tuned to get this: 367 always takes a major conversion through UTF-16 (1208 to 1200 to 367), "
                + "37 one scan and one translate pass when every character is simple, 1208 none. ");
        Measured direct = ascii.get(ColumnType.UNICODE_SBCS_DIRECT);
        if (direct != null) {
            Comparison cDirect = Comparison.of("367 with a direct table", direct.server(), "37", e37.server());
            double pivot = pivotShare(direct.server(), u367.server());
            sb.append("With a direct 1208-to-367 table (what-if) 367 would cost ").append(cDirect.change())
                    .append(" against EBCDIC").append(cDirect.supported() ? "" : " (not rankable: " + cDirect.reasons() + ")")
                    .append("; by the levels, the UTF-16 pivot is ")
                    .append(String.format(Locale.ROOT, "%.0f%%", pivot * 100)).append(" of 367's server cost. ");
        }
        Map<ColumnType, Measured> accented = measured.get(RowFlavour.ACCENTED);
        if (accented != null && accented.containsKey(ColumnType.EBCDIC_SBCS) && accented.containsKey(ColumnType.UNICODE_SBCS)) {
            Measured e = accented.get(ColumnType.EBCDIC_SBCS);
            Measured u = accented.get(ColumnType.UNICODE_SBCS);
            sb.append("With accented rows, 37 falls back to major conversion for ")
                    .append(e.model().map(t -> t.share(ServerPath.MAJOR) + " of the values").orElse("some values"))
                    .append(" and its server cost goes from ").append(Numbers.format(e37.server().level())).append(" to ")
                    .append(Numbers.format(e.server().level())).append(" ns/row")
                    .append(e.server().decisive() && e37.server().decisive() ? "" : " (not decisive)")
                    .append("; 367 loses ")
                    .append(u.model().map(t -> Numbers.format(t.substitutedPerRow())).orElse("some"))
                    .append(" characters per row to X'1A' with only a warning, while 37 and 1208 keep them all. ");
        }
        sb.append("The size is not the article's, and cannot be: its +50% is of the whole DDF thread, whose other work "
                + "(network, SQL, logging, the insert itself) is the same for every column type, so on z/OS the conversions "
                + "alone must differ by more than 50%; here, where only the conversions are measured, 367 costs ")
                .append(c367.change()).append(". What differs is what a major conversion is: on z/OS a call into Unicode "
                        + "Services, with a cost per call (about 2.3 µs on a z900, SG24-6465) that weighs most on short values; in this "
                        + "Java model, a method call. The model reproduces the ranking and its mechanism, not the size; the z/OS "
                        + "estimate below does that arithmetic with IBM's published cost. ");
        sb.append(restsOn(in, "ASCII", List.of(e37, u367, u1208)));
        return sb.toString();
    }

    /** The UTF-16 pivot's part of 367's server cost by the levels: 1 - (367 with a direct table) / 367. */
    static double pivotShare(DerivedFigures direct, DerivedFigures u367) {
        return 1 - direct.level() / u367.level();
    }

    /** The article's question for a Japanese shop: 1208 against the mixed EBCDIC host column, ranked, and in bytes. */
    static String japaneseReading(ReportInputs in, Map<ColumnType, Measured> japanese) {
        Measured host = japanese.get(ColumnType.EBCDIC_MIXED_1399);
        Measured mixed = japanese.get(ColumnType.UNICODE_MIXED);
        if (host == null || mixed == null) {
            return "The reading for a Japanese shop needs its rows into mixed EBCDIC 1399 and Unicode MIXED 1208.";
        }
        Comparison c = Comparison.of("1208", mixed.server(), "1399", host.server());
        StringBuilder sb = new StringBuilder("**For a Japanese shop.** With Japanese rows (kanji names, half-width katakana "
                + "readings, yen amounts, Japanese prose), the server's conversion into Unicode MIXED (1208) costs ")
                .append(c.change()).append(" against the mixed EBCDIC host column 1399: ").append(c.sentence()).append(". ");
        Measured k1390 = japanese.get(ColumnType.EBCDIC_MIXED_1390);
        if (k1390 != null) {
            sb.append("1390 (the Katakana host CCSID) costs ")
                    .append(Comparison.of("1390", k1390.server(), "1399", host.server()).change()).append(" against 1399. ");
        }
        sb.append("Into the EBCDIC column a value with a double-byte character or a half-width katakana takes Unicode "
                + "Services' major conversion, through UTF-16, with shift-out and shift-in around each double-byte run, and a "
                + "value of simple characters only (an id, a date, a code) Db2's translate table for the host's mixed CCSID; into "
                + "1208 the driver's UTF-8 is stored as sent. ");
        if (c.direction() < 0) {
            sb.append("So the article's answer holds for this shop too: Unicode MIXED is the cheaper column choice. ");
        } else if (c.direction() > 0) {
            sb.append("So here, unlike for the article's shop, Unicode MIXED is the dearer column choice. ");
        } else {
            sb.append("So this run cannot rank the two choices; more forks or a quieter machine would decide it. ");
        }
        if (!Double.isNaN(host.valueBytes()) && !Double.isNaN(mixed.valueBytes())) {
            sb.append("In bytes, which CHAR(n) and VARCHAR(n) count, a row's values take ").append(Numbers.format(host.valueBytes()))
                    .append(" bytes in 1399 and ").append(Numbers.format(mixed.valueBytes()))
                    .append(" in UTF-8 (").append(percent(mixed.valueBytes() / host.valueBytes()))
                    .append("): a kanji or a half-width katakana takes 3 bytes in UTF-8, 2 (kanji, plus shift-out and shift-in "
                            + "per run) or 1 (half-width katakana) in mixed EBCDIC, so columns sized for EBCDIC may not hold "
                            + "the same values in Unicode. ");
        }
        sb.append(restsOn(in, "Japanese", new ArrayList<>(japanese.values())));
        return sb.toString();
    }

    /** "It rests on `results.json` (measured ..., commit ..., CPU ..., JDK ...), and its insertServer figures: ...". */
    static String restsOn(ReportInputs in, String rows, List<Measured> used) {
        List<String> runs = new ArrayList<>();
        for (ReportInputs.Source source : in.sources()) {
            Optional<Measured> first = used.stream()
                    .filter(m -> in.sourceOf(m.server().result()).filter(s -> s == source).isPresent()).findFirst();
            if (first.isEmpty()) {
                continue;
            }
            BenchmarkResult.JvmInfo jvm = first.get().server().result().jvm();
            String jdk = jvm.vmName() + " " + jvm.vmVersion() + " (JDK " + jvm.jdkVersion() + ")";
            RunEnvironment env = source.environment().orElse(null);
            runs.add("`" + source.file() + "` (" + (env == null ? "no environment.json beside it; forks on " + jdk
                    : "measured " + env.date() + ", commit " + env.commit() + ", " + env.cpu() + ", forks on " + jdk) + ")");
        }
        StringBuilder sb = new StringBuilder("It rests on ").append(runs.isEmpty() ? "these results" : String.join(" and ", runs))
                .append(", and on the insertServer figures of ").append(rows).append(" rows: ");
        List<String> figures = new ArrayList<>();
        List<String> disturbed = new ArrayList<>();
        for (Measured m : used) {
            DerivedFigures f = m.server();
            String name = f.result().param("column").orElse("?");
            String steadiness = f.steadiness().map(Steadiness::summary).orElse("steadiness not recorded");
            figures.add(name + " " + steadiness + (f.decisive() ? "" : ", not decisive (" + SteadinessText.whyNotDecisive(f) + ")"));
            f.steadiness().filter(SteadinessText::disturbed)
                    .ifPresent(s -> disturbed.add(name + " (" + SteadinessText.disturbance(s) + ")"));
        }
        sb.append(String.join("; ", figures));
        boolean recorded = used.stream().allMatch(m -> m.server().steadiness().isPresent());
        if (!recorded) {
            sb.append(". The run recorded no steadiness (no steadiness.json beside its results), so decisiveness comes from "
                    + "the intervals alone");
        } else if (disturbed.isEmpty()) {
            sb.append("; none disturbed");
        } else {
            boolean allSteady = used.stream().allMatch(m -> m.server().steadiness().map(st -> !st.unsteady())
                    .orElse(false));
            sb.append(". Disturbed: ").append(String.join("; ", disturbed))
                    .append(allSteady ? ", so these figures are steady forks' means over a disturbed stretch, as plain JMH's would be (see Steadiness)"
                            : ", so these figures are what a disturbed run could measure, not all of it steady (see Steadiness)");
        }
        return sb.append('.').toString();
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
