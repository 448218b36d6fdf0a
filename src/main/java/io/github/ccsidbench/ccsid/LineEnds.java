package io.github.ccsidbench.ccsid;

/**
 * How an EBCDIC converter maps the two EBCDIC line ends, byte 0x15 (NL) and byte 0x25 (LF), where converters of "the
 * same" CCSID disagree: IBM's CDRA (ICU4J, JTOpen), swapped for z/OS UNIX text (JDK IBM1047), or both to LF (the JDK's
 * IBM037 family). See docs/fidelity.md, "Line ends"; OpenJDK bug JDK-8186803.
 */
public enum LineEnds {
    CDRA("0x15<->U+0085, 0x25<->U+000A"),
    SWAPLFNL("0x15<->U+000A, 0x25<->U+0085"),
    JDK_BOTH_LF("0x15->U+000A, 0x25->U+000A; U+000A->0x15, U+0085->0x15");

    private final String mapping;

    LineEnds(String mapping) {
        this.mapping = mapping;
    }

    /** The mapping in one line, for tables and error messages. */
    public String mapping() {
        return mapping;
    }
}
