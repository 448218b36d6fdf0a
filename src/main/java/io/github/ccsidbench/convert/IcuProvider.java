package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;
import com.ibm.icu.charset.CharsetICU;
import com.ibm.icu.charset.CharsetProviderICU;

import java.nio.charset.Charset;

/**
 * ICU4J's converters through the String API, obtained only from {@link CharsetProviderICU}, since ICU charsets report
 * JDK-like names (docs/method.md, "Providers").
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
        return BehaviourCatalogue.icu(ccsid);
    }
}
