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
        List<RealPair> out = realPairs("real-aa-pairs.txt");
        assertEquals(96, out.size());
        return out;
    }

    private static List<RealPair> realPairs(String resource) throws IOException {
        Map<String, double[][]> base = new LinkedHashMap<>();
        List<RealPair> out = new ArrayList<>();
        try (InputStream in = RulerUnitsTest.class.getResourceAsStream(resource)) {
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
        return out;
    }

    private static boolean rulersAgree(RealPair p) {
        int[] all = java.util.stream.IntStream.range(0, p.baseRuler().length).toArray();
        int[] allC = java.util.stream.IntStream.range(0, p.candidateRuler().length).toArray();
        return AbGate.rulersAgree(AbGate.rulerLevel(p.baseRuler(), all), AbGate.rulerLevel(p.candidateRuler(), allC));
    }

    @Test
    void pairsAreComparedInRulerUnitsOnlyWhenTheirRulersAgree() {
        assertTrue(AbGate.rulersAgree(250, 290));
        assertTrue(AbGate.rulersAgree(290, 250));
        assertTrue(!AbGate.rulersAgree(250, 420) && !AbGate.rulersAgree(420, 250), "one fork in the machine's slow state");
        assertTrue(AbGate.rulersAgree(Double.NaN, 420), "no ruler: compared in ns/op, nothing to disagree");
        assertEquals(251, AbGate.rulerLevel(new double[]{900, 251, 250, 252, 999}, new int[]{1, 2, 3}), 1e-12);
        assertTrue(Double.isNaN(AbGate.rulerLevel(new double[]{250, Double.NaN}, new int[]{0, 1})));
        assertTrue(Double.isNaN(AbGate.rulerLevel(null, new int[]{0})));
    }

    /**
     * Real pairs of a candidate slowed by +8%, measured on a quiet host: where one fork ran in a slow state of the
     * machine, the ruler slowed more than the benchmark and its units said -4% to -11% (candidate slow) or +25% (base
     * slow); the gate replayed on all pairs missed the slowdown often. The pairs whose rulers agree all say slower.
     */
    @Test
    void pairsWhoseRulersDisagreeHideARealSlowdownAndAreNotKept() throws IOException {
        List<RealPair> pairs = realPairs("real-slowed-pairs.txt");
        assertEquals(25, pairs.size());
        List<RealPair> agree = pairs.stream().filter(RulerUnitsTest::rulersAgree).toList();
        List<RealPair> apart = pairs.stream().filter(p -> !rulersAgree(p)).toList();
        double[] agreeing = agree.stream().mapToDouble(p -> p.inRulerUnits(1).ratio()).sorted().toArray();
        double[] disagreeing = apart.stream().mapToDouble(p -> p.inRulerUnits(1).ratio()).sorted().toArray();
        System.out.printf("real +8%% pairs in ruler units: %d agree (%.3f .. %.3f, median %.3f), %d apart (%.3f .. %.3f)%n",
                agreeing.length, agreeing[0], agreeing[agreeing.length - 1], agreeing[agreeing.length / 2],
                disagreeing.length, disagreeing[0], disagreeing[disagreeing.length - 1]);
        assertEquals(14, agree.size());
        assertTrue(agreeing[0] > 1.0, "every pair whose rulers agree says slower: " + agreeing[0]);
        double median = agreeing[agreeing.length / 2];
        assertTrue(median > 1.05 && median < 1.12, "their median is the slowdown: " + median);
        assertTrue(Arrays.stream(disagreeing).filter(r -> r < 1.0).count() >= disagreeing.length / 2,
                "most of the others say faster: " + Arrays.toString(disagreeing));
        double kept = failShare(agree, true, 1.0, 1000);
        double all = failShare(pairs, true, 1.0, 1000);
        System.out.printf("gate replayed on them: +8%% caught %.0f%% with the pairs whose rulers agree, %.0f%% with all%n",
                100 * kept, 100 * all);
        assertTrue(kept >= 0.6 && kept > all + 0.4, kept + " against " + all);
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
        // As the gate keeps them: only the pairs whose rulers agree (on this disturbed machine, most of them).
        List<RealPair> agree = pairs.stream().filter(RulerUnitsTest::rulersAgree).toList();
        double aaAgree = failShare(agree, true, 1.0, 2000);
        double tenAgree = failShare(agree, true, 1.10, 1000);
        double fifteenAgree = failShare(agree, true, 1.15, 1000);
        System.out.printf("the %d of them whose rulers agree: A/A %.2f%% FAIL; +10%% caught %.0f%%, +15%% %.0f%%%n",
                agree.size(), 100 * aaAgree, 100 * tenAgree, 100 * fifteenAgree);
        assertTrue(agree.size() > pairs.size() / 2, "most pairs are kept: " + agree.size());
        assertTrue(aaAgree <= GateThresholds.AB.alpha(), "A/A: " + aaAgree);
        assertTrue(fifteenAgree >= 0.85, "+15%: " + fifteenAgree);
    }
}
