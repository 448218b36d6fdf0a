package io.github.ccsidbench.data;

import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import io.github.ccsidbench.FileBeside;
import com.google.gson.GsonBuilder;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.InsertTally;
import io.github.ccsidbench.db2.RowConversion;
import io.github.ccsidbench.db2.RowShape;
import io.github.ccsidbench.fidelity.RoundTripAnalysis;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a user's rows need and lose per column choice, as aggregates only ({@code data.json}, for the report and
 * {@code plan}); no value unless examples were asked for (docs/your-data.md, "What is measured").
 *
 * @param source the data file's name
 * @param rowsInFile how many data rows the file holds
 * @param rowsSampled how many were sampled and measured
 * @param seed the sample's seed
 * @param columns the column names
 * @param choices per column choice (its id: "37", "367", "1208", ...), what the server does with the rows
 * @param losses what each provider's conversions lose, per CCSID
 * @param examples with {@code --show-examples}, a few values that lose characters (otherwise empty)
 * @param leftOut what the run left out of the measurement and why, one line each
 */
public record DataProfile(String source, long rowsInFile, int rowsSampled, long seed, List<String> columns,
                          List<Choice> choices, List<Loss> losses, List<String> examples, List<LeftOut> leftOut) {

    /** A data.json written before left-out lines were recorded reads as none left out. */
    public DataProfile {
        leftOut = leftOut == null ? List.of() : List.copyOf(leftOut);
    }

    /**
     * One part of the measurement the run left out, and why; or, with no provider, what the run notes about a CCSID (the
     * characters a mixed one substitutes, after which its application's side is left out per provider).
     *
     * @param provider the provider, or null for a note on the CCSID
     * @param ccsid the CCSID
     * @param why one line naming code points, rows and columns, never a value
     */
    public record LeftOut(String provider, int ccsid, String why) {

        /** The line the log and the report show. */
        public String line() {
            return provider == null ? "CCSID " + ccsid + ": " + why : "provider " + provider + ", CCSID " + ccsid + " left out: " + why;
        }
    }

    /** The providers and CCSIDs left out of the application's side, as {@code "provider/ccsid"}. */
    public Set<String> leftOutKeys() {
        Set<String> keys = new TreeSet<>();
        for (LeftOut l : leftOut) {
            if (l.provider() != null) {
                keys.add(l.provider() + "/" + l.ccsid());
            }
        }
        return keys;
    }

    /** The file name, beside results.json. */
    public static final String FILE = "data.json";

    /**
     * One column choice for the user's rows.
     *
     * @param column the column type's id
     * @param ccsid its CCSID
     * @param bytesPerRow the mean bytes the values of a row take in it (before any CHAR padding)
     * @param varchar per column, the VARCHAR length (bytes) the sample's longest value needs in it
     * @param paths the share of values per server path ("minor" to 0.8, "major" to 0.2)
     * @param substitutedPerRow the characters the server substitutes per row (Db2's enforced subset)
     * @param rowsAffected how many sampled rows lose a character on INSERT
     */
    public record Choice(String column, int ccsid, double bytesPerRow, List<Integer> varchar, Map<String, Double> paths,
                         double substitutedPerRow, int rowsAffected) {
    }

    /**
     * What one provider's own round trip loses in one CCSID, over the sampled rows.
     *
     * @param provider the provider's name
     * @param ccsid the CCSID
     * @param rowsAffected rows with at least one character lost or changed
     * @param lostPerRow characters lost (substituted) per row
     * @param changedPerRow characters that come back as another character, per row
     * @param codePoints the code points that do not survive, most frequent first ("U+00E9": occurrences), at most 20
     */
    public record Loss(String provider, int ccsid, int rowsAffected, double lostPerRow, double changedPerRow,
                       Map<String, Long> codePoints) {
    }

    /** The most code points listed per loss. */
    static final int CODE_POINTS_LISTED = 20;

    /**
     * Profiles {@code sample} for {@code types} (the server's side) and {@code providers} x {@code ccsids} (the
     * application's; unsupported pairs left out); with {@code showExamples}, up to five values that lose characters.
     */
    public static DataProfile of(DataSample sample, List<ColumnType> types, List<ConverterProvider> providers, List<Ccsid> ccsids,
                                 boolean showExamples, List<LeftOut> leftOut) {
        RowShape shape = DataShape.of(sample, types);
        List<Choice> choices = new ArrayList<>();
        for (ColumnType type : types) {
            RowConversion model = new RowConversion(shape, type);
            InsertTally tally = new InsertTally();
            double bytes = 0;
            int[] varchar = new int[sample.columns().size()];
            int affected = 0;
            for (String[] row : sample.rows()) {
                long before = tally.substituted();
                model.serverInsert(RowConversion.clientEncode(row), tally);
                affected += tally.substituted() > before ? 1 : 0;
                bytes += model.valueBytes(row);
                int[] each = model.valueBytesPerColumn(row);
                for (int c = 0; c < each.length; c++) {
                    varchar[c] = Math.max(varchar[c], Math.max(1, each[c]));
                }
            }
            choices.add(new Choice(type.id(), type.ccsid().number(), bytes / sample.size(),
                    Arrays.stream(varchar).boxed().toList(), tally.pathShares(), (double) tally.substituted() / sample.size(), affected));
        }
        List<Loss> losses = new ArrayList<>();
        for (Ccsid ccsid : ccsids) {
            for (ConverterProvider provider : providers) {
                if (!provider.supports(ccsid)) {
                    continue;
                }
                losses.add(loss(sample, provider, ccsid));
            }
        }
        List<String> examples = new ArrayList<>();
        if (showExamples) {
            examples.addAll(DataShape.examples(sample, 5));
        }
        return new DataProfile(sample.source(), sample.totalRows(), sample.size(), sample.seed(), sample.columns(), choices,
                losses, examples, leftOut);
    }

    private static Loss loss(DataSample sample, ConverterProvider provider, Ccsid ccsid) {
        RoundTripAnalysis analysis = new RoundTripAnalysis(provider, ccsid);
        long lost = 0;
        long changed = 0;
        int affected = 0;
        Map<Integer, Long> counts = new TreeMap<>();
        for (String[] row : sample.rows()) {
            boolean hit = false;
            for (String value : row) {
                for (int i = 0; i < value.length(); ) {
                    int cp = value.codePointAt(i);
                    boolean last = i + Character.charCount(cp) == value.length();
                    RoundTripAnalysis.Fate fate = (last ? analysis.fateAtEnd(cp) : analysis.fate(cp)).fate();
                    if (fate != RoundTripAnalysis.Fate.KEPT) {
                        hit = true;
                        counts.merge(cp, 1L, Long::sum);
                        if (fate == RoundTripAnalysis.Fate.LOST) {
                            lost++;
                        } else {
                            changed++;
                        }
                    }
                    i += Character.charCount(cp);
                }
            }
            affected += hit ? 1 : 0;
        }
        Map<String, Long> top = new LinkedHashMap<>();
        counts.entrySet().stream().sorted((a, b) -> b.getValue().equals(a.getValue()) ? Integer.compare(a.getKey(), b.getKey())
                        : Long.compare(b.getValue(), a.getValue()))
                .limit(CODE_POINTS_LISTED).forEach(e -> top.put(codePoint(e.getKey()), e.getValue()));
        int n = sample.size();
        return new Loss(provider.name(), ccsid.number(), affected, (double) lost / n, (double) changed / n, top);
    }

    /** "U+00E9 LATIN SMALL LETTER E WITH ACUTE": a code point by number and Unicode name, never as a glyph in context. */
    static String codePoint(int cp) {
        String name = Character.getName(cp);
        return String.format(Locale.ROOT, "U+%04X", cp) + (name == null ? "" : " " + name);
    }

    /** The choice with this column type's id. */
    public Optional<Choice> choice(String column) {
        return choices.stream().filter(c -> c.column().equals(column)).findFirst();
    }

    /** The profile as JSON. */
    public String toJson() {
        return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(this) + "\n";
    }

    /** The profile written beside {@code results}, if there is one; a malformed one is a one-line error. */
    public static Optional<DataProfile> besides(Path results) {
        return FileBeside.read(results, FILE, DataProfile.class, new GsonBuilder().create(),
                p -> p.choices() != null && p.losses() != null && p.columns() != null);
    }
}
