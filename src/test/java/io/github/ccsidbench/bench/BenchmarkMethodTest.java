package io.github.ccsidbench.bench;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The suite's one list of benchmark methods and their parameters is JMH's own: a method or {@code @Param} renamed in
 * a benchmark class fails here, named, instead of leaving a report section silently empty.
 */
class BenchmarkMethodTest {

    @Test
    void everyBenchmarkMethodAndItsParametersAreNamedOnceAndAsJmhNamesThem() throws IOException {
        Map<String, Set<String>> jmh = new TreeMap<>();
        try (InputStream in = BenchmarkMethodTest.class.getResourceAsStream(BenchmarkList.BENCHMARK_LIST)) {
            assertNotNull(in, "JMH's annotation processor wrote no " + BenchmarkList.BENCHMARK_LIST);
            for (BenchmarkListEntry e : BenchmarkList.readBenchmarkList(in)) {
                jmh.put(e.getUsername(), new TreeSet<>(e.getParams().orElse(Map.of()).keySet()));
            }
        }
        Map<String, Set<String>> named = new TreeMap<>();
        Arrays.stream(BenchmarkMethod.values()).forEach(m -> named.put(m.fullName(), new TreeSet<>(m.params())));
        Set<String> onlyJmh = new TreeSet<>();
        jmh.forEach((name, params) -> {
            if (!params.equals(named.get(name))) {
                onlyJmh.add(name + params);
            }
        });
        Set<String> onlyNamed = new TreeSet<>();
        named.forEach((name, params) -> {
            if (!params.equals(jmh.get(name))) {
                onlyNamed.add(name + params);
            }
        });
        assertEquals(onlyJmh, onlyNamed, "JMH's benchmarks (left) and bench.BenchmarkMethod (right) differ: rename the constant,"
                + " or add or remove it, with the method");
    }
}
