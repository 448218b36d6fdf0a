package io.github.ccsidbench.ccsid;

import com.ibm.icu.charset.CharsetICU;
import com.ibm.icu.charset.CharsetProviderICU;
import com.ibm.icu.text.UnicodeSet;

import java.nio.charset.Charset;
import java.util.HexFormat;

/**
 * What makes a mixed EBCDIC CCSID more than a table: shift-out/shift-in runs, its two components, each half's
 * substitution, and its repertoire ({@link CharsetICU#ROUNDTRIP_SET}). Source: IBM support document swg27015679.
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
