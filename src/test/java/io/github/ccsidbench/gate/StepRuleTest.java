package io.github.ccsidbench.gate;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The step rule against a scripted judge: each comparison's outcome is written down in advance, and the rule must
 * measure exactly the comparisons it promises, in order, and conclude what they support.
 */
class StepRuleTest {

    private final StepRule rule = new StepRule(GateThresholds.AB);
    private final StepLog log = new StepLog();
    private final FirstParentHistory.Commit good = new FirstParentHistory.Commit("a".repeat(40), "good", List.of());
    private final FirstParentHistory.Commit mid = new FirstParentHistory.Commit("b".repeat(40), "mid", List.of());
    private final FirstParentHistory.Commit bad = new FirstParentHistory.Commit("c".repeat(40), "bad", List.of());
    private final List<String> asked = new ArrayList<>();

    /** A comparison as the gate would report it. */
    private static PairedComparison seen(Verdict v, double ratio, double p) {
        return new PairedComparison("k", v, ratio, ratio * 0.98, ratio * 1.02, 0.95, ratio * 1.03, 0.05, p, 1 - p, 8, new double[0], Double.NaN,
                Double.NaN, List.of(), 100, 100 * ratio);
    }

    /** A judge that answers the scripted comparisons in order, and records which side and how many pairs. */
    private StepRule.Comparer script(PairedComparison... answers) {
        int[] next = {0};
        return (side, more) -> {
            asked.add(side + (more ? " more" : ""));
            PairedComparison c = answers[next[0]++];
            return side == StepRule.Side.MIDPOINT_AGAINST_GOOD ? log.measured("m", mid, good, c, 8, null)
                    : log.measured("b", bad, mid, c, 8, null);
        };
    }

    @Test
    void aFailAgainstTheGoodEndIsSlowerAndEndsTheStep() {
        StepRule.Decision d = rule.decide(script(seen(Verdict.FAIL, 1.15, 0.004)), log);
        assertEquals(StepRule.Kind.BAD, d.kind());
        assertEquals(List.of("MIDPOINT_AGAINST_GOOD"), asked);
    }

    @Test
    void theBadEndFailingAgainstItIsNotSlower() {
        StepRule.Decision d = rule.decide(script(seen(Verdict.PASS, 1.0, 0.5), seen(Verdict.FAIL, 1.15, 0.004)), log);
        assertEquals(StepRule.Kind.GOOD, d.kind());
        assertEquals(List.of("MIDPOINT_AGAINST_GOOD", "BAD_AGAINST_MIDPOINT"), asked);
    }

    @Test
    void onlySidesWorthMorePairsAreMeasuredAgainTheOneNearerAFailFirst() {
        // Left +6% that the gate cannot tell about (worth more), right +1% (a claim: not worth more): only the left side again.
        StepRule.Decision d = rule.decide(script(seen(Verdict.CANNOT_TELL, 1.06, 0.03), seen(Verdict.PASS, 1.01, 0.3),
                seen(Verdict.FAIL, 1.09, 0.004)), log);
        assertEquals(StepRule.Kind.BAD, d.kind());
        assertEquals(List.of("MIDPOINT_AGAINST_GOOD", "BAD_AGAINST_MIDPOINT", "MIDPOINT_AGAINST_GOOD more"), asked);
    }

    @Test
    void bothSidesSignificantlySlowerBelowTheThresholdAreSpreadElseUndecided() {
        // Both sides WARN: significantly slower, each a claim below the threshold, so no side is worth more pairs.
        StepRule.Decision spread = rule.decide(script(seen(Verdict.WARN, 1.06, 0.001), seen(Verdict.WARN, 1.05, 0.001)), log);
        assertEquals(StepRule.Kind.SPREAD, spread.kind());
        assertEquals(2, asked.size(), asked.toString());
        asked.clear();
        StepRule.Decision undecided = rule.decide(script(seen(Verdict.CANNOT_TELL, Double.NaN, Double.NaN), seen(Verdict.PASS, 1.0, 0.5),
                seen(Verdict.CANNOT_TELL, Double.NaN, Double.NaN)), log);
        assertEquals(StepRule.Kind.UNDECIDED, undecided.kind());
        assertTrue(undecided.why().contains("too disturbed to judge"), undecided.why());
    }

    @Test
    void theOneRuleForMorePairs() {
        assertTrue(rule.worthMorePairs(seen(Verdict.CANNOT_TELL, Double.NaN, Double.NaN)), "too disturbed to judge");
        assertTrue(rule.worthMorePairs(seen(Verdict.CANNOT_TELL, 1.02, 0.3)), "a bound at the threshold, whatever the estimate");
        assertTrue(rule.worthMorePairs(seen(Verdict.CANNOT_TELL, 1.12, 0.2)));
        assertFalse(rule.worthMorePairs(seen(Verdict.WARN, 1.05, 0.001)), "a claim: slower, below the threshold");
        assertFalse(rule.worthMorePairs(seen(Verdict.PASS, 1.06, 0.2)), "a claim, even reading above the warning threshold");
        assertFalse(rule.worthMorePairs(seen(Verdict.FAIL, 1.2, 0.004)));
    }
}
