package io.github.ccsidbench.report;

import io.github.ccsidbench.stats.BetweenRunVariance;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The part of a committed accuracy check in pairs (docs/results/accuracy/SLUG/accuracy.json, written by
 * {@code mvn verify -Paccuracy}) that the report quotes on its "How sure" line: the suite's pooled bias against long plain
 * JMH forks on this CPU model and JDK, and the figures' spread around it. How it is measured: docs/how-sure.md, "Accuracy".
 *
 * @param cpu the CPU model, as environment.json names it
 * @param cpuClass the forks' vector class
 * @param jdk the forks' java.version
 * @param date when the check started (UTC)
 * @param longOptions the long fork's JMH options
 * @param pooled per reading, the pooled bias; {@value #SUITE} is the suite's figure, {@value #QUIET} its forks' quiet state
 */
public record AccuracyRecord(String cpu, String cpuClass, String jdk, String date, String longOptions, List<Pooled> pooled) {

    /** The file name of a check. */
    public static final String JSON = "accuracy.json";
    /** The reading that is the suite's figure: each fork's mean of every iteration after its warm-up, as plain JMH's. */
    public static final String SUITE = "suite";
    /** The same forks' quiet state: each one's median of its steady iterations, slow phases left out. */
    public static final String QUIET = "suite:quiet";

    /**
     * One reading's bias over the figures: DerSimonian and Laird's random-effects mean of the figures' mean log ratios.
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

    /**
     * "the suite's figures differ from long plain JMH forks (...) by -0.2% [-1.7%, +1.3%], pooled over 16 figures measured
     * in pairs, ±1.6% between figures; their quiet state reads -3.8% [...] there (2026-11-28)", for the "How sure" line.
     */
    public String headline() {
        Optional<Pooled> quiet = reading(QUIET);
        return reading(SUITE).map(m -> String.format(Locale.ROOT, "the suite's figures differ from long plain JMH forks (%s) by %s"
                        + " [%s, %s], pooled over %d figures measured in pairs, ±%.1f%% between figures", longOptions,
                Numbers.signedPercent(m.bias()), Numbers.signedPercent(m.low()), Numbers.signedPercent(m.high()),
                m.figures(), 100 * Math.expm1(m.tau()))
                + quiet.map(q -> String.format(Locale.ROOT, "; their forks' quiet state, slow phases left out, reads %s [%s, %s]"
                        + " on that host (%s)", Numbers.signedPercent(q.bias()), Numbers.signedPercent(q.low()),
                Numbers.signedPercent(q.high()), date.length() >= 10 ? date.substring(0, 10) : date)).orElse("")).orElse("");
    }

    /**
     * The error of the suite's method on this machine as a between-run variance: its pooled bias against plain JMH squared
     * plus the figures' spread around it (tau squared), on the log scale, with the figures less one as its degrees of
     * freedom. The report adds it to every level's interval (a bias counts as variance, so it widens the intervals, never
     * hides). The quiet state is not the figure's estimand: each report says it beside the figures
     * ({@code Answer.slowPhasesNote}).
     */
    public BetweenRunVariance betweenRun() {
        return reading(SUITE).map(p -> {
            double mean = Math.log1p(p.bias());
            return new BetweenRunVariance(mean * mean + p.tau() * p.tau(), Math.max(1, p.figures() - 1), p.figures());
        }).orElse(BetweenRunVariance.NONE);
    }

    /**
     * The check committed for a run on {@code cpu} with JDK {@code jdk}'s feature release and forks of vector class
     * {@code cpuClass} (docs/results/accuracy/SLUG/accuracy.json, SLUG as {@link Calibration#slug}, built into the jar);
     * empty for another CPU model or class.
     */
    static Optional<AccuracyRecord> committed(String cpu, String cpuClass, String jdk) {
        return Calibration.committed("accuracy", JSON, cpu, jdk, json -> Calibration.GSON.fromJson(json, AccuracyRecord.class),
                a -> cpu.equals(a.cpu()) && cpuClass.equals(a.cpuClass()) && a.reading(SUITE).isPresent());
    }
}
