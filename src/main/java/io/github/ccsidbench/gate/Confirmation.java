package io.github.ccsidbench.gate;

import io.github.ccsidbench.stats.ConfirmationPlan;
import io.github.ccsidbench.stats.SignedRank;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One suspect's confirmation pairs, round by round, judged by a {@link ConfirmationPlan}: tested at each look at that
 * look's level, done as soon as a look decides it (FAIL; IMPROVED for an improvement suspect), when it can no longer
 * reach significance at any look ahead (futility), or when the gate's time is up. The pairs decide on their own (fresh
 * data: the screen that picked the suspect biases nothing). One place for the procedure, which the gate runs and its
 * tests replay.
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
     */
    public Confirmation(PairedComparison screen, boolean faster, ConfirmationPlan plan, GateThresholds thresholds) {
        this.screen = screen;
        this.faster = faster;
        this.plan = plan;
        this.thresholds = thresholds;
    }

    /**
     * How much it looks like a change in its direction so far: the log of the Hodges-Lehmann ratio of its confirmation
     * pairs (of the screen while it has fewer than 2), positive towards slower for a slowdown suspect and towards faster
     * for an improvement suspect. The time budget goes to the most promising first.
     */
    public double promise() {
        double r = pairs.size() >= 2 ? SignedRank.hodgesLehmann(logRatios()) : Math.log(screen.ratio());
        return faster ? -r : r;
    }

    /** Whether it wants another round. */
    public boolean open() {
        return decided == null && stoppedBecause == null && rounds < plan.maxPairs();
    }

    /** Rounds measured so far (a pair given up uses its round). */
    public int rounds() {
        return rounds;
    }

    /**
     * After one round: the pair measured in it, or null when both tries failed to settle. Tests at a look; stops for
     * futility. {@code baseBytes} and {@code candidateBytes}: allocation so far (NaN: unknown).
     */
    public void afterRound(PairedComparison.Pair pair, double baseBytes, double candidateBytes) {
        rounds++;
        if (pair == null) {
            given++;
        } else {
            pairs.add(pair);
        }
        int look = plan.lookAt(rounds);
        if (look >= 0 && pairs.size() >= 2) {
            PairedComparison c = compare(plan.alphas()[look], baseBytes, candidateBytes);
            if (c.verdict() == Verdict.FAIL || (faster && c.verdict() == Verdict.IMPROVED)) {
                decided = c;
                return;
            }
        }
        if (rounds < plan.maxPairs() && !plan.canStillSucceed(logRatios(), rounds, !faster)) {
            stoppedBecause = String.format(Locale.ROOT, "stopped after %d pairs: %s can no longer be significant", rounds,
                    faster ? "a gain" : "a slowdown");
        }
    }

    /** Stops it before its plan is done (the gate's time budget), saying why. */
    public void stop(String why) {
        if (open()) {
            stoppedBecause = why;
        }
    }

    /**
     * The suspect's verdict: what decided it, or, when nothing did, its pairs judged at the level of the last look it
     * reached (so stopping early never makes a FAIL easier); the screen's own verdict when the time budget stopped it
     * before it had two pairs (a FAIL then only by the allocation rule: a screen is never significant).
     */
    public PairedComparison verdict(double baseBytes, double candidateBytes) {
        if (decided == null && pairs.size() < 2 && given == 0 && stoppedBecause != null) {
            // Stopped by the time budget before it had pairs to test: not disturbed, just not confirmed. The screen stands
            // as the screen alone can judge (its few pairs are never significant): a WARN at the failure threshold or
            // beyond, else a PASS. "Too disturbed" would blame the machine for what the budget did, and make a WARN of
            // every small suspect the budget stopped.
            return screen.notConfirmed(stoppedBecause);
        }
        PairedComparison c = decided != null ? decided : pairs.size() < 2
                ? PairedComparison.disturbed(screen.key(), pairs.size(), given)
                : compare(plan.alphaAfter(rounds), baseBytes, candidateBytes);
        PairedComparison out = faster ? screen.improvementConfirmedBy(c) : screen.confirmedBy(c);
        if (stoppedBecause != null && decided == null) {
            List<String> r = new ArrayList<>(out.reasons());
            r.add(stoppedBecause);
            out = out.withReasons(r);
        }
        return out;
    }

    private PairedComparison compare(double alpha, double baseBytes, double candidateBytes) {
        return PairedComparison.of(screen.key(), pairs, baseBytes, candidateBytes, thresholds.withAlpha(alpha));
    }

    private double[] logRatios() {
        return pairs.stream().mapToDouble(p -> Math.log(p.ratio())).toArray();
    }
}
