package io.github.ccsidbench.db2;

import java.util.Locale;

/**
 * One character column of a row shape (docs/db2-model.md, "Your own shape: `--shape FILE`").
 *
 * @param name column name, e.g. "LAST_NAME"
 * @param sqlType CHAR (fixed, blank-padded) or VARCHAR
 * @param length maximum length in bytes
 * @param content what the generator fills it with
 */
public record ColumnSpec(String name, SqlType sqlType, int length, Content content) {

    /** Fixed-length, blank-padded, or varying-length character data. */
    public enum SqlType { CHAR, VARCHAR }

    /** Kinds of content; the JSON row-shape format names them in lower case with dashes: "last-name". */
    public enum Content {
        ID, LAST_NAME, FIRST_NAME, KANA_NAME, DATE, CODE, STATUS, CURRENCY, AMOUNT, CITY, COUNTRY, TEXT,
        /** A user's own values ({@code run --data}): never generated. */
        DATA;

        /** The name in row-shape files: "last-name". */
        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    public ColumnSpec {
        if (length < 1 || length > 32704) {
            throw new IllegalArgumentException(name + ": length " + length + " is not between 1 and 32704");
        }
    }

    /** "CHAR(20)". */
    public String typeLabel() {
        return sqlType + "(" + length + ")";
    }
}
