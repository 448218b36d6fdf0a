package io.github.ccsidbench.bench;

import io.github.ccsidbench.workload.Workload;
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

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The floors every conversion is read against, measured in the same run: the JDK's ISO-8859-1 copy and a bare array
 * copy, on rotated {@code ascii-text} variants (docs/method.md, "Benchmarks"; docs/reference-codec.md).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class FloorBenchmark extends MachineRulerHooks {

    @Param({"16", "4096"})
    public int length;

    private String[] texts;
    private byte[][] bytes;
    private byte[] target;
    private int mask;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        int count = VerifiedInputs.variantCount(length);
        texts = new String[count];
        bytes = new byte[count][];
        for (int v = 0; v < count; v++) {
            texts[v] = Workload.ASCII_TEXT.generate(length, v);
            bytes[v] = texts[v].getBytes(StandardCharsets.ISO_8859_1);
            for (int i = 0; i < length; i++) {
                if (bytes[v][i] != texts[v].charAt(i)) {
                    throw new BenchmarkSetupException("floor: ISO-8859-1 encode of ascii-text variant " + v
                            + " is wrong at index " + i);
                }
            }
            if (!new String(bytes[v], StandardCharsets.ISO_8859_1).equals(texts[v])) {
                throw new BenchmarkSetupException("floor: ISO-8859-1 decode of ascii-text variant " + v + " is wrong");
            }
        }
        target = new byte[length];
        mask = count - 1;
    }

    @Benchmark
    public byte[] isoEncode() {
        return texts[next++ & mask].getBytes(StandardCharsets.ISO_8859_1);
    }

    @Benchmark
    public String isoDecode() {
        return new String(bytes[next++ & mask], StandardCharsets.ISO_8859_1);
    }

    @Benchmark
    public String isoRoundTrip() {
        return new String(texts[next++ & mask].getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.ISO_8859_1);
    }

    @Benchmark
    public byte[] arrayCopy() {
        byte[] source = bytes[next++ & mask];
        System.arraycopy(source, 0, target, 0, source.length);
        return target;
    }
}
