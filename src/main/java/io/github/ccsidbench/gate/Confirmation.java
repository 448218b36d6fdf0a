package io.github.ccsidbench.gate;

import io.github.ccsidbench.stats.ConfirmationPlan;
import io.github.ccsidbench.stats.SignedRank;

import java.util.ArrayList;
import java.util.List;

/**
 * One suspect's confirmation pairs, round by round: done as soon as they decide it, or when the gate's time is up. At
 * each look of a {@link ConfirmationPlan} the fresh pairs alone decide, both ways: a FAIL (and WARN, IMPROVED) by the
 * exact signed-rank test at the look's level, the claim by the exact signed-rank upper bound at the look's claim level.
 * The screening pairs that chose the suspect enter neither, since they were chosen for what they read (docs/gate.md,
 * "The rule"). After the last look, what is neither is CANNOT_TELL. One place for the procedure, which the gate runs and
 * its tests replay.
 */
public final class Confirmation {

    private final PairedComparison screen;
    private final boolean faster;
    private final ConfirmationPlan plan;
    private final GateThresholds thresholds;
    private final List<PairedComparison.Pair> pairs = new ArrayList<>();
    private int rounds;
    private int given;
    private PairedComparison decided;
    private String stoppedBecause;

    /**
     * @param screen the screening comparison that made it a suspect
     * @param faster true for an improvement suspect (it answers only "significantly faster?"), false for a slower one
     * @param plan its looks ({@link GateThresholds#plan})
     */
    public Confirmation(PairedComparison screen, boolean faster, ConfirmationPlan plan, GateThresholds thresholds) {
        this.screen = screen;
        this.faster = faster;
        this.plan = plan;
        this.thresholds = thresholds;
    }

    /**
     * How much it looks like a change in its direction so far: the log of the Hodges-Lehmann ratio of its confirmation
     * pairs (of the screen while it has fewer than 2; 0 for a screen too disturbed to read), positive towards slower for
     * a slowdown suspect and towards faster for an improvement suspect. The time budget goes to the most promising first.
     */
    public double promise() {
        double r = pairs.size() >= 2 ? SignedRank.hodgesLehmann(PairedComparison.logs(pairs)) : Math.log(screen.ratio());
        return Double.isNaN(r) ? 0 : faster ? -r : r; // a screen too disturbed to read promises nothing either way
    }

    /**
     * The most rounds a suspect gets, as a multiple of its plan's pairs: a pair given up (its forks did not settle, or
     * the ruler saw them apart) uses a round but not a place in the plan, so that a busy host still reaches the looks;
     * the time budget bounds the rounds too.
     */
    static final int ROUNDS_PER_PAIR = 2;

    /** Whether it wants another round. */
    public boolean open() {
        return decided == null && stoppedBecause == null && pairs.size() < plan.maxPairs()
                && rounds < ROUNDS_PER_PAIR * plan.maxPairs();
    }

    /** Rounds measured so far (a pair given up uses one too). */
    public int rounds() {
        return rounds;
    }

    /**
     * After one round: the pair measured in it, or null when both tries failed to settle. A look is made when the kept
     * pairs reach one. {@code baseBytes} and {@code candidateBytes}: allocation so far (NaN: unknown).
     */
    public void afterRound(PairedComparison.Pair pair, double baseBytes, double candidateBytes) {
        rounds++;
        if (pair == null) {
            given++;
            return;
        }
        pairs.add(pair);
        int look = plan.lookAt(pairs.size());
        if (look >= 0 && pairs.size() >= 2) {
            PairedComparison c = compare(look, baseBytes, candidateBytes);
            if (c.verdict() != Verdict.CANNOT_TELL) {
                decided = c;
            }
        }
    }

    /** Stops it before its plan is done (the gate's time budget), saying why. */
    public void stop(String why) {
        if (open()) {
            stoppedBecause = why;
        }
    }

    /**
     * The suspect's verdict: what decided it, or, when nothing did, its pairs judged at the levels of the last look it
     * reached (so stopping early never makes a FAIL or a claim easier); CANNOT TELL when the time budget stopped it
     * before it had two pairs (a FAIL then only by the allocation rule: a screen is never significant).
     */
    public PairedComparison verdict(double baseBytes, double candidateBytes) {
        if (decided == null && pairs.size() < 2 && given == 0 && stoppedBecause != null) {
            // Stopped by the time budget before it had pairs to test: not disturbed, just not confirmed. "Too disturbed"
            // would blame the machine for what the budget did.
            return screen.notConfirmed(stoppedBecause);
        }
        PairedComparison c = decided != null ? decided : pairs.size() < 2
                ? PairedComparison.disturbed(screen.key(), pairs.size(), given)
                : compare(plan.lookAfter(pairs.size()), baseBytes, candidateBytes);
        PairedComparison out = faster ? screen.improvementConfirmedBy(c) : screen.confirmedBy(c);
        if (stoppedBecause != null && decided == null) {
            List<String> r = new ArrayList<>(out.reasons());
            r.add(stoppedBecause);
            out = out.withReasons(r);
        }
        return out;
    }

    /** The fresh pairs judged at look {@code look} of the plan: its test's level, and its claim's bound. */
    private PairedComparison compare(int look, double baseBytes, double candidateBytes) {
        double level = plan.claimAlphas()[look];
        double upper = SignedRank.upperBound(PairedComparison.logs(pairs), level);
        return PairedComparison.judged(screen.key(), pairs, baseBytes, candidateBytes, thresholds.withAlpha(plan.alphas()[look]),
                true, Math.exp(upper), level);
    }
}
