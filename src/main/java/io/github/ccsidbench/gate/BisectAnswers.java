package io.github.ccsidbench.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The sentences a bisection answers with, one per outcome: the wording bisect.md, bisect.json and progress share. */
final class BisectAnswers {

    private BisectAnswers() {
    }

    static String sameJar(FirstParentHistory.Commit bad, FirstParentHistory.Commit good) {
        return "The bad end " + bad.shortId() + " is not slower than the good end " + good.shortId() + ": both build the same jar.";
    }

    static String notSlower(FirstParentHistory.Commit bad, FirstParentHistory.Commit good, GateThresholds t, BisectResult.Step ends) {
        return String.format(Locale.ROOT, "The bad end %s is not slower than the good end %s by the failure threshold (%s): %s.",
                bad.shortId(), good.shortId(), PairedComparison.pct(t.failRatio()), describe(ends));
    }

    /** "C "subject" made K slower: +15% [...] against its parent P." */
    static String found(FirstParentHistory.Commit culprit, String key, BisectResult.Step change, FirstParentHistory.Commit parent) {
        return String.format(Locale.ROOT, "%s \"%s\" made %s slower: %s against its parent %s.", culprit.shortId(), culprit.subject(),
                key, describe(change), parent.shortId());
    }

    /** The merge that brought a commit found inside it. */
    static String cameWith(FirstParentHistory.Commit merge, BisectResult.Step change, FirstParentHistory.Commit parent) {
        return String.format(Locale.ROOT, " It came in with the merge %s \"%s\": %s against its first parent %s.", merge.shortId(),
                merge.subject(), describe(change), parent.shortId());
    }

    static String foundInRange(String key, int n, FirstParentHistory.Commit lo, FirstParentHistory.Commit hi, BisectResult.Step change) {
        return String.format(Locale.ROOT, "The first commit that made %s slower is one of the %d commits after %s up to %s (the"
                + " others were skipped): %s.", key, n, lo.shortId(), hi.shortId(), describe(change));
    }

    static String spread(String key, int n, FirstParentHistory.Commit lo, FirstParentHistory.Commit hi, GateThresholds t,
                         BisectResult.Step left, BisectResult.Step right) {
        return String.format(Locale.ROOT, "The slowdown of %s is spread over the %d commit(s) after %s up to %s: no single step"
                        + " reaches the failure threshold (%s); %s.", key, n, lo.shortId(), hi.shortId(), PairedComparison.pct(t.failRatio()),
                right == null ? describe(left) : "the two halves: " + describe(left) + " and " + describe(right));
    }

    static String stopped(String why, String key, int n, FirstParentHistory.Commit lo, FirstParentHistory.Commit hi) {
        return String.format(Locale.ROOT, "Stopped: %s. The first slower commit%s is one of the %d commit(s) after %s up to %s.", why,
                key == null ? ", if any," : " of " + key, n, lo.shortId(), hi.shortId());
    }

    /** Where a descent into a merge stopped: the merged branch is not slower than where it left the branch. */
    static String combined(FirstParentHistory.Commit merge, FirstParentHistory.Commit tip, FirstParentHistory.Commit forkPoint,
                           BisectResult.Step s) {
        return String.format(Locale.ROOT, "Inside the merge %s: its branch's tip %s is not slower than where it left the first"
                        + " parent's history, %s (%s): the slowdown comes from combining the two sides, and the merge is the answer.",
                merge.shortId(), tip.shortId(), forkPoint.shortId(), describe(s));
    }

    /** Where a descent into a merge stopped, for any other reason. */
    static String descentStopped(FirstParentHistory.Commit merge, String why) {
        return "Inside the merge " + merge.shortId() + ": " + why + "; the merge is the answer.";
    }

    /** Where a descent into a merge found its commit. */
    static String descentFound(FirstParentHistory.Commit merge, FirstParentHistory.Commit culprit, FirstParentHistory.Commit forkPoint,
                               int n) {
        return String.format(Locale.ROOT, "Inside the merge %s: %s is the first slower of the %d commit(s) of its branch after %s.",
                merge.shortId(), culprit.shortId(), n, forkPoint.shortId());
    }

    /** The command that bisects from {@code good} to {@code bad} with {@code options}, as a POSIX shell reads it. */
    static String continueCommand(String good, String bad, List<String> options) {
        List<String> words = new ArrayList<>(List.of("java", "-jar", "target/benchmarks.jar", "gate",
                "bisect", "--good", good, "--bad", bad));
        words.addAll(options);
        return String.join(" ", words.stream().map(Reproduce::quote).toList());
    }

    /** "+15.2% (+12.0% .. +18.1% (96%)), slower by less than +19.0% (99%), p = 0.0039, 8 pairs". */
    static String describe(BisectResult.Step s) {
        if (s == null) {
            return "not measured";
        }
        if (Double.isNaN(s.ratio())) {
            return s.pairs() == 0 && s.pairsKept() == 0 ? "not measured" : "too disturbed to judge (" + s.pairsKept() + " pairs kept)";
        }
        String bound = Double.isNaN(s.upperLevel()) ? "" : Double.isNaN(s.upper())
                ? String.format(Locale.ROOT, ", no bound at %s", GateThresholds.level(s.upperLevel()))
                : String.format(Locale.ROOT, ", slower by less than %s (%s)", PairedComparison.pct(s.upper()),
                GateThresholds.level(s.upperLevel()));
        return String.format(Locale.ROOT, "%s (%s)%s, p = %.2g, %d pairs", PairedComparison.pct(s.ratio()),
                PairedComparison.interval(s.low(), s.high(), s.coverage()), bound, s.pSlower(), s.pairs());
    }
}
