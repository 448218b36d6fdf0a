package io.github.ccsidbench.suite;

import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.bench.BenchmarkMethod.Param;
import io.github.ccsidbench.bench.ConversionBenchmark;
import io.github.ccsidbench.bench.DataBenchmark;
import io.github.ccsidbench.data.DataSample;
import io.github.ccsidbench.data.DataShape;
import io.github.ccsidbench.bench.Db2PathBenchmark;
import io.github.ccsidbench.bench.FloorBenchmark;
import io.github.ccsidbench.bench.SubstitutionBenchmark;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.workload.Workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a run will measure, worked out before anything starts: the preset's parts, narrowed by the user's
 * {@link Selection}, become single benchmarks in which only lossless combinations reach {@link ConversionBenchmark},
 * only lossy ones (never mixed EBCDIC) reach {@link SubstitutionBenchmark}, and no provider meets a CCSID it cannot
 * convert, merged into as few {@link PlannedRun}s as keep each an exact JMH cross product; the floors
 * ({@link FloorBenchmark}) first, at every measured length (docs/method.md, "Benchmarks").
 */
public final class BenchmarkPlan {

    /** One benchmark: a method with one value per parameter, and what its forks need. */
    private record Case(Class<?> benchmark, String method, Map<String, String> params, List<String> jvmArgs) {
        Case {
            params = inParamOrder(params);
        }

        Case(Class<?> benchmark, String method, Map<String, String> params) {
            this(benchmark, method, params, List.of());
        }
    }

    /** The order of a planned run's parameters, the same in every JVM; a parameter not named here comes after, by name. */
    static final List<String> PARAM_ORDER = List.of(Param.CCSID, Param.PROVIDER, Param.WORKLOAD, Param.LENGTH, Param.SHAPE, Param.ROWS, Param.COLUMN);

    /** {@code params} in {@link #PARAM_ORDER}: a resumed plan must match in another JVM, and {@code Map.of}'s order varies. */
    static Map<String, String> inParamOrder(Map<String, String> params) {
        Map<String, String> ordered = new LinkedHashMap<>();
        params.keySet().stream().sorted(BenchmarkPlan::compareParams).forEach(name -> ordered.put(name, params.get(name)));
        return Collections.unmodifiableMap(ordered);
    }

    private static int compareParams(String a, String b) {
        int ia = PARAM_ORDER.indexOf(a);
        int ib = PARAM_ORDER.indexOf(b);
        if (ia >= 0 && ib >= 0) {
            return Integer.compare(ia, ib);
        }
        return ia >= 0 ? -1 : ib >= 0 ? 1 : a.compareTo(b);
    }

    private static final List<String> MERGE_ORDER = List.of(Param.PROVIDER, Param.CCSID, Param.COLUMN, Param.LENGTH, "#method",
            Param.ROWS, Param.WORKLOAD, Param.SHAPE);

    private final List<PlannedRun> runs;
    private final Timing timing;

    private BenchmarkPlan(List<PlannedRun> runs, Timing timing) {
        this.runs = List.copyOf(runs);
        this.timing = timing;
    }

    /** The plan for {@code preset} with the user's {@code selection}, measured with {@code timing}. */
    public static BenchmarkPlan of(Preset preset, Timing timing, Selection selection) {
        Pattern include = Pattern.compile(selection.include());
        List<ConverterProvider> providers = selection.providers() != null ? selection.providers() : preset.providers();
        Set<Case> conversions = new LinkedHashSet<>();
        Set<Case> substitutions = new LinkedHashSet<>();
        for (MatrixPart part : preset.parts()) {
            MatrixPart p = part.narrowed(selection.ccsids(), selection.workloads(), selection.lengths());
            List<String> methods = methods(ConversionBenchmark.class, include).stream()
                    .filter(m -> p.methods().isEmpty() || p.methods().contains(m)).toList();
            for (Workload w : p.workloads()) {
                for (Ccsid c : p.ccsids()) {
                    boolean lossless = w.losslessIn(c);
                    if (lossless) {
                        addCases(conversions, ConversionBenchmark.class, methods, c, w, p.lengths(), providers);
                    } else if (!c.scheme().mixed() && (selection.substitution() || preset.substitution())) {
                        addCases(substitutions, SubstitutionBenchmark.class, methods(SubstitutionBenchmark.class, include),
                                c, w, p.lengths(), providers);
                    }
                }
            }
        }
        Set<Case> db2 = new LinkedHashSet<>();
        preset.db2().stream().map(d -> d.narrowed(selection.shape()))
                .forEach(d -> addDb2Cases(db2, d, include, selection.ccsids()));
        Set<Case> data = new LinkedHashSet<>();
        if (selection.data() != null) {
            addDataCases(data, selection.data(), include, providers);
        }
        Set<Case> floors = new LinkedHashSet<>();
        Set<String> lengths = new TreeSet<>((a, b) -> Integer.compare(Integer.parseInt(a), Integer.parseInt(b)));
        conversions.forEach(c -> lengths.add(c.params().get(Param.LENGTH)));
        substitutions.forEach(c -> lengths.add(c.params().get(Param.LENGTH)));
        for (String method : PlannedRun.benchmarkMethods(FloorBenchmark.class)) {
            for (String length : lengths) {
                floors.add(new Case(FloorBenchmark.class, method, Map.of(Param.LENGTH, length)));
            }
        }
        List<PlannedRun> runs = new ArrayList<>();
        runs.addAll(merge(floors));
        runs.addAll(merge(conversions));
        runs.addAll(merge(substitutions));
        runs.addAll(merge(db2));
        runs.addAll(merge(data));
        return new BenchmarkPlan(runs, timing);
    }

    /** The preset's plan with every built-in provider and its own timing. */
    public static BenchmarkPlan of(Preset preset) {
        return of(preset, preset.timing(), Selection.everything());
    }

    private static void addCases(Set<Case> into, Class<?> benchmark, List<String> methods, Ccsid ccsid, Workload workload,
                                 List<Integer> lengths, List<ConverterProvider> providers) {
        for (String method : methods) {
            for (ConverterProvider provider : providers) {
                if (!provider.supports(ccsid)) {
                    continue;
                }
                for (int length : lengths) {
                    Map<String, String> params = new LinkedHashMap<>();
                    params.put(Param.CCSID, Integer.toString(ccsid.number()));
                    params.put(Param.PROVIDER, provider.name());
                    params.put(Param.WORKLOAD, workload.id());
                    params.put(Param.LENGTH, Integer.toString(length));
                    into.add(new Case(benchmark, method, params, provider.forkJvmArgs()));
                }
            }
        }
    }

    private static void addDb2Cases(Set<Case> into, Db2Part part, Pattern include, List<Ccsid> ccsids) {
        List<ColumnType> columns = part.columns().stream().filter(c -> ccsids == null || ccsids.contains(c.ccsid())).toList();
        for (String method : methods(Db2PathBenchmark.class, include)) {
            for (String shape : part.shapes()) {
                for (RowFlavour flavour : part.flavours()) {
                    addDb2Cases(into, method, shape, flavour.id(), columns, List.of());
                }
            }
        }
    }

    /** One Db2 path over one shape and flavour of rows: the client's INSERT once, the rest per column ({@link Db2Part}). */
    private static void addDb2Cases(Set<Case> into, String method, String shape, String rows, List<ColumnType> columns,
                                    List<String> jvmArgs) {
        if (method.equals(BenchmarkMethod.DB2_INSERT_CLIENT.method())) {
            into.add(new Case(Db2PathBenchmark.class, method, Map.of(Param.SHAPE, shape, Param.ROWS, rows), jvmArgs));
            return;
        }
        for (ColumnType column : columns) {
            if (!method.equals(BenchmarkMethod.DB2_SELECT_CLIENT.method()) || !column.whatIf()) {
                into.add(new Case(Db2PathBenchmark.class, method,
                        Map.of(Param.SHAPE, shape, Param.ROWS, rows, Param.COLUMN, column.id()), jvmArgs));
            }
        }
    }

    /** A user's rows: the Db2 paths per column choice and the JVM side per provider and CCSID, each fork told the sample. */
    private static void addDataCases(Set<Case> into, Selection.Data data, Pattern include, List<ConverterProvider> providers) {
        List<String> sample = List.of("-D" + DataSample.PROPERTY + "=" + data.sample().toAbsolutePath());
        for (String method : methods(Db2PathBenchmark.class, include)) {
            addDb2Cases(into, method, DataShape.NAME, DataShape.NAME, data.columns(), sample);
        }
        for (String method : methods(DataBenchmark.class, include)) {
            for (Ccsid c : data.ccsids()) {
                for (ConverterProvider provider : providers) {
                    if (provider.supports(c) && !data.leftOut(provider.name(), c)) {
                        List<String> args = new ArrayList<>(sample);
                        args.addAll(provider.forkJvmArgs());
                        into.add(new Case(DataBenchmark.class, method,
                                Map.of(Param.PROVIDER, provider.name(), Param.CCSID, Integer.toString(c.number())), args));
                    }
                }
            }
        }
    }

    private static List<String> methods(Class<?> benchmark, Pattern include) {
        return PlannedRun.benchmarkMethods(benchmark).stream()
                .filter(m -> include.matcher(PlannedRun.fullName(benchmark, m)).find())
                .toList();
    }

    /** Merges single cases, one dimension at a time, into exact cross products with the union of its values. */
    private static List<PlannedRun> merge(Set<Case> cases) {
        List<PlannedRun> runs = new ArrayList<>();
        for (Case c : cases) {
            Map<String, List<String>> params = new LinkedHashMap<>();
            c.params().forEach((k, v) -> params.put(k, List.of(v)));
            runs.add(new PlannedRun(c.benchmark(), List.of(c.method()), params, c.jvmArgs()));
        }
        for (String dimension : MERGE_ORDER) {
            Map<String, PlannedRun> merged = new LinkedHashMap<>();
            for (PlannedRun run : runs) {
                String key = run.benchmark().getName() + "|" + run.jvmArgs() + "|" + (dimension.equals("#method") ? "" : run.methods())
                        + "|" + run.params().entrySet().stream().filter(e -> !e.getKey().equals(dimension))
                        .map(e -> e.getKey() + "=" + e.getValue()).sorted().collect(Collectors.joining(";"));
                merged.merge(key, run, (a, b) -> union(a, b, dimension));
            }
            runs = new ArrayList<>(merged.values());
        }
        return runs.stream().map(BenchmarkPlan::sortLengths).toList();
    }

    private static PlannedRun sortLengths(PlannedRun run) {
        if (!run.params().containsKey(Param.LENGTH)) {
            return run;
        }
        Map<String, List<String>> params = new LinkedHashMap<>(run.params());
        params.put(Param.LENGTH, params.get(Param.LENGTH).stream().sorted((a, b) -> Integer.compare(Integer.parseInt(a),
                Integer.parseInt(b))).toList());
        return new PlannedRun(run.benchmark(), run.methods(), params, run.jvmArgs());
    }

    private static PlannedRun union(PlannedRun a, PlannedRun b, String dimension) {
        if (dimension.equals("#method")) {
            return new PlannedRun(a.benchmark(), unionOf(a.methods(), b.methods()), a.params(), a.jvmArgs());
        }
        Map<String, List<String>> params = new LinkedHashMap<>(a.params());
        params.computeIfPresent(dimension, (k, values) -> unionOf(values, b.params().get(k)));
        return new PlannedRun(a.benchmark(), a.methods(), params, a.jvmArgs());
    }

    private static List<String> unionOf(List<String> a, List<String> b) {
        LinkedHashSet<String> all = new LinkedHashSet<>(a);
        all.addAll(b);
        return List.copyOf(all);
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

    /** The plan's expected wall time on a quiet host: {@link Timing#expectedForks()} typical forks each, within the budget. */
    public Duration estimate() {
        return timing.within(timing.typicalFork().multipliedBy((long) timing.expectedForks() * size()));
    }

    /** A human-readable listing: one line per run, then the total and the estimate. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        for (PlannedRun run : runs) {
            sb.append(String.format("%4d  %s.{%s} %s%s%n", run.size(), run.benchmark().getSimpleName(),
                    String.join(",", run.methods()), run.params().entrySet().stream()
                            .map(e -> e.getKey() + "=" + String.join(",", e.getValue()))
                            .collect(Collectors.joining(" ")), run.jvmArgs().isEmpty() ? "" : " forks: " + String.join(" ", run.jvmArgs())));
        }
        sb.append(String.format("%4d  benchmarks, %s; about %s in all%n", size(), timing.describe(),
                Timing.format(estimate())));
        return sb.toString();
    }
}
