package io.github.ccsidbench.data;

import io.github.ccsidbench.CcsidBenchException;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A seeded uniform sample of a user's rows, and each column's longest value over the whole file; written for the forks
 * in the run's private space, never to an output or log (docs/your-data.md, "Any size, bounded memory").
 *
 * @param source the file's name (not its path)
 * @param columns the column names (from the header, or col1, col2, ...)
 * @param rows the sampled rows, in file order
 * @param rowNumbers for each sampled row, its 1-based number among the file's data rows
 * @param totalRows how many data rows the file holds
 * @param seed the seed of the sample
 * @param maxCodePoints per column, the most code points a value of the whole file has
 * @param maxUtf8 per column, the most UTF-8 bytes a value of the whole file takes
 * @param maxUtf8Row per column, the row number that holds that value
 */
public record DataSample(String source, List<String> columns, List<String[]> rows, long[] rowNumbers, long totalRows,
                         long seed, int[] maxCodePoints, int[] maxUtf8, long[] maxUtf8Row) {

    private static final int MAGIC = 0x43434453; // "CCDS"

    /** The system property through which a benchmark fork learns where the run wrote the sample. */
    public static final String PROPERTY = "ccsidbench.data.sample";

    /** The sample of this fork's run, read once per JVM; a fork without one is a one-line error. */
    public static DataSample forkSample() {
        return ForkHolder.SAMPLE;
    }

    /** Holds the fork's sample, read when first asked for. */
    private static final class ForkHolder {
        static final DataSample SAMPLE = read();

        private static DataSample read() {
            String path = System.getProperty(PROPERTY);
            if (path == null || path.isBlank()) {
                throw new CcsidBenchException("no data sample: the benchmarks of a user's rows run with run --data FILE");
            }
            return DataSample.read(Path.of(path));
        }
    }

    /** The rows for benchmarks that take them {@code batch} at a time: whole batches, a small sample repeated. */
    public static String[][] batchRows(DataSample sample, int batch) {
        int n = Math.max(batch, sample.size() / batch * batch);
        String[][] out = new String[n][];
        for (int i = 0; i < n; i++) {
            out[i] = sample.rows().get(i % sample.size());
        }
        return out;
    }

    /** The file's row numbers of {@link #batchRows}, index for index. */
    public static long[] batchRowNumbers(DataSample sample, int batch) {
        int n = Math.max(batch, sample.size() / batch * batch);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = sample.rowNumbers()[i % sample.size()];
        }
        return out;
    }

    public DataSample {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        if (rows.size() != rowNumbers.length) {
            throw new IllegalArgumentException(rows.size() + " rows, " + rowNumbers.length + " row numbers");
        }
    }

    /** How many rows were sampled. */
    public int size() {
        return rows.size();
    }

    /** Writes the sample for the forks (owner-only permissions where the file system has them). */
    public void write(Path file) {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            out.writeInt(MAGIC);
            writeString(out, source);
            out.writeLong(totalRows);
            out.writeLong(seed);
            out.writeInt(columns.size());
            for (int c = 0; c < columns.size(); c++) {
                writeString(out, columns.get(c));
                out.writeInt(maxCodePoints[c]);
                out.writeInt(maxUtf8[c]);
                out.writeLong(maxUtf8Row[c]);
            }
            out.writeInt(rows.size());
            for (int r = 0; r < rows.size(); r++) {
                out.writeLong(rowNumbers[r]);
                for (String value : rows.get(r)) {
                    writeString(out, value);
                }
            }
        } catch (IOException e) {
            throw new CcsidBenchException("cannot write the data sample for the forks: " + e.getMessage());
        }
    }

    /** Reads what {@link #write} wrote. */
    public static DataSample read(Path file) {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            if (in.readInt() != MAGIC) {
                throw new CcsidBenchException(file + " is not a data sample written by this tool");
            }
            String source = readString(in);
            long total = in.readLong();
            long seed = in.readLong();
            int n = in.readInt();
            List<String> columns = new ArrayList<>(n);
            int[] maxCp = new int[n];
            int[] maxU = new int[n];
            long[] maxRow = new long[n];
            for (int c = 0; c < n; c++) {
                columns.add(readString(in));
                maxCp[c] = in.readInt();
                maxU[c] = in.readInt();
                maxRow[c] = in.readLong();
            }
            int size = in.readInt();
            List<String[]> rows = new ArrayList<>(size);
            long[] numbers = new long[size];
            for (int r = 0; r < size; r++) {
                numbers[r] = in.readLong();
                String[] row = new String[n];
                for (int c = 0; c < n; c++) {
                    row[c] = readString(in);
                }
                rows.add(row);
            }
            return new DataSample(source, columns, rows, numbers, total, seed, maxCp, maxU, maxRow);
        } catch (IOException e) {
            throw new CcsidBenchException("cannot read the data sample " + file + ": " + e.getMessage());
        }
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readString(DataInputStream in) throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
