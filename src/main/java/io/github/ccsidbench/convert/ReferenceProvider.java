package io.github.ccsidbench.convert;

import java.util.List;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.EncodingScheme;
import io.github.ccsidbench.ccsid.LineEnds;
import io.github.ccsidbench.reference.ByteTranslator;
import io.github.ccsidbench.reference.SingleByteCodec;
import io.github.ccsidbench.reference.Translators;

/**
 * The project's own reference codec for the single-byte EBCDIC CCSIDs, how close to the ISO-8859-1 floor an EBCDIC
 * conversion can get, in three variants ({@link Variant}; docs/reference-codec.md).
 */
public final class ReferenceProvider implements ConverterProvider {

    /** The three variants. */
    public enum Variant {
        BEST("reference", "reference EBCDIC codec: ISO-8859-1 copy + one table pass, SIMD when the Vector API is there", false, false),
        SCALAR("reference-scalar", "reference EBCDIC codec, scalar table pass only", true, false),
        CDRA("reference-cdra", "reference EBCDIC codec with IBM CDRA line ends (ICU-style)", false, true);

        private final String providerName;
        private final String description;
        private final boolean scalar;
        private final boolean cdra;

        Variant(String providerName, String description, boolean scalar, boolean cdra) {
            this.providerName = providerName;
            this.description = description;
            this.scalar = scalar;
            this.cdra = cdra;
        }
    }

    private final Variant variant;

    public ReferenceProvider(Variant variant) {
        this.variant = variant;
    }

    @Override
    public String name() {
        return variant.providerName;
    }

    @Override
    public String description() {
        return variant.description;
    }

    @Override
    public Converter open(Ccsid ccsid) {
        if (ccsid.scheme() != EncodingScheme.EBCDIC_SBCS) {
            throw new UnsupportedConversionException(name() + " converts the single-byte EBCDIC CCSIDs only, not "
                    + ccsid.label());
        }
        ByteTranslator translator = variant.scalar ? Translators.scalar() : Translators.best();
        SingleByteCodec codec = new SingleByteCodec(ccsid.table(lineEnds(ccsid)).orElseThrow(), ccsid.substitution()[0], translator);
        return new AbstractConverter(name(), ccsid) {
            @Override
            public byte[] encode(String text) {
                return codec.encode(text);
            }

            @Override
            public String decode(byte[] bytes, int offset, int length) {
                return codec.decode(bytes, offset, length);
            }

            @Override
            public String toString() {
                return super.toString() + " [" + codec.translator() + "]";
            }
        };
    }

    private LineEnds lineEnds(Ccsid ccsid) {
        return variant.cdra ? LineEnds.CDRA : BehaviourCatalogue.jdkLineEnds(ccsid);
    }

    /** The SIMD variants ask their forks to resolve the Vector API module. */
    @Override
    public List<String> forkJvmArgs() {
        return variant.scalar ? List.of() : List.of(Translators.vectorOption());
    }

    @Override
    public ConverterBehaviour behaviour(Ccsid ccsid) {
        return BehaviourCatalogue.reference(ccsid, variant.cdra);
    }
}
