package io.github.ccsidbench.db2;

import java.nio.charset.StandardCharsets;

/**
 * Client, every column type: the JDBC driver with type 4 connectivity sends character input as
 * UTF-8 (CCSID 1208), whatever the column's CCSID.
 *
 * <p>Source: Db2 12 for z/OS Internationalization Guide (SC19-8850), chapter 4, "Java applications";
 * docs/db2-model.md.
 */
public final class ClientUtf8Encoding {

    /** The UTF-8 bytes the driver puts on the wire for {@code value}. */
    public byte[] encode(String value) {
        return value.getBytes(StandardCharsets.UTF_8);
    }
}
