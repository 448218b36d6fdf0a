package io.github.ccsidbench.ccsid;

/**
 * How an EBCDIC converter maps the two EBCDIC line ends, byte 0x15 (NL) and byte 0x25 (LF).
 *
 * <p>Converters of "the same" CCSID disagree here (docs/fidelity.md; OpenJDK bug
 * 8186803): IBM's CDRA tables map 0x15 to U+0085 NEL and 0x25 to U+000A LF; z/OS
 * Unix-style converters swap them; the JDK's IBM037 family maps both bytes to U+000A, so byte
 * 0x25 and character U+0085 do not survive a round trip.
 */
public enum LineEnds {
    /** IBM CDRA: 0x15 &lt;-&gt; U+0085, 0x25 &lt;-&gt; U+000A (ICU, JTOpen). */
    CDRA("0x15<->U+0085, 0x25<->U+000A"),
    /** Swapped for Unix text: 0x15 &lt;-&gt; U+000A, 0x25 &lt;-&gt; U+0085 (ICU ",swaplfnl", JDK IBM1047). */
    SWAPLFNL("0x15<->U+000A, 0x25<->U+0085"),
    /**
     * The JDK's IBM037 family: 0x15 and 0x25 both decode to U+000A; U+000A and U+0085 both
     * encode to 0x15.
     */
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
