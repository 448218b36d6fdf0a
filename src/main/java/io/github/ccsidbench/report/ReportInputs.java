package io.github.ccsidbench.report;

import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.data.DataProfile;

import io.github.ccsidbench.results.BenchmarkResult;
import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.JmhResults;
import io.github.ccsidbench.results.ModelFigures;
import io.github.ccsidbench.results.ProfileFile;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.results.Steadiness;
import io.github.ccsidbench.results.SteadinessFile;
import io.github.ccsidbench.stats.BetweenRunVariance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import io.github.ccsidbench.CcsidBenchException;

/** What a report is made from: result files, what was recorded beside each, and their figures grouped by JVM (docs/output.md). */
public final class ReportInputs {

    /**
     * One results file, with what the run recorded beside it.
     *
     * @param profiles profiles.json, when the run profiled
     * @param folder the folder of results.json, which {@code profiles}' paths are relative to (empty: stacks unreadable)
     */
    public record Source(String file, Optional<RunEnvironment> environment, List<BenchmarkResult> results,
                         Optional<SteadinessFile> steadiness, Optional<DataProfile> data, Optional<ModelFigures> model,
                         Optional<ProfileFile> profiles, Optional<Path> folder) {
    }

    /**
     * The results of one JVM.
     *
     * @param label "JDK 17.x (OpenJDK 64-Bit Server VM 17.x)"
     * @param slug a file-name-safe form of the JDK version, for chart and CSV names
     * @param figures the figures measured on it
     * @param models the Db2 model's figures recorded by the runs these figures come from
     */
    public record JvmGroup(String label, String slug, List<DerivedFigures> figures, List<ModelFigures> models) {

        /** The Db2 model's figures the run recorded for one shape, flavour and column (empty: the run recorded none). */
        public Optional<ModelFigures.Entry> model(String shape, String rows, String column) {
            return models.stream().flatMap(m -> m.find(shape, rows, column).stream()).findFirst();
        }

        /** The figures of a benchmark (BenchmarkMethod.DB2_INSERT_SERVER.shortName()) with exactly these parameters. */
        public Optional<DerivedFigures> find(String shortName, Map<String, String> params) {
            return figures.stream().filter(f -> f.result().shortName().equals(shortName) && f.result().params().equals(params))
                    .findFirst();
        }

        /** All figures of one benchmark method. */
        public List<DerivedFigures> of(String shortName) {
            return figures.stream().filter(f -> f.result().shortName().equals(shortName)).toList();
        }

        /** The figures of one benchmark method whose parameters include {@code params}, each with that value. */
        List<DerivedFigures> of(String shortName, Map<String, String> params) {
            return of(shortName).stream().filter(f -> params.entrySet().stream()
                    .allMatch(p -> f.result().param(p.getKey()).orElse("").equals(p.getValue()))).toList();
        }
    }

    private final List<Source> sources;
    private final List<JvmGroup> jvms;
    private final Map<Path, CollapsedProfile> collapsed = new ConcurrentHashMap<>();

    public ReportInputs(List<Source> sources) {
        this.sources = List.copyOf(sources);
        // Another CPU class (-XX:UseAVX=2) or CPU is derived apart: its own floor, steadiness and spread.
        boolean manyCpus = sources.stream().map(ReportInputs::cpu).distinct().count() > 1;
        Map<String, List<Source>> byClass = new LinkedHashMap<>();
        for (Source s : sources) {
            String limit = s.results().stream().map(r -> jitLimit(r.jvm())).findFirst().orElse("");
            byClass.computeIfAbsent(limit + "|" + (manyCpus ? cpu(s) : ""), k -> new ArrayList<>()).add(s);
        }
        Map<String, List<DerivedFigures>> byJvm = new LinkedHashMap<>();
        Map<String, String> cpuOfLabel = new HashMap<>();
        for (List<Source> group : byClass.values()) {
            List<BenchmarkResult> all = group.stream().flatMap(s -> s.results().stream()).toList();
            // Each result with its own run's record: two runs of one JDK in one report share keys.
            Map<BenchmarkResult, Steadiness> steadiness = new IdentityHashMap<>();
            for (Source s : group) {
                s.steadiness().ifPresent(f -> {
                    Map<String, Steadiness> byKey = f.byKey();
                    for (BenchmarkResult r : s.results()) {
                        Steadiness record = byKey.get(SteadinessFile.lookupKey(r.key(), r.jvm().jdkVersion()));
                        if (record != null) {
                            steadiness.put(r, record);
                        }
                    }
                });
            }
            // Each result's levels widened by the between-run component its own machine's committed accuracy check measured.
            Map<BenchmarkResult, BetweenRunVariance> between = new IdentityHashMap<>();
            for (Source s : group) {
                BetweenRunVariance b = betweenRun(s);
                s.results().forEach(r -> between.put(r, b));
            }
            String cpu = manyCpus ? cpu(group.get(0)) : "";
            for (DerivedFigures f : DerivedFigures.derive(all, r -> Optional.ofNullable(steadiness.get(r)),
                    r -> between.getOrDefault(r, BetweenRunVariance.NONE))) {
                BenchmarkResult.JvmInfo j = f.result().jvm();
                String limit = jitLimit(j);
                String label = "JDK " + j.jdkVersion() + " (" + j.vmName() + " " + j.vmVersion() + ")"
                        + (limit.isEmpty() ? "" : " with " + limit) + (cpu.isEmpty() ? "" : " on " + cpu);
                cpuOfLabel.put(label, cpu);
                byJvm.computeIfAbsent(label, k -> new ArrayList<>()).add(f);
            }
        }
        List<JvmGroup> groups = new ArrayList<>();
        byJvm.forEach((label, figures) -> {
            BenchmarkResult.JvmInfo j = figures.get(0).result().jvm();
            String slug = ("jdk" + j.jdkVersion() + " " + jitLimit(j) + " " + cpuOfLabel.get(label)).trim().replace("-XX:", "")
                    .replaceAll("[^A-Za-z0-9.]+", "-");
            List<ModelFigures> models = sources.stream()
                    .filter(s -> s.model().isPresent() && figures.stream().anyMatch(f -> s.results().contains(f.result())))
                    .map(s -> s.model().get()).toList();
            groups.add(new JvmGroup(label, slug.toLowerCase(Locale.ROOT), List.copyOf(figures), models));
        });
        this.jvms = List.copyOf(groups);
    }

    /** The between-run component of a run's machine ({@link AccuracyRecord#committed}), or none. */
    private static BetweenRunVariance betweenRun(Source s) {
        if (s.environment().isEmpty() || s.results().isEmpty()) {
            return BetweenRunVariance.NONE;
        }
        return AccuracyRecord.committed(s.environment().get().cpu(), s.environment().get().vectorClass(),
                s.results().get(0).jvm().jdkVersion(), AccuracyRecord.windowed(s)).map(AccuracyRecord::betweenRun)
                .orElse(BetweenRunVariance.NONE);
    }

    /** The CPU a run names in its environment.json, or "" when it recorded none. */
    private static String cpu(Source s) {
        return s.environment().map(e -> e.cpu()).orElse("");
    }

    /** The JVM options of a result that limit the JIT's instruction set ({@code -XX:UseAVX=2}), or "". */
    static String jitLimit(BenchmarkResult.JvmInfo j) {
        return j.jvmArgs() == null ? "" : String.join(" ", j.jvmArgs().stream()
                .filter(a -> a.startsWith("-XX:UseAVX=") || a.startsWith("-XX:UseSSE=")).distinct().toList());
    }

    /** Reads result files (and the environment recorded beside each); bad files are one-line errors. */
    public static ReportInputs read(List<Path> files) {
        List<Source> sources = new ArrayList<>();
        for (Path f : files) {
            List<BenchmarkResult> results = JmhResults.read(f);
            checkReportable(f.toString(), results);
            sources.add(new Source(f.toString(), RunEnvironment.besides(f), results,
                    SteadinessFile.besides(f), DataProfile.besides(f), ModelFigures.besides(f), ProfileFile.besides(f),
                    Optional.of(f.toAbsolutePath().getParent())));
        }
        return new ReportInputs(sources);
    }

    /** Refuses in one line results with a score or iteration that is not finite, or none of the suite's benchmarks. */
    static void checkReportable(String file, List<BenchmarkResult> results) {
        for (BenchmarkResult r : results) {
            boolean finite = Double.isFinite(r.score())
                    && Arrays.stream(r.rawData()).flatMapToDouble(Arrays::stream).allMatch(Double::isFinite);
            if (!finite) {
                throw new CcsidBenchException("results file " + file + ": " + r.key()
                        + " has a score that is not a finite number (" + r.score() + "): the benchmark failed or was cut off;"
                        + " run it again");
            }
        }
        Set<String> suite = Arrays.stream(BenchmarkMethod.values()).map(BenchmarkMethod::fullName)
                .collect(Collectors.toSet());
        if (results.stream().noneMatch(r -> suite.contains(r.benchmark()))) {
            throw new CcsidBenchException("results file " + file + " holds none of ccsid-bench's benchmarks"
                    + " (it holds " + results.get(0).benchmark() + (results.size() > 1 ? " and " + (results.size() - 1) + " more" : "")
                    + "): nothing to report");
        }
    }

    /** The collapsed stacks of a profiled benchmark of {@code source}, read once; empty when there are none to read. */
    public Optional<CollapsedProfile> collapsed(Source source, ProfileFile.Entry entry) {
        if (entry.collapsed() == null || source.folder().isEmpty()) {
            return Optional.empty();
        }
        Path file = source.folder().get().resolve(entry.collapsed());
        return Optional.of(collapsed.computeIfAbsent(file, CollapsedProfile::read));
    }

    /** The results file {@code result} was read from (the very object, not an equal one). */
    public Optional<Source> sourceOf(BenchmarkResult result) {
        return sources.stream().filter(s -> s.results().stream().anyMatch(r -> r == result)).findFirst();
    }

    /** The figures of all JVMs that came from {@code source}. */
    public List<DerivedFigures> figuresOf(Source source) {
        Set<BenchmarkResult> mine = Collections.newSetFromMap(new IdentityHashMap<>());
        mine.addAll(source.results());
        return jvms.stream().flatMap(g -> g.figures().stream()).filter(f -> mine.contains(f.result())).toList();
    }

    public List<Source> sources() {
        return sources;
    }

    public List<JvmGroup> jvms() {
        return jvms;
    }

    /** True when the results come from more than one JVM: names and headings then say which. */
    public boolean severalJvms() {
        return jvms.size() > 1;
    }
}
