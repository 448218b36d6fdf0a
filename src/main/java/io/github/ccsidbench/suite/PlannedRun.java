package io.github.ccsidbench.suite;

import io.github.ccsidbench.bench.BenchmarkMethod;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One JMH invocation of a plan: some methods of one benchmark class over a full cross product of parameter values, so
 * that a plan can split the matrix wherever JMH's cross product would include combinations that must not run.
 *
 * @param benchmark the benchmark class
 * @param methods the @Benchmark methods to run
 * @param params each @Param's values
 * @param jvmArgs extra options for this run's forks (the Vector API module for the reference codec)
 */
public record PlannedRun(Class<?> benchmark, List<String> methods, Map<String, List<String>> params, List<String> jvmArgs) {

    public PlannedRun {
        methods = List.copyOf(methods);
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** The number of benchmarks (method x parameter combinations) this run measures. */
    public int size() {
        int n = methods.size();
        for (List<String> values : params.values()) {
            n *= values.size();
        }
        return n;
    }

    /** Every single benchmark of this run: each method with each combination of parameter values, in JMH's order. */
    public List<BenchmarkCase> cases() {
        List<Map<String, String>> combos = new ArrayList<>(List.of(new LinkedHashMap<>()));
        for (Map.Entry<String, List<String>> e : params.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> combo : combos) {
                for (String value : e.getValue()) {
                    Map<String, String> m = new LinkedHashMap<>(combo);
                    m.put(e.getKey(), value);
                    next.add(m);
                }
            }
            combos = next;
        }
        List<BenchmarkCase> cases = new ArrayList<>();
        for (String method : methods) {
            for (Map<String, String> combo : combos) {
                cases.add(new BenchmarkCase(benchmark.getName(), method, combo, jvmArgs));
            }
        }
        return cases;
    }

    /** The full JMH name of a method: "io.github.ccsidbench.bench.ConversionBenchmark.encode". */
    static String fullName(Class<?> benchmark, String method) {
        return benchmark.getName() + "." + method;
    }

    /** The @Benchmark methods of a class, in a stable order. */
    static List<String> benchmarkMethods(Class<?> benchmark) {
        return BenchmarkMethod.of(benchmark).stream().map(BenchmarkMethod::method).sorted().toList();
    }
}
