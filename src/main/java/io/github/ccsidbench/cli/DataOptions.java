package io.github.ccsidbench.cli;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.data.DataRun;
import io.github.ccsidbench.data.DataSource;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** The options that name a user's own rows and say how to read them ({@code run --data FILE}; docs/your-data.md, "Input"). */
final class DataOptions {

    @Option(names = "--data", paramLabel = "FILE", defaultValue = "${sys:ccsidbench.data:-}",
            description = "measure your own rows: a CSV (RFC 4180) or TSV file with a header, or plain text (one value a line);"
                    + " the file is streamed and a seeded sample measured; no value of it is written anywhere")
    String file;

    @Option(names = "--format", paramLabel = "FORMAT", description = "csv, tsv or text (default: by the file name: .csv, .tsv or"
            + " .tab, else text)")
    String format;

    @Option(names = "--encoding", paramLabel = "CCSID", defaultValue = "1208",
            description = "the CCSID the file is in, e.g. 37 or 1399 for an EBCDIC unload (default: ${DEFAULT-VALUE}, UTF-8)")
    Ccsid encoding;

    @Option(names = "--no-header", description = "the first record of the CSV or TSV file is a row, not the column names")
    boolean noHeader;

    @Option(names = "--comment", paramLabel = "CHAR", description = "skip the CSV or TSV lines that start with this character")
    Character comment;

    @Option(names = "--rows", paramLabel = "N", converter = OptionValues.SampleRows.class, description = "rows in the sample (default: " + DataRun.DEFAULT_ROWS + ")")
    Integer rows;

    @Option(names = "--seed", paramLabel = "N", description = "the sample's seed (default: " + DataRun.DEFAULT_SEED + ")")
    Long seed;

    @Option(names = "--show-examples", description = "let data.json and the report show a few of the values that lose"
            + " characters (by default no value, row or part of one is written anywhere)")
    boolean showExamples;

    /** Whether the user named a data file. */
    boolean given() {
        return file != null && !file.isBlank();
    }

    /** The data file and how to read it. */
    DataSource source() {
        Path path = Path.of(file);
        DataSource.Format f = format == null ? DataSource.Format.of(path) : DataSource.Format.named(format);
        return new DataSource(path, f, encoding, !noHeader && f != DataSource.Format.TEXT, comment);
    }

    /** The sample size (checked by its converter). */
    int rows() {
        return rows == null ? DataRun.DEFAULT_ROWS : rows;
    }

    long seed() {
        return seed == null ? DataRun.DEFAULT_SEED : seed;
    }

    /** One-line errors for options that only make sense with --data. */
    void checkUnused() {
        if (!given() && (format != null || rows != null || seed != null || comment != null || noHeader || showExamples)) {
            throw new CcsidBenchException("--format, --rows, --seed, --comment, --no-header and --show-examples go with --data FILE");
        }
    }
}
