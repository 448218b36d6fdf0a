package io.github.ccsidbench.db2;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.Providers;

/**
 * SELECT, client side: DRDA is "receiver makes right", so the server sends the column's bytes in
 * the column's CCSID and the driver decodes them with Java's own converter for that CCSID (the
 * {@code jdk} provider). The JDK has no converter for 1390 or 1399; IBM's driver brings its own for them, which
 * this project does not have, so for a CCSID the JDK lacks the model decodes with ICU4J's converter, built from
 * IBM's tables ({@link #PROVIDER_WITHOUT_JDK}).
 *
 * <p>Source: Db2 12 for z/OS Internationalization Guide, chapter 4; DB2 V8 Performance Topics
 * (SG24-6465) pp. 209-219; docs/db2-model.md.
 */
public final class ClientDecoding {

    /** The provider that decodes a CCSID the JDK has no converter for. */
    public static final String PROVIDER_WITHOUT_JDK = "icu";

    private final Converter converter;

    public ClientDecoding(Ccsid column) {
        ConverterProvider jdk = Providers.byName("jdk");
        this.converter = (jdk.supports(column) ? jdk : Providers.byName(PROVIDER_WITHOUT_JDK)).open(column);
    }

    /** The String the application gets for a stored value. */
    public String decode(byte[] stored) {
        return converter.decode(stored, 0, stored.length);
    }
}
