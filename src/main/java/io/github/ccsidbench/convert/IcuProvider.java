package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.LineEnds;
import com.ibm.icu.charset.CharsetICU;
import com.ibm.icu.charset.CharsetProviderICU;

import java.nio.charset.Charset;

/**
 * ICU4J's converters (icu4j-charset), through the String API. They are obtained only from
 * {@link CharsetProviderICU}: {@code Charset.forName("IBM037")} returns the JDK's charset even
 * with ICU on the class path, and ICU charsets report JDK-like names (background notes, section 3).
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

    static Charset charset(Ccsid ccsid) {
        Charset charset = ICU.charsetForName(ccsid.icuName());
        if (!(charset instanceof CharsetICU)) {
            throw new UnsupportedConversionException("ICU4J has no converter named " + ccsid.icuName()
                    + " for CCSID " + ccsid.number());
        }
        return charset;
    }

    @Override
    public Fidelity fidelity(Ccsid ccsid) {
        switch (ccsid.scheme()) {
            case EBCDIC_SBCS:
                return Fidelity.substituting(ccsid.substitution()).lineEnds(LineEnds.CDRA)
                        .ignorables(Fidelity.Ignorables.DROP)
                        .note("Drops unmappable Default_Ignorable code points (U+200B, U+FE0F, ...) instead of substituting them.")
                        .build();
            case ASCII_SBCS:
                return Fidelity.substituting(ccsid.substitution())
                        .ignorables(Fidelity.Ignorables.DROP_SUPPLEMENTARY)
                        .note("Writes the CDRA substitution 0x1A; drops supplementary Default_Ignorable code points"
                                + " (U+E0001, ...) but substitutes BMP ones.")
                        .build();
            case UTF_8:
            case UTF_16:
                return Fidelity.substituting(ccsid.substitution())
                        .note("Writes U+FFFD for an unpaired surrogate.")
                        .build();
            default:
                throw new AssertionError(ccsid.scheme());
        }
    }
}
