package io.github.ccsidbench.report;

import io.github.ccsidbench.bench.Db2PathBenchmark;
import io.github.ccsidbench.bench.FloorBenchmark;
import io.github.ccsidbench.bench.SubstitutionBenchmark;
import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.results.BenchmarkResult;
import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.results.SteadinessFile;
import io.github.ccsidbench.stats.LogLevel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Renders {@code summary.md}, plain Markdown for a terminal, a pull request or CI (columns: docs/output.md). */
public final class SummaryMarkdown {

    private static final Map<String, String> SECTIONS = new LinkedHashMap<>();

    static {
        SECTIONS.put(FloorBenchmark.class.getSimpleName(), "Floors: the cheapest work of the same length");
        SECTIONS.put(BenchmarkMethod.CONVERSION_ENCODE.shortName(), "encode: String to CCSID bytes");
        SECTIONS.put(BenchmarkMethod.CONVERSION_DECODE.shortName(), "decode: CCSID bytes to String");
        SECTIONS.put(BenchmarkMethod.CONVERSION_ROUND_TRIP.shortName(), "round trip: encode, then decode");
        SECTIONS.put(SubstitutionBenchmark.class.getSimpleName(), "substitution: encoding text the CCSID cannot hold");
        SECTIONS.put(Db2PathBenchmark.class.getSimpleName(), "Db2 paths: ns per row (client INSERT, server INSERT, both, client SELECT)");
    }

    private SummaryMarkdown() {
    }

    public static String render(List<DerivedFigures> figures, Optional<RunEnvironment> environment) {
        return render(figures, environment, Optional.empty());
    }

    /** The summary, with the run's steadiness (an overview, and a column in every table) when recorded. */
    public static String render(List<DerivedFigures> figures, Optional<RunEnvironment> environment,
                                Optional<SteadinessFile> steadiness) {
        List<ReportDocument.Section> sections = new ArrayList<>();
        List<ReportDocument.Block> opening = new ArrayList<>();
        environment.ifPresent(env -> opening.add(ReportDocument.Table.keyValue("environment", List.of(
                new String[]{"preset", env.preset()},
                new String[]{"measured", env.timing()},
                new String[]{"JVM of the forks", jvmLine(figures) + " (" + env.forkJvm() + ")"},
                new String[]{"machine", env.cpu() + ", " + env.cores() + " cores, " + env.os()},
                new String[]{"vector", vectorLine(env)},
                new String[]{"date", env.date()},
                new String[]{"wall time", env.wallTime()},
                new String[]{"commit", env.commit() + " (ccsid-bench " + env.ccsidBenchVersion() + ")"},
                new String[]{"libraries", "JMH " + env.jmhVersion() + ", ICU4J " + env.icu4jVersion()
                        + ", JTOpen " + env.jt400Version()}))));
        opening.add(new ReportDocument.Paragraph("How to read: **level** is the benchmark's level in ns/op, the geometric mean of its forks' "
                + "times per operation (each set to the run's mean host state by the machine ruler where the fork recorded "
                + "it: docs/how-sure.md#the-ruler-as-a-control-variate), with its 95% interval, exp(ln level ± t × se): **se** is the standard error of ln level, **df** the "
                + "degrees of freedom of t, **variance** how the variance of a fork's log level was made (own: its own forks'; "
                + "moderated: shrunk towards its benchmark family's; prior only: its family's; within-fork: its forks' own "
                + "iterations'; docs/how-sure.md#how-sure-an-interval-is); **mean ± err** is JMH's score, the mean of every "
                + "iteration after each fork's warm-up (results.json), and the half-width of its 99.9% interval; "
                + "**ns/char** = level / length; **MB/s** = CCSID-side bytes per "
                + "second (10^6 B/s); **B/op** = bytes allocated per operation (gc profiler); **x floor** = level / "
                + "level of the ISO-8859-1 floor of the same length and operation in the same run, over all its forks, with "
                + "its 95% interval (Welch: se = sqrt(se1² + se2²)). "
                + "Compare ratios within one run: these machines are noisy. " + SteadinessText.CELL_MEANS + " "
                + SteadinessText.MARK_MEANS));
        sections.add(new ReportDocument.Section("opening", "", opening));
        steadiness.ifPresent(file -> sections.add(overview(file, figures)));
        boolean severalJvms = figures.stream().map(f -> f.result().jvm().jdkVersion()).distinct().count() > 1;
        for (Map.Entry<String, String> section : SECTIONS.entrySet()) {
            List<DerivedFigures> rows = figures.stream()
                    .filter(f -> matches(f.result(), section.getKey()))
                    .sorted((a, b) -> ResultOrder.TABLE.compare(a.result(), b.result()))
                    .toList();
            if (!rows.isEmpty()) {
                sections.add(new ReportDocument.Section(section.getKey(), section.getValue(),
                        List.of(table(section.getKey(), rows, Kind.of(section.getKey()), severalJvms))));
            }
        }
        List<DerivedFigures> other = figures.stream()
                .filter(f -> SECTIONS.keySet().stream().noneMatch(k -> matches(f.result(), k))).toList();
        if (!other.isEmpty()) {
            sections.add(new ReportDocument.Section("other", "Other benchmarks", List.of(table("other", other, Kind.OTHER, severalJvms))));
        }
        return ReportRenderers.markdown(new ReportDocument("ccsid-bench results", sections), false);
    }

    private static boolean matches(BenchmarkResult r, String section) {
        return section.contains(".") ? r.shortName().equals(section) : r.benchmarkClass().equals(section);
    }

    /** What a table's first columns name: a floor's method, a conversion's parameters, a Db2 path's, or the whole key. */
    private enum Kind {
        FLOORS, CONVERSIONS, DB2, OTHER;

        static Kind of(String section) {
            return section.equals(FloorBenchmark.class.getSimpleName()) ? FLOORS : section.equals(Db2PathBenchmark.class.getSimpleName()) ? DB2 : CONVERSIONS;
        }
    }

    private static ReportDocument.Table table(String id, List<DerivedFigures> rows, Kind kind, boolean severalJvms) {
        boolean ratios = kind == Kind.CONVERSIONS; // only conversions have a floor to be a multiple of
        List<String> header = new ArrayList<>();
        if (severalJvms) {
            header.add("JDK");
        }
        switch (kind) {
            case FLOORS -> header.add("benchmark");
            case DB2 -> header.addAll(List.of("step", "shape", "rows", "column"));
            case OTHER -> header.add("benchmark");
            default -> header.addAll(List.of("CCSID", "provider", "workload"));
        }
        header.addAll(List.of("length", "level ns/op", "95% CI", "se", "df", "variance", "mean ± err", "ns/char", "MB/s", "B/op",
                "steadiness"));
        if (ratios) {
            header.add("x floor");
            header.add("x floor 95% CI");
        }
        List<List<String>> body = new ArrayList<>();
        for (DerivedFigures f : rows) {
            BenchmarkResult r = f.result();
            List<String> row = new ArrayList<>();
            if (severalJvms) {
                row.add(r.jvm().jdkVersion());
            }
            switch (kind) {
                case FLOORS -> row.add(r.method());
                case DB2 -> {
                    row.add(r.method());
                    row.add(r.param("shape").orElse(""));
                    row.add(r.param("rows").orElse(""));
                    row.add(r.param("column").orElse("–"));
                }
                case OTHER -> row.add(r.key());
                default -> {
                    row.add(r.param("ccsid").orElse(""));
                    row.add(r.param("provider").orElse(""));
                    row.add(r.param("workload").orElse(""));
                }
            }
            row.add(r.param("length").orElse(""));
            row.add(SteadinessText.level(f));
            row.add(Numbers.interval(f.levelCi().low(), f.levelCi().high()));
            row.add(String.format(Locale.ROOT, "%.4f", f.estimate().standardError()));
            row.add(LogLevel.dofText(f.estimate().dof()));
            row.add(f.estimate().variance().label());
            row.add(Numbers.format(r.score()) + " ± " + Numbers.format(r.scoreError()));
            row.add(Numbers.format(f.nsPerChar()));
            row.add(Numbers.format(f.mbPerSecond()));
            row.add(Numbers.bytes(f.bytesPerOp()));
            row.add(SteadinessText.cell(f));
            if (ratios) {
                row.add(Numbers.format(f.xFloor()));
                row.add(f.xFloorCi().map(ci -> Numbers.interval(ci.low(), ci.high())).orElse("–"));
            }
            body.add(row);
        }
        return new ReportDocument.Table(id, header, body);
    }

    /** The overview, counting decisiveness over {@code figures} (the marks in the tables) when given. */
    static ReportDocument.Section overview(SteadinessFile file, List<DerivedFigures> figures) {
        return new ReportDocument.Section("steadiness", "Steadiness", List.of(ReportDocument.Table.keyValue("steadiness", SteadinessText.overview(file, figures))));
    }

    private static String jvmLine(List<DerivedFigures> figures) {
        return figures.stream().map(f -> f.result().jvm().vmName() + " " + f.result().jvm().vmVersion()
                + " (JDK " + f.result().jvm().jdkVersion() + ")").distinct().reduce((a, b) -> a + "; " + b).orElse("");
    }

    /** "CPU: avx2 avx512bw avx512vbmi; forks: AVX-512 VBMI, UseAVX=3; reference translator: ...". */
    static String vectorLine(RunEnvironment env) {
        return "CPU: " + (env.cpuFeatures() == null ? "not recorded" : env.cpuFeatures()) + "; forks: "
                + (env.vector() == null ? "not recorded" : env.vectorClass() + ", " + env.vector());
    }
}
