package io.github.ccsidbench.data;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ccsid.Ccsid;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Where a user's rows are and how to read them (docs/your-data.md, "Input").
 *
 * @param file the file
 * @param format CSV (RFC 4180), TSV or plain text (one value a line)
 * @param encoding the CCSID of the file's bytes (1208 by default)
 * @param header whether the first record names the columns (CSV and TSV)
 * @param comment lines starting with this character are skipped (CSV and TSV), or null
 */
public record DataSource(Path file, Format format, Ccsid encoding, boolean header, Character comment) {

    /** The formats a user's rows can come in. */
    public enum Format {
        CSV,
        TSV,
        TEXT;

        /** The format a file name suggests: .csv, .tsv or .tab, anything else plain text. */
        public static Format of(Path file) {
            String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
            return name.endsWith(".csv") ? CSV : name.endsWith(".tsv") || name.endsWith(".tab") ? TSV : TEXT;
        }

        /** The format a user named ("csv", "tsv", "text"), or a one-line error. */
        public static Format named(String name) {
            for (Format f : values()) {
                if (f.name().equalsIgnoreCase(name)) {
                    return f;
                }
            }
            throw new CcsidBenchException("unknown data format '" + name + "'; known: csv, tsv, text");
        }
    }

    /** How the file is named in messages: its file name only (a path may say more than the user wants logged). */
    public String label() {
        return file.getFileName().toString();
    }
}
