package io.github.ccsidbench.bench;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.ExpectedEncoding;
import io.github.ccsidbench.convert.ConverterBehaviour;
import io.github.ccsidbench.convert.OracleCheck;
import io.github.ccsidbench.workload.Workload;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The prepared inputs of one benchmark and the proof, in {@code @Setup}, that the converter handles them byte-exactly
 * ({@link ExpectedEncoding}); a wrong converter throws {@link BenchmarkSetupException} and never produces a number.
 */
public final class VerifiedInputs {

    /** Upper bound on the characters held across all variants: keeps inputs cache-resident. */
    static final int WORKING_SET_CHARS = 1 << 18;
    /** Upper bound on variants: enough that short inputs do not train the branch predictor. */
    static final int MAX_VARIANTS = 1024;
    /** How many candidates a substitution benchmark may try per variant it needs. */
    private static final int MAX_CANDIDATES_PER_VARIANT = 16;

    private final Converter converter;
    private final String[] texts;
    private final byte[][] encoded;

    private VerifiedInputs(Converter converter, String[] texts, byte[][] encoded) {
        this.converter = converter;
        this.texts = texts;
        this.encoded = encoded;
    }

    /** How many strings a benchmark of this length rotates through: a power of two within the working set. */
    public static int variantCount(int length) {
        int n = Integer.highestOneBit(Math.max(1, WORKING_SET_CHARS / Math.max(1, length)));
        return Math.min(MAX_VARIANTS, n);
    }

    /** Opens the converter a benchmark's parameters name and checks it on the workload's variants. */
    public static VerifiedInputs prepare(String provider, String ccsid, String workload, int length, boolean lossy) {
        ConverterProvider p = Providers.byName(provider);
        Ccsid c = CcsidRegistry.lookup(ccsid);
        return prepare(p.open(c), p.behaviour(c), Workload.byId(workload), length, lossy);
    }

    /**
     * Generates the variants of {@code workload} at {@code length} and checks {@code converter} against them.
     *
     * @param lossy true for a substitution benchmark (only variants that substitute are kept), false for a lossless one
     */
    public static VerifiedInputs prepare(Converter converter, ConverterBehaviour behaviour, Workload workload, int length,
                                         boolean lossy) {
        Ccsid ccsid = converter.ccsid();
        String what = "provider " + converter.provider() + ", CCSID " + ccsid.number() + ", workload "
                + workload.id() + ", length " + length;
        if (!lossy && !workload.losslessIn(ccsid)) {
            throw new BenchmarkSetupException(what + ": CCSID " + ccsid.number() + " cannot hold every character of "
                    + workload.id() + " (" + workload.repertoire().description() + "); measuring it would measure"
                    + " substitution: use SubstitutionBenchmark");
        }
        int count = variantCount(length);
        String[] texts = new String[count];
        byte[][] encoded = new byte[count][];
        int found = 0;
        // A substitution benchmark keeps only the variants that have something to substitute.
        for (int v = 0; found < count; v++) {
            if (v >= count * MAX_CANDIDATES_PER_VARIANT) {
                throw new BenchmarkSetupException(what + ": only " + found + " of " + v + " variants have characters"
                        + " that " + ccsid.number() + " cannot hold; a substitution benchmark needs such input");
            }
            String text = workload.generate(length, v);
            ExpectedEncoding.Result expected = ExpectedEncoding.encodeCounting(ccsid, behaviour, text);
            if (lossy && expected.substituted() == 0) {
                continue;
            }
            if (!lossy && expected.substituted() > 0) {
                throw new BenchmarkSetupException(what + ", variant " + v + ": the provider replaces " + expected.substituted()
                        + " character(s) of it (see convert.BehaviourCatalogue); measuring it would measure substitution");
            }
            byte[] actual = converter.encode(text);
            checkBytes(what + ", variant " + v, text, expected.bytes(), actual);
            String back = converter.decode(actual, 0, actual.length);
            if (!lossy) {
                checkText(what + ", variant " + v, text, back);
            }
            texts[found] = text;
            encoded[found] = actual;
            found++;
        }
        return new VerifiedInputs(converter, texts, encoded);
    }

    /**
     * Opens the converter a benchmark's parameters name and proves it on a user's values as they are, substitutions
     * included (docs/your-data.md, "What is measured"); a failure names the row and the column, never a value.
     *
     * @param rows the sampled rows, values by column
     * @param rowNumbers each row's number in the user's file, for messages
     * @param columns the column names, for messages
     * @return for each row, each value's verified bytes
     */
    public static byte[][][] proveOnData(Converter converter, ConverterBehaviour behaviour, String[][] rows, long[] rowNumbers,
                                         List<String> columns) {
        Ccsid ccsid = converter.ccsid();
        String what = "provider " + converter.provider() + ", CCSID " + ccsid.number() + ", your data";
        byte[][][] out = new byte[rows.length][][];
        for (int r = 0; r < rows.length; r++) {
            out[r] = new byte[rows[r].length][];
            for (int c = 0; c < rows[r].length; c++) {
                OracleCheck.Checked checked = OracleCheck.check(converter, behaviour, rows[r][c]);
                if (checked.difference().isPresent()) {
                    throw new BenchmarkSetupException(what + ", row " + rowNumbers[r] + ", column " + columns.get(c) + ": "
                            + checked.difference().get().describe());
                }
                out[r][c] = checked.bytes();
            }
        }
        return out;
    }

    /** The converter that was checked. */
    public Converter converter() {
        return converter;
    }

    /** The input strings, one per variant. */
    public String[] texts() {
        return texts;
    }

    /** The verified encodings of {@link #texts()}, index for index. */
    public byte[][] encoded() {
        return encoded;
    }

    /** Index mask for rotating through the variants: {@code i & mask()}. */
    public int mask() {
        return texts.length - 1;
    }

    /** Fails unless encode gave the expected bytes; {@code text} is quoted near the mismatch. */
    private static void checkBytes(String what, String text, byte[] expected, byte[] actual) {
        Optional<String> difference = OracleCheck.compareBytes(expected, actual);
        if (difference.isPresent()) {
            int i = Arrays.mismatch(expected, actual);
            throw new BenchmarkSetupException(what + ": " + difference.get() + " (text near there: \"" + excerpt(text, i) + "\")");
        }
    }

    /** Fails unless decode gave {@code text} back, naming the first code point that differs. */
    private static void checkText(String what, String text, String back) {
        OracleCheck.compareText(text, back).ifPresent(d -> {
            throw new BenchmarkSetupException(what + ": " + d);
        });
    }

    private static String excerpt(String text, int around) {
        int from = Math.max(0, Math.min(around, text.length()) - 10);
        int to = Math.min(text.length(), from + 20);
        return text.substring(from, to);
    }
}
