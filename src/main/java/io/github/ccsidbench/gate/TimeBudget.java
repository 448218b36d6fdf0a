package io.github.ccsidbench.gate;

import io.github.ccsidbench.stats.ConfirmationPlan;
import io.github.ccsidbench.suite.BenchmarkCase;
import io.github.ccsidbench.suite.Progress;
import io.github.ccsidbench.suite.Timing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * How the gate spends its wall-time budget, counted from the gate's start: a CI job has a time limit, so once the
 * screening pairs are measured, suspects get confirmation pairs only while their next look fits, and a pair whose fork
 * did not settle is not tried again once the time is used up.
 *
 * <p>The budget itself is no concept of the gate's: it is a {@link Timing.Budget}, counted as the suite counts its
 * own. This class is the gate's rule for spending it on suspects (which of them keep going, in which order, and what
 * each is told when it stops), which the suite, whose rounds spend it on caps and extra forks, has no use for.
 */
final class TimeBudget {

    private final Timing.Budget budget;

    /**
     * @param budget how long the gate may measure (empty: no limit)
     * @param started when the gate started ({@link System#nanoTime()})
     */
    TimeBudget(Optional<Duration> budget, long started) {
        this.budget = new Timing.Budget(budget, started);
    }

    /** Whether there is a budget at all. */
    boolean limited() {
        return budget.limited();
    }

    /** Whether the budget, when there is one, is used up. */
    boolean usedUp() {
        return budget.usedUp();
    }

    /**
     * The time budget at a round of confirmations: when a look is next to start (every suspect has had {@code rounds}
     * rounds, 0 or a look), the suspects that look most like a change, in their direction, keep going as long as the
     * pairs up to their next look fit in what is left; the others stop, saying so. In between looks only an overrun
     * budget stops them all. A look that would not finish in time is not started: the suspect is judged at the level
     * of the last look it reached. (On two screening pairs, noise alone makes many benchmarks suspects; all their
     * confirmation pairs would take far longer than a CI job may.) Does nothing without a budget.
     */
    void allot(Collection<Confirmation> open, ConfirmationPlan looks, int rounds, Duration pair, Progress progress) {
        if (!budget.limited()) {
            return;
        }
        Duration limit = budget.limit().get();
        Duration left = budget.left().get();
        if (rounds != 0 && looks.lookAt(rounds) < 0) {
            if (left.isNegative()) {
                String why = String.format(Locale.ROOT, "stopped after %d pairs: the gate's time budget of %s was used up", rounds,
                        Timing.format(limit));
                open.forEach(c -> c.stop(why));
                progress.message("ccsid-bench gate: " + why);
            }
            return;
        }
        int next = looks.nextLook(rounds);
        List<Confirmation> ranked = new ArrayList<>(open);
        ranked.sort((x, y) -> Double.compare(y.promise(), x.promise()));
        Duration each = pair.multipliedBy(Math.max(1, next - rounds));
        int stopped = 0;
        for (Confirmation c : ranked) {
            if (left.compareTo(each) >= 0) {
                left = left.minus(each);
            } else {
                c.stop(String.format(Locale.ROOT, "stopped after %d pairs: no time left in the gate's budget of %s for the %d"
                        + " pairs to its next look (suspects that looked more like a change went first)", rounds,
                        Timing.format(limit), next - rounds));
                stopped++;
            }
        }
        if (stopped > 0) {
            progress.message(String.format(Locale.ROOT, "ccsid-bench gate: %d suspect(s) stopped after %d pairs: their next look"
                    + " would not fit in the time budget of %s", stopped, rounds, Timing.format(limit)));
        }
    }

    /** Removes the suspects that are done from {@code open}, and their rounds not needed from the progress. */
    static void drop(Map<BenchmarkCase, Confirmation> open, ConfirmationPlan looks, int perPair, Progress progress) {
        List<BenchmarkCase> done = open.entrySet().stream().filter(e -> !e.getValue().open()).map(Map.Entry::getKey).toList();
        for (BenchmarkCase c : done) {
            progress.extend(-Math.max(0, looks.maxPairs() - open.get(c).rounds()) * perPair);
            open.remove(c);
        }
    }
}
