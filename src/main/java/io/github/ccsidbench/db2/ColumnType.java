package io.github.ccsidbench.db2;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A column choice: the CCSID a character column gets from its table's encoding and subtype, and so the path an
 * inserted UTF-8 value takes (docs/db2-model.md, "Why: the documented paths"). {@link #byId} also makes one for any
 * other character CCSID, an EBCDIC one as the host CCSID.
 */
public final class ColumnType {

    /** The path an inserted UTF-8 value takes into a column of this type. */
    public enum Path {
        /** Stored as sent: a Unicode MIXED (1208) column. */
        AS_SENT,
        /** The host's single-byte EBCDIC CCSID: one table pass when the value holds only simple characters, else major. */
        HOST_SBCS,
        /** The host's mixed EBCDIC CCSID: minor for simple characters, else major (SG24-6465). */
        HOST_MIXED,
        /** Always through z/OS Unicode Services, via UTF-16: Unicode SBCS (367). */
        MAJOR,
        /** What-if: a direct 1208-to-367 table, no UTF-16 pivot. */
        DIRECT
    }

    public static final ColumnType EBCDIC_SBCS = new ColumnType("37", "EBCDIC", "SBCS", 37, Path.HOST_SBCS);
    public static final ColumnType UNICODE_SBCS = new ColumnType("367", "Unicode", "SBCS", 367, Path.MAJOR);
    public static final ColumnType UNICODE_MIXED = new ColumnType("1208", "Unicode", "MIXED", 1208, Path.AS_SENT);
    /** What-if: 367 with a direct 1208-to-367 table instead of the UTF-16 pivot. */
    public static final ColumnType UNICODE_SBCS_DIRECT = new ColumnType("367-direct", "Unicode",
            "SBCS, direct table (what-if)", 367, Path.DIRECT);
    /** A Japanese shop's EBCDIC column, FOR MIXED DATA in host CCSID 1399 (Latin, extended): SO/SI around double-byte runs. */
    public static final ColumnType EBCDIC_MIXED_1399 = new ColumnType("1399", "EBCDIC", "MIXED", 1399, Path.HOST_MIXED);
    /** The same in 1390 (Katakana, extended), the successor of 930. */
    public static final ColumnType EBCDIC_MIXED_1390 = new ColumnType("1390", "EBCDIC", "MIXED", 1390, Path.HOST_MIXED);
    /** A German or Austrian shop's EBCDIC column, FOR SBCS DATA in host CCSID 273. */
    public static final ColumnType EBCDIC_SBCS_273 = new ColumnType("273", "EBCDIC", "SBCS", 273, Path.HOST_SBCS);
    /** A French shop's, in host CCSID 297. */
    public static final ColumnType EBCDIC_SBCS_297 = new ColumnType("297", "EBCDIC", "SBCS", 297, Path.HOST_SBCS);
    /** A Korean shop's EBCDIC column, FOR MIXED DATA in host CCSID 933. */
    public static final ColumnType EBCDIC_MIXED_933 = new ColumnType("933", "EBCDIC", "MIXED", 933, Path.HOST_MIXED);
    /** A Simplified Chinese shop's, in host CCSID 935. */
    public static final ColumnType EBCDIC_MIXED_935 = new ColumnType("935", "EBCDIC", "MIXED", 935, Path.HOST_MIXED);
    /** A Traditional Chinese shop's, in host CCSID 937. */
    public static final ColumnType EBCDIC_MIXED_937 = new ColumnType("937", "EBCDIC", "MIXED", 937, Path.HOST_MIXED);

    private static final List<ColumnType> BUILT_IN = List.of(EBCDIC_SBCS, UNICODE_SBCS, UNICODE_MIXED, UNICODE_SBCS_DIRECT,
            EBCDIC_MIXED_1399, EBCDIC_MIXED_1390, EBCDIC_MIXED_933, EBCDIC_MIXED_935, EBCDIC_MIXED_937, EBCDIC_SBCS_273,
            EBCDIC_SBCS_297);

    /** The article's column choices (and its what-if), for its Latin rows. */
    public static final List<ColumnType> ARTICLE = List.of(EBCDIC_SBCS, UNICODE_SBCS, UNICODE_MIXED, UNICODE_SBCS_DIRECT);

    private final String id;
    private final String tableEncoding;
    private final String subtype;
    private final int ccsid;
    private final Path path;

    private ColumnType(String id, String tableEncoding, String subtype, int ccsid, Path path) {
        this.id = id;
        this.tableEncoding = tableEncoding;
        this.subtype = subtype;
        this.ccsid = ccsid;
        this.path = path;
    }

    /** The built-in column choices, in the order the report shows them. */
    public static List<ColumnType> values() {
        return BUILT_IN;
    }

    /** The benchmark parameter value: "37", "367", "1208", "367-direct", "1399", "273", or another CCSID's number. */
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

    /** The path an inserted value takes. */
    public Path path() {
        return path;
    }

    /** True for what-ifs that Db2 does not do. */
    public boolean whatIf() {
        return path == Path.DIRECT;
    }

    /** The column type a benchmark parameter names: built-in, or any other character CCSID; a one-line error otherwise. */
    public static ColumnType byId(String id) {
        for (ColumnType t : BUILT_IN) {
            if (t.id.equals(id)) {
                return t;
            }
        }
        Ccsid c;
        try {
            c = CcsidRegistry.lookup(id);
        } catch (CcsidBenchException e) {
            throw new CcsidBenchException("unknown column type '" + id + "'; known: "
                    + BUILT_IN.stream().map(ColumnType::id).collect(Collectors.joining(", ")) + ", or a character CCSID");
        }
        for (ColumnType t : BUILT_IN) {
            if (!t.whatIf() && t.ccsid == c.number()) {
                return t;
            }
        }
        return switch (c.scheme()) {
            case EBCDIC_SBCS -> new ColumnType(Integer.toString(c.number()), "EBCDIC", "SBCS", c.number(), Path.HOST_SBCS);
            case EBCDIC_MIXED -> new ColumnType(Integer.toString(c.number()), "EBCDIC", "MIXED", c.number(), Path.HOST_MIXED);
            default -> throw new CcsidBenchException("CCSID " + c.label() + " is not a character column's CCSID here (Db2 stores"
                    + " UTF-16 in GRAPHIC columns); character columns: an EBCDIC CCSID, 367 or 1208");
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ColumnType t && t.id.equals(id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return id;
    }
}
