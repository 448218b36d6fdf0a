package io.github.ccsidbench.gate;

import org.junit.jupiter.api.Tag;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.DoubleStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gate's power and its A/A behaviour, measured as docs/gate.md states them ("Power, measured"), and the tables there
 * checked against what this test computes:
 * <ul>
 *   <li>Simulated runs of 35 benchmarks whose forks fall into a slow mode (20% slower, 1 fork in 4, on either side), one
 *       benchmark slowed by +10%, +12% and +16%: how often the gate FAILs it, cannot tell, or lets it through with a
 *       claim (PASS or WARN: "slower by less than +8%"), which is a miss.</li>
 *   <li>The committed A/A runs replayed: each run's screening pairs as measured, its suspects' confirmation pairs drawn
 *       from that run's own pairs; and runs drawn from the real A/A pairs of a busy host.</li>
 * </ul>
 * The simulations draw with {@link StrictMath}, so that every JDK draws the same numbers.
 */
@Tag("slow")
class GatePowerTest {

    private static final GateThresholds T = GateThresholds.AB;
    private static final int RUNS = 400;
    private static final Path DOC = Path.of("docs", "gate.md");
    private static final Path COMMITTED = Path.of("docs", "results", "gate");

    /** Pairs of forks of 10 iterations: pair drift ±30%, fork scatter 2%, 1 fork in 4 in a mode 20% slower, iterations 3%. */
    static PairedComparison.Pair modesPair(SplittableRandom r, double slowdown) {
        double machine = 1 + 0.3 * (r.nextDouble() * 2 - 1);
        return new PairedComparison.Pair(fork(r, 1000 * machine), fork(r, 1000 * machine * slowdown));
    }

    private static double[] fork(SplittableRandom r, double level) {
        double f = level * StrictMath.exp(0.02 * gaussian(r)) * (r.nextDouble() < 0.25 ? 1.2 : 1);
        double[] x = new double[10];
        for (int i = 0; i < x.length; i++) {
            x[i] = f * StrictMath.exp(0.03 * gaussian(r));
        }
        return x;
    }

    private static double gaussian(SplittableRandom r) {
        return StrictMath.sqrt(-2 * StrictMath.log(1 - r.nextDouble())) * StrictMath.cos(2 * StrictMath.PI * r.nextDouble());
    }

    /** Counts of verdicts of the benchmarks judged, and the pairs the runs measured. */
    private static final class Tally {
        final Map<Verdict, Integer> n = new LinkedHashMap<>();
        int judged;
        long pairs;
        int runs;
        int suspects;

        void add(GateRun.Result result, List<PairedComparison> judgedOnes) {
            runs++;
            pairs += result.pairs();
            suspects += result.suspects();
            for (PairedComparison c : judgedOnes) {
                judged++;
                n.merge(c.verdict(), 1, Integer::sum);
            }
        }

        int of(Verdict... v) {
            return Stream.of(v).mapToInt(x -> n.getOrDefault(x, 0)).sum();
        }

        String pct(Verdict... v) {
            return String.format(Locale.ROOT, "%.1f%%", 100.0 * of(v) / judged);
        }
    }

    /** Each slowdown's runs, simulated once for the tests that judge them and the test that checks the docs' tables. */
    private static final Map<Double, Tally> SIMULATED = new ConcurrentHashMap<>();

    private static Tally simulated(double slowdown) {
        return SIMULATED.computeIfAbsent(slowdown, GatePowerTest::simulate);
    }

    private static Tally simulate(double slowdown) {
        Tally t = new Tally();
        SplittableRandom random = new SplittableRandom(2026);
        GateRun.PairSource source = (b, r) -> modesPair(r, b == 0 ? slowdown : 1.0);
        for (int run = 0; run < RUNS; run++) {
            GateRun.Result result = GateRun.run(PairedComparisonTest.RUN, source, random, T);
            t.add(result, slowdown == 1.0 ? result.verdicts() : result.verdicts().subList(0, 1));
        }
        return t;
    }

    /** A committed gate run's pair ratios per benchmark, in the order measured. */
    private static Map<String, double[]> committedRatios(Path gateJson) throws IOException {
        Map<String, double[]> out = new LinkedHashMap<>();
        JsonObject root = JsonParser.parseString(Files.readString(gateJson)).getAsJsonObject();
        for (JsonElement e : root.getAsJsonArray("comparisons")) {
            JsonObject c = e.getAsJsonObject();
            double[] ratios = new double[c.getAsJsonArray("pairRatios").size()];
            for (int i = 0; i < ratios.length; i++) {
                ratios[i] = c.getAsJsonArray("pairRatios").get(i).getAsDouble();
            }
            if (ratios.length >= 2) {
                out.put(c.get("key").getAsString(), ratios);
            }
        }
        return out;
    }

    /** A pair known only by its ratio: each side's level half of it, so that the sides scatter as the pairs do. */
    private static PairedComparison.Pair ratioPair(double ratio) {
        double half = StrictMath.sqrt(ratio);
        return new PairedComparison.Pair(new double[]{1000 / half}, new double[]{1000 * half});
    }

    /** The committed A/A runs: gate.json files of runs whose base and candidate are the same code. */
    static List<Path> committedAaRuns() throws IOException {
        try (Stream<Path> s = Files.walk(COMMITTED)) {
            return s.filter(p -> p.getFileName().toString().equals("gate.json") && p.getParent().getFileName().toString()
                    .startsWith("a-a")).sorted().toList();
        }
    }

    private static Tally replayed(Path gateJson) throws IOException {
        Map<String, double[]> ratios = committedRatios(gateJson);
        // In an A/A run base and candidate are the same code, so their labels are exchangeable: every ratio measured and its
        // inverse are equally likely pairs. The pool holds both, so that the draws have the A/A truth, no change.
        double[] pool = ratios.values().stream().flatMapToDouble(Arrays::stream).flatMap(r -> DoubleStream.of(r, 1 / r))
                .toArray();
        Tally t = new Tally();
        SplittableRandom random = new SplittableRandom(7);
        for (int run = 0; run < 100; run++) {
            Map<String, List<PairedComparison.Pair>> screen = new LinkedHashMap<>();
            int b = 0;
            for (double[] r : ratios.values()) {
                screen.put("b" + b++, List.of(ratioPair(r[0]), ratioPair(r[1])));
            }
            GateRun.Result result = GateRun.screenAndConfirm(screen, (k, r) -> ratioPair(pool[r.nextInt(pool.length)]), random, T);
            t.add(result, result.verdicts());
        }
        return t;
    }

    private static Tally busyHost() throws IOException {
        List<RulerRefereeTest.RealPair> kept = RulerRefereeTest.refereed(RulerRefereeTest.realPairs("real-aa-pairs.txt"));
        Tally t = new Tally();
        SplittableRandom random = new SplittableRandom(11);
        for (int run = 0; run < 100; run++) {
            GateRun.Result result = GateRun.run(PairedComparisonTest.RUN, (b, r) -> kept.get(r.nextInt(kept.size())).inNs(1.0),
                    random, T);
            t.add(result, result.verdicts());
        }
        return t;
    }

    /** The two tables of docs/gate.md, as this test computes them. */
    static String tables() throws IOException {
        StringBuilder sb = new StringBuilder();
        sb.append("| simulated runs, forks in modes | FAIL | CANNOT_TELL | missed (PASS or WARN) | pairs per run |\n");
        sb.append("|---|---:|---:|---:|---:|\n");
        for (double s : new double[]{1.10, 1.12, 1.16}) {
            Tally t = simulated(s);
            sb.append(String.format(Locale.ROOT, "| +%.0f%%, %d runs | %s | %s | %s | %.0f |%n", 100 * (s - 1), t.runs, t.pct(Verdict.FAIL),
                    t.pct(Verdict.CANNOT_TELL), t.pct(Verdict.PASS, Verdict.WARN, Verdict.IMPROVED), (double) t.pairs / t.runs));
        }
        Tally aa = simulated(1.0);
        sb.append(String.format(Locale.ROOT, "| A/A, %d runs of 35 | %s | %s | - | %.0f |%n", aa.runs, aa.pct(Verdict.FAIL),
                aa.pct(Verdict.CANNOT_TELL), (double) aa.pairs / aa.runs));
        sb.append("\n| replayed A/A runs | benchmarks judged | FAIL | CANNOT_TELL | suspects per run | pairs per run |\n");
        sb.append("|---|---:|---:|---:|---:|---:|\n");
        for (Path p : committedAaRuns()) {
            Tally t = replayed(p);
            sb.append(String.format(Locale.ROOT, "| %s, 100 replays | %d | %d | %s | %.1f | %.0f |%n",
                    COMMITTED.relativize(p.getParent()).toString().replace('\\', '/'), t.judged, t.of(Verdict.FAIL),
                    t.pct(Verdict.CANNOT_TELL), (double) t.suspects / t.runs, (double) t.pairs / t.runs));
        }
        Tally busy = busyHost();
        sb.append(String.format(Locale.ROOT, "| busy host's real A/A pairs, 100 runs of 35 | %d | %d | %s | %.1f | %.0f |%n", busy.judged,
                busy.of(Verdict.FAIL), busy.pct(Verdict.CANNOT_TELL), (double) busy.suspects / busy.runs,
                (double) busy.pairs / busy.runs));
        return sb.toString();
    }

    @Test
    void aSlowdownOneAndAHalfTimesTheThresholdIsMissedAtMostOneTimeInTwenty() {
        Tally t = simulated(1.12);
        assertTrue(t.of(Verdict.PASS, Verdict.WARN, Verdict.IMPROVED) <= 0.05 * t.judged, "+12% with forks in modes: "
                + t.n + " of " + t.judged);
        Tally big = simulated(1.16);
        assertTrue(big.of(Verdict.FAIL) >= 0.9 * big.judged, "+16%: " + big.n);
    }

    @Test
    void replayedAaRunsFailNoMoreThanTheLevelAndRarelyCannotTell() throws IOException {
        List<Path> runs = committedAaRuns();
        assertTrue(runs.size() >= 2, "committed A/A runs: " + runs);
        for (Path p : runs) {
            Tally t = replayed(p);
            assertTrue(t.of(Verdict.FAIL) <= T.alpha() * t.judged, p + ": " + t.n);
            assertTrue(t.of(Verdict.CANNOT_TELL) <= 0.05 * t.judged, p + ": " + t.n);
        }
        Tally busy = busyHost();
        assertTrue(busy.of(Verdict.FAIL) <= T.alpha() * busy.judged, "busy host: " + busy.n);
    }

    /** docs/gate.md shows the tables this test computes, to the digit. */
    @Test
    void docsShowTheseTables() throws IOException {
        String doc = Files.readString(DOC);
        String begin = "<!-- power tables: GatePowerTest -->\n";
        int at = doc.indexOf(begin);
        assertTrue(at >= 0, "docs/gate.md lacks " + begin.trim());
        String expected = tables();
        String shown = doc.substring(at + begin.length(), Math.min(doc.length(), at + begin.length() + expected.length()));
        assertEquals(expected, shown, "docs/gate.md's power tables differ from what GatePowerTest computes; paste:\n" + expected);
    }
}
