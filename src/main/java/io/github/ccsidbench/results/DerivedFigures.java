package io.github.ccsidbench.results;

import io.github.ccsidbench.bench.FloorBenchmark;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.function.Function;
import io.github.ccsidbench.bench.VerifiedInputs;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.ccsid.EncodingScheme;
import io.github.ccsidbench.stats.BetweenForkVariance;
import io.github.ccsidbench.stats.BetweenRunVariance;
import io.github.ccsidbench.stats.LogLevel;
import io.github.ccsidbench.stats.RulerAdjustment;
import io.github.ccsidbench.stats.Stats;
import io.github.ccsidbench.workload.Workload;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The figures users read, derived from JMH's raw results: the level and its 95% interval, ns per character, MB/s, bytes
 * per operation and the ratio to the same JVM's floor. A figure's level is the geometric mean of its forks' window
 * levels ({@link io.github.ccsidbench.steady.FigureWindow}), ruler-adjusted ({@link RulerAdjustment}), its interval a t
 * interval with the variance moderated by its family ({@link BetweenForkVariance}); "x floor" is a Welch ratio of two
 * levels ({@link LogLevel#over}). Why each: docs/how-sure.md, "How sure an interval is".
 *
 * @param result the JMH result
 * @param estimate the level on the log scale: exp(centre) is the level in ns/op (the geometric mean of the forks'
 *                 levels), with the standard error and degrees of freedom of its interval
 * @param nsPerChar level / length
 * @param mbPerSecond CCSID-side bytes per second, in 10^6 bytes
 * @param bytesPerOp allocation per operation (gc profiler) over the kept iterations
 * @param xFloorEstimate level / the matching floor's level, on the log scale (empty without a floor)
 * @param floorDecisive whether the matching floor is decisive (true without a floor): "x floor" may decide only when
 *                      both sides may
 * @param steadiness how steady the result is, when the run recorded it ({@code steadiness.json})
 * @param forksOnly the level from the run's forks alone, before the between-run component widened {@code estimate}
 *                  (the same as {@code estimate} where none was added)
 * @param forkLevels each reported fork's level as the figure reads it (set to the run's mean host state by the ruler)
 */
public record DerivedFigures(BenchmarkResult result, LogLevel estimate, OptionalDouble nsPerChar, OptionalDouble mbPerSecond,
                             OptionalDouble bytesPerOp, Optional<LogLevel> xFloorEstimate, boolean floorDecisive,
                             Optional<Steadiness> steadiness, LogLevel forksOnly, double[] forkLevels) {

    /**
     * Sets each windowed fork of {@code kept} to its run's mean host state by the machine ruler, per JVM ({@link
     * RulerAdjustment}); forks without a window or a ruler, and results without a record, stay as measured.
     */
    private static void adjustByRuler(List<BenchmarkResult> results, Function<BenchmarkResult, Optional<Steadiness>> recorded,
                                      Map<BenchmarkResult, double[][]> kept) {
        Map<BenchmarkResult, double[]> rulers = new IdentityHashMap<>();
        Map<String, Map<String, List<double[]>>> forksByJvm = new HashMap<>();
        for (BenchmarkResult r : results) {
            double[] x = recorded.apply(r).filter(s -> s.figureValues().isPresent()).map(Steadiness::reportedRulers).orElse(null);
            List<double[]> forks = RulerAdjustment.forks(kept.get(r), x);
            if (!forks.isEmpty()) {
                rulers.put(r, x);
                forksByJvm.computeIfAbsent(jvmKey(r.jvm()), k -> new HashMap<>()).put(r.key(), forks);
            }
        }
        Map<String, RulerAdjustment> fitted = new HashMap<>();
        forksByJvm.forEach((jvm, forks) -> fitted.put(jvm, RulerAdjustment.fit(forks)));
        rulers.forEach((r, x) -> kept.put(r, fitted.get(jvmKey(r.jvm())).adjust(r.key(), kept.get(r), x)));
    }

    /** The confidence level of every interval in the tables. */
    public static final double CONFIDENCE = 0.95;

    private static final String FLOOR = FloorBenchmark.class.getSimpleName();

    /**
     * Figures for every result, floors matched within the same JVM, each with its steadiness from
     * {@code steadiness} (keyed by {@link SteadinessFile#lookupKey}) when there.
     */
    public static List<DerivedFigures> derive(List<BenchmarkResult> results, Map<String, Steadiness> steadiness) {
        return derive(results, r -> Optional.ofNullable(steadiness.get(SteadinessFile.lookupKey(r.key(), r.jvm().jdkVersion()))));
    }

    /**
     * Figures for every result, floors matched within the same JVM, each with the steadiness {@code recorded} gives it
     * (the record of the run the result came from, empty where there is none).
     */
    public static List<DerivedFigures> derive(List<BenchmarkResult> results,
                                              Function<BenchmarkResult, Optional<Steadiness>> recorded) {
        return derive(results, recorded, r -> BetweenRunVariance.NONE);
    }

    /**
     * The same, each level's interval widened by the between-run component {@code between} gives its result (the one a
     * committed accuracy check measured on the run's CPU and JDK; {@link BetweenRunVariance#NONE} where none is known):
     * a run's forks share the host's hour, which a long run does not. A ratio within one run ("x floor") is built from
     * the two figures' own forks: whatever the hour did to both sides of it, its interleaved forks saw alike.
     */
    public static List<DerivedFigures> derive(List<BenchmarkResult> results,
                                              Function<BenchmarkResult, Optional<Steadiness>> recorded,
                                              Function<BenchmarkResult, BetweenRunVariance> between) {
        Map<String, BenchmarkResult> floors = new HashMap<>();
        for (BenchmarkResult r : results) {
            if (r.benchmarkClass().equals(FLOOR)) {
                floors.put(floorKey(r.jvm(), r.method(), r.param("length").orElse("")), r);
            }
        }
        Map<BenchmarkResult, double[][]> kept = new IdentityHashMap<>();
        for (BenchmarkResult r : results) {
            kept.put(r, recorded.apply(r).flatMap(Steadiness::figureValues).orElse(r.rawData()));
        }
        adjustByRuler(results, recorded, kept);
        Map<String, Map<String, double[]>> levelsByJvm = new HashMap<>();
        for (BenchmarkResult r : results) {
            levelsByJvm.computeIfAbsent(jvmKey(r.jvm()), k -> new HashMap<>()).put(r.key(), BetweenForkVariance.forkLevels(kept.get(r)));
        }
        Map<String, BetweenForkVariance.Families> variance = new HashMap<>();
        levelsByJvm.forEach((jvm, levels) -> variance.put(jvm, BetweenForkVariance.Families.fit(levels)));
        Map<BenchmarkResult, LogLevel> estimates = new HashMap<>();
        for (BenchmarkResult r : results) {
            estimates.put(r, variance.get(jvmKey(r.jvm())).of(r.key()).estimate(kept.get(r)));
        }
        Map<String, Double> bytesCache = new HashMap<>();
        List<DerivedFigures> out = new ArrayList<>(results.size());
        for (BenchmarkResult r : results) {
            LogLevel own = estimates.get(r);
            LogLevel estimate = own.withBetweenRun(between.apply(r));
            double level = estimate.level();
            OptionalDouble length = r.param("length").map(l -> OptionalDouble.of(Double.parseDouble(l))).orElse(OptionalDouble.empty());
            OptionalDouble nsPerChar = length.isPresent() && length.getAsDouble() > 0
                    ? OptionalDouble.of(level / length.getAsDouble()) : OptionalDouble.empty();
            OptionalDouble bytes = encodedBytes(r, bytesCache);
            OptionalDouble mbs = bytes.isPresent() && level > 0 ? OptionalDouble.of(bytes.getAsDouble() / level * 1000.0)
                    : OptionalDouble.empty();
            BenchmarkResult floor = floorMethod(r).map(m -> floors.get(floorKey(r.jvm(), m, r.param("length").orElse(""))))
                    .orElse(null);
            boolean hasFloor = floor != null && floor != r;
            Optional<LogLevel> xFloor = hasFloor ? Optional.of(own.over(estimates.get(floor))) : Optional.empty();
            Optional<Steadiness> record = recorded.apply(r);
            OptionalDouble bytesPerOp = record.map(Steadiness::bytesPerOp).map(OptionalDouble::of).orElse(r.bytesPerOp());
            out.add(new DerivedFigures(r, estimate, nsPerChar, mbs, bytesPerOp, xFloor,
                    !hasFloor || decisive(recorded.apply(floor), estimates.get(floor).withBetweenRun(between.apply(floor))),
                    record, own, record.filter(x -> x.figureValues().isEmpty()).map(Steadiness::reportedLevels)
                    .orElseGet(() -> BetweenForkVariance.forkLevels(kept.get(r)))));
        }
        return out;
    }

    private static String jvmKey(BenchmarkResult.JvmInfo jvm) {
        return jvm.jvm() + "|" + jvm.jdkVersion();
    }

    /** The level in ns/op: the geometric mean of the forks' means. */
    public double level() {
        return estimate.level();
    }

    /**
     * The benchmark's mean cost per operation, GC included, with its 95% interval: the time per operation over every
     * iteration after each fork's warm-up, all its forks ({@link BetweenForkVariance#perOperation}; an iteration's time
     * includes the collections that ran in it), its interval a t interval over the forks' own on the log scale
     * ({@link LogLevel#aroundMean}). JMH's score in results.json, their arithmetic mean, reads above it by their spread. What capacity is planned with: a rate times a mean cost adds up to the work done,
     * where the level, a geometric mean over the reported forks, weighs a slow fork less and leaves out forks that never
     * settled. Figures that compare (rankings, ratios, x floor) use the level.
     */
    public LogLevel meanCost() {
        // Results written before results.json held every iteration after the warm-up hold only the kept iterations in
        // rawData: such old runs give the kept iterations' time per operation.
        double[][] forks = Arrays.stream(result.rawData()).filter(f -> f.length > 0).toArray(double[][]::new);
        double all = BetweenForkVariance.perOperation(Arrays.stream(forks).flatMapToDouble(Arrays::stream).toArray());
        return LogLevel.aroundMean(all, BetweenForkVariance.forkLevels(forks));
    }

    /** The 95% interval of the level. */
    public Stats.Interval levelCi() {
        return estimate.interval(CONFIDENCE);
    }

    /** level / the floor's level, when there is a floor. */
    public OptionalDouble xFloor() {
        return xFloorEstimate.map(x -> OptionalDouble.of(x.level())).orElse(OptionalDouble.empty());
    }

    /** The 95% interval of {@link #xFloor()}. */
    public Optional<Stats.Interval> xFloorCi() {
        return xFloorEstimate.map(x -> x.interval(CONFIDENCE));
    }

    /** The larger relative half-width of the level's 95% interval, e.g. 0.04 for +-4%. */
    public double relativeHalfWidth() {
        return Steadiness.relativeHalfWidth(level(), levelCi());
    }

    /**
     * True when the figure may decide something ({@link Steadiness#decisive}: a steady fork, the level confirmed by two
     * forks, an interval over forks within +-{@link Steadiness#DECISIVE}): the run's steadiness record says whether a
     * fork was steady and the level confirmed (results without one are taken as both), and the interval is judged as
     * derived here, so that a record written by an earlier release with another interval cannot make it decisive.
     */
    public boolean decisive() {
        return decisive(steadiness, estimate);
    }

    private static boolean decisive(Optional<Steadiness> steadiness, LogLevel estimate) {
        return steadiness.map(s -> s.rankable(estimate)).orElse(true) && Steadiness.decisive(true, true, estimate);
    }

    /**
     * True when the figure is not decisive only because the between-run component of the committed accuracy check
     * widened its interval: its own forks would decide. The report names that cause rather than a disturbance.
     */
    public boolean widenedPastDecisive() {
        return !decisive() && decisive(steadiness, forksOnly);
    }

    /** The larger relative half-width of the interval from the run's forks alone, before the between-run component. */
    public double forksOnlyHalfWidth() {
        return Steadiness.relativeHalfWidth(forksOnly.level(), forksOnly.interval(CONFIDENCE));
    }

    /**
     * True when the figure's interval may rank it against another, however wide ({@link Steadiness#rankable}): a steady
     * fork, the level confirmed by two forks (results without a steadiness record are taken as both), an interval over
     * forks that may decide.
     */
    public boolean rankable() {
        return steadiness.map(s -> s.rankable(estimate)).orElse(true) && estimate.canDecide();
    }

    /** True when "x floor" may decide something: the figure and its floor are both decisive. */
    public boolean xFloorDecisive() {
        return decisive() && floorDecisive;
    }

    /** The floor method an operation is compared with: encode with ISO encode, and so on. */
    public static Optional<String> floorMethod(BenchmarkResult r) {
        String m = r.method().toLowerCase(Locale.ROOT);
        if (r.benchmarkClass().equals(FLOOR) && !m.startsWith("iso")) {
            return Optional.empty(); // the bare array copy is shown, not compared
        }
        if (m.contains("roundtrip")) {
            return Optional.of("isoRoundTrip");
        }
        if (m.contains("decode")) {
            return Optional.of("isoDecode");
        }
        if (m.contains("encode")) {
            return Optional.of("isoEncode");
        }
        return Optional.empty();
    }

    private static String floorKey(BenchmarkResult.JvmInfo jvm, String method, String length) {
        return jvmKey(jvm) + "|" + method + "|" + length;
    }

    /**
     * Average CCSID-side bytes one operation handles: the length for single-byte CCSIDs and the
     * floors, twice it for UTF-16, the average UTF-8 length of the benchmark's own variants for UTF-8.
     */
    private static OptionalDouble encodedBytes(BenchmarkResult r, Map<String, Double> cache) {
        Optional<String> lengthParam = r.param("length");
        if (lengthParam.isEmpty()) {
            return OptionalDouble.empty();
        }
        int length = Integer.parseInt(lengthParam.get());
        Optional<String> ccsidParam = r.param("ccsid");
        if (ccsidParam.isEmpty()) {
            return OptionalDouble.of(length);
        }
        Ccsid ccsid = CcsidRegistry.lookup(ccsidParam.get());
        if (ccsid.scheme().singleByte()) {
            return OptionalDouble.of(length);
        }
        if (ccsid.scheme() == EncodingScheme.UTF_16) {
            return OptionalDouble.of(2.0 * length);
        }
        if (ccsid.scheme().mixed()) {
            return OptionalDouble.empty(); // bytes depend on the shifts; not modelled yet, so no MB/s rather than a wrong one
        }
        Optional<String> workload = r.param("workload");
        if (workload.isEmpty()) {
            return OptionalDouble.empty();
        }
        String key = workload.get() + "|" + length;
        return OptionalDouble.of(cache.computeIfAbsent(key, k -> {
            Workload w = Workload.byId(workload.get());
            int variants = VerifiedInputs.variantCount(length);
            long total = 0;
            for (int v = 0; v < variants; v++) {
                total += w.generate(length, v).getBytes(StandardCharsets.UTF_8).length;
            }
            return (double) total / variants;
        }));
    }
}
