package io.github.ccsidbench.ccsid;

/** The encoding scheme of a CCSID: decides how text is laid out in bytes and which characters fit. */
public enum EncodingScheme {
    /** One byte per character, EBCDIC layout (letters at 0xC1.., digits at 0xF0..). */
    EBCDIC_SBCS("EBCDIC SBCS"),
    /** One byte per character, ASCII layout; CCSID 367 holds only the 128 7-bit characters. */
    ASCII_SBCS("ASCII SBCS"),
    /** EBCDIC mixed single- and double-byte, stateful: no 256-entry table describes it ({@link MixedEbcdic} does). */
    EBCDIC_MIXED("EBCDIC MIXED"),
    /** Unicode, one to four bytes per code point. */
    UTF_8("UTF-8"),
    /** Unicode, two bytes per UTF-16 code unit, big-endian, no byte order mark. */
    UTF_16("UTF-16");

    private final String label;

    EncodingScheme(String label) {
        this.label = label;
    }

    /** How people write it: "EBCDIC SBCS", "UTF-8". */
    public String label() {
        return label;
    }

    /** True for the single-byte schemes, where a 256-entry table describes the whole CCSID. */
    public boolean singleByte() {
        return this == EBCDIC_SBCS || this == ASCII_SBCS;
    }

    /** True for mixed EBCDIC, single- and double-byte characters switched by shift-out and shift-in. */
    public boolean mixed() {
        return this == EBCDIC_MIXED;
    }

    /** True for the Unicode schemes, which hold every well-formed string. */
    public boolean unicode() {
        return this == UTF_8 || this == UTF_16;
    }
}
