package io.github.ccsidbench.report;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.ConverterBehaviour;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.fidelity.RoundTripAnalysis;
import io.github.ccsidbench.fidelity.Characters;
import io.github.ccsidbench.fidelity.MixedDifferences;
import io.github.ccsidbench.fidelity.TableDifferences;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The fidelity table, measured on this build's converters, not read from the results: per CCSID and provider what does
 * not survive a round trip, then where other ecosystems disagree with IBM's tables (docs/fidelity.md).
 */
final class FidelitySection {

    private static final int BMP_CHARACTERS = 0x10000 - 0x800;

    private FidelitySection() {
    }

    /** The section, once built: it reads the converters of this build, not the results, so every report of a JVM shares it. */
    private static ReportDocument.Section built;

    /** The section, built on first use, its round trips in parallel: one (CCSID, provider) per task, each its own converter. */
    static synchronized ReportDocument.Section build() {
        if (built == null) {
            built = compute();
        }
        return built;
    }

    private static ReportDocument.Section compute() {
        List<ReportDocument.Block> blocks = new ArrayList<>();
        blocks.add(new ReportDocument.Paragraph("Each of the " + String.format("%,d", BMP_CHARACTERS) + " BMP characters "
                + "(surrogates aside) goes through encode and decode once. **lost**: written as the substitution or dropped; "
                + "**changed**: came back as another character (a merged line end, a best-fit look-alike). A byte does not "
                + "survive when decoding and re-encoding it gives another byte. Providers with identical outcomes share a row. The"
                + " CCSIDs the presets measure; `fidelity --ccsid N` gives the others (277, 278, 280, 284, 871, 1141-1149)."));
        List<Map.Entry<Ccsid, ConverterProvider>> pairs = new ArrayList<>();
        for (Ccsid ccsid : CcsidRegistry.ofThePresets()) { // mixed EBCDIC: the table after the next
            for (ConverterProvider provider : Providers.builtIn()) {
                pairs.add(Map.entry(ccsid, provider));
            }
        }
        List<List<String>> outcomes = pairs.parallelStream().map(p -> outcome(p.getKey(), p.getValue())).toList();
        Map<List<String>, List<String>> rows = new LinkedHashMap<>();
        for (int i = 0; i < pairs.size(); i++) {
            rows.computeIfAbsent(outcomes.get(i), k -> new ArrayList<>()).add(pairs.get(i).getValue().name());
        }
        List<List<String>> table = new ArrayList<>();
        rows.forEach((outcome, providers) -> {
            List<String> row = new ArrayList<>();
            row.add(outcome.get(0));
            row.add(String.join(", ", providers));
            row.addAll(outcome.subList(1, outcome.size()));
            table.add(row);
        });
        blocks.add(new ReportDocument.Table("fidelity", List.of("CCSID", "provider", "BMP chars lost", "changed",
                "for example", "bytes that do not survive", "substitution", "supplementary char", "line ends (0x15, 0x25)",
                "notes"), table));
        blocks.add(new ReportDocument.Paragraph("**Other ecosystems.** Line ends aside (the column above; CPython and glibc"
                + " iconv follow IBM's CDRA there), all 256 bytes of every single-byte CCSID here decode the same in the JDK,"
                + " ICU4J, JTOpen, the reference codecs, IBM's CDRA tables, CPython 3.11's codecs (where it has one) and glibc"
                + " 2.36 iconv, except these bytes (asserted for every provider in the tests):"));
        blocks.add(new ReportDocument.Table("fidelity-table-differences", TableDifferences.header(),
                TableDifferences.all().stream().map(TableDifferences.Difference::row).toList()));
        blocks.add(new ReportDocument.Paragraph("**Mixed EBCDIC (930, 939, 1390, 1399, 933, 935, 937).** Every BMP character"
                + " encoded and every double-byte code decoded by the JDK, ICU4J and JTOpen (read off the libraries and"
                + " asserted in the tests): the named characters where they disagree, or agree where one might fear not."));
        blocks.add(new ReportDocument.Table("fidelity-mixed", List.of("CCSID", "character", "JDK", "ICU4J", "JTOpen", "what follows"),
                MixedDifferences.characters().stream().map(c -> List.of(Integer.toString(c.ccsid()),
                        Characters.describe(c.codePoint()), c.jdk(), c.icu(), c.jt400(), c.consequence())).toList()));
        blocks.add(new ReportDocument.Paragraph("**Bytes per row in mixed EBCDIC.** Db2 counts CHAR(n) and VARCHAR(n) in"
                + " bytes, so the encoding decides what fits. The row workloads' values, each encoded on its own (shift-out"
                + " and shift-in included), unpadded, averaged over " + BytesPerRow.ROWS + " seeded rows; computed from the"
                + " workloads, the same on every run. These are the rows of the JVM figures' text (names, readings, ids, dates,"
                + " amounts); the Db2 model's rows (`--shape japan`, `korea`, `china`) add a description column, so the"
                + " answer's *bytes a row* are larger."));
        blocks.add(new ReportDocument.Table("bytes-per-row", BytesPerRow.header(),
                BytesPerRow.all().stream().map(BytesPerRow.Figure::cells).toList()));
        return new ReportDocument.Section("fidelity", "Fidelity: what does not survive", List.copyOf(blocks));
    }

    /** "0x25→0x15" or "0x80..0xFF→0x3F": runs of consecutive bytes that come back as the same byte. */
    static String ranges(List<int[]> pairs) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < pairs.size()) {
            int j = i;
            while (j + 1 < pairs.size() && pairs.get(j + 1)[0] == pairs.get(j)[0] + 1 && pairs.get(j + 1)[1] == pairs.get(i)[1]) {
                j++;
            }
            String to = pairs.get(i)[1] < 0 ? "?" : String.format("0x%02X", pairs.get(i)[1]);
            out.add(i == j ? String.format("0x%02X→%s", pairs.get(i)[0], to)
                    : String.format("0x%02X..0x%02X→%s", pairs.get(i)[0], pairs.get(j)[0], to));
            i = j + 1;
        }
        return String.join(", ", out);
    }

    private static List<String> outcome(Ccsid ccsid, ConverterProvider provider) {
        RoundTripAnalysis analysis = new RoundTripAnalysis(provider, ccsid);
        RoundTripAnalysis.Result bmp = analysis.analyseBmp(Integer.MAX_VALUE);
        ConverterBehaviour behaviour = provider.behaviour(ccsid);
        String changedExamples = bmp.examples().stream()
                .filter(e -> analysis.fate(e.codePoint()).fate() == RoundTripAnalysis.Fate.CHANGED)
                .limit(3)
                .map(e -> String.format("U+%04X→%s", e.codePoint(), e.becomes().isEmpty() ? "nothing"
                        : e.becomes().codePoints().mapToObj(c -> String.format("U+%04X", c)).collect(Collectors.joining(" "))))
                .collect(Collectors.joining(", "));
        String bytes = ranges(analysis.bytesThatDoNotSurvive());
        String supplementary = ccsid.scheme().unicode() ? "kept"
                : (behaviour.unit() == ConverterBehaviour.Unit.CODE_UNIT ? "2 substitutions" : "1 substitution");
        String lineEnds = behaviour.lineEnds().map(le -> le.mapping()).orElse("–");
        return List.of(Integer.toString(ccsid.number()), String.format("%,d", bmp.lost()), String.format("%,d", bmp.changed()),
                changedExamples.isEmpty() ? "–" : changedExamples, ccsid.scheme().singleByte() ? (bytes.isEmpty() ? "none" : bytes) : "–",
                HexFormat.ofDelimiter(" ").withUpperCase().formatHex(behaviour.substitution()), supplementary, lineEnds,
                String.join(" ", behaviour.notes()));
    }
}
