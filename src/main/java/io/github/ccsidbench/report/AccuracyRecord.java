package io.github.ccsidbench.report;

import io.github.ccsidbench.stats.BetweenRunVariance;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What the report quotes of a committed accuracy check in pairs (docs/results/accuracy/SLUG/accuracy.json): the suite's
 * pooled bias against long plain JMH forks and the figures' spread. How it is measured: docs/how-sure.md, "Accuracy".
 *
 * @param cpu the CPU model, as environment.json names it
 * @param cpuClass the forks' vector class
 * @param jdk the forks' java.version
 * @param date when the check started (UTC)
 * @param longOptions the long fork's JMH options
 * @param pooled per reading, the pooled bias; {@value #SUITE} is the suite's figure, {@value #QUIET} its forks' quiet state
 */
public record AccuracyRecord(String cpu, String cpuClass, String jdk, String date, String longOptions, List<Pooled> pooled) {

    public static final String JSON = "accuracy.json";
    /** The readings of the suite's figure and of its forks' quiet state (docs/how-sure.md, "Accuracy"). */
    public static final String SUITE = "suite";
    public static final String QUIET = "suite:quiet";
    /**
     * The suite's forks read as JMH scores a fork, the arithmetic mean of their iterations: a check without this reading
     * measured that figure, before the figure became the time per operation (docs/decisions.md).
     */
    public static final String JMH_MEAN = "suite:jmh-mean";
    /**
     * The suite's forks read over every iteration after the warm-up the stopping rule found: a check without this
     * reading measured that figure, before each fork's figure read its window (docs/decisions.md).
     */
    public static final String RULE = "suite:rule";

    /**
     * One reading's pooled bias over the figures (DerSimonian and Laird's random-effects mean of their mean log ratios).
     *
     * @param reading the arm or reading ("suite", "suite:all-mean", "series:late / series", ...)
     * @param figures the figures pooled
     * @param bias exp(pooled mean log ratio) - 1
     * @param low lower end of its 95% interval, as a relative difference
     * @param high upper end
     * @param tau the between-figure standard deviation of the log bias
     * @param wide figures whose own interval's half-width exceeds 3%
     * @param outside figures whose own interval lies wholly outside ±3%
     */
    public record Pooled(String reading, int figures, double bias, double low, double high, double tau, int wide,
                         int outside) {
    }

    /** The pooled bias of {@code reading}, when the check measured it. */
    public Optional<Pooled> reading(String reading) {
        return pooled == null ? Optional.empty() : pooled.stream().filter(p -> reading.equals(p.reading())).findFirst();
    }

    /** "the suite's figures differ from long plain JMH forks (...) by -0.2% [-1.7%, +1.3%], ...", for the "How sure" line. */
    public String headline() {
        Optional<Pooled> quiet = reading(QUIET);
        String figures = reading(RULE).isPresent() ? "the suite's figures differ"
                : reading(JMH_MEAN).isPresent()
                ? "the suite's figures, when the stopping rule chose their iterations (before each fork's window), differed"
                : "the suite's figures, when they were JMH's mean of their iterations (not yet the time per operation), differed";
        return reading(SUITE).map(m -> String.format(Locale.ROOT, "%s from long plain JMH forks (%s) by %s"
                        + " [%s, %s], pooled over %d figures measured in pairs, ±%.1f%% between figures", figures, longOptions,
                Numbers.signedPercent(m.bias()), Numbers.signedPercent(m.low()), Numbers.signedPercent(m.high()),
                m.figures(), 100 * Math.expm1(m.tau()))
                + quiet.map(q -> String.format(Locale.ROOT, "; their forks' quiet state, slow phases left out, reads %s [%s, %s]"
                        + " on that host (%s)", Numbers.signedPercent(q.bias()), Numbers.signedPercent(q.low()),
                Numbers.signedPercent(q.high()), date.length() >= 10 ? date.substring(0, 10) : date)).orElse("")).orElse("");
    }

    /** The suite's error on this machine as a between-run variance, ln(1 + bias)² + tau² (docs/how-sure.md, "Accuracy"). */
    public BetweenRunVariance betweenRun() {
        return reading(SUITE).map(p -> {
            double mean = Math.log1p(p.bias());
            return new BetweenRunVariance(mean * mean + p.tau() * p.tau(), Math.max(1, p.figures() - 1), p.figures());
        }).orElse(BetweenRunVariance.NONE);
    }

    /** The folder prefix of a committed check of the figure before each fork's window (docs/results/accuracy/README.md). */
    static final String BEFORE_WINDOW = "rule-window-";

    /** The check committed for this CPU model, vector class and JDK feature release ({@link Calibration#slug}), if any. */
    static Optional<AccuracyRecord> committed(String cpu, String cpuClass, String jdk) {
        return committed("", cpu, cpuClass, jdk);
    }

    /**
     * The check of the figure a run measured: for a run whose forks read no window, the check committed before the
     * window ({@link #BEFORE_WINDOW}) where there is one; otherwise {@link #committed(String, String, String)}.
     */
    static Optional<AccuracyRecord> committed(String cpu, String cpuClass, String jdk, boolean windowed) {
        return (windowed ? Optional.<AccuracyRecord>empty() : committed(BEFORE_WINDOW, cpu, cpuClass, jdk))
                .or(() -> committed(cpu, cpuClass, jdk));
    }

    private static Optional<AccuracyRecord> committed(String prefix, String cpu, String cpuClass, String jdk) {
        return Calibration.committed("accuracy", prefix, JSON, cpu, jdk, json -> Calibration.GSON.fromJson(json, AccuracyRecord.class),
                a -> cpu.equals(a.cpu()) && cpuClass.equals(a.cpuClass()) && a.reading(SUITE).isPresent());
    }

    /** Whether a run's forks recorded the window their figures read (runs before 2026-11-30 did not). */
    static boolean windowed(ReportInputs.Source s) {
        return s.steadiness().stream().flatMap(f -> f.benchmarks().stream())
                .anyMatch(io.github.ccsidbench.results.Steadiness::windowed);
    }
}
