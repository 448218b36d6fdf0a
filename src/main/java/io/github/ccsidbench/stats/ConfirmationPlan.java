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
     * {@code maxPairs} leaves no room for a second look, else looks at the first count that can reach
     * {@code FIRST_SHARE * alpha} (at least {@link #FIRST}), every {@link #STEP} pairs after it while a step fits, and at
     * the end; the claim's level {@code claimAlpha} shared equally over the same looks.
     */
    public static ConfirmationPlan of(double alpha, double claimAlpha, int maxPairs) {
        int first = Math.max(FIRST, SignedRank.pairsFor(FIRST_SHARE * alpha));
        if (maxPairs < first + STEP) {
            return new ConfirmationPlan(new int[]{maxPairs}, new double[]{alpha}, new double[]{claimAlpha});
        }
        List<Integer> at = new ArrayList<>();
        for (int n = first; n + STEP <= maxPairs; n += STEP) {
            at.add(n);
        }
        at.add(maxPairs);
        double[] levels = new double[at.size()];
        levels[0] = FIRST_SHARE * alpha;
        for (int i = 1; i < levels.length; i++) {
            levels[i] = (1 - FIRST_SHARE) * alpha / (levels.length - 1);
        }
        double[] claims = new double[at.size()];
        java.util.Arrays.fill(claims, claimAlpha / claims.length);
        return new ConfirmationPlan(at.stream().mapToInt(Integer::intValue).toArray(), levels, claims);
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

    /** "at 8, 12 and 16 pairs (p < 0.004, 0.003, 0.003)": the looks and their tests' levels. */
    public String describe() {
        StringBuilder n = new StringBuilder();
        StringBuilder a = new StringBuilder();
        for (int i = 0; i < looks.length; i++) {
            String sep = i == 0 ? "" : i == looks.length - 1 ? " and " : ", ";
            n.append(sep).append(looks[i]);
            a.append(i == 0 ? "" : ", ").append(new BigDecimal(alphas[i]).round(new MathContext(2)).stripTrailingZeros().toPlainString());
        }
        return "at " + n + " pairs (p < " + a + ")";
    }
}
