package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.LineEnds;
import io.github.ccsidbench.ccsid.MixedEbcdic;
import com.ibm.icu.charset.CharsetICU;
import com.ibm.icu.charset.CharsetProviderICU;

import java.nio.charset.Charset;

/**
 * ICU4J's converters (icu4j-charset), through the String API. They are obtained only from
 * {@link CharsetProviderICU}: {@code Charset.forName("IBM037")} returns the JDK's charset even
 * with ICU on the class path, and ICU charsets report JDK-like names (docs/fidelity.md).
 */
public final class IcuProvider implements ConverterProvider {

    private static final CharsetProviderICU ICU = new CharsetProviderICU();

    @Override
    public String name() {
        return "icu";
    }

    @Override
    public String description() {
        return "ICU4J " + com.ibm.icu.util.VersionInfo.ICU_VERSION + " CharsetICU via String.getBytes / new String";
    }


    @Override
    public Converter open(Ccsid ccsid) {
        return new StringApiConverter(name(), ccsid, charset(ccsid));
    }

    /** ICU4J's converter for {@code ccsid}, never the JDK's. */
    public static Charset charset(Ccsid ccsid) {
        Charset charset = ICU.charsetForName(ccsid.icuName());
        if (!(charset instanceof CharsetICU)) {
            throw new UnsupportedConversionException("ICU4J has no converter named " + ccsid.icuName()
                    + " for CCSID " + ccsid.number());
        }
        return charset;
    }

    @Override
    public ConverterBehaviour behaviour(Ccsid ccsid) {
        switch (ccsid.scheme()) {
            case EBCDIC_SBCS:
                return ConverterBehaviour.substituting(ccsid.substitution()).lineEnds(LineEnds.CDRA)
                        .ignorables(ConverterBehaviour.Ignorables.DROP)
                        .note("Drops unmappable Default_Ignorable code points (U+200B, U+FE0F, ...) instead of substituting them.")
                        .build();
            case EBCDIC_MIXED:
                return mixedBehaviour(ccsid);
            case ASCII_SBCS:
                return ConverterBehaviour.substituting(ccsid.substitution())
                        .ignorables(ConverterBehaviour.Ignorables.DROP_SUPPLEMENTARY)
                        .note("Writes the CDRA substitution 0x1A; drops supplementary Default_Ignorable code points"
                                + " (U+E0001, ...) but substitutes BMP ones.")
                        .build();
            case UTF_8:
            case UTF_16:
                return ConverterBehaviour.substituting(ccsid.substitution())
                        .note("Writes U+FFFD for an unpaired surrogate.")
                        .build();
            default:
                throw new AssertionError(ccsid.scheme());
        }
    }

    /** Read off ICU4J 78.3 for all seven (asserted in {@code MixedEbcdicTest} and {@code MixedDifferencesTest}). */
    private static ConverterBehaviour mixedBehaviour(Ccsid ccsid) {
        byte[] dbcs = ccsid.mixed().orElseThrow().doubleByteSubstitution();
        ConverterBehaviour.Builder b = ConverterBehaviour.substituting(MixedEbcdic.SHIFT_OUT, dbcs[0], dbcs[1], MixedEbcdic.SHIFT_IN)
                .alsoSubstituting(ccsid.substitution())
                .alsoSubstituting(dbcs)
                .lineEnds(LineEnds.CDRA)
                .ignorables(ConverterBehaviour.Ignorables.DROP)
                .note("Writes IBM's substitutions: 0x3F for an unmappable U+0000..U+00FF (and a few others), shift-out"
                        + " 0xFEFE shift-in for the rest; drops unmappable Default_Ignorable code points (U+00AD, ...).");
        if (ccsid.number() == 1390 || ccsid.number() == 1399) {
            b.note("ICU4J 78 bug: 21 characters that begin one of IBM's multi-character mappings (U+304B \u304B, U+30C8 \u30C8,"
                    + " U+00E6, ...) are written as 0xFEFE, without shift-out, when they end the string: \u30C6\u30B9\u30C8"
                    + " comes back as \u30C6\u30B9 and U+FFFD.");
        }
        return b.build();
    }
}
