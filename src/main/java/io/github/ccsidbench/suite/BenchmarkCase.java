package io.github.ccsidbench.suite;

import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.bench.BenchmarkMethod.Param;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One benchmark, a method with one value per parameter, because the scheduler interleaves forks of single benchmarks
 * rather than JMH cross products.
 *
 * @param benchmark the benchmark class's full name
 * @param method the @Benchmark method
 * @param params one value per @Param, in the benchmark's order
 * @param jvmArgs extra options its forks need (the Vector API module for the reference codec)
 */
public record BenchmarkCase(String benchmark, String method, Map<String, String> params, List<String> jvmArgs) {

    public BenchmarkCase {
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** JMH's include pattern for exactly this method. */
    public String includeRegex() {
        return "^" + Pattern.quote(benchmark) + "\\." + Pattern.quote(method) + "$";
    }

    /** The key results use ({@code results.BenchmarkResult#key()}): "ConversionBenchmark.encode ccsid=37 length=16 ...". */
    public String key() {
        StringBuilder sb = new StringBuilder(benchmark.substring(benchmark.lastIndexOf('.') + 1)).append('.').append(method);
        params.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> sb.append(' ').append(e.getKey()).append('=').append(e.getValue()));
        return sb.toString();
    }

    /** How results name the method: "ConversionBenchmark.encode". */
    public String shortName() {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1) + "." + method;
    }
}
