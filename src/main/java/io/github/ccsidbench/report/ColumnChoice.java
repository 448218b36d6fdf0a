package io.github.ccsidbench.report;

import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.RowFlavour;

import java.util.List;

/**
 * The lines of the article's table in the report and the plan: the article's three column choices, the ALTER to MIXED,
 * the direct-table what-if, and a shop's own ({@link #JAPANESE}, the others named by their host CCSID); the
 * first line of each list is the base.
 *
 * @param encoding the table space's encoding
 * @param subtype the column's subtype, with a note for what-ifs
 * @param measured whose measurements the line shows
 */
record ColumnChoice(String encoding, String subtype, ColumnType measured) {

    static final List<ColumnChoice> ALL = List.of(
            new ColumnChoice("EBCDIC", "SBCS", ColumnType.EBCDIC_SBCS),
            new ColumnChoice("Unicode", "SBCS", ColumnType.UNICODE_SBCS),
            new ColumnChoice("Unicode", "MIXED", ColumnType.UNICODE_MIXED),
            new ColumnChoice("Unicode", "SBCS altered to MIXED (= MIXED)", ColumnType.UNICODE_MIXED),
            new ColumnChoice("Unicode", "SBCS, direct 1208-to-367 table (what-if)", ColumnType.UNICODE_SBCS_DIRECT));

    /** A Japanese shop's choices: its mixed EBCDIC host CCSID (1399, or 1390 where katakana come first) or Unicode MIXED. */
    static final List<ColumnChoice> JAPANESE = List.of(
            new ColumnChoice("EBCDIC", "MIXED (host CCSID 1399, Latin)", ColumnType.EBCDIC_MIXED_1399),
            new ColumnChoice("EBCDIC", "MIXED (host CCSID 1390, Katakana)", ColumnType.EBCDIC_MIXED_1390),
            new ColumnChoice("Unicode", "MIXED", ColumnType.UNICODE_MIXED));

    /** The lines for rows of {@code flavour}: the article's, or the shop's host CCSIDs and Unicode MIXED. */
    static List<ColumnChoice> of(RowFlavour flavour) {
        if (flavour == RowFlavour.JAPANESE) {
            return JAPANESE;
        }
        return flavour.article() ? ALL : flavour.columns().stream().map(c -> new ColumnChoice(c.tableEncoding(),
                c.path() == ColumnType.Path.HOST_MIXED || c.path() == ColumnType.Path.HOST_SBCS
                        ? c.subtype() + " (host CCSID " + c.id() + ")" : c.subtype(), c)).toList();
    }

    int ccsid() {
        return measured.ccsid().number();
    }
}
