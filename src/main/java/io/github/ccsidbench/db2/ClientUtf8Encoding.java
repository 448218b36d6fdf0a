package io.github.ccsidbench.db2;

import java.nio.charset.StandardCharsets;

/**
 * Client, every column type: the type 4 JDBC driver sends character input as UTF-8, whatever the column's CCSID.
 * Source: Db2 12 Internationalization Guide (SC19-8850), ch. 4.
 */
public final class ClientUtf8Encoding {

    /** The UTF-8 bytes the driver puts on the wire for {@code value}. */
    public byte[] encode(String value) {
        return value.getBytes(StandardCharsets.UTF_8);
    }
}
