package io.github.ccsidbench.db2;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.ConverterBehaviour;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.Providers;

/**
 * SELECT, client side: the server sends the column's bytes ("receiver makes right") and the driver decodes them with
 * the JDK's converter, or ICU4J's where the JDK has none ({@link #PROVIDER_WITHOUT_JDK}). Source: Db2 12
 * Internationalization Guide, ch. 4 (docs/db2-model.md).
 */
public final class ClientDecoding {

    /** The provider that decodes a CCSID the JDK has no converter for. */
    public static final String PROVIDER_WITHOUT_JDK = "icu";

    private final Converter converter;
    private final ConverterBehaviour behaviour;

    public ClientDecoding(Ccsid column) {
        ConverterProvider jdk = Providers.byName("jdk");
        ConverterProvider provider = jdk.supports(column) ? jdk : Providers.byName(PROVIDER_WITHOUT_JDK);
        this.converter = provider.open(column);
        this.behaviour = provider.behaviour(column);
    }

    /** What the decoding provider does with bytes it has no character for (the double-byte substitution, say). */
    public ConverterBehaviour behaviour() {
        return behaviour;
    }

    /** The String the application gets for a stored value. */
    public String decode(byte[] stored) {
        return converter.decode(stored, 0, stored.length);
    }
}
