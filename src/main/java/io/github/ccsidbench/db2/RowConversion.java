package io.github.ccsidbench.db2;

import java.util.Locale;
import java.util.stream.LongStream;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.ccsid.LineEnds;
import io.github.ccsidbench.convert.ExpectedEncoding;
import io.github.ccsidbench.convert.ConverterBehaviour;
import io.github.ccsidbench.convert.MixedExpectedEncoding;
import io.github.ccsidbench.convert.Providers;

import java.util.Arrays;
import java.util.List;

/**
 * A whole row's trip for one column type (client encoding, server INSERT, client SELECT) and what each step must
 * produce, computed the slow obvious way (docs/db2-model.md). Holds work areas: one instance per thread.
 */
public final class RowConversion {

    private final RowShape shape;
    private final ColumnType type;
    private static final ClientUtf8Encoding CLIENT = new ClientUtf8Encoding();
    private final ServerInsert server;
    private final ClientDecoding decoding;

    public RowConversion(RowShape shape, ColumnType type) {
        this.shape = shape;
        this.type = type;
        this.server = new ServerInsert(type);
        this.decoding = new ClientDecoding(type.ccsid());
    }

    /** Client, INSERT: every value of the row as UTF-8 (the same for every column type). */
    public static byte[][] clientEncode(String[] row) {
        byte[][] out = new byte[row.length][];
        for (int c = 0; c < row.length; c++) {
            out[c] = CLIENT.encode(row[c]);
        }
        return out;
    }

    /** Server, INSERT: every UTF-8 value converted to the column's CCSID and padded. */
    public byte[][] serverInsert(byte[][] utf8, InsertTally tally) {
        byte[][] out = new byte[utf8.length][];
        for (int c = 0; c < utf8.length; c++) {
            out[c] = server.insert(utf8[c], shape.columns().get(c), tally);
        }
        return out;
    }

    /** Client, SELECT: the stored values as the application gets them. */
    public String[] clientDecode(byte[][] stored) {
        String[] out = new String[stored.length];
        for (int c = 0; c < stored.length; c++) {
            out[c] = decoding.decode(stored[c]);
        }
        return out;
    }

    /** The bytes the values of {@code row} take in this column type's CCSID before CHAR padding. */
    public int valueBytes(String[] row) {
        return Arrays.stream(valueBytesPerColumn(row)).sum();
    }

    /** What Db2's enforced subset writes: the CCSID's own substitution byte, one per character, CDRA line ends. */
    public static ConverterBehaviour serverBehaviour(Ccsid column) {
        return ConverterBehaviour.substituting(column.substitution()).lineEnds(LineEnds.CDRA).build();
    }

    /** The blank a CHAR(n) value of {@code ccsid} is padded with: the encoding of U+0020 (0x40 in EBCDIC). */
    public static byte blank(Ccsid ccsid) {
        return ExpectedEncoding.encode(ccsid, serverBehaviour(ccsid), " ")[0];
    }

    /** The stored bytes a correct server produces for {@code value} in {@code column}, and what it loses. */
    public ExpectedEncoding.Result expectedStored(String value, ColumnSpec column) {
        return padded(stored(type.ccsid(), value), column);
    }

    /** The stored bytes {@code r} as a {@code column} of this type holds them: a CHAR(n) padded with blanks to n bytes. */
    private ExpectedEncoding.Result padded(ExpectedEncoding.Result r, ColumnSpec column) {
        Ccsid ccsid = type.ccsid();
        byte[] bytes = r.bytes();
        if (column.sqlType() == ColumnSpec.SqlType.CHAR && bytes.length < column.length()) {
            byte blank = blank(ccsid);
            int used = bytes.length;
            bytes = Arrays.copyOf(bytes, column.length());
            Arrays.fill(bytes, used, bytes.length, blank);
        }
        return new ExpectedEncoding.Result(bytes, r.substituted());
    }

    /**
     * What the application reads back of {@code value}, stored as {@code unpadded} and then {@code stored}: single-byte as
     * the JDK decodes it; UTF-8 and mixed the value and its padding blanks.
     */
    private String expectedSelected(String value, ExpectedEncoding.Result unpadded, byte[] stored) {
        Ccsid ccsid = type.ccsid();
        if (ccsid.scheme().singleByte()) {
            return ExpectedEncoding.decodeSingleByte(ccsid, Providers.byName("jdk").behaviour(ccsid), stored);
        }
        String text = ccsid.scheme().mixed() && unpadded.substituted() > 0
                ? MixedExpectedEncoding.decode(ccsid, decoding.behaviour(), unpadded.bytes()) : value;
        return text + " ".repeat(stored.length - unpadded.bytes().length);
    }

    /**
     * What the server stores for {@code value} in {@code ccsid} before padding, and what it substitutes: Db2's enforced
     * subset, which for a mixed CCSID writes the double-byte substitution for a character outside the agreed table.
     */
    private static ExpectedEncoding.Result stored(Ccsid ccsid, String value) {
        return ccsid.scheme().mixed() ? MixedExpectedEncoding.encodeEnforcedSubset(ccsid, value)
                : ExpectedEncoding.encodeCounting(ccsid, serverBehaviour(ccsid), value);
    }

    /** The UTF-8 bytes a correct driver sends for {@code value}. */
    public static byte[] expectedSent(String value) {
        Ccsid utf8 = CcsidRegistry.byNumber(1208);
        return ExpectedEncoding.encode(utf8, Providers.byName("jdk").behaviour(utf8), value);
    }

    /** The bytes each value of {@code row} takes in this column type's CCSID before CHAR padding. */
    public int[] valueBytesPerColumn(String[] row) {
        Ccsid ccsid = type.ccsid();
        int[] out = new int[row.length];
        for (int c = 0; c < row.length; c++) {
            out[c] = stored(ccsid, row[c]).bytes().length;
        }
        return out;
    }

    /** "U+00E9", or "the end" past the text. */
    private static String codePointAt(String s, int i) {
        return i < s.length() ? String.format(Locale.ROOT, "U+%04X", s.codePointAt(i)) : "the end";
    }

    /**
     * Runs the model over {@code rows} and checks every step against the expected bytes, texts and losses; the tally.
     *
     * @throws IllegalStateException naming the column type, row, column and step that is wrong
     */
    public InsertTally verify(List<String[]> rows) {
        return verify(rows, LongStream.range(0, rows.size()).toArray());
    }

    /** As {@link #verify(List)}, naming a failing row by {@code numbers} (its row in a user's file, say). */
    public InsertTally verify(List<String[]> rows, long[] numbers) {
        InsertTally total = new InsertTally();
        for (int r = 0; r < rows.size(); r++) {
            String[] row = rows.get(r);
            byte[][] sent = clientEncode(row);
            InsertTally tally = new InsertTally();
            byte[][] stored = serverInsert(sent, tally);
            String[] selected = clientDecode(stored);
            long expectedLost = 0;
            for (int c = 0; c < row.length; c++) {
                ColumnSpec column = shape.columns().get(c);
                String where = "column type " + type.id() + ", row " + numbers[r] + ", " + column.name();
                if (!Arrays.equals(expectedSent(row[c]), sent[c])) {
                    throw new IllegalStateException(where + ": the client's UTF-8 is wrong");
                }
                ExpectedEncoding.Result unpadded = stored(type.ccsid(), row[c]);
                ExpectedEncoding.Result expected = padded(unpadded, column);
                if (!Arrays.equals(expected.bytes(), stored[c])) {
                    throw new IllegalStateException(where + ": the server stored wrong bytes at offset "
                            + Arrays.mismatch(expected.bytes(), stored[c]));
                }
                expectedLost += expected.substituted();
                String expectedText = expectedSelected(row[c], unpadded, expected.bytes());
                if (!expectedText.equals(selected[c])) {
                    // Code points only, never the text: the rows may be a user's own data.
                    int at = Arrays.mismatch(expectedText.toCharArray(), selected[c].toCharArray());
                    throw new IllegalStateException(where + ": SELECT decoded a different text, from character " + at + " ("
                            + codePointAt(selected[c], at) + " where " + codePointAt(expectedText, at) + " was expected)");
                }
            }
            if (tally.substituted() != expectedLost) {
                throw new IllegalStateException("column type " + type.id() + ", row " + numbers[r] + ": counted "
                        + tally.substituted() + " substituted characters, expected " + expectedLost);
            }
            total.add(tally);
        }
        return total;
    }
}
