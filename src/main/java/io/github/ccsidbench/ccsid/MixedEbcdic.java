package io.github.ccsidbench.ccsid;

import com.ibm.icu.charset.CharsetICU;
import com.ibm.icu.charset.CharsetProviderICU;
import com.ibm.icu.text.UnicodeSet;

import java.nio.charset.Charset;
import java.util.HexFormat;

/**
 * What makes a mixed EBCDIC CCSID (930, 939, 1390, 1399, 933, 935, 937) more than a table: single-byte
 * characters and runs of double-byte characters in one string, a run opened by shift-out 0x0E and closed by
 * shift-in 0x0F; the single-byte and double-byte CCSIDs it is made of; the substitution each half uses; and
 * which characters the CCSID holds.
 *
 * <p>Sources. The components are IBM's: "Double-byte EBCDIC coded character set identifiers (CCSIDs)",
 * IBM support document swg27015679 (930 = 290 + 300, 939 = 1027 + 300, 1390 = 8482 + 16684, 1399 = 5123 +
 * 16684, 933 = 833 + 834, 935 = 836 + 837, 937 = 28709 + 835), agreeing with CICS TS's conversion tables
 * for 930 and 939. The substitutions are IBM's, as ICU's converter files carry them
 * ({@code <subchar> \xFE\xFE}, {@code <subchar1> \x3F} in {@code ibm-1390_P110-2003.ucm}; read back from
 * ICU4J 78's converters for all seven: double-byte FE FE, single-byte 3F).
 *
 * <p>The repertoire is the characters IBM's table maps both ways, as ICU4J ships the table (ICU's
 * {@code ibm-*} converters are generated from IBM's CDRA mapping files; {@link CharsetICU#ROUNDTRIP_SET}).
 * The JDK and JTOpen do not agree with it everywhere: {@code fidelity.MixedDifferences} says where.
 */
public final class MixedEbcdic {

    /** Shift-out: the double-byte characters that follow, up to shift-in. */
    public static final byte SHIFT_OUT = 0x0E;
    /** Shift-in: back to single-byte characters. */
    public static final byte SHIFT_IN = 0x0F;

    private final int singleByteCcsid;
    private final int doubleByteCcsid;
    private final byte singleByteSubstitution;
    private final byte[] doubleByteSubstitution;
    private final String repertoireSource;
    private volatile UnicodeSet repertoire;

    MixedEbcdic(int singleByteCcsid, int doubleByteCcsid, byte singleByteSubstitution, byte[] doubleByteSubstitution,
                String repertoireSource) {
        this.singleByteCcsid = singleByteCcsid;
        this.doubleByteCcsid = doubleByteCcsid;
        this.singleByteSubstitution = singleByteSubstitution;
        this.doubleByteSubstitution = doubleByteSubstitution.clone();
        this.repertoireSource = repertoireSource;
    }

    /** The double-byte substitution character, X'FEFE' (written between shift-out and shift-in). */
    public byte[] doubleByteSubstitution() {
        return doubleByteSubstitution.clone();
    }

    /** "290 + 300": the components, single-byte first. */
    public String components() {
        return singleByteCcsid + " + " + doubleByteCcsid;
    }

    /** "3F, FE FE": the substitutions, single-byte first. */
    public String substitutions() {
        return HexFormat.of().withUpperCase().toHexDigits(singleByteSubstitution) + ", "
                + HexFormat.ofDelimiter(" ").withUpperCase().formatHex(doubleByteSubstitution);
    }

    /** True when IBM's table maps code point {@code cp} both ways. */
    public boolean canEncode(int cp) {
        return repertoire().contains(cp);
    }

    private UnicodeSet repertoire() {
        UnicodeSet set = repertoire;
        if (set == null) {
            Charset charset = new CharsetProviderICU().charsetForName(repertoireSource);
            if (!(charset instanceof CharsetICU icu)) {
                throw new IllegalStateException("ICU4J has no converter " + repertoireSource);
            }
            set = new UnicodeSet();
            icu.getUnicodeSet(set, CharsetICU.ROUNDTRIP_SET);
            set = set.freeze();
            repertoire = set;
        }
        return set;
    }
}
