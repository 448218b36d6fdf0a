package io.github.ccsidbench.bench;

import io.github.ccsidbench.convert.Converter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * The core measurement: encode, decode and round trip for one provider, CCSID, workload and length, lossless
 * combinations only, rotating verified variants of the input (docs/method.md, "Benchmarks").
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ConversionBenchmark extends MachineRulerHooks {

    @Param({"37", "367", "1208"})
    public String ccsid;

    @Param({"jdk", "jdk-coder", "jdk-stream", "icu", "jt400"})
    public String provider;

    @Param({"ascii-text", "db-row"})
    public String workload;

    @Param({"16", "4096"})
    public int length;

    private Converter converter;
    private String[] texts;
    private byte[][] encoded;
    private int mask;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        VerifiedInputs inputs = VerifiedInputs.prepare(provider, ccsid, workload, length, false);
        converter = inputs.converter();
        texts = inputs.texts();
        encoded = inputs.encoded();
        mask = inputs.mask();
    }

    @Benchmark
    public byte[] encode() {
        return converter.encode(texts[next++ & mask]);
    }

    @Benchmark
    public String decode() {
        byte[] bytes = encoded[next++ & mask];
        return converter.decode(bytes, 0, bytes.length);
    }

    @Benchmark
    public String roundTrip() {
        byte[] bytes = converter.encode(texts[next++ & mask]);
        return converter.decode(bytes, 0, bytes.length);
    }
}
