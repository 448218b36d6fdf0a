package io.github.ccsidbench.report;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * A committed calibration, as the report reads it for its "How sure" line: the share of figures and answer ratios whose
 * levels in two back-to-back runs agreed by Welch's test, about 95% if the intervals are calibrated. It is measured by
 * the project's own check in the test sources, {@code mvn verify -Pcalibration} (docs/how-sure.md, "How sure an
 * interval is").
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

    /** The file name of a committed calibration. */
    public static final String JSON = "calibration.json";

    /** How busy a run's host was: the machine ruler's slow iterations of all measured (from steadiness.json). */
    public record Busy(int machineSlowIterations, int measuredIterations) {
    }

    /** One figure or ratio in both runs: each run's level, interval, se, df and variance; then z, df and critical t. */
    public record Agreement(String name, double first, double firstLow, double firstHigh, double firstStandardError,
                            double firstDegreesOfFreedom, String firstVariance, double second, double secondLow,
                            double secondHigh, double secondStandardError, double secondDegreesOfFreedom, String secondVariance,
                            double z, double degreesOfFreedom, double critical, boolean agrees) {
    }

    /** The share of {@code list} that agrees (NaN when empty). */
    public static double share(List<Agreement> list) {
        return list.isEmpty() ? Double.NaN : (double) agreeing(list) / list.size();
    }

    /** How many of {@code list} agree. */
    public static long agreeing(List<Agreement> list) {
        return list.stream().filter(Agreement::agrees).count();
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
        return note(in, Calibration::committed, null);
    }

    /**
     * The same, with the committed calibrations and accuracy checks looked up by {@code calibrations} and {@code accuracy}
     * (null: the check of the figure each run measured, {@link AccuracyRecord#committed(String, String, String, boolean)}).
     */
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
                            + "`mvn verify -Pcalibration` measure it (docs/how-sure.md)."));
            Optional<AccuracyRecord> check = accuracy != null ? accuracy.find(cpu, cpuClass, jdk)
                    : AccuracyRecord.committed(cpu, cpuClass, jdk, AccuracyRecord.windowed(s));
            notes.add(check.map(a -> "On this CPU and JDK, " + a.headline()
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
        return committed(folder, "", file, cpu, jdk, parse, mine);
    }

    /** The same in /{@code folder}/{@code prefix}SLUG/. */
    static <T> Optional<T> committed(String folder, String prefix, String file, String cpu, String jdk, Function<String, T> parse,
                                     Predicate<T> mine) {
        try (InputStream in = Calibration.class.getResourceAsStream("/" + folder + "/" + prefix + slug(cpu, jdk) + "/" + file)) {
            if (in == null) {
                return Optional.empty();
            }
            return Optional.ofNullable(parse.apply(new String(in.readAllBytes(), StandardCharsets.UTF_8))).filter(mine);
        } catch (IOException | JsonParseException e) {
            return Optional.empty();
        }
    }
}
