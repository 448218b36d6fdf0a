package io.github.ccsidbench.report;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.results.AtomicFiles;
import io.github.ccsidbench.stats.BetweenRunVariance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether the suite's figures are where long plain JMH runs of the same benchmarks put them, on the same jar, JVM
 * options and machine: per figure and suite run, whether the suite's 95% interval holds the long runs' level, the
 * suite's level over the long level with its interval, and the same for the answer's ratios. It exists because
 * calibration ({@link Calibration}) only shows that the suite agrees with itself: two runs that share a bias agree, and
 * only a measurement made another way shows the bias. {@code accuracy} makes the check a command; this record is its
 * result and its files (accuracy.json, and accuracy.md by {@link AccuracyMarkdown}).
 *
 * <p>How the long level and its uncertainty are made, and what <i>held</i> and <i>agrees</i> mean:
 * {@link AccuracyAnalysis}.
 *
 * @param cpu the CPU model, as the suite's environment.json names it
 * @param family the CPU family from that name ("" when it has none)
 * @param model the CPU model number
 * @param stepping the CPU stepping
 * @param cpuClass the class of SIMD code the forks could run
 * @param jdk the forks' JDK version
 * @param date when the check started (UTC)
 * @param settings how it was run
 * @param order the order of the runs ("suite 1", "long 1", ...)
 * @param suiteRuns the suite runs' folders, relative to accuracy.json
 * @param longRuns the long runs' JMH JSON files, relative to accuracy.json
 * @param figures every figure compared
 * @param ratios the answer's ratios among them
 * @param summaries one per suite run
 * @param overall over all suite runs
 * @param verdict against the project's goal
 */
public record Accuracy(String cpu, String family, String model, String stepping, String cpuClass, String jdk, String date,
                       Settings settings, List<String> order, List<String> suiteRuns, List<String> longRuns, List<Figure> figures,
                       List<Ratio> ratios, List<Summary> summaries, Summary overall, Verdict verdict) {

    /** The file names in the output folder. */
    public static final String JSON = "accuracy.json";
    public static final String MARKDOWN = "accuracy.md";

    /** The project's goal: at least this share of figures held. */
    public static final double HELD_GOAL = 0.90;
    /** No figure's level off by more than this, relative. */
    public static final double FIGURE_GOAL = 0.03;
    /** No ratio off by more than this, relative. */
    public static final double RATIO_GOAL = 0.02;

    /**
     * How the check was run.
     *
     * @param preset the suite's preset
     * @param include the {@code --include} pattern, or null for every figure
     * @param longOptions the long runs' JMH options
     * @param java the java of every run
     * @param jvmArgs every fork's JVM options, suite and long alike
     * @param suiteCommand the first suite run's command
     * @param longCommands the first long run's JMH commands
     * @param suiteExtras what the suite measured beside the figures, not compared
     */
    public record Settings(String preset, String include, String longOptions, String java, List<String> jvmArgs,
                           String suiteCommand, List<String> longCommands, List<String> suiteExtras) {
    }

    /**
     * One figure: the long runs' scores and level with its standard error, and each suite run against it.
     *
     * @param key the figure's key, as results.json and steadiness.json name it
     * @param longScores each long run's JMH score, ns/op
     * @param longLevel their geometric mean
     * @param longStandardError the standard error of ln(longLevel), from the pooled forks
     * @param longDegreesOfFreedom its degrees of freedom (forks - 1; Infinity with one fork: no interval)
     * @param longForks the forks pooled
     * @param longDrift the last long run's score over the first's, minus 1: the long runs' own disagreement
     * @param suite each suite run against the long level
     */
    public record Figure(String key, List<Double> longScores, double longLevel, double longStandardError,
                         double longDegreesOfFreedom, int longForks, double longDrift, List<Run> suite) {
    }

    /**
     * One suite run's figure against the long level.
     *
     * @param run the suite run's number
     * @param level its level, ns/op
     * @param low its 95% interval, as steadiness.json writes it
     * @param high the interval's upper end
     * @param standardError its standard error of ln(level)
     * @param degreesOfFreedom its degrees of freedom
     * @param variance how its variance was made
     * @param interval whether it has an interval at all
     * @param held whether its interval contains the long level
     * @param z Welch's standardised difference of the two log levels
     * @param welchDegreesOfFreedom the Welch-Satterthwaite degrees of freedom
     * @param critical the t quantile |z| is compared with
     * @param agrees |z| within it
     * @param ratio its level over the long level
     * @param ratioLow the 95% interval of that ratio (Welch)
     * @param ratioHigh its upper end
     * @param difference ratio - 1: 0.012 is 1.2% above the long level
     */
    public record Run(int run, double level, double low, double high, double standardError, double degreesOfFreedom,
                      String variance, boolean interval, boolean held, double z, double welchDegreesOfFreedom, double critical,
                      boolean agrees, double ratio, double ratioLow, double ratioHigh, double difference) {
    }

    /**
     * One of the answer's ratios: the long runs' and each suite run's.
     *
     * @param name "encode 37 / floor, 256 characters"
     * @param numerator the figure above the line
     * @param denominator the figure below it
     * @param longRatio the long levels' ratio
     * @param suite each suite run's
     */
    public record Ratio(String name, String numerator, String denominator, double longRatio, List<RatioRun> suite) {
    }

    /**
     * One suite run's ratio.
     *
     * @param run the suite run's number
     * @param ratio its two levels' ratio
     * @param low its 95% interval (Welch on the two figures' standard errors)
     * @param high the interval's upper end
     * @param interval whether it has one
     * @param held whether it contains the long ratio
     * @param agrees whether Welch's test finds it no different from the long ratio (both sides' uncertainty)
     * @param difference ratio over the long ratio, minus 1
     */
    public record RatioRun(int run, double ratio, double low, double high, boolean interval, boolean held, boolean agrees,
                           double difference) {
    }

    /**
     * The shares of one suite run (or of all).
     *
     * @param scope "suite 1", or "all suite runs"
     * @param figures the figures compared
     * @param withInterval of them, those with an interval
     * @param held of those, the ones whose interval held the long level
     * @param heldShare held / withInterval (NaN with none)
     * @param agreeing those Welch's test finds no different
     * @param largestDifference the difference of largest size, signed (0.031: 3.1% above)
     * @param largestDifferenceAt its figure (and suite run, over all)
     * @param ratios the ratios compared
     * @param ratiosHeld those whose suite interval held the long ratio
     * @param largestRatioDifference the ratio difference of largest size, signed (NaN with no ratio)
     * @param largestRatioDifferenceAt its ratio
     */
    public record Summary(String scope, int figures, int withInterval, int held, double heldShare, int agreeing,
                          double largestDifference, String largestDifferenceAt, int ratios, int ratiosHeld,
                          double largestRatioDifference, String largestRatioDifferenceAt) {
    }

    /**
     * The check against the project's goal ({@link #HELD_GOAL}, {@link #FIGURE_GOAL}, {@link #RATIO_GOAL}).
     *
     * @param meets whether every part of the goal is met
     * @param line the verdict in one line
     */
    public record Verdict(boolean meets, String line) {
    }

    /**
     * What a check read: its settings, the order, the figures, and where each run's outputs are.
     *
     * @param settings how it was run
     * @param order the order of the runs
     * @param figures the keys compared
     * @param root the folder the run paths are relative to (where accuracy.json goes)
     * @param suites each suite run's folder (holding steadiness.json and environment.json)
     * @param longs each long run's JMH JSON file
     * @param date when the check started
     */
    public record Inputs(Settings settings, List<String> order, List<String> figures, Path root, List<String> suites,
                         List<String> longs, String date) {
    }

    /**
     * The analysis of a check's outputs ({@link AccuracyAnalysis}). A missing or malformed output, a figure missing from
     * one, a long run in another unit or on another JDK is a one-line {@link CcsidBenchException} (exit status 2, as for
     * any file read).
     */
    public static Accuracy of(Inputs in) {
        return AccuracyAnalysis.of(in);
    }

    /** "+1.9%" for 0.019. */
    static String percent(double difference) {
        return Double.isNaN(difference) ? "n/a" : String.format(Locale.ROOT, "%+.1f%%", 100 * difference);
    }

    /** "suite 2". */
    static String suiteLabel(int run) {
        return "suite " + run;
    }

    /** "22 of 24 figures held (92%), largest difference +1.9%": the shares over all suite runs, for the "How sure" line. */
    public String headline() {
        return String.format(Locale.ROOT, "%d of %d figures held (%s), largest difference %s", overall.held(), overall.withInterval(),
                Numbers.percent(overall.held(), overall.withInterval()), percent(overall.largestDifference()));
    }

    /**
     * The between-run component this check measures ({@link BetweenRunVariance#estimate}): each figure's suite runs
     * against its long level, with both sides' standard errors, and its long runs' own disagreement. The report adds it
     * to the intervals of runs on this CPU and JDK ({@link #committed}).
     */
    public BetweenRunVariance betweenRun() {
        List<Double> d = new ArrayList<>();
        List<Double> w = new ArrayList<>();
        List<Double> longs = new ArrayList<>();
        for (Figure f : figures) {
            for (Run r : f.suite()) {
                if (r.interval() && r.level() > 0 && f.longLevel() > 0) {
                    d.add(Math.log(r.level() / f.longLevel()));
                    w.add(r.standardError() * r.standardError() + f.longStandardError() * f.longStandardError());
                }
            }
            List<Double> scores = f.longScores();
            if (scores.size() >= 2 && scores.get(0) > 0 && scores.get(scores.size() - 1) > 0) {
                longs.add(Math.log(scores.get(scores.size() - 1) / scores.get(0)));
            }
        }
        return BetweenRunVariance.estimate(d.stream().mapToDouble(Double::doubleValue).toArray(),
                w.stream().mapToDouble(Double::doubleValue).toArray(), longs.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** Writes {@value #JSON} and {@value #MARKDOWN} into {@code dir}, each whole or not at all. */
    public List<Path> write(Path dir) {
        Path json = dir.resolve(JSON);
        Path md = dir.resolve(MARKDOWN);
        AtomicFiles.writeString(json, Calibration.GSON.toJson(this) + "\n");
        AtomicFiles.writeString(md, AccuracyMarkdown.render(this));
        return List.of(json, md);
    }

    /** The accuracy check of {@code json}'s text (a committed accuracy.json). */
    public static Accuracy parse(String json) {
        return Calibration.GSON.fromJson(json, Accuracy.class);
    }

    /**
     * The accuracy check committed with the project for a run on {@code cpu} with JDK {@code jdk}'s feature release and
     * forks of vector class {@code cpuClass}, if one was made: docs/results/accuracy/SLUG/accuracy.json (SLUG as
     * {@link Calibration#slug}), built into the jar, for the report's "How sure" line. One of another CPU model or class
     * is not this machine's and is not returned.
     */
    static Optional<Accuracy> committed(String cpu, String cpuClass, String jdk) {
        return Calibration.committed("accuracy", JSON, cpu, jdk, Accuracy::parse,
                a -> cpu.equals(a.cpu()) && cpuClass.equals(a.cpuClass()) && a.overall() != null);
    }
}
