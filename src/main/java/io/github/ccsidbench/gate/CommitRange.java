package io.github.ccsidbench.gate;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The commits one bisection narrows, without git or measurement so the next probe can be tested alone: good end (0) to
 * bad end, the last known not slower ({@link #lo()}), the first known slower ({@link #hi()}), and those skipped.
 */
final class CommitRange {

    private final List<FirstParentHistory.Commit> commits;
    private final boolean branch;
    private final Set<Integer> skipped = new HashSet<>();
    private int lo;
    private int hi;

    /** {@code commits}: the good end, then the rest up to the bad end, oldest first; {@code branch}: a merged branch's. */
    CommitRange(List<FirstParentHistory.Commit> commits, boolean branch) {
        this.branch = branch;
        if (commits.size() < 2) {
            throw new IllegalArgumentException("a range needs a good and a bad end");
        }
        this.commits = List.copyOf(commits);
        this.lo = 0;
        this.hi = commits.size() - 1;
    }

    FirstParentHistory.Commit at(int i) {
        return commits.get(i);
    }

    /** What commit {@code i} is, for the forks' labels: "good end", "commit 3 of 12 of the merged branch". */
    String role(int i) {
        String where = branch ? " of the merged branch" : "";
        return i == 0 ? "good end" + where : i == last() ? (branch ? "tip of the merged branch" : "bad end")
                : "commit " + i + " of " + last() + where;
    }

    /** The index of the bad end. */
    int last() {
        return commits.size() - 1;
    }

    /** The last commit known not slower. */
    int lo() {
        return lo;
    }

    /** The first commit known slower. */
    int hi() {
        return hi;
    }

    /** {@code m} is not slower: the range now starts after it. */
    void good(int m) {
        check(m);
        lo = m;
    }

    /** {@code m} is slower: the range now ends at it. */
    void bad(int m) {
        check(m);
        hi = m;
    }

    /** The last good commit turned out slower than the good end: the range becomes (good end, that commit]. */
    void slowerBefore() {
        if (lo == 0) {
            throw new IllegalStateException("nothing before the good end");
        }
        hi = lo;
        lo = 0;
    }

    private void check(int m) {
        if (m <= lo || m >= hi) {
            throw new IllegalArgumentException("commit " + m + " is not inside (" + lo + ", " + hi + ")");
        }
    }

    void skip(int i) {
        skipped.add(i);
    }

    /** The untried commit nearest the middle of (lo, hi), or -1 when none is left. */
    int midpoint() {
        double middle = (lo + hi) / 2.0;
        int best = -1;
        for (int i = lo + 1; i < hi; i++) {
            if (!skipped.contains(i) && (best < 0 || Math.abs(i - middle) < Math.abs(best - middle))) {
                best = i;
            }
        }
        return best;
    }

    /** Untried commits strictly between lo and hi. */
    int candidates() {
        int c = 0;
        for (int i = lo + 1; i < hi; i++) {
            c += skipped.contains(i) ? 0 : 1;
        }
        return c;
    }

    /** The commits one of which is the first slower: lo + 1 up to hi. */
    List<FirstParentHistory.Commit> left() {
        return new ArrayList<>(commits.subList(lo + 1, hi + 1));
    }

    /** Steps a bisection of {@code n} candidates takes: ceil(log2(n + 1)). */
    static int stepsFor(int n) {
        return n <= 0 ? 0 : 32 - Integer.numberOfLeadingZeros(n);
    }
}
