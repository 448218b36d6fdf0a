package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.EncodingScheme;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Set;

/**
 * The JDK's own charsets used three ways ({@link Style}; docs/method.md, "Providers"). A charset another provider
 * supplies under the JDK's name is refused, so "jdk" always measures the JDK.
 */
public final class JdkProvider implements ConverterProvider {

    /** The three ways of calling the JDK's charsets. */
    public enum Style {
        STRING("jdk", "String.getBytes(Charset) / new String(byte[], Charset)"),
        CODER("jdk-coder", "one reused CharsetEncoder/CharsetDecoder into preallocated buffers"),
        STREAM("jdk-stream", "a new OutputStreamWriter/InputStreamReader per call over in-memory streams");

        private final String providerName;
        private final String description;

        Style(String providerName, String description) {
            this.providerName = providerName;
            this.description = description;
        }

        /** The name runs and results know this style by ("jdk", "jdk-coder", "jdk-stream"). */
        public String providerName() {
            return providerName;
        }
    }

    private static final Set<String> JDK_MODULES = Set.of("java.base", "jdk.charsets");

    private final Style style;

    public JdkProvider(Style style) {
        this.style = style;
    }

    @Override
    public String name() {
        return style.providerName;
    }

    @Override
    public String description() {
        return "JDK " + style.description;
    }


    @Override
    public Converter open(Ccsid ccsid) {
        Charset charset = charset(ccsid);
        return switch (style) {
            case STRING -> new StringApiConverter(name(), ccsid, charset);
            case CODER -> new ReusedCoderConverter(name(), ccsid, charset);
            case STREAM -> new StreamConverter(name(), ccsid, charset);
        };
    }

    /** The JDK's charset for {@code ccsid}, never one from another provider. */
    static Charset charset(Ccsid ccsid) {
        String name = ccsid.jdkName().orElseThrow(() -> new UnsupportedConversionException("the JDK has no charset for CCSID "
                + ccsid.label() + ": OpenJDK 17 and 25 have none for 1390 or 1399; provider icu has it"));
        Charset charset;
        try {
            charset = Charset.forName(name);
        } catch (UnsupportedCharsetException | IllegalCharsetNameException e) {
            throw new UnsupportedConversionException("this JDK (" + System.getProperty("java.version")
                    + ") has no charset " + name + " for CCSID " + ccsid.number()
                    + (ccsid.scheme() == EncodingScheme.EBCDIC_SBCS || ccsid.scheme().mixed()
                    ? " (is the module jdk.charsets missing?)" : ""));
        }
        String module = charset.getClass().getModule().getName();
        if (!JDK_MODULES.contains(module)) {
            throw new UnsupportedConversionException("Charset.forName(\"" + name + "\") returned "
                    + charset.getClass().getName() + ", not a JDK charset");
        }
        return charset;
    }

    @Override
    public ConverterBehaviour behaviour(Ccsid ccsid) {
        return BehaviourCatalogue.jdk(ccsid);
    }

}
