package io.github.ccsidbench.results;

import java.util.Optional;
import io.github.ccsidbench.stats.BetweenForkVariance;
import io.github.ccsidbench.stats.LogLevel;
import io.github.ccsidbench.stats.RulerAdjustment;
import io.github.ccsidbench.stats.Stats;
import io.github.ccsidbench.steady.FigureWindow;
import io.github.ccsidbench.steady.ForkAnalysis;
import io.github.ccsidbench.steady.ForkClass;
import io.github.ccsidbench.steady.ForkOutcome;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How steady one benchmark's numbers are: its entry of steadiness.json (docs/output.md, "The output files of a run"),
 * the level and interval as docs/how-sure.md, "How sure an interval is" makes them.
 *
 * @param key the benchmark's key ({@link BenchmarkResult#key()})
 * @param jdkVersion the forks' JDK version, so results of two JDKs can sit in one report
 * @param forks every fork, in the order measured
 * @param steadyForks forks that reached a steady state
 * @param reportedForks forks whose iterations the figure rests on
 * @param modes "" when the steady forks agree, else e.g. "2 of 6 forks 40% slower"
 * @param reportedBecause why the reported figure is the one it is (one mode, the majority mode, ...)
 * @param keptIterations iterations the figure rests on
 * @param measuredIterations iterations measured in all forks
 * @param warmupIterations iterations dropped as warm-up
 * @param slowPhaseIterations iterations excluded as disturbed: slow phases, outliers, those without the CPU
 * @param machineSlowIterations iterations the machine ruler found slow (in slowPhaseIterations where excluded)
 * @param level the geometric mean of the reported forks' time per operation over their {@link Steadiness#figureValues()}
 * @param low lower bound of its 95% interval ({@link BetweenForkVariance})
 * @param high upper bound
 * @param standardError the standard error of ln(level) the interval is made from
 * @param degreesOfFreedom the interval's degrees of freedom (Infinity: the normal quantile)
 * @param variance how the variance was made ({@link LogLevel.Variance#label()})
 * @param decisive as {@link #decisive(boolean, boolean, LogLevel)} says
 * @param note a human-readable remark ("" when there is nothing to say)
 * @param median the level under its old key, written for one release; read as the level where {@code level} is absent
 * @param bytesPerOp the gc profiler's bytes per operation over the kept iterations; null where not recorded
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
     * The iterations the figure rests on, per reported fork: its {@link FigureWindow} (in an older record, every one after
     * its warm-up); empty if unrecorded (docs/decisions.md).
     */
    public Optional<double[][]> figureValues() {
        List<Fork> reported = forks.stream().filter(Fork::reported).toList();
        if (reported.isEmpty() || reported.stream().anyMatch(f -> f.series() == null)) {
            return Optional.empty();
        }
        double[][] out = new double[reported.size()][];
        for (int f = 0; f < out.length; f++) {
            Fork fork = reported.get(f);
            double[] series = fork.series();
            int n = series.length;
            if (fork.windowed()) {
                out[f] = Arrays.copyOfRange(series, fork.figureFrom(), fork.figureTo());
                continue;
            }
            int from = unsteady() ? n / 2 : ForkAnalysis.warmupEnd(fork.warmup(), ForkOutcome.usable(fork.availability(), n), n);
            out[f] = Arrays.copyOfRange(series, Math.min(from, n), n);
        }
        return Arrays.stream(out).allMatch(v -> v.length > 0) ? Optional.of(out) : Optional.empty();
    }

    /** Each reported fork's level: the time per operation over its {@link #figureValues()}, else its recorded level. */
    public double[] reportedLevels() {
        List<Fork> reported = forks.stream().filter(Fork::reported).toList();
        return figureValues().map(BetweenForkVariance::forkLevels)
                .orElseGet(() -> reported.stream().mapToDouble(Fork::level).toArray());
    }

    /**
     * Each reported fork's mean log machine ruler over its window ({@link RulerAdjustment#meanLogRuler}), in the order of
     * {@link #figureValues()}; NaN for a fork without a window or a ruler.
     */
    public double[] reportedRulers() {
        return reportedRulers(forks);
    }

    /** {@link #reportedRulers()} of fork records not yet in a steadiness record. */
    public static double[] reportedRulers(List<Fork> forks) {
        return forks.stream().filter(Fork::reported)
                .mapToDouble(f -> f.windowed() ? RulerAdjustment.meanLogRuler(f.rulerNanos(), f.figureFrom(), f.figureTo()) : Double.NaN)
                .toArray();
    }

    /** The host's quiet state: the geometric mean of the reported steady forks' {@link Fork#level()}; NaN when none has one. */
    public double quietLevel() {
        double[] levels = forks.stream().filter(f -> f.reported() && !ForkClass.NO_STEADY_STATE.label().equals(f.kind()))
                .mapToDouble(Fork::level).filter(l -> l > 0).toArray();
        return levels.length == 0 ? Double.NaN : BetweenForkVariance.level(levels);
    }

    /** The one rule for a decisive figure: {@link #rankable} and within +-{@link #DECISIVE} (docs/method.md, "Decisive"). */
    public static boolean decisive(boolean someForkSteady, boolean confirmed, LogLevel estimate) {
        return rankable(someForkSteady, confirmed, estimate) && relativeHalfWidth(estimate.level(), estimate.interval(0.95)) <= DECISIVE;
    }

    /** Whether a figure may be ranked, whatever its width: rules 1 to 3 of docs/method.md, "Decisive". */
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
     * @param unavailable iterations with less than 90% of a CPU (in slowPhase when the fork was steady)
     * @param machineSlow other iterations the machine ruler found slow (in slowPhase when the fork was steady)
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
     * @param figureFrom the first iteration its figure reads ({@link FigureWindow})
     * @param figureTo one past the last; 0 in a record written before the window (its figure reads from the warm-up's end)
     */
    public record Fork(int round, String kind, int warmup, int kept, int slowPhase, int unavailable, int machineSlow,
                       double level, double halfWidth, boolean reported, boolean capped, long millis, double[] series,
                       int[] keptIndices, double[] availability, double[] compileMillis, double[] rulerNanos,
                       int figureFrom, int figureTo) {

        /** Whether the record holds the window its figure reads. */
        public boolean windowed() {
            return figureTo > figureFrom && series != null && figureTo <= series.length;
        }
    }

    /** The note of a figure that had to include slow iterations. */
    public static final String SLOW_IN_FIGURE = "in the figure: not the converter's undisturbed cost";

    /** The note of the machine ruler's slow iterations: flagged, kept (docs/decisions.md, "The machine ruler flags ..."). */
    public static final String FLAGGED_IN_FIGURE = "flagged, in the figure";

    /** True when an older run left the machine ruler's slow iterations out of its kept ones (the figure holds them). */
    public boolean machineSlowExcluded() {
        return machineSlowIterations > 0 && !note.contains(FLAGGED_IN_FIGURE) && !note.contains(SLOW_IN_FIGURE);
    }

    /** True when a fork recorded the window its figure reads (runs before the window did not). */
    public boolean windowed() {
        return forks.stream().anyMatch(Fork::windowed);
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
