package io.github.ccsidbench.results;

import io.github.ccsidbench.stats.Stats;
import io.github.ccsidbench.bench.VerifiedInputs;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.ccsid.EncodingScheme;
import io.github.ccsidbench.workload.Workload;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The figures users read, derived from JMH's raw results: the level and its confidence interval, nanoseconds per
 * character, MB/s, bytes allocated per operation, and the ratio to the floor (the ISO-8859-1 copy) of the same length
 * and operation measured on the same JVM. Forks are the unit: each fork's level is the median of its kept iterations,
 * the figure is the geometric mean of the forks' levels, and its interval a t-interval on them with the between-fork
 * variance moderated by its benchmark family in the same run and JVM ({@link BetweenForkVariance}).
 *
 * @param result the JMH result
 * @param median the benchmark's level in ns/op: the geometric mean of its forks' medians (with one fork, its median)
 * @param medianCi 95% interval of that level
 * @param nsPerChar median / length
 * @param mbPerSecond CCSID-side bytes per second, in 10^6 bytes
 * @param bytesPerOp allocation per operation (gc profiler)
 * @param xFloor median / median of the matching floor's fastest fork
 * @param xFloorCi 95% interval of that ratio
 * @param steadiness how steady the result is, when the run recorded it ({@code steadiness.json})
 * @param forkVariance the prior of the between-fork variance its interval was built with (its family's in its run)
 */
public record DerivedFigures(BenchmarkResult result, double median, Stats.Interval medianCi, OptionalDouble nsPerChar,
                             OptionalDouble mbPerSecond, OptionalDouble bytesPerOp, OptionalDouble xFloor,
                             Optional<Stats.Interval> xFloorCi, Optional<Steadiness> steadiness, BetweenForkVariance forkVariance) {

    /** The confidence level of every interval in the tables. */
    public static final double CONFIDENCE = 0.95;

    private static final String FLOOR = "FloorBenchmark";

    /** Figures for every result, floors matched within the same JVM, with no steadiness recorded. */
    public static List<DerivedFigures> derive(List<BenchmarkResult> results) {
        return derive(results, Map.of());
    }

    /**
     * Figures for every result, floors matched within the same JVM, each with its steadiness from
     * {@code steadiness} (keyed by {@link SteadinessFile#lookupKey}) when there.
     */
    public static List<DerivedFigures> derive(List<BenchmarkResult> results, Map<String, Steadiness> steadiness) {
        Map<String, BenchmarkResult> floors = new HashMap<>();
        for (BenchmarkResult r : results) {
            if (r.benchmarkClass().equals(FLOOR)) {
                floors.put(floorKey(r.jvm(), r.method(), r.param("length").orElse("")), r);
            }
        }
        Map<String, Double> bytesCache = new HashMap<>();
        Map<String, Map<String, double[]>> levelsByJvm = new HashMap<>();
        for (BenchmarkResult r : results) {
            levelsByJvm.computeIfAbsent(jvmKey(r.jvm()), k -> new HashMap<>()).put(r.key(), BetweenForkVariance.forkLevels(r.rawData()));
        }
        Map<String, BetweenForkVariance.Families> variance = new HashMap<>();
        levelsByJvm.forEach((jvm, levels) -> variance.put(jvm, BetweenForkVariance.Families.fit(levels)));
        List<DerivedFigures> out = new ArrayList<>(results.size());
        for (BenchmarkResult r : results) {
            long seed = Stats.seed(r.key(), r.jvm().jdkVersion());
            BetweenForkVariance.Families families = variance.get(jvmKey(r.jvm()));
            BetweenForkVariance v = families.of(r.key());
            double median = BetweenForkVariance.level(levelsByJvm.get(jvmKey(r.jvm())).get(r.key()));
            Stats.Interval ci = interval(v, r.rawData(), seed);
            OptionalDouble length = r.param("length").map(l -> OptionalDouble.of(Double.parseDouble(l))).orElse(OptionalDouble.empty());
            OptionalDouble nsPerChar = length.isPresent() && length.getAsDouble() > 0
                    ? OptionalDouble.of(median / length.getAsDouble()) : OptionalDouble.empty();
            OptionalDouble bytes = encodedBytes(r, bytesCache);
            OptionalDouble mbs = bytes.isPresent() && median > 0 ? OptionalDouble.of(bytes.getAsDouble() / median * 1000.0)
                    : OptionalDouble.empty();
            OptionalDouble xFloor = OptionalDouble.empty();
            Optional<Stats.Interval> xFloorCi = Optional.empty();
            BenchmarkResult floor = floorMethod(r).map(m -> floors.get(floorKey(r.jvm(), m, r.param("length").orElse(""))))
                    .orElse(null);
            if (floor != null && floor != r) {
                // The floor is its fastest fork: a floor fork that compiled worse (C2 can settle on far
                // slower code in one JVM than in the next) did not reach the floor. The interval uses that fork's iterations.
                double[][] best = {Stats.fastestFork(floor.rawData())};
                double[] bestLevel = BetweenForkVariance.forkLevels(best);
                xFloor = OptionalDouble.of(median / bestLevel[0]);
                Stats.Interval ratio = BetweenForkVariance.ratioInterval(v, r.rawData(), families.of(floor.key()),
                        best, CONFIDENCE);
                xFloorCi = Optional.of(ratio != null ? ratio : Stats.bootstrapRatio(r.rawData(), best, CONFIDENCE, seed));
            }
            out.add(new DerivedFigures(r, median, ci, nsPerChar, mbs, r.bytesPerOp(), xFloor, xFloorCi,
                    Optional.ofNullable(steadiness.get(SteadinessFile.lookupKey(r.key(), r.jvm().jdkVersion()))), v));
        }
        return out;
    }

    /**
     * The interval of a level: from the forks and the run's between-fork variance; with one fork and no variance to
     * borrow (a smoke run), the bootstrap over that fork's iterations, which sees nothing of the next JVM and is never
     * decisive for want of a second fork.
     */
    public static Stats.Interval interval(BetweenForkVariance v, double[][] forks, long seed) {
        Stats.Interval ci = v.interval(forks, CONFIDENCE);
        return ci != null ? ci : Stats.bootstrapMedian(forks, CONFIDENCE, seed);
    }

    private static String jvmKey(BenchmarkResult.JvmInfo jvm) {
        return jvm.jvm() + "|" + jvm.jdkVersion();
    }

    /** The larger relative half-width of the median's 95% interval, e.g. 0.04 for +-4%. */
    public double relativeHalfWidth() {
        return Math.max(medianCi.high() / median - 1, 1 - medianCi.low() / median);
    }

    /**
     * True when the figure may decide something: as the run's steadiness record says (a steady fork, the level
     * confirmed by two forks, the 95% interval within +-{@link Steadiness#DECISIVE}), or, for results without
     * one, when the interval is within +-{@link Steadiness#DECISIVE}.
     */
    public boolean decisive() {
        // The harness's own verdict when it recorded one (it also knows whether two forks confirmed the level).
        return steadiness.map(Steadiness::decisive).orElse(relativeHalfWidth() <= Steadiness.DECISIVE);
    }

    /** The floor method an operation is compared with: encode with ISO encode, and so on. */
    public static Optional<String> floorMethod(BenchmarkResult r) {
        String m = r.method().toLowerCase(java.util.Locale.ROOT);
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
        return jvm.jvm() + "|" + jvm.jdkVersion() + "|" + method + "|" + length;
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
