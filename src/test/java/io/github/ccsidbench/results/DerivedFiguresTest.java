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
 * A figure rests on the iterations its steadiness record keeps, whatever results.json's {@code rawData} holds (every
 * iteration after the warm-up, as JMH means it); a result with no such record rests on {@code rawData}, as a run written
 * before the record named them did, whose {@code rawData} holds exactly the kept iterations.
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
                    false, 2000, series, kept, null, null, null));
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
    void aFigureRestsOnTheKeptIterationsOfItsRecordNotOnRawData() {
        double[][] raw = {afterWarmup(100), afterWarmup(101), afterWarmup(99)};
        BenchmarkResult r = result(raw, 1100);
        Steadiness s = record(r.key(), raw, 1088.0);
        double[][] kept = Arrays.stream(raw).map(f -> Arrays.copyOf(f, 12)).toArray(double[][]::new);
        assertArrayEquals(kept, s.keptValues().orElseThrow());

        DerivedFigures recorded = DerivedFigures.derive(List.of(r), x -> Optional.of(s)).get(0);
        DerivedFigures fromKept = DerivedFigures.derive(List.of(result(kept, 1088)), Map.of()).get(0);
        assertEquals(fromKept.level(), recorded.level(), 1e-12, "the level of the kept iterations, not of the slow tails");
        assertEquals(fromKept.levelCi(), recorded.levelCi());
        assertEquals(1088, recorded.bytesPerOp().orElseThrow(), "bytes per operation over the kept iterations");
        assertTrue(r.score() > 1.2 * recorded.level(), "JMH's mean has the slow tails: " + r.score());

        DerivedFigures plain = DerivedFigures.derive(List.of(r), Map.of()).get(0);
        assertEquals(DerivedFigures.derive(List.of(r), x -> Optional.empty()).get(0).level(), plain.level());
        assertEquals(1100, plain.bytesPerOp().orElseThrow(), "no record: JMH's own figures");
    }

    /** A record that names no kept iteration of a reported fork (written before it did) leaves the figure on rawData. */
    @Test
    void aRecordThatNamesNoKeptIterationLeavesTheFigureOnRawData() {
        double[][] raw = {afterWarmup(100), afterWarmup(101), afterWarmup(99)};
        BenchmarkResult r = result(raw, 1100);
        Steadiness s = record(r.key(), raw, null);
        List<Steadiness.Fork> old = s.forks().stream().map(f -> new Steadiness.Fork(f.round(), f.kind(), f.warmup(), f.kept(),
                f.slowPhase(), f.unavailable(), f.machineSlow(), f.level(), f.halfWidth(), f.reported(), f.capped(), f.millis(),
                null, null, null, null, null)).toList();
        Steadiness older = new Steadiness(s.key(), s.jdkVersion(), old, 3, 3, "", "", 36, 54, 6, 12, 0, s.level(), s.low(),
                s.high(), s.standardError(), s.degreesOfFreedom(), s.variance(), true, "", s.level(), null);
        assertTrue(older.keptValues().isEmpty());
        DerivedFigures f = DerivedFigures.derive(List.of(r), x -> Optional.of(older)).get(0);
        assertEquals(DerivedFigures.derive(List.of(r), Map.of()).get(0).level(), f.level());
        assertEquals(1100, f.bytesPerOp().orElseThrow(), "no bytes recorded: results.json's");
    }

    /**
     * The committed runs were written when results.json held exactly the kept iterations: their figures are the same
     * read from their steadiness records as from rawData, so their reports do not change.
     */
    @Test
    void aCommittedRunsFiguresAreTheSameFromItsRecordAsFromRawData() {
        Path file = committedRun();
        List<BenchmarkResult> results = JmhResults.read(file);
        Map<String, Steadiness> steadiness = SteadinessFile.besides(file).orElseThrow().byKey();
        List<DerivedFigures> recorded = DerivedFigures.derive(results, steadiness);
        List<DerivedFigures> raw = DerivedFigures.derive(results, Map.of());
        int fromRecord = 0;
        for (int i = 0; i < results.size(); i++) {
            DerivedFigures a = recorded.get(i);
            DerivedFigures b = raw.get(i);
            fromRecord += a.steadiness().flatMap(Steadiness::keptValues).isPresent() ? 1 : 0;
            assertEquals(b.level(), a.level(), 0, a.result().key());
            assertEquals(b.levelCi(), a.levelCi(), a.result().key());
            assertEquals(b.xFloorCi(), a.xFloorCi(), a.result().key());
            assertEquals(b.bytesPerOp(), a.bytesPerOp(), a.result().key());
        }
        assertEquals(results.size(), fromRecord, "every figure read from its record");
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
