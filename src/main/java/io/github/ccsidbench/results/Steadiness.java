package io.github.ccsidbench.results;

import java.util.Optional;
import io.github.ccsidbench.stats.BetweenForkVariance;
import io.github.ccsidbench.stats.LogLevel;
import io.github.ccsidbench.stats.Stats;
import io.github.ccsidbench.steady.ForkAnalysis;
import io.github.ccsidbench.steady.ForkOutcome;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How steady one benchmark's numbers are, beside JMH's JSON: every fork's whole series of iterations
 * (warm-up included), how each fork was classified (flat, warm-up, slowdown, no steady state), which
 * iterations count, which were slow phases of the machine, whether the forks fell into modes and which
 * mode the figures report, the level with the standard error and degrees of freedom its interval is made from, and
 * whether the result is decisive (95% interval within +-10%). results.json holds, as JMH means it, every iteration
 * after each fork's warm-up; the figure is the mean of each reported fork's iterations after its warm-up
 * ({@link #figureValues}), and the quiet state the fork's own analysis saw, its {@link Fork#keptIndices()}, is said
 * beside it ({@link #quietLevel()}).
 *
 * @param key the benchmark's key ({@link BenchmarkResult#key()})
 * @param jdkVersion the forks' JDK version, so results of two JDKs can sit in one report
 * @param forks every fork, in the order measured
 * @param steadyForks forks that reached a steady state
 * @param reportedForks forks whose kept iterations the figure rests on
 * @param modes "" when the steady forks agree, else e.g. "2 of 6 forks 40% slower"
 * @param reportedBecause why the reported figure is the one it is (one mode, the majority mode, ...)
 * @param keptIterations iterations the figure rests on
 * @param measuredIterations iterations measured in all forks
 * @param warmupIterations iterations dropped as warm-up
 * @param slowPhaseIterations iterations excluded as disturbed: slow phases of the machine, isolated outliers,
 *                            and iterations in which the benchmark's thread did not get the CPU
 * @param machineSlowIterations iterations the machine ruler found measured in a slow phase of the machine (excluded
 *                              from steady forks, counted in slowPhaseIterations then)
 * @param level the level: the geometric mean of the reported forks' means of every iteration after their warm-up
 * @param low lower bound of its 95% interval (forks the samples, {@link BetweenForkVariance})
 * @param high upper bound
 * @param standardError the standard error of ln(level), from which the interval is made:
 *                      exp(ln(level) &plusmn; t(degreesOfFreedom, 0.975) &times; standardError)
 * @param degreesOfFreedom the interval's degrees of freedom (Infinity: the normal quantile)
 * @param variance how the variance was made ({@link LogLevel.Variance#label()}: own, moderated, prior only,
 *                 within-fork, none)
 * @param decisive as {@link #decisive(boolean, boolean, LogLevel)} says
 * @param note a human-readable remark ("" when there is nothing to say)
 * @param median the level under its old name, written for one release beside {@code level} for readers of older
 *               files; a file without {@code level} is read with this as its level
 * @param bytesPerOp the gc profiler's bytes per operation over the kept iterations, as JMH aggregates them (0 where JMH
 *                   reports the gc profiler but nothing allocated); null where not recorded (no gc profiler, or a file
 *                   written before it was, whose results.json holds the kept iterations' figure)
 */
public record Steadiness(String key, String jdkVersion, List<Fork> forks, int steadyForks, int reportedForks, String modes,
                         String reportedBecause, int keptIterations, int measuredIterations, int warmupIterations,
                         int slowPhaseIterations, int machineSlowIterations, double level, double low, double high,
                         double standardError, double degreesOfFreedom, String variance, boolean decisive, String note,
                         double median, Double bytesPerOp) {

    /** A result whose 95% interval is wider than this, relative, either way, is not decisive. */
    public static final double DECISIVE = 0.10;

    public Steadiness {
        forks = List.copyOf(forks);
        if (level == 0 && median != 0) {
            level = median; // a file written before "level" was a key
        }
        median = level;
    }

    /** The record of a figure as assembled: its level and interval from {@code estimate}, the old key beside them. */
    public static Steadiness of(String key, String jdkVersion, List<Fork> forks, int steadyForks, int reportedForks, String modes,
                                String reportedBecause, int keptIterations, int measuredIterations, int warmupIterations,
                                int slowPhaseIterations, int machineSlowIterations, LogLevel estimate, boolean decisive, String note) {
        Stats.Interval ci = estimate.interval(0.95);
        return new Steadiness(key, jdkVersion, forks, steadyForks, reportedForks, modes, reportedBecause, keptIterations,
                measuredIterations, warmupIterations, slowPhaseIterations, machineSlowIterations, estimate.level(), ci.low(),
                ci.high(), estimate.standardError(), estimate.dof(), estimate.variance().label(), decisive, note, estimate.level(),
                null);
    }

    /** The same record with the kept iterations' bytes per operation ({@code null}: none recorded). */
    public Steadiness withBytesPerOp(Double bytes) {
        return new Steadiness(key, jdkVersion, forks, steadyForks, reportedForks, modes, reportedBecause, keptIterations,
                measuredIterations, warmupIterations, slowPhaseIterations, machineSlowIterations, level, low, high, standardError,
                degreesOfFreedom, variance, decisive, note, median, bytes);
    }

    /**
     * The iterations the figure rests on, one array per reported fork in the order measured: every iteration of its
     * series after its warm-up ({@link ForkAnalysis#warmupEnd(int, boolean[], int)}; the second half where no fork
     * settled), slow phases included, as plain JMH scores a fork (docs/decisions.md, "A figure is plain JMH's mean").
     * Empty when the record does not hold a reported fork's series (a file written before it did): the figure then
     * rests on results.json's {@code rawData}.
     */
    public Optional<double[][]> figureValues() {
        List<Fork> reported = forks.stream().filter(Fork::reported).toList();
        if (reported.isEmpty() || reported.stream().anyMatch(f -> f.series() == null)) {
            return Optional.empty();
        }
        double[][] out = new double[reported.size()][];
        for (int f = 0; f < out.length; f++) {
            double[] series = reported.get(f).series();
            int n = series.length;
            int from = unsteady() ? n / 2
                    : ForkAnalysis.warmupEnd(reported.get(f).warmup(), ForkOutcome.usable(reported.get(f).availability(), n), n);
            out[f] = Arrays.copyOfRange(series, Math.min(from, n), n);
        }
        return Arrays.stream(out).allMatch(v -> v.length > 0) ? Optional.of(out) : Optional.empty();
    }

    /**
     * Each reported fork's level in the figure, in the order measured: the mean of its {@link #figureValues()}, or its
     * recorded level where the record holds no series.
     */
    public double[] reportedLevels() {
        List<Fork> reported = forks.stream().filter(Fork::reported).toList();
        return figureValues().map(BetweenForkVariance::forkLevels)
                .orElseGet(() -> reported.stream().mapToDouble(Fork::level).toArray());
    }

    /**
     * The host's quiet state: the geometric mean over the reported forks of each one's median of its steady iterations
     * (slow phases and outliers left out, {@link Fork#keptIndices()}); NaN when no reported fork has a level. The report
     * says it beside the figure, which is plain JMH's mean.
     */
    public double quietLevel() {
        double[] levels = forks.stream().filter(Fork::reported).mapToDouble(Fork::level).filter(l -> l > 0).toArray();
        return levels.length == 0 ? Double.NaN : BetweenForkVariance.level(levels);
    }

    /**
     * The one rule for a decisive figure: some fork reached a steady state, the level is confirmed by two forks (where
     * the preset runs two), its interval may decide ({@link LogLevel#canDecide()}: not one fork's iterations alone, not
     * one degree of freedom with nothing to borrow), and the 95% interval is within +-{@link #DECISIVE} of the level
     * either way.
     */
    public static boolean decisive(boolean someForkSteady, boolean confirmed, LogLevel estimate) {
        return rankable(someForkSteady, confirmed, estimate) && relativeHalfWidth(estimate.level(), estimate.interval(0.95)) <= DECISIVE;
    }

    /**
     * The rule for a figure whose interval may rank it against another, whatever its width: some fork reached a steady
     * state, the level is confirmed by two forks, and the interval may decide ({@link LogLevel#canDecide()}). A ratio of
     * two such figures whose 95% interval excludes no change is a claim the run can make: a width of +-20% on each side
     * hides no eightfold difference. {@link #decisive} adds the width, which says how precisely a figure is printed.
     */
    public static boolean rankable(boolean someForkSteady, boolean confirmed, LogLevel estimate) {
        return someForkSteady && confirmed && estimate.canDecide();
    }

    /** {@link #rankable} of this record: a steady fork and the level confirmed by two forks (or one where only one ran). */
    public boolean rankable(LogLevel estimate) {
        return rankable(steadyForks > 0, reportedForks >= 2 || forks.size() < 2, estimate);
    }

    /** The larger relative half-width of {@code ci} around {@code level}: 0.04 for +-4%. */
    public static double relativeHalfWidth(double level, Stats.Interval ci) {
        return Math.max(ci.high() / level - 1, 1 - ci.low() / level);
    }

    /**
     * One fork.
     *
     * @param round the scheduling round it ran in (1 = first fork of every benchmark)
     * @param kind flat, warm-up, slowdown or no steady state
     * @param warmup iterations dropped at its start
     * @param kept iterations of its quiet state: steady, slow phases and outliers left out
     * @param slowPhase iterations excluded as disturbed: slow phases, outliers, and those without the CPU
     * @param unavailable iterations in which the benchmark's thread had less than 90% of a CPU (in slowPhase
     *                    when the fork was steady)
     * @param machineSlow other iterations measured while the machine ruler said the machine was in a slow phase (in
     *                    slowPhase when the fork was steady)
     * @param level its quiet state: the median of its kept iterations
     * @param halfWidth relative 95% half-width of that level
     * @param reported whether it is in the figure (results.json holds every fork)
     * @param capped whether it stopped at its cap rather than by the stopping rule
     * @param millis its wall time, JVM start included
     * @param series every iteration's score, in order
     * @param keptIndices which iterations are its quiet state
     * @param availability per iteration, the CPU time the benchmark's thread got over the wall time (null or NaN: unknown)
     * @param compileMillis per iteration, milliseconds of JIT compilation that ended during it (null or NaN: unknown)
     * @param rulerNanos per iteration, the machine ruler's ns per pass around it (null or NaN: unknown)
     */
    public record Fork(int round, String kind, int warmup, int kept, int slowPhase, int unavailable, int machineSlow,
                       double level, double halfWidth, boolean reported, boolean capped, long millis, double[] series,
                       int[] keptIndices, double[] availability, double[] compileMillis, double[] rulerNanos) {
    }

    /**
     * What the note says when too few iterations ran with the machine at full speed, so that the figure includes
     * iterations of slow phases.
     */
    public static final String SLOW_IN_FIGURE = "in the figure: not the converter's undisturbed cost";

    /**
     * What the note of a run written by this version says of the iterations the machine ruler found slow: they are
     * flagged and stay in the figure. A run written before said "excluded" (or {@link #SLOW_IN_FIGURE}) instead.
     */
    public static final String FLAGGED_IN_FIGURE = "flagged, in the figure";

    /**
     * True when the machine ruler's slow iterations were left out of the forks' kept iterations: a run written before they were
     * flagged ({@link #FLAGGED_IN_FIGURE}) and kept, unless it had too few others ({@link #SLOW_IN_FIGURE}). A figure
     * read by this version holds them whatever the run left out: it is the mean of every iteration after the warm-up.
     */
    public boolean machineSlowExcluded() {
        return machineSlowIterations > 0 && !note.contains(FLAGGED_IN_FIGURE) && !note.contains(SLOW_IN_FIGURE);
    }

    /** True when no fork reached a steady state. */
    public boolean unsteady() {
        return steadyForks == 0;
    }

    /** True when some fork had slow phases of the machine excluded, or the machine ruler saw the machine slow. */
    public boolean disturbed() {
        return slowPhaseIterations > 0 || machineSlowIterations > 0;
    }

    /** The interval's larger relative half-width. */
    public double relativeHalfWidth() {
        return relativeHalfWidth(level, new Stats.Interval(low, high));
    }

    /** "2/2 steady, 24 of 31 iterations kept" for tables. */
    public String summary() {
        return String.format(Locale.ROOT, "%d/%d steady, %d of %d kept", steadyForks, forks.size(), keptIterations,
                measuredIterations);
    }
}
