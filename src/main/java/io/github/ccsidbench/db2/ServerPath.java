package io.github.ccsidbench.db2;

/** The ways Db2 for z/OS can treat an incoming UTF-8 value on INSERT (docs/db2-model.md). */
public enum ServerPath {
    /** Same CCSID: stored as sent. */
    NO_CONVERSION("no conversion"),
    /** Db2's own translate table for the host EBCDIC CCSID, after a TRT scan found only simple characters. */
    MINOR("minor"),
    /** z/OS Unicode Services, indirect through UTF-16 (1208 to 1200 to target). */
    MAJOR("major"),
    /** A what-if: one table pass straight from UTF-8 to the target, no UTF-16 pivot. */
    DIRECT("direct table");

    private final String label;

    ServerPath(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
