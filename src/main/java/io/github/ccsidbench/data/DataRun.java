package io.github.ccsidbench.data;

import java.time.Duration;
import java.util.Optional;
import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.ConverterBehaviour;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.OracleCheck;
import io.github.ccsidbench.db2.ColumnType;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Prepares a run over a user's rows: the sample ({@link DataReader}), column choices, CCSIDs and profile
 * ({@link DataProfile}), and the sample file in the run's private space, which {@link #close} deletes (docs/your-data.md).
 *
 * @param sample the sampled rows
 * @param samplePath the file the forks read
 * @param columns the column choices of the Db2 paths
 * @param ccsids the CCSIDs of the JVM side
 * @param profile what the rows need and lose in each choice
 * @param reading how long reading and checking the file took (counted in the run's estimate)
 */
public record DataRun(DataSample sample, Path samplePath, List<ColumnType> columns, List<Ccsid> ccsids, DataProfile profile,
                      Duration reading) implements AutoCloseable {

    /** The rows sampled unless {@code --rows} says otherwise. */
    public static final int DEFAULT_ROWS = 10_000;

    /** The sample's seed unless {@code --seed} says otherwise: the same file gives the same sample. */
    public static final long DEFAULT_SEED = 20261124L;

    /**
     * Prepares the run; notes (a CCSID left out, and why) go to {@code err}.
     *
     * @param extra CCSIDs asked for beyond the article's 37, 367 and 1208 (none: null or empty)
     * @param samplePath where the forks will read the sample ({@link #writeSample}): a file in the run's private space
     */
    public static DataRun prepare(DataSource source, int rows, long seed, List<Ccsid> extra, List<ConverterProvider> providers,
                                  boolean showExamples, PrintStream err, Path samplePath) {
        long started = System.nanoTime();
        DataSample sample = DataReader.read(source, rows, seed, err::println);
        Duration reading = Duration.ofNanos(System.nanoTime() - started);
        Set<Ccsid> asked = new LinkedHashSet<>();
        for (int n : List.of(37, 367, 1208)) {
            asked.add(CcsidRegistry.byNumber(n));
        }
        if (extra != null) {
            asked.addAll(extra);
        }
        List<ColumnType> columns = new ArrayList<>();
        List<Ccsid> ccsids = new ArrayList<>();
        List<DataProfile.LeftOut> leftOut = new ArrayList<>();
        for (Ccsid c : asked) {
            ColumnType type = ColumnType.byId(Integer.toString(c.number()));
            DataShape.outsideAgreed(sample, c).ifPresent(why -> {
                leftOut.add(new DataProfile.LeftOut(null, c.number(), why));
                err.println("ccsid-bench: " + leftOut.get(leftOut.size() - 1).line());
            });
            columns.add(type);
            if (type == ColumnType.UNICODE_SBCS) {
                columns.add(ColumnType.UNICODE_SBCS_DIRECT);
            }
            ccsids.add(c);
        }
        DataShape.of(sample, columns); // refuses a value no VARCHAR of some choice holds, before anything is measured
        for (Ccsid c : ccsids) {
            boolean unproven = leftOut.stream().anyMatch(l -> l.provider() == null && l.ccsid() == c.number());
            for (ConverterProvider provider : providers) {
                if (unproven && provider.supports(c)) {
                    leftOut.add(new DataProfile.LeftOut(provider.name(), c.number(), "no output can be proven right for the"
                            + " characters outside the agreed table (above)"));
                } else if (provider.supports(c)) {
                    check(sample, provider, c).ifPresent(l -> {
                        leftOut.add(l);
                        err.println("ccsid-bench: " + l.line());
                    });
                }
            }
        }
        DataProfile profile = DataProfile.of(sample, columns, providers, ccsids, showExamples, leftOut);
        err.printf(Locale.ROOT, "ccsid-bench: %s: %,d rows, %d columns, read and checked in %.1f s; measuring a sample of %,d rows"
                        + " (seed %d) in CCSIDs %s%n",
                source.label(), sample.totalRows(), sample.columns().size(), reading.toMillis() / 1000.0, sample.size(), seed,
                String.join(", ", ccsids.stream().map(c -> Integer.toString(c.number())).toList()));
        return new DataRun(sample, samplePath, columns, ccsids, profile, reading);
    }

    /** Checks a provider on every sampled value: an uncovered difference leaves it out, a covered one ends the run. */
    private static Optional<DataProfile.LeftOut> check(DataSample sample, ConverterProvider provider, Ccsid ccsid) {
        Converter converter = provider.open(ccsid);
        ConverterBehaviour behaviour = provider.behaviour(ccsid);
        for (int r = 0; r < sample.size(); r++) {
            String[] row = sample.rows().get(r);
            for (int c = 0; c < row.length; c++) {
                var difference = OracleCheck.check(converter, behaviour, row[c]).difference();
                if (difference.isEmpty()) {
                    continue;
                }
                String where = String.format(Locale.ROOT, "row %,d, column %s", sample.rowNumbers()[r], sample.columns().get(c));
                OracleCheck.Difference d = difference.get();
                if (d.covered()) {
                    throw new CcsidBenchException(String.format(Locale.ROOT, "provider %s, CCSID %d, your data, %s: %s",
                            provider.name(), ccsid.number(), where, d.describe()));
                }
                return Optional.of(new DataProfile.LeftOut(provider.name(), ccsid.number(), String.format(Locale.ROOT,
                        "%s holds U+%04X, which it writes in a way the catalogue of converter behaviour does not know (%s)",
                        where, d.codePoint(), d.what())));
            }
        }
        return Optional.empty();
    }

    /** Writes the sample where the forks read it; a dry run plans with its path and writes nothing. */
    public void writeSample() {
        sample.write(samplePath);
    }

    /** Deletes the sample. */
    @Override
    public void close() {
        try {
            Files.deleteIfExists(samplePath);
        } catch (IOException e) {
            // it is in the run's private space, which goes when the run ends
        }
    }
}
