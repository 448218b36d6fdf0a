package io.github.ccsidbench.suite;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.bench.BenchmarkMethod.Param;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.db2.RowShape;
import io.github.ccsidbench.workload.Workload;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.IntStream;

/**
 * What an accuracy check will run, worked out before anything starts: the figures it compares (the answer's, narrowed
 * by {@code --include}), the suite run that measures them ({@code run} with the options that select exactly them, and
 * what else that run measures beside them), the long plain JMH invocations that measure them ({@link PlainJmhRuns}),
 * the order of the runs ({@link AccuracyOrder}) and how long it all takes. It exists so that {@code --dry-run} can show
 * the whole check and the run cannot start one whose suite would miss a figure.
 *
 * @param request what was asked
 * @param preset the suite's preset
 * @param figures the figures compared, in the order the tables list them
 * @param suiteSelection the {@code run} options that choose the suite's benchmarks
 * @param suiteExtras what the suite measures beside the figures (the floors every run measures at its lengths, and any
 *                    combination its options' cross product adds): measured, never compared
 * @param suiteEstimate one suite run's expected time on a quiet host, as {@code run} estimates it
 * @param longOptions the long runs' JMH options
 * @param invocations the JMH invocations of one long run
 * @param longEstimate one long run's expected time
 * @param order the order of the runs
 */
public record AccuracyPlan(Request request, Preset preset, List<BenchmarkCase> figures, List<String> suiteSelection,
                           List<String> suiteExtras, Duration suiteEstimate, PlainJmhRuns.Options longOptions,
                           List<PlainJmhRuns.Invocation> invocations, Duration longEstimate, List<AccuracyOrder.Step> order) {

    /** The suite's preset unless told otherwise. */
    public static final String DEFAULT_PRESET = "standard";
    /** Long runs and suite runs unless told otherwise: suite 1, long 1, long 2, suite 2. */
    public static final int DEFAULT_LONG_RUNS = 2;
    public static final int DEFAULT_SUITE_RUNS = 2;

    /**
     * What the user asked for.
     *
     * @param preset the suite's preset
     * @param include a regular expression the figures' keys must contain a match of, or null for all
     * @param longOptions the long runs' JMH options ({@link PlainJmhRuns#DEFAULT_OPTIONS} when not given)
     * @param longRuns how many long runs (at least 2: their disagreement is part of the answer)
     * @param suiteRuns how many suite runs (at least 1)
     * @param java the java of every child run, and of their forks
     * @param program how {@code java} starts this program: {@code -jar JAR}, or {@code -cp PATH MAIN}
     * @param extraJvmArgs the user's options for every fork, beside {@link SuiteRunner#DEFAULT_JVM_ARGS}
     */
    public record Request(String preset, String include, String longOptions, int longRuns, int suiteRuns, String java,
                          List<String> program, List<String> extraJvmArgs) {
        public Request {
            program = List.copyOf(program);
            extraJvmArgs = List.copyOf(extraJvmArgs);
        }
    }

    public AccuracyPlan {
        figures = List.copyOf(figures);
        suiteSelection = List.copyOf(suiteSelection);
        suiteExtras = List.copyOf(suiteExtras);
        invocations = List.copyOf(invocations);
        order = List.copyOf(order);
    }

    /**
     * The figures the check compares unless narrowed (24): the JDK's encode and decode of English text in CCSID 37, 367
     * and 1208 at 256 and 4096 characters, the ISO-8859-1 floor's encode and decode at those lengths, and the server's
     * INSERT of the article's rows (ASCII and accented) into columns 37, 367, 1208 and 367 by a direct table: the
     * figures behind the README's answer and its ratios.
     */
    public static List<BenchmarkCase> defaultFigures() {
        List<BenchmarkCase> figures = new ArrayList<>();
        for (BenchmarkMethod m : List.of(BenchmarkMethod.CONVERSION_ENCODE, BenchmarkMethod.CONVERSION_DECODE)) {
            for (int ccsid : List.of(37, 367, 1208)) {
                for (int length : List.of(256, 4096)) {
                    figures.add(figure(m, Map.of(Param.CCSID, Integer.toString(ccsid), Param.PROVIDER, "jdk",
                            Param.WORKLOAD, Workload.ASCII_TEXT.id(), Param.LENGTH, Integer.toString(length))));
                }
            }
        }
        for (BenchmarkMethod m : List.of(BenchmarkMethod.FLOOR_ENCODE, BenchmarkMethod.FLOOR_DECODE)) {
            for (int length : List.of(256, 4096)) {
                figures.add(figure(m, Map.of(Param.LENGTH, Integer.toString(length))));
            }
        }
        for (RowFlavour rows : RowFlavour.ARTICLE) {
            for (ColumnType column : ColumnType.ARTICLE) {
                figures.add(figure(BenchmarkMethod.DB2_INSERT_SERVER, Map.of(Param.SHAPE, RowShape.ARTICLE, Param.ROWS, rows.id(),
                        Param.COLUMN, column.id())));
            }
        }
        return List.copyOf(figures);
    }

    private static BenchmarkCase figure(BenchmarkMethod m, Map<String, String> params) {
        return new BenchmarkCase(m.benchmark().getName(), m.method(), BenchmarkPlan.inParamOrder(params), List.of());
    }

    /** The plan for {@code request}; anything that cannot be checked as asked is a one-line error (exit status 2). */
    public static AccuracyPlan of(Request request) {
        if (request.longRuns() < 2) {
            throw new CcsidBenchException("--long-runs must be at least 2: the long runs' own disagreement is part of the check");
        }
        if (request.suiteRuns() < 1) {
            throw new CcsidBenchException("--suite-runs must be at least 1");
        }
        List<AccuracyOrder.Step> order = AccuracyOrder.of(request.longRuns(), request.suiteRuns());
        for (String a : request.extraJvmArgs()) {
            if (a.isBlank() || a.chars().anyMatch(Character::isWhitespace)) {
                throw new CcsidBenchException("--jvm-arg '" + a + "': an accuracy check passes the forks' options to JMH as one"
                        + " line, so an option may hold no space");
            }
        }
        Preset preset = Preset.byId(request.preset());
        if (preset == Preset.DATA) {
            throw new CcsidBenchException("the data preset measures a user's rows: an accuracy check compares the suite's own"
                    + " figures (give --preset standard, quick or smoke)");
        }
        List<BenchmarkCase> figures = narrowed(request.include());
        PlainJmhRuns.Options longOptions = PlainJmhRuns.Options.parse(request.longOptions() == null
                ? PlainJmhRuns.DEFAULT_OPTIONS : request.longOptions());
        List<String> selection = suiteSelection(figures);
        BenchmarkPlan suite = BenchmarkPlan.of(preset, preset.timing(), selectionOf(figures));
        Set<String> measured = new LinkedHashSet<>();
        suite.runs().forEach(r -> r.cases().forEach(c -> measured.add(c.key())));
        List<String> missing = figures.stream().map(BenchmarkCase::key).filter(k -> !measured.contains(k)).toList();
        if (!missing.isEmpty()) {
            throw new CcsidBenchException("the " + preset.id() + " preset does not measure " + missing.get(0)
                    + (missing.size() > 1 ? " and " + (missing.size() - 1) + " more of the figures" : "")
                    + " (a run measures the floors only beside a conversion of their length): choose another preset or --include");
        }
        Set<String> keys = new LinkedHashSet<>(figures.stream().map(BenchmarkCase::key).toList());
        List<String> extras = measured.stream().filter(k -> !keys.contains(k)).toList();
        Duration suiteEstimate = suite.estimate().plus(Timing.AROUND_FORKS);
        List<PlainJmhRuns.Invocation> invocations = PlainJmhRuns.cover(figures);
        return new AccuracyPlan(request, preset, figures, selection, extras, suiteEstimate, longOptions, invocations,
                PlainJmhRuns.estimate(invocations, longOptions), order);
    }

    /** The default figures whose key contains a match of {@code include} (all of them when null). */
    static List<BenchmarkCase> narrowed(String include) {
        if (include == null) {
            return defaultFigures();
        }
        Pattern p;
        try {
            p = Pattern.compile(include);
        } catch (PatternSyntaxException e) {
            throw new CcsidBenchException("--include is not a regular expression: " + e.getDescription());
        }
        List<BenchmarkCase> figures = defaultFigures().stream().filter(f -> p.matcher(f.key()).find()).toList();
        if (figures.isEmpty()) {
            throw new CcsidBenchException("--include " + include + " finds none of the check's figures (e.g. '"
                    + defaultFigures().get(0).key() + "'; --dry-run lists them)");
        }
        return figures;
    }

    /** The {@code run} options that choose {@code figures}: their methods, CCSIDs (and columns'), providers, lengths, workloads. */
    static List<String> suiteSelection(List<BenchmarkCase> figures) {
        List<String> args = new ArrayList<>();
        Values v = Values.of(figures);
        if (!v.providers.isEmpty()) {
            args.addAll(List.of("--provider", String.join(",", v.providers)));
        }
        if (!v.ccsids.isEmpty()) {
            args.addAll(List.of("--ccsid", String.join(",", v.ccsids.stream().map(String::valueOf).toList())));
        }
        if (!v.lengths.isEmpty()) {
            args.addAll(List.of("--length", String.join(",", v.lengths.stream().map(String::valueOf).toList())));
        }
        if (!v.workloads.isEmpty()) {
            args.addAll(List.of("--workload", String.join(",", v.workloads)));
        }
        args.addAll(List.of("--include", v.methodPattern()));
        return args;
    }

    /** The same choice as the suite's {@code run} makes of those options. */
    private static Selection selectionOf(List<BenchmarkCase> figures) {
        Values v = Values.of(figures);
        Selection s = Selection.everything().withInclude(v.methodPattern());
        s = v.providers.isEmpty() ? s : s.withProviders(v.providers.stream().map(Providers::byName).toList());
        s = v.ccsids.isEmpty() ? s : s.withCcsids(v.ccsids.stream().map(CcsidRegistry::byNumber).toList());
        s = v.lengths.isEmpty() ? s : s.withLengths(List.copyOf(v.lengths));
        return v.workloads.isEmpty() ? s : s.withWorkloads(v.workloads.stream().map(Workload::byId).toList());
    }

    /** The parameter values of a set of figures, as {@code run}'s options take them. */
    private record Values(Set<String> methods, Set<String> providers, Set<Integer> ccsids, Set<Integer> lengths,
                          Set<String> workloads) {

        static Values of(List<BenchmarkCase> figures) {
            Values v = new Values(new TreeSet<>(), new LinkedHashSet<>(), new TreeSet<>(), new TreeSet<>(), new LinkedHashSet<>());
            for (BenchmarkCase f : figures) {
                v.methods.add(f.benchmark().substring(f.benchmark().lastIndexOf('.') + 1) + "." + f.method());
                Map<String, String> p = f.params();
                if (p.containsKey(Param.PROVIDER)) {
                    v.providers.add(p.get(Param.PROVIDER));
                }
                if (p.containsKey(Param.CCSID)) {
                    v.ccsids.add(Integer.parseInt(p.get(Param.CCSID)));
                }
                if (p.containsKey(Param.COLUMN)) {
                    v.ccsids.add(ColumnType.byId(p.get(Param.COLUMN)).ccsid().number());
                }
                if (p.containsKey(Param.LENGTH)) {
                    v.lengths.add(Integer.parseInt(p.get(Param.LENGTH)));
                }
                if (p.containsKey(Param.WORKLOAD)) {
                    v.workloads.add(p.get(Param.WORKLOAD));
                }
            }
            return v;
        }

        /** "\.(ConversionBenchmark\.encode|FloorBenchmark\.isoEncode)$": run's --include finds it in the JMH names. */
        String methodPattern() {
            return "\\.(" + String.join("|", methods.stream().map(m -> m.replace(".", "\\.")).toList()) + ")$";
        }
    }

    /** Every fork's JVM options: the suite's defaults, then the user's. */
    public List<String> jvmArgs() {
        List<String> args = new ArrayList<>(SuiteRunner.DEFAULT_JVM_ARGS);
        args.addAll(request.extraJvmArgs());
        return args;
    }

    /** The command of a suite run writing to {@code out}. */
    public List<String> suiteCommand(Path out) {
        List<String> command = new ArrayList<>(List.of(request.java()));
        command.addAll(request.program());
        command.addAll(List.of("run", "--preset", preset.id()));
        command.addAll(suiteSelection);
        command.addAll(List.of("--jvm", request.java()));
        request.extraJvmArgs().forEach(a -> command.add("--jvm-arg=" + a));
        command.addAll(List.of("--out", out.toString()));
        return command;
    }

    /** The command of one JMH invocation of a long run writing its JSON to {@code json}. */
    public List<String> longCommand(PlainJmhRuns.Invocation invocation, Path json) {
        List<String> program = new ArrayList<>(List.of(request.java()));
        program.addAll(request.program());
        return PlainJmhRuns.command(program, invocation, longOptions, jvmArgs(), json);
    }

    /** The whole check's expected time on a quiet host. */
    public Duration estimate() {
        return suiteEstimate.multipliedBy(request.suiteRuns()).plus(longEstimate.multipliedBy(request.longRuns()));
    }

    /** "24 figures; suite 1, long 1, long 2, suite 2; about 1h32m (2 suite runs of about 4m10s, 2 long runs of about 42m00s)". */
    public String headline() {
        return String.format("%d figure%s; %s; about %s (%d suite run%s of about %s, %d long runs of about %s)", figures.size(),
                figures.size() == 1 ? "" : "s", AccuracyOrder.describe(order), Timing.format(estimate()), request.suiteRuns(), request.suiteRuns() == 1 ? "" : "s",
                Timing.format(suiteEstimate), request.longRuns(), Timing.format(longEstimate));
    }

    /** The plan in words and commands, for {@code --dry-run}: the figures, the order, each kind of run's command. */
    public String describe(Path out) {
        StringBuilder sb = new StringBuilder();
        sb.append("accuracy check: ").append(headline()).append('\n');
        sb.append("order: ").append(AccuracyOrder.describe(order)).append('\n');
        sb.append("suite run: preset ").append(preset.id()).append(", ").append(suiteCount()).append(":\n  ")
                .append(shownSuiteCommand(out)).append('\n');
        sb.append("long run: JMH ").append(longOptions.text()).append(", ").append(invocations.size())
                .append(invocations.size() == 1 ? " invocation" : " invocations").append(":\n");
        shownLongCommands(out).forEach(c -> sb.append("  ").append(c).append('\n'));
        sb.append("figures compared (").append(figures.size()).append("):\n");
        figures.forEach(f -> sb.append("  ").append(f.key()).append('\n'));
        return sb.toString();
    }

    /** The first suite run's command, its outputs under {@code root}, as a shell takes it (the dry run, accuracy.json). */
    String shownSuiteCommand(Path root) {
        String first = order.stream().filter(s -> s.kind() == AccuracyOrder.Kind.SUITE).findFirst().orElseThrow().folder();
        return String.join(" ", quoted(suiteCommand(root.resolve(first))));
    }

    /** The first long run's JMH commands, their outputs under {@code root}, as a shell takes them. */
    List<String> shownLongCommands(Path root) {
        return IntStream.range(0, invocations.size()).mapToObj(i -> String.join(" ", quoted(longCommand(invocations.get(i),
                root.resolve("long-1").resolve(AccuracyRun.longResults(invocations.size(), i)))))).toList();
    }

    private String suiteCount() {
        return figures.size() + suiteExtras.size() + " benchmarks" + (suiteExtras.isEmpty() ? "" : ", " + suiteExtras.size()
                + " of them not compared (the floors every run measures at its lengths, or what its options' cross product adds)");
    }

    /** Arguments as a shell would need them: quoted where they hold anything but plain characters. */
    static List<String> quoted(List<String> args) {
        return args.stream().map(a -> a.matches("[A-Za-z0-9_./:=,+@%-]+") ? a : "'" + a.replace("'", "'\\''") + "'").toList();
    }
}
