package io.github.ccsidbench.db2;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The column choices of the article's table, plus a what-if: which CCSID a character column gets
 * from its table's encoding and its subtype, and therefore which conversion path an inserted
 * UTF-8 value takes. (Altering a 367 column to MIXED makes it {@link #UNICODE_MIXED}.) The mixed EBCDIC host
 * columns are the same question for a Japanese shop, whose host CCSID is 1390 or 1399 rather than 37.
 */
public enum ColumnType {
    EBCDIC_SBCS("37", "EBCDIC", "SBCS", 37),
    UNICODE_SBCS("367", "Unicode", "SBCS", 367),
    UNICODE_MIXED("1208", "Unicode", "MIXED", 1208),
    /** What-if: 367 with a direct 1208-to-367 table instead of the UTF-16 pivot. */
    UNICODE_SBCS_DIRECT("367-direct", "Unicode", "SBCS, direct table (what-if)", 367),
    /** A Japanese shop's EBCDIC column, FOR MIXED DATA in host CCSID 1399 (Latin, extended): SO/SI around double-byte runs. */
    EBCDIC_MIXED_1399("1399", "EBCDIC", "MIXED", 1399),
    /** The same in 1390 (Katakana, extended), the successor of 930. */
    EBCDIC_MIXED_1390("1390", "EBCDIC", "MIXED", 1390);

    /** The article's column choices (and its what-if), for its Latin rows. */
    public static final List<ColumnType> ARTICLE = List.of(EBCDIC_SBCS, UNICODE_SBCS, UNICODE_MIXED, UNICODE_SBCS_DIRECT);
    /** A Japanese shop's choices: its mixed EBCDIC host CCSIDs (1399 first: the comparison's base) and Unicode MIXED. */
    public static final List<ColumnType> JAPANESE = List.of(EBCDIC_MIXED_1399, EBCDIC_MIXED_1390, UNICODE_MIXED);

    private final String id;
    private final String tableEncoding;
    private final String subtype;
    private final int ccsid;

    ColumnType(String id, String tableEncoding, String subtype, int ccsid) {
        this.id = id;
        this.tableEncoding = tableEncoding;
        this.subtype = subtype;
        this.ccsid = ccsid;
    }

    /** The benchmark parameter value: "37", "367", "1208", "367-direct", "1399", "1390". */
    public String id() {
        return id;
    }

    /** "EBCDIC" or "Unicode": the table space's encoding scheme. */
    public String tableEncoding() {
        return tableEncoding;
    }

    /** "SBCS" or "MIXED": the column's FOR ... DATA subtype. */
    public String subtype() {
        return subtype;
    }

    /** The CCSID the column's bytes are stored in. */
    public Ccsid ccsid() {
        return CcsidRegistry.byNumber(ccsid);
    }

    /** True for what-ifs that Db2 does not do. */
    public boolean whatIf() {
        return this == UNICODE_SBCS_DIRECT;
    }

    /** The column type a benchmark parameter names, or a one-line error listing the known ones. */
    public static ColumnType byId(String id) {
        return Arrays.stream(values()).filter(c -> c.id.equals(id)).findFirst()
                .orElseThrow(() -> new CcsidBenchException("unknown column type '" + id + "'; known: "
                        + Arrays.stream(values()).map(ColumnType::id).collect(Collectors.joining(", "))));
    }
}
