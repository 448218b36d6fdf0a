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
 * The cost of losing data: encoding a workload into a CCSID that cannot hold all of it, set-up checking the provider's
 * documented substitution byte for byte (default: accented text into 367; docs/method.md, "Benchmarks").
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SubstitutionBenchmark extends MachineRulerHooks {

    @Param({"367"})
    public String ccsid;

    @Param({"jdk", "jdk-coder", "jdk-stream", "icu", "jt400"})
    public String provider;

    @Param({"latin1-text"})
    public String workload;

    @Param({"16", "4096"})
    public int length;

    private Converter converter;
    private String[] texts;
    private int mask;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        VerifiedInputs inputs = VerifiedInputs.prepare(provider, ccsid, workload, length, true);
        converter = inputs.converter();
        texts = inputs.texts();
        mask = inputs.mask();
    }

    @Benchmark
    public byte[] encodeSubstituting() {
        return converter.encode(texts[next++ & mask]);
    }
}
