package io.github.ccsidbench.gate;

import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.CcsidBenchException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The A/B gate's paired statistics on synthetic forks: each pair shares a machine factor (the drift the
 * pairing cancels), each fork has its own JIT-outcome factor, each iteration its own noise.
 */
class PairedComparisonTest {

    private static final GateThresholds T = GateThresholds.AB;

    /**
     * {@code n} pairs of forks of 10 iterations: machine factor per pair up to ±30% (shared by both forks of the
     * pair), fork factor sd {@code forkSd}, iteration noise 3%; the candidate is {@code slowdown} times the base.
     */
    static List<PairedComparison.Pair> pairs(long seed, int n, double slowdown, double forkSd) {
        SplittableRandom r = new SplittableRandom(seed);
        List<PairedComparison.Pair> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double machine = 1 + 0.3 * (r.nextDouble() * 2 - 1);
            out.add(new PairedComparison.Pair(fork(r, 1000 * machine, forkSd), fork(r, 1000 * machine * slowdown, forkSd)));
        }
        return out;
    }

    private static double[] fork(SplittableRandom r, double level, double forkSd) {
        double f = level * Math.exp(forkSd * gaussian(r));
        double[] x = new double[10];
        for (int i = 0; i < x.length; i++) {
            x[i] = f * Math.exp(0.03 * gaussian(r));
        }
        return x;
    }

    private static double gaussian(SplittableRandom r) {
        return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
    }

    /** A/A over 200 seeds, 2 pairs then 4 confirmation pairs as the gate runs them: no confirmed FAIL; prints WARNs. */
    @Test
    void unchangedCodeIsNeverAConfirmedFailure() {
        int warns = 0;
        int firstStage = 0;
        for (long seed = 0; seed < 200; seed++) {
            List<PairedComparison.Pair> first = pairs(seed, 2, 1.0, 0.03);
            PairedComparison c = PairedComparison.of("b", first, Double.NaN, Double.NaN, T, seed);
            if (c.suspect()) {
                firstStage++;
                List<PairedComparison.Pair> more = pairs(seed + 10_000, 4, 1.0, 0.03);
                List<PairedComparison.Pair> all = new ArrayList<>(first);
                all.addAll(more);
                c = PairedComparison.of("b", all, Double.NaN, Double.NaN, T, seed)
                        .confirmedBy(PairedComparison.of("b", more, Double.NaN, Double.NaN, T, seed + 1), T);
            }
            assertTrue(c.verdict() != Verdict.FAIL, "seed " + seed + ": " + c);
            warns += c.verdict() == Verdict.WARN ? 1 : 0;
        }
        System.out.printf("A/A, 200 seeds: %d suspects after 2 pairs, %d WARN after confirmation, 0 FAIL%n", firstStage, warns);
    }

    /** The machine factor (±30% per pair) cancels: a 25% slowdown fails in nearly every seed. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void aQuarterSlowerFailsDespiteTheMachineDrift(long seed) {
        PairedComparison c = PairedComparison.of("b", pairs(seed, 4, 1.25, 0.03), Double.NaN, Double.NaN, T, seed);
        assertEquals(Verdict.FAIL, c.verdict(), c.toString());
        assertTrue(c.low() > 1.1 && c.high() < 1.4, c.low() + " .. " + c.high());
        assertTrue(c.pSlower() < 0.01);
    }

    @Test
    void fasterIsImprovedAndAllocationFailsWithoutATest() {
        PairedComparison faster = PairedComparison.of("b", pairs(3, 4, 0.7, 0.02), Double.NaN, Double.NaN, T, 3);
        assertEquals(Verdict.IMPROVED, faster.verdict(), faster.toString());
        PairedComparison allocating = PairedComparison.of("b", pairs(3, 2, 1.0, 0.02), 1000, 1100, T, 3);
        assertEquals(Verdict.FAIL, allocating.verdict());
        assertTrue(!allocating.timingFailure() && !allocating.suspect(), "allocation needs no confirmation");
        PairedComparison within = PairedComparison.of("b", pairs(3, 2, 1.0, 0.02), 1000, 1010, T, 3);
        assertTrue(within.reasons().stream().noneMatch(r -> r.startsWith("allocates")), "10 B is under 16 B");
    }

    @Test
    void aFailureNotConfirmedByItsOwnPairsIsAWarning() {
        PairedComparison failing = PairedComparison.of("b", pairs(1, 2, 1.3, 0.01), Double.NaN, Double.NaN, T, 1);
        assertEquals(Verdict.FAIL, failing.verdict(), failing.toString());
        PairedComparison unchanged = PairedComparison.of("b", pairs(2, 4, 1.0, 0.01), Double.NaN, Double.NaN, T, 2);
        PairedComparison after = failing.confirmedBy(unchanged, T);
        assertEquals(Verdict.WARN, after.verdict());
        assertTrue(after.reasons().get(after.reasons().size() - 1).startsWith("not confirmed"), after.reasons().toString());
        PairedComparison again = PairedComparison.of("b", pairs(3, 4, 1.3, 0.01), Double.NaN, Double.NaN, T, 3);
        assertEquals(Verdict.FAIL, failing.confirmedBy(again, T).verdict());
    }

    @Test
    void theSameSeedGivesTheSameInterval() {
        List<PairedComparison.Pair> p = pairs(9, 3, 1.1, 0.03);
        PairedComparison a = PairedComparison.of("b", p, Double.NaN, Double.NaN, T, 42);
        PairedComparison b = PairedComparison.of("b", p, Double.NaN, Double.NaN, T, 42);
        assertEquals(a.low(), b.low());
        assertEquals(a.high(), b.high());
        assertEquals(a.pSlower(), b.pSlower());
    }

    /** A stored baseline from another machine is refused in one line; the same machine is accepted. */
    @Test
    void aStoredBaselineFromAnotherMachineIsRefused() {
        RunEnvironment here = RunEnvironment.capture("gate", "t", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        GateRunner.checkSameMachine(Path.of("b.json"), here, here);
        RunEnvironment other = new RunEnvironment(here.date(), here.preset(), here.timing(), here.forkJvm(), here.forkJavaVendor(),
                here.os(), "AMD EPYC 7763 64-Core Processor", here.cores(), here.hostJava(), here.commit(), here.ccsidBenchVersion(),
                here.jmhVersion(), here.icu4jVersion(), here.jt400Version(), "", here.cpuFeatures(), here.vector());
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> GateRunner.checkSameMachine(Path.of("b.json"), other, here));
        assertTrue(e.getMessage().contains("AMD EPYC") && e.getMessage().contains("--allow-machine-change")
                && !e.getMessage().contains("\n"), e.getMessage());
    }
}
