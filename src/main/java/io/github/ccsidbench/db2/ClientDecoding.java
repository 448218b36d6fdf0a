package io.github.ccsidbench.db2;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.Providers;

/**
 * SELECT, client side: DRDA is "receiver makes right", so the server sends the column's bytes in
 * the column's CCSID and the driver decodes them with Java's own converter for that CCSID (the
 * {@code jdk} provider).
 *
 * <p>Source: Db2 12 for z/OS Internationalization Guide, chapter 4; DB2 V8 Performance Topics
 * (SG24-6465) pp. 209-219; background notes, section 1.
 */
public final class ClientDecoding {

    private final Converter jdk;

    public ClientDecoding(Ccsid column) {
        this.jdk = Providers.byName("jdk").open(column);
    }

    /** The String the application gets for a stored value. */
    public String decode(byte[] stored) {
        return jdk.decode(stored, 0, stored.length);
    }
}
