package io.github.ccsidbench.gate;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The commit range alone: where the next probe goes, what is left, and going back for an earlier slowdown. */
class CommitRangeTest {

    private static CommitRange range(int n) {
        List<FirstParentHistory.Commit> commits = new ArrayList<>();
        for (int i = 0; i <= n; i++) {
            commits.add(new FirstParentHistory.Commit(String.format("%040d", i), "c" + i, List.of()));
        }
        return new CommitRange(commits, false);
    }

    @Test
    void probesTheUntriedCommitNearestTheMiddle() {
        CommitRange r = range(10);
        assertEquals(5, r.midpoint());
        r.skip(5); // does not build
        assertEquals(4, r.midpoint());
        r.bad(4);
        assertEquals(2, r.midpoint());
        r.good(2);
        assertEquals(3, r.midpoint());
        r.good(3);
        assertEquals(-1, r.midpoint());
        assertEquals(List.of("c4"), r.left().stream().map(FirstParentHistory.Commit::subject).toList());
    }

    @Test
    void anEarlierSlowdownMakesTheRangeEndAtTheLastGood() {
        CommitRange r = range(8);
        r.good(4);
        r.good(6);
        r.slowerBefore();
        assertEquals(0, r.lo());
        assertEquals(6, r.hi());
        assertEquals(3, r.midpoint());
        assertThrows(IllegalArgumentException.class, () -> r.good(7));
    }

    @Test
    void stepsNeededAreCeilLog2() {
        assertEquals(0, CommitRange.stepsFor(0));
        assertEquals(1, CommitRange.stepsFor(1));
        assertEquals(5, CommitRange.stepsFor(31));
        assertEquals(6, CommitRange.stepsFor(32));
    }
}
