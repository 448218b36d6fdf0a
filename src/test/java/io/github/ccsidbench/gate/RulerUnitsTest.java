package io.github.ccsidbench.gate;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gate compares a pair's forks in units of the machine ruler. Checked on 96 real A/A pairs (the same jar on both
 * sides) measured on a machine that was in slow phases 91-94% of the time: the pairs scatter less, and the gate's whole
 * procedure, replayed on them, catches slowdowns more often without failing unchanged code.
 */
class RulerUnitsTest {

    /** One real pair: the kept iterations of both forks, ns/op and the ruler's ns per pass of each. */
    private record RealPair(double[] baseNs, double[] baseRuler, double[] candidateNs, double[] candidateRuler) {

        PairedComparison.Pair inNs(double slowdown) {
            return new PairedComparison.Pair(baseNs, Arrays.stream(candidateNs).map(x -> x * slowdown).toArray());
        }

        PairedComparison.Pair inRulerUnits(double slowdown) {
            int[] all = java.util.stream.IntStream.range(0, baseNs.length).toArray();
            int[] allC = java.util.stream.IntStream.range(0, candidateNs.length).toArray();
            double[] b = AbGate.inRulerUnits(baseNs, baseRuler, all);
            double[] c = AbGate.inRulerUnits(Arrays.stream(candidateNs).map(x -> x * slowdown).toArray(), candidateRuler, allC);
            return new PairedComparison.Pair(b, c);
        }
    }

    private static List<RealPair> realPairs() throws IOException {
        Map<String, double[][]> base = new LinkedHashMap<>();
        List<RealPair> out = new ArrayList<>();
        try (InputStream in = RulerUnitsTest.class.getResourceAsStream("real-aa-pairs.txt")) {
            assertNotNull(in);
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.trim().split(" ");
                double[] ns = new double[f.length - 2];
                double[] ruler = new double[f.length - 2];
                for (int i = 2; i < f.length; i++) {
                    String[] v = f[i].split("@");
                    ns[i - 2] = Double.parseDouble(v[0]);
                    ruler[i - 2] = Double.parseDouble(v[1]);
                }
                if (f[1].equals("base")) {
                    base.put(f[0], new double[][]{ns, ruler});
                } else {
                    double[][] b = base.remove(f[0]);
                    out.add(new RealPair(b[0], b[1], ns, ruler));
                }
            }
        }
        assertEquals(96, out.size());
        return out;
    }

    @Test
    void iterationsAreDividedByTheirOwnRulerOrNotAtAll() {
        double[] series = {900, 1000, 1200, 1800};
        assertArrayEquals(new double[]{2.0, 3.0}, AbGate.inRulerUnits(series, new double[]{300, 600, 600, 600}, new int[]{2, 3}), 1e-12);
        assertNull(AbGate.inRulerUnits(series, null, new int[]{2, 3}), "a jar without the ruler hooks");
        assertNull(AbGate.inRulerUnits(series, new double[]{300, 600, Double.NaN, 600}, new int[]{2, 3}), "a kept iteration without a sample");
        assertNull(AbGate.inRulerUnits(series, new double[]{300, 600}, new int[]{2, 3}), "fewer samples than iterations");
    }

    private static double quantileOfAbsLog(List<RealPair> pairs, Function<RealPair, PairedComparison.Pair> as, double q) {
        double[] a = pairs.stream().mapToDouble(p -> Math.abs(Math.log(as.apply(p).ratio()))).sorted().toArray();
        return a[(int) Math.floor(q * (a.length - 1))];
    }

    @Test
    void realPairsScatterLessInRulerUnits() throws IOException {
        List<RealPair> pairs = realPairs();
        double nsP90 = quantileOfAbsLog(pairs, p -> p.inNs(1), 0.9);
        double rulerP90 = quantileOfAbsLog(pairs, p -> p.inRulerUnits(1), 0.9);
        double rulerMedian = quantileOfAbsLog(pairs, p -> p.inRulerUnits(1), 0.5);
        System.out.printf("real A/A pairs, |log ratio|: 90th percentile %.1f%% in ns/op, %.1f%% in ruler units (median %.1f%%)%n",
                100 * nsP90, 100 * rulerP90, 100 * rulerMedian);
        assertTrue(nsP90 > 0.15, "these pairs were measured on a disturbed machine: " + nsP90);
        assertTrue(rulerP90 < 0.7 * nsP90 && rulerP90 < 0.14, rulerP90 + " against " + nsP90);
        assertTrue(rulerMedian < 0.06, "the typical pair moves little: " + rulerMedian);
    }

    /** The gate's procedure (2 screening pairs, then {@link Confirmation}) on pairs drawn from the real ones. */
    private static double failShare(List<RealPair> pairs, boolean ruler, double slowdown, int runs) {
        GateThresholds t = GateThresholds.AB;
        SplittableRandom random = new SplittableRandom(42);
        Function<RealPair, PairedComparison.Pair> as = p -> ruler ? p.inRulerUnits(slowdown) : p.inNs(slowdown);
        int fails = 0;
        for (int run = 0; run < runs; run++) {
            List<PairedComparison.Pair> first = List.of(as.apply(pairs.get(random.nextInt(pairs.size()))),
                    as.apply(pairs.get(random.nextInt(pairs.size()))));
            PairedComparison screen = PairedComparison.of("b", first, Double.NaN, Double.NaN, t);
            if (!screen.suspect(t)) {
                continue;
            }
            Confirmation c = new Confirmation(screen, false, ConfirmationPlan.of(t.alpha(), AbGate.CONFIRMATION_PAIRS), t);
            while (c.open()) {
                c.afterRound(as.apply(pairs.get(random.nextInt(pairs.size()))), Double.NaN, Double.NaN);
            }
            fails += c.verdict(Double.NaN, Double.NaN).verdict() == Verdict.FAIL ? 1 : 0;
        }
        return fails / (double) runs;
    }

    @Test
    void theGateOnRealPairsFailsUnchangedCodeRarelyAndCatchesSlowdowns() throws IOException {
        List<RealPair> pairs = realPairs();
        double aa = failShare(pairs, true, 1.0, 2000);
        double ten = failShare(pairs, true, 1.10, 1000);
        double fifteen = failShare(pairs, true, 1.15, 1000);
        double fifteenNs = failShare(pairs, false, 1.15, 1000);
        System.out.printf("gate replayed on real pairs: A/A %.2f%% FAIL; +10%% caught %.0f%%, +15%% %.0f%% (in ns/op: %.0f%%)%n",
                100 * aa, 100 * ten, 100 * fifteen, 100 * fifteenNs);
        assertTrue(aa <= GateThresholds.AB.alpha(), "A/A: " + aa);
        assertTrue(fifteen >= 0.85, "+15%: " + fifteen);
        assertTrue(ten >= 0.55, "+10%: " + ten);
        assertTrue(fifteen > fifteenNs + 0.05, "the ruler's units catch more than ns/op: " + fifteen + " against " + fifteenNs);
    }
}
