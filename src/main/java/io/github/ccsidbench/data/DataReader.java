package io.github.ccsidbench.data;

import java.io.FilterReader;
import java.io.Reader;
import java.util.function.Consumer;
import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.fidelity.DecodingReader;
import io.github.ccsidbench.fidelity.ReadProgress;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * Streams a user's file once, never whole: checks it is what it was declared to be, measures each column's longest
 * value and keeps a seeded sample ({@link Reservoir}); errors are one line naming file, row and column, never a value.
 * See docs/your-data.md, "Any size, bounded memory" and "Bad input".
 */
public final class DataReader {

    /** The most characters a sample may hold (about 128 MB as Java strings): beyond it, fewer rows are asked for. */
    public static final long SAMPLE_CHARS = 64L << 20;

    /** The most bytes a Db2 for z/OS VARCHAR holds. */
    public static final int VARCHAR_MAX = 32704;

    private DataReader() {
    }

    /** Reads {@code source}, keeping a sample of at most {@code maxRows} rows drawn with {@code seed}. */
    public static DataSample read(DataSource source, int maxRows, long seed) {
        return read(source, maxRows, seed, SAMPLE_CHARS);
    }

    /** As {@link #read(DataSource, int, long)}, saying how far it got every ten seconds to {@code progress}. */
    public static DataSample read(DataSource source, int maxRows, long seed, Consumer<String> progress) {
        return read(source, maxRows, seed, SAMPLE_CHARS, progress);
    }

    /** As {@link #read(DataSource, int, long)}, with the sample bounded to {@code sampleChars} characters. */
    static DataSample read(DataSource source, int maxRows, long seed, long sampleChars) {
        return read(source, maxRows, seed, sampleChars, line -> { });
    }

    private static DataSample read(DataSource source, int maxRows, long seed, long sampleChars,
                                   Consumer<String> progress) {
        if (maxRows < 1) {
            throw new CcsidBenchException("--rows must be at least 1");
        }
        String name = source.label();
        InputStream raw;
        try {
            raw = Files.newInputStream(source.file());
        } catch (NoSuchFileException e) {
            throw new CcsidBenchException("data file " + source.file() + " does not exist");
        } catch (IOException e) {
            throw new CcsidBenchException("cannot read data file " + source.file() + ": " + e.getMessage());
        }
        DecodingReader text = new DecodingReader(raw, source.encoding());
        Collector collector = new Collector(name, maxRows, seed, sampleChars);
        long size;
        try {
            size = Files.size(source.file());
        } catch (IOException e) {
            size = -1;
        }
        ReadProgress said = new ReadProgress(name, size, progress);
        Reader ticking = new FilterReader(text) {
            @Override
            public int read(char[] cbuf, int off, int len) throws IOException {
                int n = super.read(cbuf, off, len);
                said.tick(text.bytesRead());
                return n;
            }
        };
        try (text) {
            if (source.format() == DataSource.Format.TEXT) {
                readLines(ticking, collector);
            } else {
                readRecords(source, ticking, collector);
            }
        } catch (IOException | UncheckedIOException e) {
            throw new CcsidBenchException("cannot read data file " + name + " (stopped near byte " + text.bytesRead() + ")");
        }
        if (text.invalid() > 0) {
            throw new CcsidBenchException(String.format(Locale.ROOT, "data file %s is not valid CCSID %s: %,d malformed or "
                    + "unmappable sequence%s, the first at byte %,d (give its encoding with --encoding)", name,
                    source.encoding().label(), text.invalid(), text.invalid() == 1 ? "" : "s", text.firstInvalid()));
        }
        if (text.unterminatedShiftOut() >= 0) {
            throw new CcsidBenchException(String.format(Locale.ROOT, "data file %s is not valid CCSID %s: the double-byte run "
                    + "opened by the shift-out at byte %,d is never closed by a shift-in", name, source.encoding().label(),
                    text.unterminatedShiftOut()));
        }
        if (text.firstNul() >= 0) {
            throw new CcsidBenchException("data file " + name + " holds binary content (a NUL character): it is not text in CCSID "
                    + source.encoding().label());
        }
        return collector.sample();
    }

    private static void readLines(Reader text, Collector collector) throws IOException {
        collector.header(List.of("value"));
        BufferedReader lines = new BufferedReader(text, 1 << 16);
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (!line.isEmpty()) { // empty lines are skipped, as in CSV and TSV
                collector.row(new String[]{line});
            }
        }
        collector.finish(false);
    }

    private static void readRecords(DataSource source, Reader text, Collector collector) throws IOException {
        CSVFormat.Builder b = (source.format() == DataSource.Format.CSV ? CSVFormat.RFC4180 : CSVFormat.TDF).builder()
                .setIgnoreEmptyLines(true);
        if (source.comment() != null) {
            b.setCommentMarker(source.comment());
        }
        CSVParser parser = CSVParser.builder().setReader(text).setFormat(b.get()).get();
        Iterator<CSVRecord> records = parser.iterator();
        boolean header = source.header();
        int fields = -1;
        long line = 0;
        try {
            while (records.hasNext()) {
                CSVRecord r = records.next();
                line = parser.getCurrentLineNumber();
                if (fields < 0) {
                    fields = r.size();
                    if (header) {
                        List<String> names = new ArrayList<>();
                        for (int i = 0; i < r.size(); i++) {
                            String n = r.get(i).strip();
                            names.add(n.isEmpty() ? "col" + (i + 1) : n);
                        }
                        collector.header(names);
                        continue;
                    }
                    List<String> names = new ArrayList<>();
                    for (int i = 0; i < r.size(); i++) {
                        names.add("col" + (i + 1));
                    }
                    collector.header(names);
                }
                if (r.size() != fields) {
                    throw new CcsidBenchException(String.format(Locale.ROOT, "data file %s: row %,d (line %,d) has %d field%s, "
                            + "the %s %d", collector.name, collector.rows + 1, line, r.size(), r.size() == 1 ? "" : "s",
                            header ? "header has" : "first row has", fields));
                }
                String[] values = new String[fields];
                for (int i = 0; i < fields; i++) {
                    values[i] = r.get(i);
                }
                collector.row(values);
            }
        } catch (UncheckedIOException | IllegalStateException e) {
            // Commons CSV reports a broken quote this way; its message is not repeated, since it may quote the data.
            throw new CcsidBenchException(String.format(Locale.ROOT, "data file %s is not valid %s after row %,d (line %,d): "
                    + "a quoted field that is not closed, or characters after a closing quote", collector.name,
                    source.format(), collector.rows, parser.getCurrentLineNumber()));
        }
        collector.finish(header);
    }

    /** What streaming the rows gathers: the sample, its size in characters, and the longest value of each column. */
    private static final class Collector {
        final String name;
        final Reservoir<Row> reservoir;
        final long seed;
        List<String> columns;
        long rows;
        long sampleChars;
        int[] maxCodePoints;
        int[] maxUtf8;
        long[] maxUtf8Row;

        record Row(String[] values, int chars) {
        }

        final long sampleLimit;

        Collector(String name, int maxRows, long seed, long sampleLimit) {
            this.name = name;
            this.sampleLimit = sampleLimit;
            this.reservoir = new Reservoir<>(maxRows, seed);
            this.seed = seed;
        }

        void header(List<String> names) {
            columns = names;
            maxCodePoints = new int[names.size()];
            maxUtf8 = new int[names.size()];
            maxUtf8Row = new long[names.size()];
        }

        void row(String[] values) {
            rows++;
            int chars = 0;
            for (int c = 0; c < values.length; c++) {
                String v = values[c];
                if (v.indexOf('\u0000') >= 0) {
                    throw new CcsidBenchException(String.format(Locale.ROOT, "data file %s holds binary content: row %,d, "
                            + "column %s has a NUL character", name, rows, columns.get(c)));
                }
                chars += v.length();
                int cp = v.codePointCount(0, v.length());
                if (cp > VARCHAR_MAX) {
                    throw new CcsidBenchException(String.format(Locale.ROOT, "data file %s: row %,d, column %s holds a value of "
                            + "%,d characters, longer than a Db2 VARCHAR holds in any CCSID (%,d bytes)", name, rows,
                            columns.get(c), cp, VARCHAR_MAX));
                }
                maxCodePoints[c] = Math.max(maxCodePoints[c], cp);
                int utf8 = utf8Length(v);
                if (utf8 > maxUtf8[c]) {
                    maxUtf8[c] = utf8;
                    maxUtf8Row[c] = rows;
                }
            }
            Row row = new Row(values, chars);
            sampleChars += chars;
            Row out = reservoir.offer(row);
            if (out != null) {
                sampleChars -= out.chars();
            }
            if (sampleChars > sampleLimit) {
                throw new CcsidBenchException(String.format(Locale.ROOT, "data file %s: a sample of %,d rows would hold more "
                        + "than %,d characters; give fewer --rows", name, Math.min(rows, reservoir.size()), sampleLimit));
            }
        }

        void finish(boolean hadHeader) {
            if (columns == null) {
                throw new CcsidBenchException("data file " + name + " is empty");
            }
            if (rows == 0) {
                throw new CcsidBenchException("data file " + name + (hadHeader ? " has a header but no rows" : " is empty"));
            }
        }

        DataSample sample() {
            List<Reservoir.Kept<Row>> kept = reservoir.sample();
            List<String[]> values = new ArrayList<>(kept.size());
            long[] numbers = new long[kept.size()];
            for (int i = 0; i < kept.size(); i++) {
                values.add(kept.get(i).item().values());
                numbers[i] = kept.get(i).index() + 1;
            }
            return new DataSample(name, columns, values, numbers, rows, seed, maxCodePoints, maxUtf8, maxUtf8Row);
        }
    }

    /** The UTF-8 length of {@code s} (an unpaired surrogate counts as the three bytes of U+FFFD). */
    static int utf8Length(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }
}
