package io.github.ccsidbench.bench;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.data.DataSample;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.concurrent.TimeUnit;

/**
 * The JVM side of a user's rows ({@code run --data}): each row's values encoded or decoded through one provider, proven
 * first as they are (docs/your-data.md, "What is measured"); only {@code run} writes the sample its forks read.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class DataBenchmark extends MachineRulerHooks {

    /** Rows converted per invocation; JMH divides by it, so scores are ns per row. */
    public static final int ROWS_PER_BATCH = 64;

    @Param({"jdk"})
    public String provider;

    @Param({"37"})
    public String ccsid;

    private Converter converter;
    private String[][] rows;
    private byte[][][] encoded;
    private int batches;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        DataSample sample = DataSample.forkSample();
        ConverterProvider p = Providers.byName(provider);
        Ccsid c = CcsidRegistry.lookup(ccsid);
        converter = p.open(c);
        rows = DataSample.batchRows(sample, ROWS_PER_BATCH);
        long[] numbers = DataSample.batchRowNumbers(sample, ROWS_PER_BATCH);
        encoded = VerifiedInputs.proveOnData(converter, p.behaviour(c), rows, numbers, sample.columns());
        batches = rows.length / ROWS_PER_BATCH;
    }

    /** The first row of the next batch. */
    private int nextBatch() {
        int b = next;
        next = b + 1 == batches ? 0 : b + 1;
        return b * ROWS_PER_BATCH;
    }

    /** Encode every value of a row, as an application writing it through this provider does. */
    @Benchmark
    @OperationsPerInvocation(ROWS_PER_BATCH)
    public void encode(Blackhole bh) {
        int first = nextBatch();
        for (int r = first; r < first + ROWS_PER_BATCH; r++) {
            for (String value : rows[r]) {
                bh.consume(converter.encode(value));
            }
        }
    }

    /** Decode every value of a row from the CCSID's bytes, as an application reading it does. */
    @Benchmark
    @OperationsPerInvocation(ROWS_PER_BATCH)
    public void decode(Blackhole bh) {
        int first = nextBatch();
        for (int r = first; r < first + ROWS_PER_BATCH; r++) {
            for (byte[] value : encoded[r]) {
                bh.consume(converter.decode(value, 0, value.length));
            }
        }
    }
}
