package io.github.ccsidbench.fidelity;

import io.github.ccsidbench.ccsid.Ccsid;

import java.util.List;
import java.util.Locale;

/**
 * The known disagreements between ecosystems on a byte of a supported single-byte CCSID, line ends apart, pinned by
 * {@code TableDifferencesTest} (docs/fidelity.md, "IBM's tables against other ecosystems").
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
                            + " substitution 0x3F and JTOpen best-fits to 0xA1; iconv -t IBM285 refuses U+00AF."),
            swap(278, 0x71, 0x005C, 0xE0, 0x00C9, "IBM278", "ibm-278_P100-1995", "IBM1143"),
            swap(278, 0xE0, 0x00C9, 0x71, 0x005C, "IBM278", "ibm-278_P100-1995", "IBM1143"),
            swap(871, 0x4A, 0x00DE, 0xC0, 0x00FE, "IBM871", "ibm-871_P100-1995", "IBM1149"),
            swap(871, 0xC0, 0x00FE, 0x4A, 0x00DE, "IBM871", "ibm-871_P100-1995", "IBM1149"));

    private TableDifferences() {
    }

    /**
     * A byte whose character glibc's iconv puts at another byte of the same CCSID: two characters exchanged, so nothing
     * is substituted and nothing fails, the text just changes. glibc's own euro version of the CCSID agrees with IBM.
     */
    private static Difference swap(int ccsid, int byteValue, int ibm, int otherByte, int other, String jdk, String icu,
                                   String glibcEuro) {
        return new Difference(ccsid, byteValue, ibm, "IBM's CDRA table, JDK " + jdk + ", ICU4J " + icu + ", JTOpen, reference"
                + " codecs, glibc iconv " + glibcEuro + " (its euro version)", other, "glibc iconv IBM" + ccsid,
                String.format(Locale.ROOT, "iconv -t IBM%d writes U+%04X as 0x%02X and U+%04X as 0x%02X: bytes it wrote come"
                        + " back through the JDK, ICU4J or JTOpen with the two exchanged, with no substitution and no error.",
                        ccsid, ibm, otherByte, other, byteValue));
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
