package io.github.ccsidbench.steady;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Series from real runs of this suite (test resources, each with a comment saying where it came from),
 * asserting only what the analysis robustly says about them; a failure's message gives the whole analysis.
 */
class RealSeriesTest {

    private static final SteadySettings S = SteadySettings.DEFAULT;

    /** Reads a resource of this package: '#' lines are comments, other lines are "name: values" or values. */
    static Map<String, double[]> read(String resource) throws IOException {
        Map<String, double[]> series = new LinkedHashMap<>();
        try (InputStream in = RealSeriesTest.class.getResourceAsStream(resource)) {
            assertNotNull(in, resource);
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            for (String line : text.split("\n")) {
                line = line.strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String name = resource;
                int colon = line.indexOf(':');
                if (colon >= 0) {
                    name = line.substring(0, colon).strip();
                    line = line.substring(colon + 1);
                }
                series.put(name, Arrays.stream(line.strip().split("\\s+")).mapToDouble(Double::parseDouble).toArray());
            }
        }
        return series;
    }

    private static ForkAnalysis analyse(double[] x) {
        ForkAnalysis a = ForkAnalysis.of(x, S);
        ForkAnalysisTest.consistent(a, x);
        return a;
    }

    /** The analysis of a series in one line, for assertion messages. */
    private static String describe(String name, double[] x, ForkAnalysis a) {
        return String.format(Locale.ROOT, "%s (%d iterations): %s, warmup %d, kept %d, slowPhase %d, level %.1f, half-width %s, segments %s",
                name, x.length, a.kind().label(), a.warmup(), a.kept().length, a.slowPhase(), a.level(),
                Double.isInfinite(a.halfWidth()) ? "inf" : String.format(Locale.ROOT, "%.2f%%", 100 * a.halfWidth()),
                a.segments());
    }

    /**
     * Forks of four measured iterations of 250 ms, after a fixed warm-up of 3: too short for minSteady, so every one
     * is NO_STEADY_STATE, however flat its four points look (fork A of "encode 256" is within 5%): four iterations
     * cannot show that a fork was steady, and the stopping rule stops none of them. The two forks of "encode 256"
     * settle about 2:1 apart: as fork levels they are two modes.
     */
    @Test
    void fourIterationForksAreTooShortToBeSteady() throws IOException {
        Map<String, double[]> all = read("issue-fixed-warmup-4-iterations.txt");
        assertEquals(5, all.size());
        for (Map.Entry<String, double[]> e : all.entrySet()) {
            ForkAnalysis a = analyse(e.getValue());
            String why = describe(e.getKey(), e.getValue(), a);
            assertEquals(ForkClass.NO_STEADY_STATE, a.kind(), why);
            assertEquals(0, a.kept().length, why);
            assertFalse(new StoppingRule(S).done(e.getValue(), null, null), why);
        }
        double[] forkA = all.get("ccsid37-jdk-encode-256-forkA");
        double[] forkB = all.get("ccsid37-jdk-encode-256-forkB");
        double[] levels = {ForkAnalysis.of(forkA, S).level(), ForkAnalysis.of(forkB, S).level()};
        ForkModes modes = ForkModes.of(levels, 0.10);
        String why = "encode 256, forks A and B: levels " + Arrays.toString(levels) + ", " + modes.modes().size()
                + " modes, reported " + modes.reported() + ": " + modes.describe();
        assertTrue(modes.multimodal(), why);
        assertEquals(2, modes.modes().size(), why);
        assertEquals(java.util.List.of(1), modes.modes().get(modes.reported()).forks(), "a tie goes to the faster fork, B; " + why);
        assertEquals("1 of 2 forks 104% slower", modes.describe());
    }

    /**
     * JDK 17 IBM037 encode of 1 KiB, 60 iterations of 100 ms on a noisy shared machine (plateaus at about
     * 3100, 1500 and 2100 ns/op). What the analysis robustly says: the first iterations (4682, 2543) are
     * warm-up; the fork is not flat; it ends in a long stretch at about 2100 (the last 26 iterations), which
     * is its level, 2050-2200 ns/op; the ~3000 plateau is a slow phase it came back from, excluded. Because
     * it had been faster (~1500) earlier, by Barrett's rule it is a slowdown.
     */
    @Test
    void noisy100msSeries() throws IOException {
        double[] x = read("jdk17-ibm037-encode-1k-100ms-noisy.txt").values().iterator().next();
        assertEquals(60, x.length);
        ForkAnalysis a = analyse(x);
        String why = describe("jdk17 IBM037 encode 1k, 100 ms", x, a);
        assertNotEquals(ForkClass.FLAT, a.kind(), why);
        assertEquals(ForkClass.SLOWDOWN, a.kind(), why);
        assertTrue(a.warmup() >= 1 && a.warmup() <= 3, "warm-up " + a.warmup() + "; " + why);
        assertTrue(a.level() >= 2050 && a.level() <= 2200, "level " + a.level() + "; " + why);
        assertTrue(a.kept().length >= 20, "kept " + a.kept().length + "; " + why);
        assertTrue(a.kept()[0] >= 34, "only the final stretch counts; " + why);
        assertTrue(a.slowPhase() >= 9, "the ~3000 plateau is a slow phase: " + a.slowPhase() + "; " + why);
        assertTrue(a.halfWidth() <= 0.02, "half-width " + a.halfWidth() + "; " + why);
        // Driven iteration by iteration with the default cap of 40, the fork runs to its cap: the series
        // is not steady at the end of any prefix shorter than that.
        assertEquals(S.maxIterations(), StoppingRuleTest.stopsAt(new StoppingRule(S), x));
    }

    /**
     * The same benchmark, 150 iterations of 20 ms, very noisy. What the analysis robustly says: the first
     * iterations (24915, 18056, ...) are warm-up, the fork is not flat, and its last stretch (the last 50-odd
     * iterations) is at about 2200 ns/op, the level it reports (2000-2400); the noise is so heavy that the
     * half-width stays above 2%. Driven iteration by iteration, the stopping rule (±5% at a steady end) stops it
     * after 26 iterations, on a stretch at 2160-2350 ns/op: a level inside the band the whole series reports.
     */
    @Test
    void noisy20msSeries() throws IOException {
        double[] x = read("jdk17-ibm037-encode-1k-20ms-noisy.txt").values().iterator().next();
        assertEquals(150, x.length);
        ForkAnalysis a = analyse(x);
        String why = describe("jdk17 IBM037 encode 1k, 20 ms", x, a);
        assertNotEquals(ForkClass.FLAT, a.kind(), why);
        assertTrue(a.kind().steady(), why);
        assertTrue(a.warmup() >= 2, "warm-up " + a.warmup() + "; " + why);
        assertTrue(a.level() >= 2000 && a.level() <= 2400, "level " + a.level() + "; " + why);
        assertTrue(a.halfWidth() > 0.02, "half-width " + a.halfWidth() + "; " + why);
        int stop = StoppingRuleTest.stopsAt(new StoppingRule(S), x);
        assertTrue(stop >= 20 && stop < S.maxIterations(), "stops at " + stop);
        double level = ForkAnalysis.of(Arrays.copyOf(x, stop), S).level();
        assertTrue(level >= 2000 && level <= 2400, "level at the stop " + level);
    }

    /**
     * The stopping rule replayed on 103 real forks of 40 iterations (a standard-preset subset, JDK 17, a
     * disturbed machine): with the default ±5% it stops about two thirds of them before the cap, every early
     * stop is steady and ends in its steady segment, and the level at the stop stays close to the level the
     * whole 40 iterations give.
     */
    @Test
    void stoppingRuleReplayedOnRealForks() throws IOException {
        Map<String, double[]> all = read("jdk17-standard-subset-40-iterations.txt");
        StoppingRule rule = new StoppingRule(S);
        int forks = 0;
        int early = 0;
        int close = 0;
        int compared = 0;
        long iterations = 0;
        for (Map.Entry<String, double[]> e : all.entrySet()) {
            if (e.getKey().endsWith(" availability")) {
                continue;
            }
            double[] x = e.getValue();
            double[] av = all.get(e.getKey() + " availability");
            boolean[] usable = ForkOutcome.usable(av, av.length);
            forks++;
            int stop = x.length;
            for (int k = 1; k <= x.length; k++) {
                if (rule.done(Arrays.copyOf(x, k), Arrays.copyOf(usable, k), null)) {
                    stop = k;
                    break;
                }
            }
            iterations += stop;
            if (stop < x.length) {
                early++;
                ForkAnalysis at = ForkAnalysis.of(Arrays.copyOf(x, stop), Arrays.copyOf(usable, stop), S);
                assertTrue(at.kind().steady(), e.getKey() + " stopped at " + stop + " without being steady");
                assertTrue(at.kept().length >= S.minSteady() && at.halfWidth() <= S.targetHalfWidth(), e.getKey());
                ForkAnalysis whole = ForkAnalysis.of(x, usable, S);
                if (whole.kind().steady()) {
                    compared++;
                    close += Math.abs(at.level() / whole.level() - 1) <= 0.10 ? 1 : 0;
                }
            }
        }
        String why = String.format(Locale.ROOT, "replayed %d forks: %d stopped before 40 iterations, mean %.1f iterations; "
                + "%d of %d early stops within 10%% of the whole series' level", forks, early, (double) iterations / forks,
                close, compared);
        assertEquals(103, forks, why);
        assertTrue(early >= 55, "early stops: " + early + "; " + why);
        assertTrue(close >= 0.9 * compared, close + " of " + compared + "; " + why);
    }

    /**
     * The JIT's compilation time per iteration, replayed on 16 real forks of the Db2 INSERT paths (cap 40): with it the
     * rule does not stop a fork whose last iterations saw a burst of compilation. In {@code column=37-rows=accented-f1}
     * the fork sat at about 1,400-1,500 ns/op from iteration 8 to 19, with bursts of 391, 459 and 428 ms of
     * compilation at iterations 8, 12 and 16, then dropped to about 1,000: the rule alone stops on the plateau at 18
     * (1,460), with the JIT's time it waits and stops at the level the fork ends at.
     */
    @Test
    void jitAtWorkDelaysTheStop() throws IOException {
        Map<String, double[]> all = read("jit-db2-jdk17.txt");
        StoppingRule rule = new StoppingRule(S);
        int forks = 0;
        int later = 0;
        for (Map.Entry<String, double[]> e : all.entrySet()) {
            if (!e.getKey().endsWith(".score")) {
                continue;
            }
            String name = e.getKey().substring(0, e.getKey().length() - ".score".length());
            double[] x = e.getValue();
            double[] jit = all.get(name + ".jit");
            assertEquals(x.length, jit.length, name);
            double[] share = new double[jit.length];
            for (int i = 0; i < jit.length; i++) {
                share[i] = jit[i] / 100.0;
            }
            int without = stopsAt(rule, x, null);
            int with = stopsAt(rule, x, share);
            double levelWithout = ForkAnalysis.of(Arrays.copyOf(x, without), S).level();
            double levelWith = ForkAnalysis.of(Arrays.copyOf(x, with), S).level();
            String why = String.format(Locale.ROOT, "%s stops at %d (level %.0f) without the JIT's time, at %d (level %.0f) with it",
                    name, without, levelWithout, with, levelWith);
            forks++;
            assertTrue(with >= without, why);
            later += with > without ? 1 : 0;
            for (int i = Math.max(0, with - S.minSteady()); i < with; i++) {
                assertTrue(with == x.length || share[i] < StoppingRule.JIT_BUSY, name + " stopped with the JIT at work: " + why);
            }
            if (name.equals("column=37-rows=accented-f1")) {
                assertTrue(without <= 18 && levelWithout > 1300, "without: " + without + "; " + why);
                assertTrue(with >= 24 && levelWith < 1100, "with: " + with + "; " + why);
            }
        }
        assertEquals(16, forks);
        assertTrue(later >= 3, "later stops: " + later);
    }

    /** Where the rule stops a recorded fork: {@link StoppingRuleTest#stopsAt}, or the fork's end when it never does. */
    private static int stopsAt(StoppingRule rule, double[] x, double[] share) {
        int n = StoppingRuleTest.stopsAt(rule, x, share);
        return n < 0 ? x.length : n;
    }
}
