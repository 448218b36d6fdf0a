package io.github.ccsidbench.data;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A user's file is read as declared (CSV by RFC 4180, TSV, plain text; UTF-8 or an EBCDIC CCSID), streamed into a
 * seeded uniform sample, and refused in one line that names row and column, never a value, when it is not what it
 * claims to be.
 */
class DataReaderTest {

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return write(name, text.getBytes(StandardCharsets.UTF_8));
    }

    private Path write(String name, byte[] bytes) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, bytes);
        return f;
    }

    private static DataSource csv(Path f) {
        return new DataSource(f, DataSource.Format.of(f), CcsidRegistry.byNumber(1208), true, null);
    }

    private static CcsidBenchException refused(DataSource source) {
        return assertThrows(CcsidBenchException.class, () -> DataReader.read(source, 100, 1));
    }

    @Test
    void csvFollowsRfc4180QuotedFieldsWithSeparatorsQuotesAndLineBreaks() throws IOException {
        Path f = write("t.csv", "id,name,note\r\n1,\"Smith, John\",\"said \"\"hi\"\"\"\r\n2,Müller,\"two\nlines\"\r\n");
        DataSample s = DataReader.read(csv(f), 100, 1);
        assertEquals(List.of("id", "name", "note"), s.columns());
        assertEquals(2, s.totalRows());
        assertArrayEquals(new String[]{"1", "Smith, John", "said \"hi\""}, s.rows().get(0));
        assertArrayEquals(new String[]{"2", "Müller", "two\nlines"}, s.rows().get(1));
        assertEquals(11, s.maxCodePoints()[1], "'Smith, John' is the longest name");
        assertEquals(7, DataReader.utf8Length("Müller"));
    }

    @Test
    void tsvAndPlainTextAndHeaderlessFilesWithComments() throws IOException {
        DataSample tsv = DataReader.read(csv(write("t.tsv", "a\tb\nx\ty\n")), 100, 1);
        assertEquals(List.of("a", "b"), tsv.columns());
        assertArrayEquals(new String[]{"x", "y"}, tsv.rows().get(0));
        DataSample text = DataReader.read(new DataSource(write("t.txt", "one\n\ntwo\n"), DataSource.Format.TEXT,
                CcsidRegistry.byNumber(1208), false, null), 100, 1);
        assertEquals(List.of("value"), text.columns());
        assertEquals(2, text.totalRows(), "an empty line is skipped");
        DataSample tab = DataReader.read(new DataSource(write("z.tab", "# a comment\nAD\tAndorra\nAX\tÅland Islands\n"),
                DataSource.Format.TSV, CcsidRegistry.byNumber(1208), false, '#'), 100, 1);
        assertEquals(List.of("col1", "col2"), tab.columns());
        assertEquals(2, tab.totalRows());
        assertArrayEquals(new String[]{"AX", "Åland Islands"}, tab.rows().get(1));
    }

    @Test
    void anEbcdicUnloadIsReadInItsCcsid() throws IOException {
        Charset ibm037 = Charset.forName("IBM037");
        Path f = write("unload.txt", "ÄBC,Zürich\n".getBytes(ibm037));
        DataSample s = DataReader.read(new DataSource(f, DataSource.Format.CSV, CcsidRegistry.byNumber(37), false, null), 100, 1);
        assertArrayEquals(new String[]{"ÄBC", "Zürich"}, s.rows().get(0));
        Path japanese = write("jp.txt", "山田太郎\n".getBytes(io.github.ccsidbench.fidelity.MalformedInput.readerCharset(
                CcsidRegistry.byNumber(1399))));
        DataSample j = DataReader.read(new DataSource(japanese, DataSource.Format.TEXT, CcsidRegistry.byNumber(1399), false, null),
                100, 1);
        assertArrayEquals(new String[]{"山田太郎"}, j.rows().get(0));
    }

    @Test
    void badInputIsOneLineThatNamesWhereButNeverAValue() throws IOException {
        String secret = "SECRETVALUE";
        assertTrue(refused(csv(dir.resolve("missing.csv"))).getMessage().contains("does not exist"));
        assertEquals("data file empty.csv is empty", refused(csv(write("empty.csv", ""))).getMessage());
        assertEquals("data file header.csv has a header but no rows", refused(csv(write("header.csv", "a,b\n"))).getMessage());
        CcsidBenchException ragged = refused(csv(write("ragged.csv", "a,b\n1,2\n3," + secret + ",5\n")));
        assertEquals("data file ragged.csv: row 2 (line 3) has 3 fields, the header has 2", ragged.getMessage());
        byte[] bad = ("a\n" + secret + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] withFf = Arrays.copyOf(bad, bad.length + 2);
        withFf[bad.length] = (byte) 0xFF;
        withFf[bad.length + 1] = '\n';
        CcsidBenchException malformed = refused(csv(write("bad.csv", withFf)));
        assertEquals("data file bad.csv is not valid CCSID 1208 (UTF-8): 1 malformed or unmappable sequence, the first at byte 14"
                + " (give its encoding with --encoding)", malformed.getMessage());
        CcsidBenchException binary = refused(csv(write("bin.csv", "a,b\nx," + secret + "\u0000\n")));
        assertEquals("data file bin.csv holds binary content: row 1, column b has a NUL character", binary.getMessage());
        CcsidBenchException quote = refused(csv(write("quote.csv", "a,b\n1,\"" + secret + "\n")));
        assertTrue(quote.getMessage().startsWith("data file quote.csv is not valid CSV after row 0"), quote.getMessage());
        CcsidBenchException tooLong = refused(csv(write("long.csv", "a\n" + "x".repeat(DataReader.VARCHAR_MAX + 1) + "\n")));
        assertTrue(tooLong.getMessage().startsWith("data file long.csv: row 1, column a holds a value of 32,705 characters"),
                tooLong.getMessage());
        for (CcsidBenchException e : List.of(ragged, malformed, binary, quote, tooLong)) {
            assertFalse(e.getMessage().contains(secret), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void theSampleIsSeededUniformAndInFileOrder() throws IOException {
        StringBuilder sb = new StringBuilder("n\n");
        for (int i = 1; i <= 10_000; i++) {
            sb.append(i).append('\n');
        }
        Path f = write("many.csv", sb.toString());
        DataSample a = DataReader.read(csv(f), 500, 7);
        DataSample b = DataReader.read(csv(f), 500, 7);
        DataSample c = DataReader.read(csv(f), 500, 8);
        assertEquals(10_000, a.totalRows());
        assertEquals(500, a.size());
        assertArrayEquals(a.rowNumbers(), b.rowNumbers(), "the same seed, the same sample");
        assertFalse(Arrays.equals(a.rowNumbers(), c.rowNumbers()), "another seed, another sample");
        for (int i = 1; i < a.size(); i++) {
            assertTrue(a.rowNumbers()[i] > a.rowNumbers()[i - 1], "in file order");
            assertEquals(Long.toString(a.rowNumbers()[i]), a.rows().get(i)[0], "each row is the file's row with that number");
        }
        // Uniform: each tenth of the file holds about a tenth of the sample (50 expected; a binomial sd of 6.7).
        int[] tenths = new int[10];
        for (long n : a.rowNumbers()) {
            tenths[(int) ((n - 1) / 1000)]++;
        }
        for (int t : tenths) {
            assertTrue(t >= 30 && t <= 70, Arrays.toString(tenths));
        }
    }

    @Test
    void aSampleTooLargeForItsMemoryBoundIsRefused() throws IOException {
        Path f = write("wide.csv", "v\n" + ("x".repeat(100) + "\n").repeat(50));
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> DataReader.read(csv(f), 1000, 1, 1000));
        assertEquals("data file wide.csv: a sample of 11 rows would hold more than 1,000 characters; give fewer --rows",
                e.getMessage());
        assertEquals(5, DataReader.read(csv(f), 5, 1, 1000).size(), "a sample within the bound is kept, however long the file");
    }

    @Test
    void theSampleSurvivesTheFileTheForksReadItFrom() throws IOException {
        DataSample s = DataReader.read(csv(write("small.csv", "a,b\n1,Zürich\n2,山田\n3,😀\n")), 20, 1);
        Path bin = dir.resolve("s.bin");
        s.write(bin);
        DataSample back = DataSample.read(bin);
        assertEquals(s.columns(), back.columns());
        assertEquals(s.totalRows(), back.totalRows());
        assertArrayEquals(s.rowNumbers(), back.rowNumbers());
        assertArrayEquals(s.maxUtf8(), back.maxUtf8());
        for (int i = 0; i < s.size(); i++) {
            assertArrayEquals(s.rows().get(i), back.rows().get(i));
        }
    }
}
