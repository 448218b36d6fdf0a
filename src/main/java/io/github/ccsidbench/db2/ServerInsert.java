package io.github.ccsidbench.db2;

import java.util.Arrays;

/**
 * The server's half of an INSERT for one column type: each value's documented path, its conversion, and CHAR(n)
 * padding with the column's blank. Holds work areas: one instance per thread.
 */
public final class ServerInsert {

    private final ColumnType type;
    private final StoreAsSent asSent = new StoreAsSent();
    private final MinorConversion minor;
    private final MajorConversion major;
    private final DirectTableConversion direct;
    private final byte blank;
    private final int[] substituted = new int[1];

    public ServerInsert(ColumnType type) {
        this.type = type;
        boolean host = type.path() == ColumnType.Path.HOST_SBCS || type.path() == ColumnType.Path.HOST_MIXED;
        this.minor = host ? new MinorConversion(type.ccsid()) : null;
        this.major = host || type.path() == ColumnType.Path.MAJOR ? new MajorConversion(type.ccsid()) : null;
        this.direct = type.path() == ColumnType.Path.DIRECT ? new DirectTableConversion(type.ccsid()) : null;
        this.blank = RowConversion.blank(type.ccsid());
    }

    /** Converts one value for {@code column} and records its path and losses in {@code tally}. */
    public byte[] insert(byte[] utf8, ColumnSpec column, InsertTally tally) {
        substituted[0] = 0;
        byte[] value;
        ServerPath path;
        switch (type.path()) {
            case AS_SENT:
                value = asSent.store(utf8);
                path = ServerPath.NO_CONVERSION;
                break;
            case HOST_SBCS:
            case HOST_MIXED:
                if (minor.onlySimpleCharacters(utf8)) {
                    value = minor.translate(utf8);
                    path = ServerPath.MINOR;
                } else {
                    value = major.convert(utf8, substituted);
                    path = ServerPath.MAJOR;
                }
                break;
            case MAJOR:
                // no minor conversion into Unicode SBCS: Unicode Services, via UTF-16
                value = major.convert(utf8, substituted);
                path = ServerPath.MAJOR;
                break;
            case DIRECT:
                value = direct.convert(utf8, substituted);
                path = ServerPath.DIRECT;
                break;
            default:
                throw new AssertionError(type);
        }
        tally.record(path, substituted[0]);
        return pad(value, column);
    }

    private byte[] pad(byte[] value, ColumnSpec column) {
        if (value.length > column.length()) {
            throw new IllegalArgumentException(column.name() + " " + column.typeLabel() + ": a value of " + value.length
                    + " bytes does not fit (Db2 would refuse it)");
        }
        if (column.sqlType() != ColumnSpec.SqlType.CHAR || value.length == column.length()) {
            return value;
        }
        byte[] padded = Arrays.copyOf(value, column.length());
        Arrays.fill(padded, value.length, padded.length, blank);
        return padded;
    }
}
