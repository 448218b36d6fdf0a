package io.github.ccsidbench.stats;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;

/**
 * When a suspect's confirmation pairs are tested, and at which significance level: a group-sequential plan, so that a
 * clear regression is decided on 8 pairs and a smaller one gets up to 16 before the gate gives up on it. The levels of
 * the looks add up to the gate's alpha (Bonferroni over looks, which holds whatever the pairs' distribution), so the
 * plan can stop early without more false FAILs than one test at the end: the first look gets 0.4 alpha (0.004 at the
 * default 0.01, which 8 pairs can just reach: 2^-8 = 0.0039), the later looks, every 4 pairs, share the rest.
 *
 * <p>Why several looks: a +10% change is often not significant on 8 pairs whose forks scatter by several percent, and
 * one test at 16 would spend 16 pairs on every clear regression too. The looks decide the clear ones early and give
 * the small ones more pairs, at the cost of 1-3 more pairs per suspect on average; {@code RulerRefereeTest} replays
 * this plan on real pairs (A/A and a +10% and +15% candidate) and checks its detection and its A/A FAIL rate.
 *
 * <p>The claim ("slower by less than the failure threshold") is tried at the same looks, each at an equal share of the
 * confirmation's claim level (Bonferroni again), on the fresh pairs alone.
 *
 * @param looks the numbers of confirmation pairs at which the test is made, ascending
 * @param alphas the one-sided level of each look's test against "no change"
 * @param claimAlphas the level of each look's claim (the chance its bound lies below the true change)
 */
public record ConfirmationPlan(int[] looks, double[] alphas, double[] claimAlphas) {

    /** Pairs between two looks after the first. */
    static final int STEP = 4;
    /** The fewest pairs of the first look of a plan with several (one pair of 8 may lean the other way at 0.01 alone). */
    static final int FIRST = 8;
    /**
     * The fewest pairs between a claim-only look and the first test: a claim made a pair or two before a test sees nearly
     * the same pairs, and would only split the claim's level (2 suspects: 8 before 9).
     */
    static final int CLAIM_GAP = 3;
    /** The first look's share of alpha when there are several. */
    static final double FIRST_SHARE = 0.4;

    public ConfirmationPlan {
        if (looks.length == 0 || looks.length != alphas.length || looks.length != claimAlphas.length) {
            throw new IllegalArgumentException("a plan needs one level per look");
        }
        looks = looks.clone();
        alphas = alphas.clone();
        claimAlphas = claimAlphas.clone();
    }

    /**
     * The plan for up to {@code maxPairs} confirmation pairs at overall level {@code alpha}: one look at the end when
     * {@code maxPairs} leaves no room for a second look, else test looks at the first count that can reach
     * {@code FIRST_SHARE * alpha} (at least {@link #FIRST}), every {@link #STEP} pairs after it while a step fits, and at
     * the end. When the first test look comes {@link #CLAIM_GAP} or more pairs after {@link #FIRST} (alpha shared over
     * many suspects), claim-only looks come before it, at {@link #FIRST} and every {@link #STEP} pairs while one fits that
     * gap before it: level 0, so they can only PASS, never FAIL. The claim's level {@code claimAlpha} is shared equally over
     * every look.
     *
     * <p>Why claim-only looks: with 20 suspects, the first count that can reach 0.4 x 0.01 / 20 is 13 pairs, so the plan
     * would be one look at 16, and a time budget that cannot give a suspect 16 pairs gives it none. A PASS needs no
     * alpha: 8 pairs can make the claim. The FAIL looks and their levels are the same as without them, so the run's
     * chance of a false FAIL is unchanged.
     */
    public static ConfirmationPlan of(double alpha, double claimAlpha, int maxPairs) {
        int first = Math.max(FIRST, SignedRank.pairsFor(FIRST_SHARE * alpha));
        List<Integer> testsAt = new ArrayList<>();
        if (maxPairs >= first + STEP) {
            for (int n = first; n + STEP <= maxPairs; n += STEP) {
                testsAt.add(n);
            }
        }
        testsAt.add(maxPairs);
        List<Integer> at = new ArrayList<>();
        List<Double> levels = new ArrayList<>();
        for (int n = FIRST; n + CLAIM_GAP <= testsAt.get(0) && n + STEP <= maxPairs; n += STEP) {
            at.add(n);
            levels.add(0.0); // claim only
        }
        at.addAll(testsAt);
        int tests = testsAt.size();
        for (int i = 0; i < tests; i++) {
            levels.add(tests == 1 ? alpha : i == 0 ? FIRST_SHARE * alpha : (1 - FIRST_SHARE) * alpha / (tests - 1));
        }
        double[] claims = new double[at.size()];
        java.util.Arrays.fill(claims, claimAlpha / claims.length);
        return new ConfirmationPlan(at.stream().mapToInt(Integer::intValue).toArray(),
                levels.stream().mapToDouble(Double::doubleValue).toArray(), claims);
    }

    /** Whether look {@code look} only makes the claim (its level is 0: no FAIL, WARN or IMPROVED can come of it). */
    public boolean claimOnly(int look) {
        return alphas[look] == 0;
    }

    /** The most confirmation pairs the plan measures. */
    public int maxPairs() {
        return looks[looks.length - 1];
    }

    /** The look made after {@code n} confirmation pairs, or -1 when none is. */
    public int lookAt(int n) {
        for (int i = 0; i < looks.length; i++) {
            if (looks[i] == n) {
                return i;
            }
        }
        return -1;
    }

    /** The first look after {@code rounds} rounds (the last look when there is none after). */
    public int nextLook(int rounds) {
        for (int look : looks) {
            if (look > rounds) {
                return look;
            }
        }
        return maxPairs();
    }

    /**
     * The look a suspect is judged at after {@code n} confirmation pairs: the last one made at or before {@code n} (the
     * first look when it stopped before it, being unable to reach it: never an easier level).
     */
    public int lookAfter(int n) {
        int look = 0;
        for (int i = 0; i < looks.length && looks[i] <= n; i++) {
            look = i;
        }
        return look;
    }

    /**
     * "at 8, 12 and 16 pairs (p < 0.004, 0.003, 0.003)": the looks and their tests' levels; with claim-only looks, "at 8,
     * 12 and 16 pairs (the claim only at 8 and 12; p < 0.0005 at 16)".
     */
    public String describe() {
        List<String> claims = new ArrayList<>();
        List<String> tests = new ArrayList<>();
        List<String> levels = new ArrayList<>();
        for (int i = 0; i < looks.length; i++) {
            if (claimOnly(i)) {
                claims.add(Integer.toString(looks[i]));
            } else {
                tests.add(Integer.toString(looks[i]));
                levels.add(new BigDecimal(alphas[i]).round(new MathContext(2)).stripTrailingZeros().toPlainString());
            }
        }
        List<String> all = new ArrayList<>(claims);
        all.addAll(tests);
        String p = "p < " + String.join(", ", levels);
        return "at " + and(all) + " pairs (" + (claims.isEmpty() ? p : "the claim only at " + and(claims) + "; " + p + " at "
                + and(tests)) + ")";
    }

    /** "8", "8 and 12", "8, 12 and 16". */
    private static String and(List<String> items) {
        int n = items.size();
        return n == 1 ? items.get(0) : String.join(", ", items.subList(0, n - 1)) + " and " + items.get(n - 1);
    }
}
