package io.github.ccsidbench.gate;

import io.github.ccsidbench.stats.ConfirmationPlan;
import io.github.ccsidbench.stats.SignedRank;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The confirmation pairs' looks and levels, and one suspect's confirmation as the gate runs it. */
class ConfirmationPlanTest {

    private static final GateThresholds T = GateThresholds.AB;

    @Test
    void theDefaultLooksAfter8And12And16PairsWithinTheGatesLevel() {
        ConfirmationPlan plan = ConfirmationPlan.of(0.01, 0.025, AbGate.CONFIRMATION_PAIRS);
        assertArrayEquals(new int[]{8, 12, 16}, plan.looks());
        assertArrayEquals(new double[]{0.004, 0.003, 0.003}, plan.alphas(), 1e-12);
        assertTrue(Arrays.stream(plan.alphas()).sum() <= 0.01 + 1e-12, "the looks' levels add up to the gate's");
        assertEquals(0.025, Arrays.stream(plan.claimAlphas()).sum(), 1e-12, "and the claims' to the confirmation's share");
        assertTrue(SignedRank.smallestP(8) < plan.alphas()[0], "8 pairs can reach the first look's level");
        assertEquals("at 8, 12 and 16 pairs (p < 0.004, 0.003, 0.003)", plan.describe());
        assertEquals(0.004, plan.alphas()[plan.lookAfter(5)], 1e-12);
        assertEquals(0.003, plan.alphas()[plan.lookAfter(13)], 1e-12);
        assertEquals(-1, plan.lookAt(9));
        assertEquals(1, plan.lookAt(12));
        assertEquals(8, plan.nextLook(0));
        assertEquals(12, plan.nextLook(8));
        assertEquals(16, plan.nextLook(13));
        assertEquals(16, plan.nextLook(16));
    }

    /** The time budget goes first to the suspects that look most like a change, in their own direction. */
    @Test
    void promiseRanksSuspectsByHowMuchTheyLookLikeAChange() {
        ConfirmationPlan plan = ConfirmationPlan.of(0.01, 0.025, 16);
        Confirmation big = new Confirmation(screen(1.3), false, plan, T);
        Confirmation small = new Confirmation(screen(1.05), false, plan, T);
        Confirmation gain = new Confirmation(screen(0.7), true, plan, T);
        assertTrue(big.promise() > small.promise() && small.promise() > 0, big.promise() + " " + small.promise());
        assertTrue(gain.promise() > 0.3, "a gain is promising in its own direction: " + gain.promise());
        for (int i = 0; i < 3; i++) {
            big.afterRound(pair(0.99 + i * 0.001), Double.NaN, Double.NaN);
        }
        assertTrue(big.promise() < small.promise(), "its own pairs replace the screen once it has 2: " + big.promise());
    }

    /**
     * A budget that stops suspects before their first look names the one that would not: the time it took and the pairs
     * to every suspect's first look at the run's pace, the half minute for the files and a minute's margin; one that stops
     * none names none.
     */
    @Test
    void aBudgetThatStopsSuspectsBeforeTheirFirstLookNamesOneThatWouldNot() {
        ConfirmationPlan plan = ConfirmationPlan.of(0.01, 0.025, 16);
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        io.github.ccsidbench.suite.Progress progress = new io.github.ccsidbench.suite.Progress(
                new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8), 0, java.time.Duration.ofSeconds(2));
        List<Confirmation> ten = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ten.add(new Confirmation(screen(1.05 + i / 100.0), false, plan, T));
        }
        // 45 s of a minute gone, a pair every 2 s: 8 pairs to the first look take 16 s, and none of the ten fits
        TimeBudget tight = new TimeBudget(java.util.Optional.of(java.time.Duration.ofSeconds(60)),
                System.nanoTime() - 45_000_000_000L);
        tight.allot(ten, plan, 0, java.time.Duration.ofSeconds(2), progress);
        assertTrue(ten.stream().noneMatch(Confirmation::open), "all ten stopped before their first look");
        assertEquals(5, tight.firstLooksMinutes(), "45 s + 10 x 16 s + 30 s = 3m55s: 4 minutes and one of margin");
        assertTrue(err.toString(java.nio.charset.StandardCharsets.UTF_8).contains("at this run's pace (a kept pair every 2.0 s,"
                + " pairs measured again included), --budget 5 would give every suspect its first look"), err.toString());
        TimeBudget cut = new TimeBudget(java.util.Optional.of(java.time.Duration.ofSeconds(60)), System.nanoTime() - 45_000_000_000L);
        cut.screenShort(30); // the screen gave up 30 pairs: a minute more at a pair every 2 s
        List<Confirmation> again = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            again.add(new Confirmation(screen(1.05 + i / 100.0), false, plan, T));
        }
        cut.allot(again, plan, 0, java.time.Duration.ofSeconds(2), progress);
        assertEquals(6, cut.firstLooksMinutes(), "45 s + 30 x 2 s + 10 x 16 s + 30 s = 4m55s: 5 minutes and one of margin");
        List<Confirmation> two = List.of(new Confirmation(screen(1.1), false, plan, T), new Confirmation(screen(1.2), false, plan, T));
        TimeBudget ample = new TimeBudget(java.util.Optional.of(java.time.Duration.ofSeconds(600)), System.nanoTime());
        ample.allot(two, plan, 0, java.time.Duration.ofSeconds(2), progress);
        assertTrue(two.stream().allMatch(Confirmation::open));
        assertEquals(0, ample.firstLooksMinutes());
    }

    /**
     * When the host slows between looks, the budget stops the least promising suspects at once, so that the others still
     * reach their look: ten suspects at 4 pairs of 8, 15 s left at a pair every 2 s, 8 s each to the look: one goes on.
     * Stopping none until the budget is used up left all of them short of their first look.
     */
    @Test
    void aHostThatSlowsBetweenLooksStopsTheLeastPromisingAtOnce() {
        ConfirmationPlan plan = ConfirmationPlan.of(0.01, 0.025, 16);
        List<Confirmation> ten = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            Confirmation c = new Confirmation(screen(1.05), false, plan, T);
            for (int round = 1; round <= 4; round++) {
                c.afterRound(pair(1.0 + (i + round) % 3 / 100.0), Double.NaN, Double.NaN);
            }
            ten.add(c);
        }
        assertTrue(ten.stream().allMatch(Confirmation::open));
        TimeBudget slowed = new TimeBudget(java.util.Optional.of(java.time.Duration.ofSeconds(60)),
                System.nanoTime() - 45_000_000_000L);
        io.github.ccsidbench.suite.Progress quiet = new io.github.ccsidbench.suite.Progress(
                new java.io.PrintStream(java.io.OutputStream.nullOutputStream()), 0, java.time.Duration.ofSeconds(2));
        slowed.allot(ten, plan, 4, java.time.Duration.ofSeconds(2), quiet);
        assertEquals(1, ten.stream().filter(Confirmation::open).count(), "one suspect's 4 pairs to its look fit in 15 s");
        Confirmation stopped = ten.stream().filter(c -> !c.open()).findFirst().orElseThrow();
        List<String> reasons = stopped.verdict(Double.NaN, Double.NaN).reasons();
        assertTrue(reasons.get(reasons.size() - 1).startsWith("stopped after 4 pairs: no time left in the gate's budget of 1m00s"
                + " for the 4 pairs to its next look"), reasons.toString());
        assertEquals(0, slowed.firstLooksMinutes(), "not the round before the first look");
    }

    /** A suspect stopped after pairs given up is told the pairs it kept and the pairs its next look needs, not rounds. */
    @Test
    void aSuspectStoppedAfterPairsGivenUpCountsThePairsItKept() {
        ConfirmationPlan plan = ConfirmationPlan.of(0.01, 0.025, 16);
        Confirmation c = new Confirmation(screen(1.05), false, plan, T);
        for (int round = 1; round <= 16; round++) { // 14 kept pairs that decide nothing, 2 given up
            c.afterRound(round == 5 || round == 9 ? null : pair(round % 2 == 0 ? 1.6 : 0.6), Double.NaN, Double.NaN);
        }
        assertTrue(c.open(), "undecided, with two places left");
        assertEquals(14, c.pairs());
        TimeBudget tight = new TimeBudget(java.util.Optional.of(java.time.Duration.ofSeconds(60)),
                System.nanoTime() - 59_000_000_000L);
        io.github.ccsidbench.suite.Progress quiet = new io.github.ccsidbench.suite.Progress(
                new java.io.PrintStream(java.io.OutputStream.nullOutputStream()), 0, java.time.Duration.ofSeconds(2));
        tight.allot(List.of(c), plan, 16, java.time.Duration.ofSeconds(2), quiet);
        assertFalse(c.open());
        List<String> reasons = c.verdict(Double.NaN, Double.NaN).reasons();
        assertTrue(reasons.get(reasons.size() - 1).startsWith("stopped after 14 pairs: no time left in the gate's budget of"
                + " 1m00s for the 2 pairs to its next look"), reasons.toString());
        assertEquals(0, tight.firstLooksMinutes(), "not a first look");
    }

    @Test
    void fewConfirmationPairsAreOneLookAtTheEndAndALowLevelStartsLater() {
        ConfirmationPlan eight = ConfirmationPlan.of(0.01, 0.025, 8);
        assertArrayEquals(new int[]{8}, eight.looks());
        assertArrayEquals(new double[]{0.01}, eight.alphas(), 1e-12);
        assertArrayEquals(new int[]{11}, ConfirmationPlan.of(0.01, 0.025, 11).looks());
        ConfirmationPlan twelve = ConfirmationPlan.of(0.01, 0.025, 12);
        assertArrayEquals(new int[]{8, 12}, twelve.looks());
        assertArrayEquals(new double[]{0.004, 0.006}, twelve.alphas(), 1e-12);
        // At 0.001 the first test needs 0.0004, which only 12 pairs can reach (2^-12 = 0.00024); a claim-only look at 8.
        ConfirmationPlan low = ConfirmationPlan.of(0.001, 0.025, 16);
        assertArrayEquals(new int[]{8, 12, 16}, low.looks());
        assertArrayEquals(new double[]{0, 0.0004, 0.0006}, low.alphas(), 1e-12);
    }

    /**
     * FAIL's alpha is shared over the run's suspects (Bonferroni), the claim's half over the looks: with 5 suspects the
     * first test needs 0.4 x 0.002, which 11 pairs reach (2^-11 = 0.00049), and a claim-only look comes at 8; the screen
     * keeps the other half of the claim.
     */
    @Test
    void theRunsSuspectsShareFailsAlpha() {
        ConfirmationPlan five = T.plan(5, 16);
        assertArrayEquals(new int[]{8, 11, 16}, five.looks());
        assertTrue(five.claimOnly(0) && !five.claimOnly(1));
        assertEquals(0.002, Arrays.stream(five.alphas()).sum(), 1e-12);
        assertArrayEquals(new double[]{0.025 / 3, 0.025 / 3, 0.025 / 3}, five.claimAlphas(), 1e-12);
        assertEquals(0.025, T.screenClaimLevel(), 1e-12);
        assertEquals(T.plan(1, 16).looks().length, T.plan(0, 16).looks().length, "no suspect counts as one");
        assertArrayEquals(new int[]{9, 16}, T.plan(2, 16).looks(), "no claim-only look at 8, a pair before the test at 9");
        assertArrayEquals(new int[]{10, 16}, T.plan(3, 16).looks(), "nor at 8 before 10");
    }

    /**
     * Forks in two modes (380 and 910 ns/op, the first share codec's two levels), each fork's mode a coin
     * with {@code pSlowBase} and {@code pSlowCandidate}, the candidate {@code change} slower within its mode.
     */
    private static Confirmation inModes(long seed, double pSlowBase, double pSlowCandidate, double change) {
        java.util.Random r = new java.util.Random(seed);
        Confirmation c = new Confirmation(screen(1.0), false, ConfirmationPlan.of(0.01, 0.025, 16), T);
        while (c.open()) {
            double b = (r.nextDouble() < pSlowBase ? 910 : 380) * (1 + 0.01 * r.nextGaussian());
            double k = (r.nextDouble() < pSlowCandidate ? 910 : 380) * change * (1 + 0.01 * r.nextGaussian());
            c.afterRound(new PairedComparison.Pair(new double[]{b, b}, new double[]{k, k}), Double.NaN, Double.NaN);
        }
        return c;
    }

    /**
     * An unchanged benchmark in modes 2.4x apart, half its forks in each, is never a PASS and never a FAIL: how often each
     * side lands in the slow mode cannot be bounded closely enough in 16 pairs. Its CANNOT_TELL names the modes and levels.
     */
    @Test
    void anUnchangedBenchmarkInModesCannotTellAndNamesItsModes() {
        for (long seed = 1; seed <= 40; seed++) {
            PairedComparison v = inModes(seed, 0.5, 0.5, 1.0).verdict(Double.NaN, Double.NaN);
            assertEquals(Verdict.CANNOT_TELL, v.verdict(), "seed " + seed + ": " + v.reasons());
            String modes = v.reasons().stream().filter(x -> x.startsWith(Confirmation.IN_MODES)).findFirst().orElseThrow();
            assertTrue(modes.matches(".*: 3\\d\\d ns/op \\(base \\d+ forks, candidate \\d+\\) and 9\\d\\d ns/op.*"), modes);
            assertTrue(v.reasons().stream().anyMatch(x -> x.startsWith("no bound below +8.0% for both")), v.reasons().toString());
        }
    }

    /**
     * A slowdown inside the mode most forks run in fails: on the pairs whose forks both ran in it when the pairs hold both
     * modes, on all of them when they happen to hold one; never a PASS. The half of the level the same-mode test gets, and
     * the pairs in opposite modes it leaves out, cost power.
     */
    @Test
    void aSlowdownWithinTheCommonModeFailsOnTheSameModePairs() {
        int sameMode = 0;
        int failed = 0;
        for (long seed = 1; seed <= 20; seed++) {
            PairedComparison v = inModes(seed, 0.85, 0.85, 1.15).verdict(Double.NaN, Double.NaN);
            assertTrue(v.verdict() == Verdict.FAIL || v.verdict() == Verdict.CANNOT_TELL, "seed " + seed + ": " + v.reasons());
            failed += v.verdict() == Verdict.FAIL ? 1 : 0;
            sameMode += v.verdict() == Verdict.FAIL && v.reasons().stream().anyMatch(x -> x.contains("ran in the same mode (")) ? 1 : 0;
        }
        assertTrue(failed >= 17, "FAIL in " + failed + " of 20, the rest CANNOT_TELL");
        assertTrue(sameMode >= 5, "failed on the same-mode pairs in " + sameMode + " of 20");
    }

    /**
     * Modes 1.3x apart with few forks in the slow one (a machine's slow episodes): how often each side lands there moves
     * the mean little, and both bounds together make the claim.
     */
    @Test
    void rareModesCloseTogetherStillPass() {
        int passed = 0;
        for (long seed = 1; seed <= 20; seed++) {
            java.util.Random r = new java.util.Random(seed);
            Confirmation c = new Confirmation(screen(1.0), false, ConfirmationPlan.of(0.01, 0.025, 16), T);
            while (c.open()) {
                double b = (r.nextDouble() < 0.1 ? 520 : 400) * (1 + 0.01 * r.nextGaussian());
                double k = (r.nextDouble() < 0.1 ? 520 : 400) * (1 + 0.01 * r.nextGaussian());
                c.afterRound(new PairedComparison.Pair(new double[]{b, b}, new double[]{k, k}), Double.NaN, Double.NaN);
            }
            PairedComparison v = c.verdict(Double.NaN, Double.NaN);
            assertTrue(v.verdict() == Verdict.PASS || v.verdict() == Verdict.CANNOT_TELL, v.reasons().toString());
            passed += v.verdict() == Verdict.PASS ? 1 : 0;
        }
        assertTrue(passed >= 15, passed + " of 20 passed");
    }

    /**
     * Pairs whose two forks share the machine's state: a share {@code slowShare} of the pairs run both forks 1.6x slow (a
     * neighbour, for the whole pair), each fork with its own scatter {@code noise} (log), the candidate {@code change}
     * slower.
     */
    private static Confirmation sharedState(long seed, double change, double noise, double slowShare) {
        java.util.Random r = new java.util.Random(seed);
        Confirmation c = new Confirmation(screen(1.0), false, ConfirmationPlan.of(0.01, 0.025, 16), T);
        while (c.open()) {
            double machine = r.nextDouble() < slowShare ? 1.6 : 1;
            double b = 400 * machine * StrictMath.exp(noise * r.nextGaussian());
            double k = 400 * machine * change * StrictMath.exp(noise * r.nextGaussian());
            c.afterRound(new PairedComparison.Pair(new double[]{b, b}, new double[]{k, k}), Double.NaN, Double.NaN);
        }
        return c;
    }

    /**
     * Two levels that both forks of every pair share are the machine's state, not the JIT's modes: no pair compares one
     * with the other, so the pairs are judged together at the look's whole level, exactly as the same pairs without the
     * state are (the state cancels in each pair's ratio), and the reasons say so. Judged in modes, each of two tests at
     * half the level, the unchanged benchmark passed in 43 of these 60 seeds where the same pairs without the state did
     * in 49.
     */
    @Test
    void levelsBothForksOfEveryPairShareAreJudgedTogether() {
        int passed = 0;
        int passedWithout = 0;
        int failed = 0;
        int shared = 0;
        int aaFailed = 0;
        for (long seed = 1; seed <= 60; seed++) {
            PairedComparison v = sharedState(seed, 1.0, 0.06, 1 / 3.0).verdict(Double.NaN, Double.NaN);
            passed += v.verdict() == Verdict.PASS ? 1 : 0;
            aaFailed += v.verdict() == Verdict.FAIL ? 1 : 0;
            passedWithout += sharedState(seed, 1.0, 0.06, 0).verdict(Double.NaN, Double.NaN).verdict() == Verdict.PASS ? 1 : 0;
            assertTrue(v.reasons().stream().noneMatch(x -> x.startsWith(Confirmation.IN_MODES)), v.reasons().toString());
            shared += v.reasons().stream().anyMatch(x -> x.matches(Confirmation.SHARED_LEVELS + ", [34]\\d\\d and [56]\\d\\d ns/op, .*")) ? 1 : 0;
            failed += sharedState(seed, 1.15, 0.06, 1 / 3.0).verdict(Double.NaN, Double.NaN).verdict() == Verdict.FAIL ? 1 : 0;
        }
        assertEquals(passedWithout, passed, "A/A PASSes with the shared state and without it");
        assertTrue(shared >= 45, "the two levels named in " + shared + " of 60 (the rest too close to tell apart)");
        assertEquals(0, aaFailed, "A/A FAILs");
        assertTrue(failed >= 57, "+15% failed in " + failed + " of 60");
    }

    /** The share bound: no pair in opposite modes moves nothing; 2 of 16, both the candidate's, at most 2/16 of the gap. */
    @Test
    void theShareBoundIsTheClopperPearsonShareTimesTheGap() {
        assertEquals(1, PairModes.shareBound(0, 0, 16, 2.4, 0.0125));
        assertEquals(1 + 2 / 16.0 * 1.4, PairModes.shareBound(2, 0, 16, 2.4, 0.0125), 1e-12);
        // scipy.stats.beta.ppf(1 - 0.0125, 5, 4) = 0.871233: 1 + 8/16 * (2 * 0.871233 - 1) * 1.4
        assertEquals(1 + 0.5 * (2 * 0.8712333 - 1) * 1.4, PairModes.shareBound(4, 4, 16, 2.4, 0.0125), 1e-6);
    }

    /** A candidate that lands in the slow mode every time, where the base mostly did not, fails on McNemar's test. */
    @Test
    void aCandidateThatLandsInTheSlowModeMoreOftenFails() {
        PairedComparison v = inModes(3, 0.2, 1.0, 1.0).verdict(Double.NaN, Double.NaN);
        assertEquals(Verdict.FAIL, v.verdict(), v.reasons().toString());
        assertTrue(v.reasons().stream().anyMatch(x -> x.contains("the candidate's fork was the slow one")), v.reasons().toString());
    }

    /** What would decide a CANNOT_TELL: pairs enough, at the spread seen, for the bound; or, past 200, a quieter machine. */
    @Test
    void wouldDecideSaysHowManyPairsAndTheBudgetTheyTake() {
        double[] logs = {0.05, -0.05, 0.10, -0.08, 0.02, 0.06, -0.03, 0.04};
        String advice = T.wouldDecide(logs, 12);
        assertTrue(advice.matches("about \\d+ pairs at this spread \\(sd 6\\.\\d% per pair\\) would bring its bound below \\+8\\.0%:"
                + " measure it again with --confirmation-pairs \\d+ --budget \\d+"), advice);
        String hopeless = T.wouldDecide(new double[]{0.6, -0.6, 0.5, -0.55, 0.1}, 12);
        assertTrue(hopeless.contains("more than 200 pairs: a quieter machine decides it"), hopeless);
        assertEquals("", T.wouldDecide(new double[]{0.1, 0.2}, 12));
    }

    /**
     * A CANNOT_TELL with too few pairs of its own is advised at the run's pooled spread, were it unchanged. At sd 13.5% a
     * pair, a narrow gate of 26 confirmation pairs looks at 8, 12, 16, 20 and 26, its claim at 2.5% / 5 a look, and
     * Student's t (25 degrees of freedom: 2.787) puts its last look's bound below +8% at (2.787 x 0.135 / ln 1.08)² /
     * 0.955 = 25.0 pairs: 26 (25 pairs: 25.2). Not 13, the count at one look of 2.5% (z 1.96), which the advice said
     * until it counted the plan's looks: a plan of 13 looks at 8 and 13, and bounds it below +8% in about 28% of gates.
     */
    @Test
    void tooFewPairsOfItsOwnAreAdvisedAtTheRunsPooledSpread() {
        String advice = T.wouldDecide(0.135, 13, 12);
        assertEquals("about 26 pairs at the spread of this run's pairs (sd 13.5% per pair, over 13 benchmarks), were it unchanged,"
                + " would bring its bound below +8.0%: measure it again with --confirmation-pairs 26 --budget 8", advice);
        assertTrue(T.wouldDecide(0.60, 13, 12).contains("more than 200 pairs: a quieter machine decides it"));
    }

    /**
     * The advice holds for the test the gate makes: narrow gates of the advised pairs, drawn at the spread the advice
     * names with no change, bring the exact signed-rank bound of the plan's last look below +8% in about half of them
     * (the normal approximation aims the mean bound at the threshold). Seeded; 2,000 gates a spread.
     */
    @Test
    void theAdvisedPairsBringTheBoundBelowTheThresholdAboutHalfTheTime() {
        java.util.Random random = new java.util.Random(67);
        for (double sd : new double[]{0.135, 0.2, 0.25}) { // spreads that need more than the 12 pairs advised at least
            int n = T.pairsToDecide(Math.log(T.failRatio()), sd, true);
            ConfirmationPlan plan = T.plan(1, n);
            double level = plan.claimAlphas()[plan.looks().length - 1];
            int below = 0;
            int gates = 2000;
            for (int g = 0; g < gates; g++) {
                double[] logs = new double[n];
                for (int i = 0; i < n; i++) {
                    logs[i] = sd * random.nextGaussian();
                }
                below += SignedRank.upperBound(logs, level) < Math.log(T.failRatio()) ? 1 : 0;
            }
            double share = (double) below / gates;
            assertTrue(share >= 0.45 && share <= 0.75, "sd " + sd + ": " + n + " pairs bound it below +8% in " + share);
        }
    }

    /**
     * With 20 suspects the first count that can reach 0.4 x 0.01 / 20 is 13, past 16 - 4: one test, at 16. The claim
     * looks at 8 and 12 come before it, so that a time budget short of 16 pairs per suspect still lets it make the claim.
     */
    @Test
    void manySuspectsGetClaimOnlyLooksBeforeTheirOnlyTest() {
        ConfirmationPlan plan = T.plan(20, 16);
        assertArrayEquals(new int[]{8, 12, 16}, plan.looks());
        assertArrayEquals(new double[]{0, 0, 0.0005}, plan.alphas(), 1e-12);
        assertEquals(0.025, Arrays.stream(plan.claimAlphas()).sum(), 1e-12);
        assertEquals("at 8, 12 and 16 pairs (the claim only at 8 and 12; p < 0.0005 at 16)", plan.describe());
        assertEquals(8, plan.nextLook(0), "the time budget needs room for 8 pairs, not 16");
        assertEquals("at 8, 11 and 16 pairs (the claim only at 8; p < 0.0008, 0.0012 at 11 and 16)", T.plan(5, 16).describe());
    }

    /** An unchanged suspect with quiet pairs makes the claim at the claim-only look; a clear regression goes on to FAIL. */
    @Test
    void aClaimOnlyLookPassesTheUnchangedAndNeverFails() {
        ConfirmationPlan plan = T.plan(20, 16);
        Confirmation same = new Confirmation(screen(1.09), false, plan, T);
        for (int i = 0; same.open(); i++) {
            same.afterRound(pair(0.99 + (i % 3) * 0.01), Double.NaN, Double.NaN);
        }
        assertEquals(8, same.rounds());
        assertEquals(Verdict.PASS, same.verdict(Double.NaN, Double.NaN).verdict());
        Confirmation slow = new Confirmation(screen(1.3), false, plan, T);
        for (int i = 0; slow.open(); i++) {
            slow.afterRound(pair(1.3 + i * 0.001), Double.NaN, Double.NaN);
        }
        assertEquals(16, slow.rounds(), "no FAIL before the test look");
        assertEquals(Verdict.FAIL, slow.verdict(Double.NaN, Double.NaN).verdict());
        Confirmation gain = new Confirmation(screen(0.7), true, plan, T);
        for (int i = 0; gain.open(); i++) {
            gain.afterRound(pair(0.7 + i * 0.001), Double.NaN, Double.NaN);
        }
        assertEquals(16, gain.rounds(), "an improvement suspect is not decided by a claim");
        assertEquals(Verdict.IMPROVED, gain.verdict(Double.NaN, Double.NaN).verdict());
    }

    /** The plan without its claim-only looks, the claim's level shared over the test looks alone: the plan before them. */
    private static ConfirmationPlan withoutClaimOnlyLooks(ConfirmationPlan p) {
        List<Integer> looks = new ArrayList<>();
        List<Double> alphas = new ArrayList<>();
        for (int i = 0; i < p.looks().length; i++) {
            if (!p.claimOnly(i)) {
                looks.add(p.looks()[i]);
                alphas.add(p.alphas()[i]);
            }
        }
        double[] claims = new double[looks.size()];
        Arrays.fill(claims, Arrays.stream(p.claimAlphas()).sum() / claims.length);
        return new ConfirmationPlan(looks.stream().mapToInt(Integer::intValue).toArray(),
                alphas.stream().mapToDouble(Double::doubleValue).toArray(), claims);
    }

    /**
     * On the same draws, claim-only looks change no FAIL of a slowed benchmark and miss it no more often: simulated runs
     * of 35 (forks in modes, {@link GatePowerTest#modesPair}), the slowed benchmark confirmed with and without them.
     */
    @Test
    void claimOnlyLooksChangeNoFailOnTheSameDraws() {
        for (double slowdown : new double[]{1.10, 1.16}) {
            int[] fails = new int[2];
            int[] missed = new int[2];
            for (int run = 0; run < 200; run++) {
                for (int without = 0; without < 2; without++) {
                    java.util.SplittableRandom r = new java.util.SplittableRandom(1000 + run);
                    java.util.Map<String, List<PairedComparison.Pair>> pairs = new java.util.LinkedHashMap<>();
                    for (int b = 0; b < PairedComparisonTest.RUN; b++) {
                        List<PairedComparison.Pair> p = new ArrayList<>();
                        for (int i = 0; i < AbGate.SCREEN_PAIRS; i++) {
                            p.add(GatePowerTest.modesPair(r, b == 0 ? slowdown : 1, b == 1 ? GatePowerTest.NOISY : 1));
                        }
                        pairs.put("b" + b, p);
                    }
                    Screen screen = Screen.of(pairs, java.util.Map.of(), T, java.util.Map.of());
                    if (screen.suspicion("b0") == null) {
                        continue;
                    }
                    int suspects = (int) pairs.keySet().stream().filter(k -> screen.improvementSuspect(k) || screen.suspicion(k) != null).count();
                    ConfirmationPlan plan = T.plan(suspects, AbGate.CONFIRMATION_PAIRS);
                    Confirmation c = new Confirmation(screen.comparisons().get(0).withReasons(List.of("screen")), false,
                            without == 1 ? withoutClaimOnlyLooks(plan) : plan, T);
                    while (c.open()) {
                        c.afterRound(GatePowerTest.modesPair(r, slowdown, 1), Double.NaN, Double.NaN);
                    }
                    Verdict v = c.verdict(Double.NaN, Double.NaN).verdict();
                    fails[without] += v == Verdict.FAIL ? 1 : 0;
                    missed[without] += v == Verdict.PASS || v == Verdict.WARN ? 1 : 0;
                }
            }
            assertEquals(fails[1], fails[0], slowdown + ": FAILs with and without claim-only looks");
            assertTrue(fails[0] > 20, slowdown + ": " + fails[0] + " FAILs");
            assertTrue(missed[0] <= missed[1], slowdown + ": missed " + missed[0] + " with, " + missed[1] + " without");
        }
    }

    private static PairedComparison.Pair pair(double ratio) {
        return new PairedComparison.Pair(new double[]{100, 101, 99}, new double[]{100 * ratio, 101 * ratio, 99 * ratio});
    }

    private static PairedComparison screen(double ratio) {
        return PairedComparison.screen("b", two(ratio), Double.NaN, Double.NaN, T, null);
    }

    private static List<PairedComparison.Pair> two(double ratio) {
        return List.of(pair(ratio), pair(ratio * 1.01));
    }

    @Test
    void aClearRegressionIsDecidedAtTheFirstLook() {
        Confirmation c = new Confirmation(screen(1.3), false, ConfirmationPlan.of(0.01, 0.025, 16), T);
        for (int i = 0; c.open(); i++) {
            c.afterRound(pair(1.3 + i * 0.001), Double.NaN, Double.NaN);
        }
        assertEquals(8, c.rounds());
        PairedComparison v = c.verdict(Double.NaN, Double.NaN);
        assertEquals(Verdict.FAIL, v.verdict(), v.toString());
        assertEquals(8, v.pairs());
    }

    /** One pair of the first 8 leaning the other way by a lot misses the first look (p = 0.0078); 12 pairs then decide. */
    @Test
    void aSmallerRegressionGetsMorePairs() {
        Confirmation c = new Confirmation(screen(1.12), false, ConfirmationPlan.of(0.01, 0.025, 16), T);
        List<Double> ratios = new ArrayList<>(List.of(1.10, 1.12, 1.09, 0.93, 1.11, 1.13, 1.10, 1.14, 1.12, 1.11, 1.15, 1.10));
        for (int i = 0; c.open(); i++) {
            c.afterRound(pair(ratios.get(i) + i * 0.0001), Double.NaN, Double.NaN);
        }
        assertEquals(12, c.rounds());
        PairedComparison v = c.verdict(Double.NaN, Double.NaN);
        assertEquals(Verdict.FAIL, v.verdict(), v.toString());
        assertEquals(12, v.pairs());
    }

    /**
     * A suspect whose pairs lean the other way makes the claim at the first look (8 pairs, no run noise to pool: the exact
     * signed-rank bound of its own pairs) and passes, its bound in the verdict.
     */
    @Test
    void aSuspectThatLeansTheOtherWayMakesTheClaimAndPasses() {
        Confirmation c = new Confirmation(screen(1.05), false, ConfirmationPlan.of(0.01, 0.025, 16), T);
        double[] ratios = {0.97, 1.02, 0.95, 0.99, 1.01, 0.96, 0.98, 1.0, 0.97, 0.99, 1.0, 0.98, 0.97, 0.99, 1.01, 0.96};
        for (int i = 0; c.open(); i++) {
            c.afterRound(pair(ratios[i]), Double.NaN, Double.NaN);
        }
        assertEquals(8, c.rounds());
        PairedComparison v = c.verdict(Double.NaN, Double.NaN);
        assertEquals(Verdict.PASS, v.verdict(), v.toString());
        assertTrue(v.upper() < 1.02 && v.upper() > 1.0, "the bound is the 95% one of its 8 pairs: " + v.upper());
    }

    /**
     * A suspect's claim rests on its fresh pairs alone, at the plan's looks: two steady pairs make no claim (whatever the run's
     * noise), eight do, at the look's share of the claim level.
     */
    @Test
    void aSuspectClaimsOnItsFreshPairsAtTheLooks() {
        ConfirmationPlan plan = ConfirmationPlan.of(0.01, 0.025, 16);
        Confirmation c = new Confirmation(screen(1.0), false, plan, T);
        for (int i = 0; c.open(); i++) {
            c.afterRound(pair(1.0 + 0.001 * i), Double.NaN, Double.NaN);
        }
        assertEquals(8, c.rounds());
        PairedComparison v = c.verdict(Double.NaN, Double.NaN);
        assertEquals(Verdict.PASS, v.verdict(), v.toString());
        assertTrue(v.upper() < T.failRatio(), v.toString());
        assertEquals(0.025 / 3, v.upperLevel(), 1e-15, "the first of three looks' share");
    }

    /** Stopped by the time budget after the first look, a suspect is judged at the level of the look it reached. */
    @Test
    void theBudgetStopsAtALookAndSaysSo() {
        Confirmation c = new Confirmation(screen(1.12), false, ConfirmationPlan.of(0.01, 0.025, 16), T);
        double[] ratios = {1.10, 1.12, 1.09, 0.93, 1.11, 1.13, 1.10, 1.14};
        for (double r : ratios) {
            c.afterRound(pair(r), Double.NaN, Double.NaN);
        }
        assertTrue(c.open());
        c.stop("stopped after 8 pairs: the budget");
        assertFalse(c.open());
        PairedComparison v = c.verdict(Double.NaN, Double.NaN);
        assertEquals(Verdict.CANNOT_TELL, v.verdict(), "+11% but p = 0.0078 > 0.004, and its bound is above +8%: " + v);
        assertTrue(v.reasons().contains("stopped after 8 pairs: the budget"), v.reasons().toString());
    }

    @Test
    void givenUpPairsUseTheirRoundsAndTooFewPairsAreTooDisturbed() {
        Confirmation c = new Confirmation(screen(1.2), false, ConfirmationPlan.of(0.01, 0.025, 8), T);
        for (int i = 0; i < 7; i++) {
            c.afterRound(null, Double.NaN, Double.NaN);
        }
        c.afterRound(pair(1.2), Double.NaN, Double.NaN);
        assertTrue(c.open(), "a pair given up uses a round, not a place in the plan");
        for (int i = 0; i < 8; i++) {
            c.afterRound(null, Double.NaN, Double.NaN);
        }
        assertFalse(c.open(), "at most twice the plan's rounds");
        PairedComparison v = c.verdict(Double.NaN, Double.NaN);
        assertEquals(Verdict.CANNOT_TELL, v.verdict());
        assertTrue(v.reasons().stream().anyMatch(r -> r.contains("too disturbed")), v.reasons().toString());
    }

    @Test
    void anImprovementSuspectIsConfirmedFaster() {
        Confirmation c = new Confirmation(screen(0.7), true, ConfirmationPlan.of(0.01, 0.025, 16), T);
        for (int i = 0; c.open(); i++) {
            c.afterRound(pair(0.7 + i * 0.001), Double.NaN, Double.NaN);
        }
        assertEquals(Verdict.IMPROVED, c.verdict(Double.NaN, Double.NaN).verdict());
        assertEquals(8, c.rounds());
    }
}
