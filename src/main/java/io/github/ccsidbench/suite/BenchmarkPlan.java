package io.github.ccsidbench.suite;

import io.github.ccsidbench.bench.ConversionBenchmark;
import io.github.ccsidbench.bench.FloorBenchmark;
import io.github.ccsidbench.bench.SubstitutionBenchmark;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.workload.Workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a run will measure, worked out before anything starts: the preset's matrix narrowed by
 * the user's filters, split into {@link PlannedRun}s so that only lossless combinations reach
 * {@link ConversionBenchmark}, only lossy ones reach {@link SubstitutionBenchmark}, and no
 * provider meets a CCSID it cannot convert. The rulers ({@link FloorBenchmark}) always run first,
 * at every measured length: every ratio needs them.
 */
public final class BenchmarkPlan {

    private final List<PlannedRun> runs;
    private final Timing timing;

    private BenchmarkPlan(List<PlannedRun> runs, Timing timing) {
        this.runs = List.copyOf(runs);
        this.timing = timing;
    }

    /**
     * The plan for a preset and filters.
     *
     * @param ccsids the CCSIDs to measure (the preset's, or the user's choice)
     * @param providers the providers to measure
     * @param workloads the workloads to measure
     * @param lengths the lengths to measure
     * @param include a JMH-style regular expression the benchmark names must match (found anywhere)
     * @param substitution whether to measure substitution for lossy combinations
     */
    public static BenchmarkPlan of(Timing timing, List<Ccsid> ccsids, List<ConverterProvider> providers,
                                   List<Workload> workloads, List<Integer> lengths, String include,
                                   boolean substitution) {
        Pattern pattern = Pattern.compile(include);
        List<String> lengthValues = lengths.stream().map(String::valueOf).toList();
        List<PlannedRun> conversions = new ArrayList<>();
        List<PlannedRun> substitutions = new ArrayList<>();
        for (Workload workload : workloads) {
            addRuns(conversions, ConversionBenchmark.class, pattern, workload, lengthValues, providers,
                    ccsids.stream().filter(workload::losslessIn).toList());
            if (substitution) {
                addRuns(substitutions, SubstitutionBenchmark.class, pattern, workload, lengthValues, providers,
                        ccsids.stream().filter(c -> !workload.losslessIn(c)).toList());
            }
        }
        List<PlannedRun> runs = new ArrayList<>();
        if (!conversions.isEmpty() || !substitutions.isEmpty()) {
            runs.add(new PlannedRun(FloorBenchmark.class, PlannedRun.benchmarkMethods(FloorBenchmark.class),
                    Map.of("length", lengthValues)));
        }
        runs.addAll(conversions);
        runs.addAll(substitutions);
        return new BenchmarkPlan(runs, timing);
    }

    /** Groups the CCSIDs by the providers that support them, one run per group. */
    private static void addRuns(List<PlannedRun> into, Class<?> benchmark, Pattern include, Workload workload,
                                List<String> lengths, List<ConverterProvider> providers, List<Ccsid> ccsids) {
        List<String> methods = PlannedRun.benchmarkMethods(benchmark).stream()
                .filter(m -> include.matcher(PlannedRun.fullName(benchmark, m)).find())
                .toList();
        if (methods.isEmpty() || ccsids.isEmpty() || lengths.isEmpty()) {
            return;
        }
        Map<List<String>, List<String>> ccsidsByProviders = new LinkedHashMap<>();
        for (Ccsid ccsid : ccsids) {
            List<String> able = providers.stream().filter(p -> p.supports(ccsid)).map(ConverterProvider::name).toList();
            if (!able.isEmpty()) {
                ccsidsByProviders.computeIfAbsent(able, k -> new ArrayList<>()).add(Integer.toString(ccsid.number()));
            }
        }
        ccsidsByProviders.forEach((able, numbers) -> {
            Map<String, List<String>> params = new LinkedHashMap<>();
            params.put("ccsid", numbers);
            params.put("provider", able);
            params.put("workload", List.of(workload.id()));
            params.put("length", lengths);
            into.add(new PlannedRun(benchmark, methods, params));
        });
    }

    public List<PlannedRun> runs() {
        return runs;
    }

    public Timing timing() {
        return timing;
    }

    /** How many benchmarks the plan measures. */
    public int size() {
        return runs.stream().mapToInt(PlannedRun::size).sum();
    }

    /** The expected wall time of the whole plan. */
    public Duration estimate() {
        return timing.perBenchmark().multipliedBy(size());
    }

    /** A human-readable listing: one line per run, then the total and the estimate. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        for (PlannedRun run : runs) {
            sb.append(String.format("%4d  %s.{%s} %s%n", run.size(), run.benchmark().getSimpleName(),
                    String.join(",", run.methods()), run.params().entrySet().stream()
                            .map(e -> e.getKey() + "=" + String.join(",", e.getValue()))
                            .collect(Collectors.joining(" "))));
        }
        sb.append(String.format("%4d  benchmarks, %s each, about %s in all%n", size(), timing.describe(),
                Durations.format(estimate())));
        return sb.toString();
    }
}
