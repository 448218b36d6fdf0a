package io.github.ccsidbench.results;

import io.github.ccsidbench.stats.LogLevel;
import io.github.ccsidbench.stats.Stats;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A figure rests on every iteration after the warm-up of each fork its steadiness record reports, read from the record's
 * series, whatever results.json's {@code rawData} holds (runs written before 2026-11-28 hold the kept iterations only);
 * a result with no record, or one without series, rests on {@code rawData}.
 */
public class DerivedFiguresTest {

    private static final BenchmarkResult.JvmInfo JVM = new BenchmarkResult.JvmInfo("/usr/bin/java", "17.0.15",
            "OpenJDK 64-Bit Server VM", "17.0.15+6", List.of(), 3, 2, "100 ms", 16, "100 ms");

    /** A fork after its warm-up: 12 iterations at {@code level} (+-0.5%), then a slow tail of 4 at twice it. */
    public static double[] afterWarmup(double level) {
        double[] pattern = {0.995, 1.0, 1.005, 1.0, 0.998, 1.002, 1.0, 0.999, 1.001, 1.0, 0.997, 1.003};
        double[] s = new double[16];
        for (int i = 0; i < 16; i++) {
            s[i] = level * (i < 12 ? pattern[i] : 2.0);
        }
        return s;
    }

    /** The steadiness record of those forks: two warm-up iterations before each, the first 12 after it kept. */
    public static Steadiness record(String key, double[][] afterWarmup, Double bytesPerOp) {
        List<Steadiness.Fork> forks = new ArrayList<>();
        for (int f = 0; f < afterWarmup.length; f++) {
            double[] series = new double[afterWarmup[f].length + 2];
            series[0] = 5 * afterWarmup[f][0];
            series[1] = 2 * afterWarmup[f][0];
            System.arraycopy(afterWarmup[f], 0, series, 2, afterWarmup[f].length);
            int[] kept = IntStream.range(2, 14).toArray();
            forks.add(new Steadiness.Fork(f + 1, "warm-up", 2, kept.length, 4, 0, 0, Stats.median(afterWarmup[f]), 0.01, true,
                    false, 2000, series, kept, null, null, null, 0, 0));
        }
        LogLevel estimate = new LogLevel(Math.log(100), 0.01, 10, LogLevel.Variance.OWN);
        return Steadiness.of(key, "17.0.15", forks, forks.size(), forks.size(), "", "every fork steady, one mode",
                12 * forks.size(), 18 * forks.size(), 2 * forks.size(), 4 * forks.size(), 0, estimate, true, "")
                .withBytesPerOp(bytesPerOp);
    }

    public static BenchmarkResult result(double[][] raw, double bytesPerOp) {
        double mean = Arrays.stream(raw).flatMapToDouble(Arrays::stream).average().orElseThrow();
        return new BenchmarkResult("io.github.ccsidbench.bench.ConversionBenchmark.encode", "avgt", Map.of("length", "64"), mean,
                Double.NaN, "ns/op", raw, Map.of(BenchmarkResult.ALLOC_NORM, bytesPerOp), JVM);
    }

    @Test
    void aFigureIsTheTimePerOperationOverEveryIterationAfterTheWarmupOfItsRecordsForksWhateverRawDataHolds() {
        double[][] after = {afterWarmup(100), afterWarmup(101), afterWarmup(99)};
        double[][] kept = Arrays.stream(after).map(f -> Arrays.copyOf(f, 12)).toArray(double[][]::new);
        BenchmarkResult r = result(kept, 1100); // as committed runs wrote rawData: the kept iterations only
        Steadiness s = record(r.key(), after, 1088.0);
        assertArrayEquals(after, s.figureValues().orElseThrow(), "the series after each fork's two warm-up iterations");

        DerivedFigures recorded = DerivedFigures.derive(List.of(r), x -> Optional.of(s)).get(0);
        DerivedFigures plain = DerivedFigures.derive(List.of(result(after, 1100)), Map.of()).get(0);
        assertEquals(plain.level(), recorded.level(), 1e-12, "each fork's time per operation, slow tails included");
        assertEquals(plain.levelCi(), recorded.levelCi());
        // each fork's total time over its operations: iterations of equal time t, each of t / x operations
        double perOperation = Math.exp(Arrays.stream(after)
                .mapToDouble(f -> Math.log(f.length / Arrays.stream(f).map(x -> 1 / x).sum())).average().orElseThrow());
        assertEquals(perOperation, recorded.level(), 1e-9 * perOperation);
        double jmhMeans = Math.exp(Arrays.stream(after).mapToDouble(f -> Math.log(Arrays.stream(f).average().orElseThrow()))
                .average().orElseThrow());
        assertTrue(jmhMeans > 1.05 * perOperation, "JMH's means of the same iterations read above it: " + jmhMeans);
        assertEquals(1088, recorded.bytesPerOp().orElseThrow(), "bytes per operation: the record's");
        // 16 / (12 + 4 / 2) = 1.14 times the quiet state
        assertTrue(recorded.level() > 1.1 * s.quietLevel(), "the quiet state leaves the slow tails out: " + s.quietLevel());

        DerivedFigures none = DerivedFigures.derive(List.of(r), Map.of()).get(0);
        assertEquals(DerivedFigures.derive(List.of(r), x -> Optional.empty()).get(0).level(), none.level());
        assertEquals(1100, none.bytesPerOp().orElseThrow(), "no record: JMH's own figures");
    }

    /** A record that holds no series (written before it did) leaves the figure on rawData. */
    @Test
    void aRecordWithoutSeriesLeavesTheFigureOnRawData() {
        double[][] raw = {afterWarmup(100), afterWarmup(101), afterWarmup(99)};
        BenchmarkResult r = result(raw, 1100);
        Steadiness s = record(r.key(), raw, null);
        List<Steadiness.Fork> old = s.forks().stream().map(f -> new Steadiness.Fork(f.round(), f.kind(), f.warmup(), f.kept(),
                f.slowPhase(), f.unavailable(), f.machineSlow(), f.level(), f.halfWidth(), f.reported(), f.capped(), f.millis(),
                null, null, null, null, null, 0, 0)).toList();
        Steadiness older = new Steadiness(s.key(), s.jdkVersion(), old, 3, 3, "", "", 36, 54, 6, 12, 0, s.level(), s.low(),
                s.high(), s.standardError(), s.degreesOfFreedom(), s.variance(), true, "", s.level(), null);
        assertTrue(older.figureValues().isEmpty());
        DerivedFigures f = DerivedFigures.derive(List.of(r), x -> Optional.of(older)).get(0);
        assertEquals(DerivedFigures.derive(List.of(r), Map.of()).get(0).level(), f.level());
        assertEquals(1100, f.bytesPerOp().orElseThrow(), "no bytes recorded: results.json's");
    }

    /**
     * The committed runs' records give every figure its iterations after the warm-up, and each reported fork's kept
     * iterations (results.json's rawData of those runs) lie among them: the warm-up's end read back from a record is
     * where the run's own analysis put it.
     */
    @Test
    void aCommittedRunsFiguresHoldItsKeptIterations() {
        Path file = committedRun();
        List<BenchmarkResult> results = JmhResults.read(file);
        Map<String, Steadiness> steadiness = SteadinessFile.besides(file).orElseThrow().byKey();
        int checked = 0;
        for (BenchmarkResult r : results) {
            Steadiness s = steadiness.get(SteadinessFile.lookupKey(r.key(), r.jvm().jdkVersion()));
            double[][] figure = s.figureValues().orElseThrow(() -> new AssertionError(r.key()));
            List<Steadiness.Fork> reported = s.forks().stream().filter(Steadiness.Fork::reported).toList();
            for (int f = 0; f < figure.length; f++) {
                Steadiness.Fork fork = reported.get(f);
                int from = fork.series().length - figure[f].length;
                assertTrue(s.unsteady() || from >= fork.warmup() && Arrays.stream(fork.keptIndices()).allMatch(i -> i >= from),
                        r.key() + " fork " + f + ": kept " + Arrays.toString(fork.keptIndices()) + " from " + from);
                checked++;
            }
        }
        assertTrue(checked > results.size(), "every reported fork of every figure: " + checked);
    }

    /**
     * A between-run component widens every level's interval around the same level, and leaves the ratios within the run
     * (x floor) as their forks made them.
     */
    @Test
    void aBetweenRunComponentWidensLevelsNotRatiosWithinTheRun() {
        Path file = committedRun();
        List<BenchmarkResult> results = JmhResults.read(file);
        Map<String, Steadiness> steadiness = SteadinessFile.besides(file).orElseThrow().byKey();
        java.util.function.Function<BenchmarkResult, Optional<Steadiness>> recorded =
                r -> Optional.ofNullable(steadiness.get(SteadinessFile.lookupKey(r.key(), r.jvm().jdkVersion())));
        List<DerivedFigures> own = DerivedFigures.derive(results, recorded);
        List<DerivedFigures> wide = DerivedFigures.derive(results, recorded,
                r -> new io.github.ccsidbench.stats.BetweenRunVariance(0.0004, 20, 20));
        int widened = 0;
        for (int i = 0; i < results.size(); i++) {
            DerivedFigures a = own.get(i);
            DerivedFigures b = wide.get(i);
            assertEquals(a.level(), b.level(), 0, a.result().key());
            assertEquals(a.xFloorCi(), b.xFloorCi(), a.result().key());
            if (Double.isFinite(a.estimate().standardError())) {
                assertTrue(b.levelCi().low() < a.levelCi().low() && b.levelCi().high() > a.levelCi().high(), a.result().key());
                widened++;
            }
        }
        assertTrue(widened > 100, "every level with an interval is widened: " + widened);
    }

    /** A committed run's results.json, read from the project's directory. */
    private static Path committedRun() {
        Path file = Path.of("docs/results/intel-xeon-f6m207-jdk17/results.json");
        assertTrue(Files.exists(file), "the committed run " + file + ", read from the project's directory");
        return file;
    }
}
