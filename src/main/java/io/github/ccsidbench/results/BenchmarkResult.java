package io.github.ccsidbench.results;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One benchmark's result as JMH's JSON records it, with the per-fork iteration scores the figures are computed from.
 *
 * @param benchmark full JMH name, e.g. "io.github.ccsidbench.bench.ConversionBenchmark.encode"
 * @param mode JMH mode, e.g. "avgt"
 * @param params the @Param values
 * @param score JMH's score (the mean over all iterations)
 * @param scoreError half-width of JMH's 99.9% confidence interval (NaN when it has too few samples)
 * @param unit e.g. "ns/op"
 * @param rawData measurement iteration scores, one array per fork
 * @param secondary secondary metrics by name (gc profiler: "gc.alloc.rate.norm"), each a score
 * @param jvm the JVM the forks ran on
 */
public record BenchmarkResult(String benchmark, String mode, Map<String, String> params, double score,
                              double scoreError, String unit, double[][] rawData, Map<String, Double> secondary,
                              JvmInfo jvm) {

    /** Secondary metric written by JMH's gc profiler: bytes allocated per operation. */
    public static final String ALLOC_NORM = "gc.alloc.rate.norm";

    /** BenchmarkMethod.CONVERSION_ENCODE.shortName(): the class's simple name and the method. */
    public String shortName() {
        int method = benchmark.lastIndexOf('.');
        int cls = benchmark.lastIndexOf('.', method - 1);
        return benchmark.substring(cls + 1);
    }

    /** The method name: "encode". */
    public String method() {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }

    /** The class's simple name: "ConversionBenchmark". */
    public String benchmarkClass() {
        String s = shortName();
        return s.substring(0, s.indexOf('.'));
    }

    /** A parameter's value, if the benchmark has it. */
    public Optional<String> param(String name) {
        return Optional.ofNullable(params.get(name));
    }

    /** Bytes allocated per operation, when the run used the gc profiler. */
    public OptionalDouble bytesPerOp() {
        Double v = secondary.get(ALLOC_NORM);
        if (v != null) {
            return OptionalDouble.of(v);
        }
        // JMH omits the normalised rate when nothing was allocated but still reports the other gc metrics.
        return secondary.keySet().stream().anyMatch(k -> k.startsWith("gc.")) ? OptionalDouble.of(0) : OptionalDouble.empty();
    }

    /** "ConversionBenchmark.encode ccsid=37 length=16 provider=jdk workload=ascii-text": unique within a run. */
    public String key() {
        StringBuilder sb = new StringBuilder(shortName());
        params.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> sb.append(' ').append(e.getKey()).append('=').append(e.getValue()));
        return sb.toString();
    }

    /** The JVM a result was measured on, as JMH records it. */
    public record JvmInfo(String jvm, String jdkVersion, String vmName, String vmVersion, List<String> jvmArgs,
                          int forks, int warmupIterations, String warmupTime, int measurementIterations,
                          String measurementTime) {

        /** The Java feature release, e.g. 17 for "17.x" (0 when unknown). */
        public int majorVersion() {
            return majorVersion(jdkVersion);
        }

        /** The Java feature release a version string names ("17.0.15" and "1.8.0_402": 17 and 8); 0 when it names none. */
        public static int majorVersion(String jdkVersion) {
            String v = jdkVersion == null ? "" : jdkVersion;
            String head = v.startsWith("1.") ? v.substring(2) : v;
            String digits = head.replaceFirst("^(\\d+).*$", "$1");
            return digits.matches("\\d+") ? Integer.parseInt(digits) : 0;
        }
    }
}
