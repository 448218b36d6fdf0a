package io.github.ccsidbench.db2;

import java.util.Arrays;

/**
 * Server INSERT into a Unicode MIXED column (CCSID 1208): the value arrives in the column's own
 * CCSID, so there is nothing to convert; it is moved into the row as it is.
 *
 * <p>Source: Db2 12 for z/OS Internationalization Guide, chapter 5 ("no conversion is needed when
 * the source and target CCSIDs are the same"); Db2 Unicode defaults: MIXED = 1208.
 */
public final class StoreAsSent {

    /** The column value: a copy of the sent bytes (the move into the row). */
    public byte[] store(byte[] utf8) {
        return Arrays.copyOf(utf8, utf8.length);
    }
}
