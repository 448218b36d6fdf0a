package io.github.ccsidbench.fidelity;

import io.github.ccsidbench.ccsid.Ccsid;

import java.util.List;
import java.util.Locale;

/**
 * The known disagreements between ecosystems on what a byte of a supported single-byte CCSID
 * means, apart from the EBCDIC line ends (which {@link io.github.ccsidbench.ccsid.LineEnds} and
 * each provider's {@link io.github.ccsidbench.convert.ConverterBehaviour} describe). The report's fidelity
 * section prints this table; {@code TableDifferencesTest} pins every entry against every provider
 * the project has for the CCSID.
 *
 * <p>How it was found: all 256 bytes of every supported single-byte CCSID decoded by the
 * project's providers (JDK, ICU4J, JTOpen, the reference codecs), the registry's IBM CDRA tables,
 * CPython 3.11's codecs (cp037, cp273, cp500, cp1140; it has none for 285, 297, 1047) and glibc
 * 2.36 iconv (IBM037, IBM273, IBM285, IBM297, IBM500, IBM1047, IBM1140). They agree on every
 * byte except the JDK's line ends (CPython and glibc follow IBM's CDRA there: 0x15 = U+0085 NEL,
 * 0x25 = U+000A LF) and the two bytes listed here, where CPython's cp273 and glibc's
 * IBM285 decode IBM's macron U+00AF as U+203E OVERLINE (and refuse to encode U+00AF).
 */
public final class TableDifferences {

    /**
     * One byte on which ecosystems disagree.
     *
     * @param ccsid the CCSID number
     * @param byteValue the byte (0..255)
     * @param ibm what IBM's table gives for the byte
     * @param ibmSources who agrees with IBM's table
     * @param other what the other ecosystems give
     * @param otherSources who gives {@code other}
     * @param consequence what it means for data crossing between them, one sentence
     */
    public record Difference(int ccsid, int byteValue, int ibm, String ibmSources, int other, String otherSources,
                             String consequence) {

        /** "0xBC". */
        public String byteHex() {
            return String.format(Locale.ROOT, "0x%02X", byteValue);
        }

        /** One row of the report's table, matching {@link TableDifferences#header()}. */
        public List<String> row() {
            return List.of(Integer.toString(ccsid), byteHex(), Characters.describe(ibm) + ": " + ibmSources,
                    Characters.describe(other) + ": " + otherSources, consequence);
        }
    }

    private static final List<Difference> ALL = List.of(
            new Difference(273, 0xBC, 0x00AF,
                    "IBM's CDRA table, JDK IBM273, ICU4J ibm-273_P100-1995, JTOpen, reference codecs, glibc iconv IBM273",
                    0x203E, "CPython cp273",
                    "Text CPython decoded holds U+203E, which the JDK, ICU4J and the reference codecs write as the"
                            + " substitution 0x3F and JTOpen best-fits to 0xBC; CPython's cp273 cannot encode U+00AF."),
            new Difference(285, 0xA1, 0x00AF,
                    "IBM's CDRA table, JDK IBM285, ICU4J ibm-285_P100-1995, JTOpen, reference codecs (CPython has no cp285)",
                    0x203E, "glibc iconv IBM285",
                    "Text iconv decoded holds U+203E, which the JDK, ICU4J and the reference codecs write as the"
                            + " substitution 0x3F and JTOpen best-fits to 0xA1; iconv -t IBM285 refuses U+00AF."));

    private TableDifferences() {
    }

    /** Every known difference, in CCSID order. */
    public static List<Difference> all() {
        return ALL;
    }

    /** The known differences for one CCSID (none for most). */
    public static List<Difference> of(Ccsid ccsid) {
        return ALL.stream().filter(d -> d.ccsid() == ccsid.number()).toList();
    }

    /** The report table's column titles, matching {@link Difference#row()}. */
    public static List<String> header() {
        return List.of("CCSID", "byte", "IBM's table", "elsewhere", "what follows");
    }
}
