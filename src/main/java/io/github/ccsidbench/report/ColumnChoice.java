package io.github.ccsidbench.report;

import io.github.ccsidbench.db2.ColumnType;

import java.util.List;

/**
 * The lines of the article's table, as the report and the capacity plan show them: the three
 * column choices the article compares, the ALTER to MIXED that fixed it (measured as MIXED), and
 * the direct-table what-if.
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

    int ccsid() {
        return measured.ccsid().number();
    }
}
