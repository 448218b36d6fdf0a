package io.github.ccsidbench.gate;

import java.util.ArrayList;
import java.util.List;

/**
 * A bisection's record of what it compared and concluded, in order: what bisect.md's and bisect.json's steps hold, and
 * what the rule and the answer read back.
 */
final class StepLog {

    private final List<BisectResult.Step> steps = new ArrayList<>();
    private int number;
    private int comparisons;
    private int pairs;

    /** Starts the next step (the comparisons of one midpoint, or one check, share its number). */
    int next() {
        return ++number;
    }

    /** The current step's number. */
    int number() {
        return number;
    }

    /** Comparisons measured so far (each a run of the gate). */
    int comparisons() {
        return comparisons;
    }

    /** Pairs of forks kept over all comparisons. */
    int pairs() {
        return pairs;
    }

    /** Records a measured comparison of the current step; its index. */
    int measured(String what, FirstParentHistory.Commit candidate, FirstParentHistory.Commit base, PairedComparison c, int kept,
                 String folder) {
        comparisons++;
        pairs += kept;
        steps.add(step(number, what, candidate.shortId(), candidate.subject(), base.shortId(), c, kept, "", folder));
        return steps.size() - 1;
    }

    /** Records a commit judged by its jar, the same as {@code base}'s, without measuring; its index. */
    int unmeasured(String what, FirstParentHistory.Commit candidate, FirstParentHistory.Commit base, String conclusion) {
        steps.add(new BisectResult.Step(number, what, candidate.shortId(), candidate.subject(), base.shortId(),
                Verdict.PASS.name(), Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, Double.NaN, Double.NaN, 0, 0, conclusion, null));
        return steps.size() - 1;
    }

    /** Shows another benchmark's comparison in step {@code i} (the ends show the slowest until one is followed). */
    void show(int i, PairedComparison c) {
        BisectResult.Step s = steps.get(i);
        steps.set(i, step(s.number(), s.what(), s.commit(), s.subject(), s.against(), c, s.pairsKept(), s.conclusion(), s.folder()));
    }

    /** A step that shows comparison {@code c}. */
    private static BisectResult.Step step(int number, String what, String commit, String subject, String against, PairedComparison c,
                                          int kept, String conclusion, String folder) {
        return new BisectResult.Step(number, what, commit, subject, against, c.verdict().name(), c.ratio(), c.low(), c.high(),
                c.coverage(), c.upper(), c.upperLevel(), c.pSlower(), c.pairs(), kept, conclusion, folder);
    }

    void conclude(int i, String conclusion) {
        steps.set(i, steps.get(i).concluding(conclusion));
    }

    /** Step {@code i}, or null for -1. */
    BisectResult.Step at(int i) {
        return i < 0 ? null : steps.get(i);
    }

    /** The index of the last step recorded. */
    int last() {
        return steps.size() - 1;
    }

    /** Whether step {@code i} is a FAIL of the benchmark it shows. */
    boolean failed(int i) {
        return i >= 0 && Verdict.FAIL.name().equals(steps.get(i).verdict());
    }

    List<BisectResult.Step> all() {
        return List.copyOf(steps);
    }
}
