package io.github.ccsidbench.report;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.results.AtomicFiles;
import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.results.Steadiness;
import io.github.ccsidbench.results.SteadinessFile;
import io.github.ccsidbench.stats.LogLevel;
import io.github.ccsidbench.stats.RepeatAgreement;
import io.github.ccsidbench.stats.Stats;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Whether a run's 95% intervals mean what they say: the share of figures and answer ratios whose levels in two back-to-back
 * runs agree by Welch's test ({@link RepeatAgreement}), about 95% if calibrated (docs/how-sure.md, "How sure an interval is").
 *
 * @param cpu the CPU model both runs name
 * @param cpuClass the class of SIMD code the forks could run ("AVX-512 VBMI", "AVX2")
 * @param jdk the forks' JDK version
 * @param preset the runs' preset
 * @param first the first run's results file (as given, or "first/results.json" once kept beside the calibration)
 * @param second the second's
 * @param firstBusy how often the machine ruler found the first run's host slow (null: the run recorded no steadiness)
 * @param secondBusy the same for the second run
 * @param benchmarks every figure both runs hold with an interval
 * @param ratios the answer's ratios both runs hold
 */
public record Calibration(String cpu, String cpuClass, String jdk, String preset, String first, String second,
                          Busy firstBusy, Busy secondBusy, List<Agreement> benchmarks, List<Agreement> ratios) {

    public static final String JSON = "calibration.json";
    public static final String MARKDOWN = "calibration.md";
    private static final String X_FLOOR = "x floor";
    /** The folders beside calibration.json that keep the two runs, and the files kept of each. */
    public static final List<String> RUNS = List.of("first", "second");
    static final List<String> KEPT = List.of("results.json", SteadinessFile.FILE, RunEnvironment.FILE);

    /** How busy a run's host was: the machine ruler's slow iterations of all measured (from steadiness.json). */
    public record Busy(int machineSlowIterations, int measuredIterations) {

        static Busy of(Optional<SteadinessFile> steadiness) {
            return steadiness.map(f -> new Busy(f.benchmarks().stream().mapToInt(Steadiness::machineSlowIterations).sum(),
                    f.benchmarks().stream().mapToInt(Steadiness::measuredIterations).sum())).orElse(null);
        }
    }

    /** One figure or ratio in both runs: each run's level, interval, se, df and variance; then z, df and critical t. */
    public record Agreement(String name, double first, double firstLow, double firstHigh, double firstStandardError,
                            double firstDegreesOfFreedom, String firstVariance, double second, double secondLow,
                            double secondHigh, double secondStandardError, double secondDegreesOfFreedom, String secondVariance,
                            double z, double degreesOfFreedom, double critical, boolean agrees) {

        static Agreement of(String name, LogLevel a, LogLevel b) {
            Stats.Interval ca = a.interval(DerivedFigures.CONFIDENCE);
            Stats.Interval cb = b.interval(DerivedFigures.CONFIDENCE);
            RepeatAgreement r = RepeatAgreement.of(a, b, DerivedFigures.CONFIDENCE);
            return new Agreement(name, a.level(), ca.low(), ca.high(), a.standardError(), a.dof(), a.variance().label(),
                    b.level(), cb.low(), cb.high(), b.standardError(), b.dof(), b.variance().label(), r.z(), r.dof(),
                    r.critical(), r.agrees());
        }
    }

    /** The share of {@code list} that agrees (NaN when empty). */
    public static double share(List<Agreement> list) {
        return list.isEmpty() ? Double.NaN : (double) agreeing(list) / list.size();
    }

    /** How many of {@code list} agree. */
    public static long agreeing(List<Agreement> list) {
        return list.stream().filter(Agreement::agrees).count();
    }

    /** Compares two runs, each derived on its own; refuses two CPUs or JVMs; leaves out figures without an interval. */
    public static Calibration of(ReportInputs.Source a, ReportInputs.Source b) {
        RunEnvironment ea = a.environment().orElseThrow(() -> new CcsidBenchException(a.file() + ": no environment.json beside it"));
        RunEnvironment eb = b.environment().orElseThrow(() -> new CcsidBenchException(b.file() + ": no environment.json beside it"));
        if (!ea.cpu().equals(eb.cpu())) {
            throw new CcsidBenchException("the two runs were measured on different CPUs (" + ea.cpu() + "; " + eb.cpu()
                    + "): a calibration compares runs of one machine");
        }
        ReportInputs ia = new ReportInputs(List.of(a));
        ReportInputs ib = new ReportInputs(List.of(b));
        if (ia.jvms().size() != 1 || ib.jvms().size() != 1 || !ia.jvms().get(0).label().equals(ib.jvms().get(0).label())) {
            throw new CcsidBenchException("the two runs must each come from one JVM, the same one (" + labels(ia) + "; " + labels(ib) + ")");
        }
        Map<String, DerivedFigures> second = new LinkedHashMap<>();
        ib.jvms().get(0).figures().forEach(f -> second.put(f.result().key(), f));
        List<Agreement> benchmarks = new ArrayList<>();
        for (DerivedFigures f : ia.jvms().get(0).figures()) {
            DerivedFigures g = second.get(f.result().key());
            if (g != null && hasInterval(f.estimate()) && hasInterval(g.estimate())) {
                benchmarks.add(Agreement.of(f.result().key(), f.estimate(), g.estimate()));
            }
        }
        if (benchmarks.isEmpty()) {
            throw new CcsidBenchException("the two runs share no benchmark with an interval: nothing to compare");
        }
        List<Agreement> ratios = new ArrayList<>();
        List<Answer> aa = Answer.of(ia);
        List<Answer> ab = Answer.of(ib);
        if (!aa.isEmpty() && !ab.isEmpty()) {
            Answer x = aa.get(0);
            Answer y = ab.get(0);
            ratio(ratios, "server: 367 against 37", x.sbcs367().map(Comparison::estimate), y.sbcs367().map(Comparison::estimate));
            ratio(ratios, "server: 1208 against 37", x.mixed1208().map(Comparison::estimate), y.mixed1208().map(Comparison::estimate));
            if (x.jvm().isPresent() && y.jvm().isPresent() && x.jvm().get().length() == y.jvm().get().length()) {
                Answer.Jvm jx = x.jvm().get();
                Answer.Jvm jy = y.jvm().get();
                ratio(ratios, "JVM: the JDK's encode in 37, " + jx.length() + " characters, " + X_FLOOR,
                        jx.encode().get(37).xFloorEstimate(), jy.encode().get(37).xFloorEstimate());
            }
        }
        String jdk = ia.jvms().get(0).figures().get(0).result().jvm().jdkVersion();
        return new Calibration(ea.cpu(), ea.vectorClass(), jdk, ea.preset(), a.file(), b.file(), Busy.of(a.steadiness()),
                Busy.of(b.steadiness()), benchmarks, ratios);
    }

    private static boolean hasInterval(LogLevel estimate) {
        return Double.isFinite(estimate.standardError());
    }

    private static void ratio(List<Agreement> out, String name, Optional<LogLevel> x, Optional<LogLevel> y) {
        if (x.isPresent() && y.isPresent() && hasInterval(x.get()) && hasInterval(y.get())) {
            out.add(Agreement.of(name, x.get(), y.get()));
        }
    }

    private static String labels(ReportInputs in) {
        return String.join(", ", in.jvms().stream().map(ReportInputs.JvmGroup::label).toList());
    }

    /** "163 of 171 figures (95%) agree within their combined 95% uncertainty". */
    public String headline() {
        return String.format(Locale.ROOT, "%d of %d figures (%.0f%%) agree within their combined 95%% uncertainty; %d of %d of the "
                + "answer's ratios", agreeing(benchmarks), benchmarks.size(), 100 * share(benchmarks), agreeing(ratios), ratios.size());
    }

    /** "the machine ruler found the host of both runs slow in 1,234 of 20,345 iterations (6%)"; empty when unrecorded. */
    public Optional<String> busy() {
        List<Busy> runs = Stream.of(firstBusy, secondBusy).filter(Objects::nonNull).toList();
        if (runs.isEmpty()) {
            return Optional.empty();
        }
        int slow = runs.stream().mapToInt(Busy::machineSlowIterations).sum();
        int measured = runs.stream().mapToInt(Busy::measuredIterations).sum();
        return Optional.of(String.format(Locale.ROOT, "the machine ruler found %s slow in %,d of %,d iterations (%s)",
                runs.size() == 2 ? "the host of both runs" : "the host of one run", slow, measured, Numbers.percent(slow, measured)));
    }

    /** The Markdown page: what was compared, the shares, the ratios, and the figures that disagree, worst first. */
    public String markdown() {
        StringBuilder md = new StringBuilder("# Calibration: do two runs agree within their intervals?\n\n");
        md.append(MarkdownTable.keyValue(List.of(new String[] {"CPU", cpu}, new String[] {"CPU class", cpuClass},
                new String[] {"JDK", jdk}, new String[] {"preset", preset}, new String[] {"first run", first},
                new String[] {"second run", second}, new String[] {"how busy", busy().orElse("not recorded (no steadiness.json)")})))
                .append('\n');
        md.append("**").append(headline()).append(".** A figure agrees when |z| <= t, z = (ln l1 - ln l2) / sqrt(se1^2 + se2^2) "
                + "with each run's standard error of its log level, and t the 97.5% quantile of Student's t at the Welch-Satterthwaite "
                + "degrees of freedom (se1^2 + se2^2)^2 / (se1^4 / df1 + se2^4 / df2); calibrated 95% intervals give about 95%. "
                + "Every figure's numbers are in " + JSON + ".\n\n");
        if (!ratios.isEmpty()) {
            md.append("## The answer's ratios\n\n").append(table(ratios, true)).append('\n');
        }
        List<Agreement> off = benchmarks.stream().filter(x -> !x.agrees())
                .sorted(Comparator.comparingDouble((Agreement x) -> -Math.abs(x.z()))).toList();
        md.append("## Figures that disagree (").append(off.size()).append(")\n\n");
        md.append(off.isEmpty() ? "None.\n" : table(off, false));
        return md.toString();
    }

    private static String table(List<Agreement> list, boolean ratio) {
        List<List<String>> rows = new ArrayList<>();
        for (Agreement x : list) {
            Format format = !ratio ? Format.LEVEL : x.name().endsWith(X_FLOOR) ? Format.MULTIPLE : Format.CHANGE;
            rows.add(List.of(x.name(), format.cell(x.first(), x.firstLow(), x.firstHigh()), error(x.firstStandardError(), x.firstDegreesOfFreedom()),
                    format.cell(x.second(), x.secondLow(), x.secondHigh()), error(x.secondStandardError(), x.secondDegreesOfFreedom()),
                    String.format(Locale.ROOT, "%.2f", x.z()), String.format(Locale.ROOT, "%.2f", x.critical()), x.agrees() ? "yes" : "no"));
        }
        return MarkdownTable.render(List.of(ratio ? "ratio" : "benchmark", "first run", "se, df", "second run", "se, df", "z", "t",
                "agree"), rows);
    }

    /** "0.0123, 7.0". */
    private static String error(double se, double dof) {
        return String.format(Locale.ROOT, "%.4f, %s", se, LogLevel.dofText(dof));
    }

    /** How a row's figures read: a level in ns, a change in per cent (367 against 37), a multiple (x floor). */
    private enum Format {
        LEVEL, CHANGE, MULTIPLE;

        String cell(double m, double lo, double hi) {
            return one(m) + " [" + one(lo) + ", " + one(hi) + "]";
        }

        private String one(double x) {
            return switch (this) {
                case LEVEL -> Numbers.format(x);
                case CHANGE -> Comparison.percent(x);
                case MULTIPLE -> String.format(Locale.ROOT, "%.2fx", x);
            };
        }
    }

    /** Copies both runs' {@link #KEPT} files into {@code dir}/first and /second, and returns the calibration naming them. */
    public Calibration keepRuns(Path dir, Path firstResults, Path secondResults) {
        List<Path> given = List.of(firstResults, secondResults);
        for (int i = 0; i < 2; i++) {
            Path from = given.get(i).toAbsolutePath().getParent();
            Path to = dir.resolve(RUNS.get(i)).toAbsolutePath();
            try {
                Files.createDirectories(to);
                for (String name : KEPT) {
                    Path source = from.resolve(name);
                    Path target = to.resolve(name);
                    if (Files.isRegularFile(source) && !(Files.exists(target) && Files.isSameFile(source, target))) {
                        AtomicFiles.write(target, Files.readAllBytes(source));
                    }
                }
            } catch (IOException e) {
                throw new CcsidBenchException("cannot keep the run " + given.get(i) + " in " + to + ": " + CcsidBenchException.reason(e));
            }
        }
        return new Calibration(cpu, cpuClass, jdk, preset, RUNS.get(0) + "/results.json", RUNS.get(1) + "/results.json",
                firstBusy, secondBusy, benchmarks, ratios);
    }

    /** Writes {@value #JSON} and {@value #MARKDOWN} into {@code dir}, each whole or not at all. */
    public List<Path> write(Path dir) {
        Path json = dir.resolve(JSON);
        Path md = dir.resolve(MARKDOWN);
        AtomicFiles.writeString(json, GSON.toJson(this));
        AtomicFiles.writeString(md, markdown());
        return List.of(json, md);
    }

    /** How calibration.json and accuracy.json are written and read. */
    static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeSpecialFloatingPointValues()
            .disableHtmlEscaping().create();

    /** The folder of a committed record: "amd-epyc-family-26-model-2-stepping-1-jdk17" for that CPU and "17.0.15". */
    public static String slug(String cpu, String jdk) {
        return (cpu + "-jdk" + jdk.split("[.+-]")[0]).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-")
                .replaceAll("^-|-$", "");
    }

    /** The "How sure" line's sentences on each run's machine: its committed calibration and accuracy check, or how to make them. */
    static String note(ReportInputs in) {
        return note(in, Calibration::committed, AccuracyRecord::committed);
    }

    /** The same, with the committed calibrations and accuracy checks looked up by {@code calibrations} and {@code accuracy}. */
    static String note(ReportInputs in, Committed<Calibration> calibrations, Committed<AccuracyRecord> accuracy) {
        Set<String> notes = new LinkedHashSet<>();
        for (ReportInputs.Source s : in.sources()) {
            if (s.environment().isEmpty() || s.results().isEmpty()) {
                continue;
            }
            String cpu = s.environment().get().cpu();
            String cpuClass = s.environment().get().vectorClass();
            String jdk = s.results().get(0).jvm().jdkVersion();
            String feature = jdk.split("[.+-]")[0];
            notes.add(calibrations.find(cpu, cpuClass, jdk).map(c -> String.format(Locale.ROOT,
                    "On this CPU (%s, %s) with JDK %s, two back-to-back %s runs agreed within their intervals on %d of %d figures (%.0f%%) and "
                    + "%d of %d of the answer's ratios%s.", c.cpu(), c.cpuClass(), c.jdk(), c.preset(), agreeing(c.benchmarks()),
                    c.benchmarks().size(), 100 * share(c.benchmarks()), agreeing(c.ratios()), c.ratios().size(),
                    c.busy().map(b -> "; " + b).orElse("; how busy their host was is not recorded")))
                    .orElse("No calibration is committed for this CPU (" + cpu + ", " + cpuClass + ") with JDK " + feature
                            + ": how often a repeat lands in these intervals here is unmeasured; two back-to-back runs and "
                            + "`tools calibration A/results.json B/results.json --out DIR` measure it (docs/how-sure.md)."));
            notes.add(accuracy.find(cpu, cpuClass, jdk).map(a -> "On this CPU and JDK, " + a.headline()
                    + (a.betweenRun().present() ? String.format(Locale.ROOT, "; the levels' intervals include that bias and spread"
                    + " (%.1f%% at one sigma)", 100 * a.betweenRun().relative()) : "") + ".")
                    .orElse("No check against long plain JMH forks is committed for this CPU and JDK (`mvn verify -Paccuracy`, docs/how-sure.md)."));
        }
        return notes.isEmpty() ? "" : " " + String.join(" ", notes);
    }

    /** The lookup of a committed record (a calibration, an accuracy check) by CPU model, vector class and JDK version. */
    @FunctionalInterface
    interface Committed<T> {
        Optional<T> find(String cpu, String cpuClass, String jdk);
    }

    /** The calibration committed for this CPU model, vector class and JDK feature release (docs/results/calibration/SLUG/). */
    static Optional<Calibration> committed(String cpu, String cpuClass, String jdk) {
        return committed("calibration", JSON, cpu, jdk, json -> GSON.fromJson(json, Calibration.class),
                c -> cpu.equals(c.cpu()) && cpuClass.equals(c.cpuClass()));
    }

    /** The record /{@code folder}/SLUG/{@code file} in the jar, parsed and kept when {@code mine}; empty otherwise. */
    static <T> Optional<T> committed(String folder, String file, String cpu, String jdk, Function<String, T> parse,
                                     Predicate<T> mine) {
        try (InputStream in = Calibration.class.getResourceAsStream("/" + folder + "/" + slug(cpu, jdk) + "/" + file)) {
            if (in == null) {
                return Optional.empty();
            }
            return Optional.ofNullable(parse.apply(new String(in.readAllBytes(), StandardCharsets.UTF_8))).filter(mine);
        } catch (IOException | JsonParseException e) {
            return Optional.empty();
        }
    }
}
