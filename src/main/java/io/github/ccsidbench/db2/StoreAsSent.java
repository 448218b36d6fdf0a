package io.github.ccsidbench.db2;

import java.util.Arrays;

/**
 * Server INSERT into a Unicode MIXED column (1208): nothing to convert, the value is moved into the row as it is.
 * Source: Db2 12 Internationalization Guide, ch. 5.
 */
public final class StoreAsSent {

    /** The column value: a copy of the sent bytes (the move into the row). */
    public byte[] store(byte[] utf8) {
        return Arrays.copyOf(utf8, utf8.length);
    }
}
