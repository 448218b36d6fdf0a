package io.github.ccsidbench.suite;

import io.github.ccsidbench.CcsidBenchException;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.TimeValue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The long plain JMH runs of an accuracy check: JMH's own command line on this jar, with fixed warm-up, iterations and
 * forks and none of the suite's steady-state detection, so that the suite's figures can be held against what plain JMH
 * measures of the same benchmarks on the same jar, flags and machine. It exists to turn the user's {@code --long}
 * options into checked JMH options, to cover the figures with as few JMH invocations as measure exactly them (JMH's
 * {@code -p} lists make cross products), and to say how long that takes.
 *
 * <p>The default is the settings of OpenJDK's own micro-benchmarks of the same operations, String encoding and decoding
 * ({@code test/micro/org/openjdk/bench/java/lang/StringEncode.java} and {@code StringDecode.java} in the JDK's repository:
 * {@code @Fork(3)}, {@code @Warmup(iterations = 5, time = 2)}, {@code @Measurement(iterations = 5, time = 3)}).
 */
public final class PlainJmhRuns {

    /** The settings of OpenJDK's String encoding and decoding micro-benchmarks: 3 forks, 5 x 2 s warm-up, 5 x 3 s measured. */
    public static final String DEFAULT_OPTIONS = "-f 3 -wi 5 -w 2s -i 5 -r 3s";

    /**
     * The JMH options {@code --long} may hold: how long and how many, and what JMH does around them. Everything else
     * (benchmark names, {@code -p}, the result file, JVM options, the mode or unit) the check sets itself, the same for
     * every long run, or it would change what is compared.
     */
    static final Set<String> ALLOWED = Set.of("-f", "-wf", "-wi", "-w", "-i", "-r", "-to", "-foe", "-gc", "-si", "-v", "-prof");

    /**
     * What a plain JMH fork costs beside its iterations: its JVM's start with a pre-touched 1 GiB heap, JMH, the
     * benchmark's set-up with its proof, exit, as such a fork takes it on a shared 2-core host (docs/decisions.md times
     * a plain JMH fork beside the suite's).
     */
    static final Duration FORK_OVERHEAD = Duration.ofSeconds(2);
    /** JMH's own host JVM per invocation: start, the benchmark list, the results. */
    static final Duration HOST_OVERHEAD = Duration.ofSeconds(2);

    /** JMH's defaults where neither the options nor the benchmark's annotations say. */
    private static final int JMH_FORKS = 5;
    private static final int JMH_ITERATIONS = 5;
    private static final Duration JMH_TIME = Duration.ofSeconds(10);

    /**
     * The {@code --long} options, checked.
     *
     * @param text as given
     * @param tokens the JMH arguments they are
     * @param forks {@code -f}, or null for the benchmark's own
     * @param warmupForks {@code -wf}, or null
     * @param warmupIterations {@code -wi}, or null
     * @param warmupTime {@code -w}, or null
     * @param iterations {@code -i}, or null
     * @param iterationTime {@code -r}, or null
     */
    public record Options(String text, List<String> tokens, Integer forks, Integer warmupForks, Integer warmupIterations,
                          Duration warmupTime, Integer iterations, Duration iterationTime) {

        public Options {
            tokens = List.copyOf(tokens);
        }

        /** Reads {@code text} as JMH options; anything JMH refuses, or the check sets itself, is a one-line error. */
        public static Options parse(String text) {
            List<String> tokens = text == null || text.isBlank() ? List.of() : Arrays.asList(text.trim().split("\\s+"));
            for (String t : tokens) {
                if (t.startsWith("-") && !ALLOWED.contains(t) && !t.matches("-?\\d.*")) {
                    throw new CcsidBenchException("--long \"" + text + "\": " + t + " is not for --long (it takes "
                            + String.join(", ", new TreeSet<>(ALLOWED)) + "; the check sets the benchmarks, parameters, JVM"
                            + " options and result file itself)");
                }
            }
            CommandLineOptions o;
            try {
                o = new CommandLineOptions(tokens.toArray(String[]::new));
            } catch (CommandLineOptionException e) {
                throw new CcsidBenchException("--long \"" + text + "\": " + CcsidBenchException.reason(e));
            }
            if (!o.getIncludes().isEmpty()) {
                throw new CcsidBenchException("--long \"" + text + "\": " + String.join(" ", o.getIncludes())
                        + " is no JMH option (the check names the benchmarks itself)");
            }
            Integer forks = o.getForkCount().orElse(null);
            if (forks != null && forks < 1) {
                throw new CcsidBenchException("--long \"" + text + "\": -f " + forks + " measures in JMH's own JVM, with no fork"
                        + " to sample: give -f 1 or more");
            }
            Integer iterations = o.getMeasurementIterations().orElse(null);
            if (iterations != null && iterations < 1) {
                throw new CcsidBenchException("--long \"" + text + "\": -i " + iterations + " measures nothing");
            }
            return new Options(text, tokens, forks, o.getWarmupForkCount().orElse(null), o.getWarmupIterations().orElse(null),
                    duration(o.getWarmupTime().orElse(null)), iterations, duration(o.getMeasurementTime().orElse(null)));
        }

        private static Duration duration(TimeValue t) {
            return t == null ? null : Duration.ofNanos(t.convertTo(TimeUnit.NANOSECONDS));
        }

        /** The forks a figure gets: {@code -f}, else its class's {@code @Fork}, else JMH's default. */
        int forksOf(Class<?> benchmark) {
            Fork f = benchmark.getAnnotation(Fork.class);
            return forks != null ? forks : f != null && f.value() >= 0 ? f.value() : JMH_FORKS;
        }

        /** The wall time of one figure in a JMH run: its forks (and warm-up forks), each its overhead and iterations. */
        Duration figureTime(Class<?> benchmark) {
            Warmup w = benchmark.getAnnotation(Warmup.class);
            Measurement m = benchmark.getAnnotation(Measurement.class);
            int wi = warmupIterations != null ? warmupIterations : w != null && w.iterations() >= 0 ? w.iterations() : JMH_ITERATIONS;
            Duration wt = warmupTime != null ? warmupTime : w != null && w.time() >= 0 ? Duration.ofNanos(w.timeUnit().toNanos(w.time())) : JMH_TIME;
            int mi = iterations != null ? iterations : m != null && m.iterations() >= 0 ? m.iterations() : JMH_ITERATIONS;
            Duration mt = iterationTime != null ? iterationTime : m != null && m.time() >= 0 ? Duration.ofNanos(m.timeUnit().toNanos(m.time())) : JMH_TIME;
            Fork f = benchmark.getAnnotation(Fork.class);
            int wf = warmupForks != null ? warmupForks : f != null && f.warmups() >= 0 ? f.warmups() : 0;
            Duration fork = FORK_OVERHEAD.plus(wt.multipliedBy(wi)).plus(mt.multipliedBy(mi));
            return fork.multipliedBy((long) forksOf(benchmark) + wf);
        }
    }

    /**
     * One JMH invocation: the methods its pattern finds and the {@code -p} lists it gives, whose cross product is
     * exactly {@code figures}.
     *
     * @param figures the figures it measures
     * @param pattern JMH's include pattern for their methods
     * @param params every parameter's values, in the order of the figures
     */
    public record Invocation(List<BenchmarkCase> figures, String pattern, Map<String, List<String>> params) {

        public Invocation {
            figures = List.copyOf(figures);
            params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        }

        /** The JMH arguments that name the benchmarks: the pattern, then {@code -p name=v1,v2} per parameter. */
        public List<String> selection() {
            List<String> args = new ArrayList<>(List.of(pattern));
            params.forEach((k, v) -> args.addAll(List.of("-p", k + "=" + String.join(",", v))));
            return args;
        }
    }

    private PlainJmhRuns() {
    }

    /**
     * The fewest JMH invocations (of this simple kind) that measure exactly {@code figures}: one for all when their
     * methods and parameter values make an exact cross product, else one per benchmark class, then per method, then per
     * figure, wherever a group is no exact product.
     */
    public static List<Invocation> cover(List<BenchmarkCase> figures) {
        if (figures.isEmpty()) {
            return List.of();
        }
        if (exact(figures)) {
            return List.of(invocation(figures));
        }
        List<Invocation> out = new ArrayList<>();
        for (List<BenchmarkCase> byClass : groups(figures, BenchmarkCase::benchmark)) {
            if (exact(byClass)) {
                out.add(invocation(byClass));
                continue;
            }
            for (List<BenchmarkCase> byMethod : groups(byClass, BenchmarkCase::method)) {
                if (exact(byMethod)) {
                    out.add(invocation(byMethod));
                } else {
                    byMethod.forEach(f -> out.add(invocation(List.of(f))));
                }
            }
        }
        return out;
    }

    /** The wall time of one long run of {@code invocations} with {@code options}. */
    public static Duration estimate(List<Invocation> invocations, Options options) {
        Duration d = Duration.ZERO;
        for (Invocation i : invocations) {
            d = d.plus(HOST_OVERHEAD);
            for (BenchmarkCase f : i.figures()) {
                d = d.plus(options.figureTime(benchmarkClass(f)));
            }
        }
        return d;
    }

    /**
     * The JMH command of one invocation: {@code program} (the java and how it starts this jar), the selection, the long
     * options, the forks' JVM options appended to JMH's own, and JSON results written to {@code json}.
     */
    public static List<String> command(List<String> program, Invocation invocation, Options options, List<String> jvmArgs,
                                       Path json) {
        List<String> command = new ArrayList<>(program);
        command.addAll(invocation.selection());
        command.addAll(options.tokens());
        if (!jvmArgs.isEmpty()) {
            command.addAll(List.of("-jvmArgsAppend", String.join(" ", jvmArgs)));
        }
        command.addAll(List.of("-rf", "json", "-rff", json.toString()));
        return command;
    }

    static Class<?> benchmarkClass(BenchmarkCase f) {
        try {
            return Class.forName(f.benchmark(), false, PlainJmhRuns.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("no benchmark class " + f.benchmark(), e);
        }
    }

    private static List<List<BenchmarkCase>> groups(List<BenchmarkCase> figures, Function<BenchmarkCase, String> by) {
        Map<String, List<BenchmarkCase>> groups = new LinkedHashMap<>();
        figures.forEach(f -> groups.computeIfAbsent(by.apply(f), k -> new ArrayList<>()).add(f));
        return List.copyOf(groups.values());
    }

    /** Whether the cross product an invocation of {@code figures} would measure is exactly {@code figures}. */
    static boolean exact(List<BenchmarkCase> figures) {
        Set<String> wanted = figures.stream().map(BenchmarkCase::key).collect(Collectors.toSet());
        return wanted.size() == figures.size() && product(figures).equals(wanted);
    }

    /** The keys JMH would measure: every method found, with every combination of the values of the parameters it takes. */
    private static Set<String> product(List<BenchmarkCase> figures) {
        Map<String, List<String>> values = values(figures);
        Set<String> keys = new LinkedHashSet<>();
        Map<String, BenchmarkCase> methods = new LinkedHashMap<>();
        figures.forEach(f -> methods.putIfAbsent(f.benchmark() + "." + f.method(), f));
        for (BenchmarkCase m : methods.values()) {
            Map<String, List<String>> taken = new LinkedHashMap<>();
            m.params().keySet().forEach(name -> taken.put(name, values.get(name)));
            new PlannedRun(benchmarkClass(m), List.of(m.method()), taken, List.of()).cases().forEach(c -> keys.add(c.key()));
        }
        return keys;
    }

    private static Map<String, List<String>> values(List<BenchmarkCase> figures) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (BenchmarkCase f : figures) {
            f.params().forEach((k, v) -> {
                List<String> list = values.computeIfAbsent(k, x -> new ArrayList<>());
                if (!list.contains(v)) {
                    list.add(v);
                }
            });
        }
        return values;
    }

    private static Invocation invocation(List<BenchmarkCase> figures) {
        Set<String> names = new LinkedHashSet<>();
        figures.forEach(f -> names.add(f.benchmark().replace(".", "\\.") + "\\." + f.method()));
        String pattern = "^(" + String.join("|", names) + ")$";
        return new Invocation(figures, pattern, values(figures));
    }
}
