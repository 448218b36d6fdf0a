package io.github.ccsidbench.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How a bisection judges one commit between its last good and first bad commit, and which comparisons are worth more
 * pairs; apart from the measuring so it can be tested against a scripted judge (docs/gate.md, "How it goes", step 2).
 */
final class StepRule {

    /** A step's verdict on its midpoint. */
    enum Kind { GOOD, BAD, SPREAD, UNDECIDED }

    /** A step's verdict, the log indices of its last comparison on each side (-1: none) and, when undecided, why. */
    record Decision(Kind kind, int left, int right, String why) {
    }

    /** The two comparisons of a step. */
    enum Side {
        /** The midpoint (candidate) against the good end (base): a FAIL makes it slower. */
        MIDPOINT_AGAINST_GOOD,
        /** The bad end (candidate) against the midpoint (base): a FAIL makes the midpoint not slower. */
        BAD_AGAINST_MIDPOINT
    }

    /** Measures one side of the step, with twice the pairs when {@code more}; the index of its step in the log. */
    interface Comparer {
        int measure(Side side, boolean more);
    }

    /** A midpoint that FAILs against the good end, and one the bad end FAILs against: what each concludes. */
    static final String SLOWER = "slower: the first slower commit is this one or before it";
    private static final String FASTER_THAN_BAD = "faster than the bad end: the first slower commit is after the midpoint";

    private final GateThresholds thresholds;

    StepRule(GateThresholds thresholds) {
        this.thresholds = thresholds;
    }

    /** The one rule: a CANNOT_TELL is worth twice the pairs once (docs/gate.md, "Worth more pairs: one rule"). */
    boolean worthMorePairs(BisectResult.Step s) {
        return s != null && Verdict.CANNOT_TELL.name().equals(s.verdict());
    }

    /** The same rule on a gate comparison (the ends, before one benchmark is followed). */
    boolean worthMorePairs(PairedComparison c) {
        return c.verdict() == Verdict.CANNOT_TELL;
    }

    /** Significantly slower, whatever the size: the evidence for a spread slowdown. */
    boolean significantlySlower(BisectResult.Step s) {
        return s != null && !Double.isNaN(s.ratio()) && s.ratio() > 1 && s.pSlower() < thresholds.alpha();
    }

    /** Judges a midpoint; the conclusions of its comparisons go into {@code log}. */
    Decision decide(Comparer comparer, StepLog log) {
        int left = comparer.measure(Side.MIDPOINT_AGAINST_GOOD, false);
        if (log.failed(left)) {
            log.conclude(left, SLOWER);
            return new Decision(Kind.BAD, left, -1, "");
        }
        log.conclude(left, "no slowdown confirmed: the bad end against it decides");
        int right = comparer.measure(Side.BAD_AGAINST_MIDPOINT, false);
        if (log.failed(right)) {
            log.conclude(right, FASTER_THAN_BAD);
            return new Decision(Kind.GOOD, left, right, "");
        }
        log.conclude(right, "undecided");
        List<Side> retry = new ArrayList<>();
        if (worthMorePairs(log.at(right))) {
            retry.add(Side.BAD_AGAINST_MIDPOINT);
        }
        if (worthMorePairs(log.at(left))) {
            retry.add(ratio(log.at(left)) > ratio(log.at(right)) ? 0 : retry.size(), Side.MIDPOINT_AGAINST_GOOD);
        }
        for (Side side : retry) {
            int again = comparer.measure(side, true);
            boolean towardsBad = side == Side.MIDPOINT_AGAINST_GOOD;
            if (log.failed(again)) {
                log.conclude(again, towardsBad ? SLOWER : FASTER_THAN_BAD);
                return new Decision(towardsBad ? Kind.BAD : Kind.GOOD, towardsBad ? again : left, towardsBad ? right : again, "");
            }
            log.conclude(again, "undecided");
            if (towardsBad) {
                left = again;
            } else {
                right = again;
            }
        }
        boolean spread = significantlySlower(log.at(left)) && significantlySlower(log.at(right));
        log.conclude(left, spread ? "slower than the good end, below the failure threshold" : "undecided");
        log.conclude(right, spread ? "slower than the midpoint, below the failure threshold" : "undecided");
        return new Decision(spread ? Kind.SPREAD : Kind.UNDECIDED, left, right, String.format(Locale.ROOT,
                "%s neither FAILed against the good end (%s) nor had the bad end FAIL against it (%s)", log.at(left).commit(),
                BisectAnswers.describe(log.at(left)), BisectAnswers.describe(log.at(right))));
    }

    private static double ratio(BisectResult.Step s) {
        return Double.isNaN(s.ratio()) ? Double.NEGATIVE_INFINITY : s.ratio();
    }
}
