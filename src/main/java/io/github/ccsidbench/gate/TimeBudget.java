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
 * How the gate spends its wall-time budget (a {@link Timing.Budget}, counted from the gate's start) on suspects:
 * confirmation pairs only while their next look fits, the most promising first, and no retries once it is used up.
 * See docs/gate.md, "The time budget".
 */
final class TimeBudget {

    private final Timing.Budget budget;
    /** The budget that would have given every suspect its first look at this run's pace, when this one stopped some. */
    private Duration firstLooks;
    /** Screening pairs given up once the budget was used up: a run again measures them too. */
    private int screenShort;

    /**
     * @param budget how long the gate may measure (empty: no limit)
     * @param started when the gate started ({@link System#nanoTime()})
     */
    TimeBudget(Optional<Duration> budget, long started) {
        this.budget = new Timing.Budget(budget, started);
    }

    /** The screening pairs the screen gave up (the budget used up): the budget it names counts them too. */
    void screenShort(int pairs) {
        screenShort = pairs;
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
     * Before every round of confirmations, the suspects that look most like a change keep going while the pairs up to
     * their next look fit at the pace of now; the others stop, saying so (judged at the last look reached). Checked
     * every round, not only where a look is next to start: when the host slows between looks, the least promising stop
     * at once and the others still reach their look, where stopping them all at the overrun would leave every one
     * short of it. Does nothing without a budget.
     */
    void allot(Collection<Confirmation> open, ConfirmationPlan looks, int rounds, Duration pair, Progress progress) {
        if (!budget.limited()) {
            return;
        }
        Duration limit = budget.limit().get();
        Duration left = budget.left().get();
        if (rounds != 0 && left.isNegative()) {
            String why = String.format(Locale.ROOT, "stopped after %d pairs: the gate's time budget of %s was used up", rounds,
                    Timing.format(limit));
            open.forEach(c -> c.stop(why));
            progress.message("ccsid-bench gate: " + why);
            return;
        }
        List<Confirmation> ranked = new ArrayList<>(open);
        ranked.sort((x, y) -> Double.compare(y.promise(), x.promise()));
        // what every suspect's next look would take, and the screening pairs given up, for the budget it names
        Duration wanted = budget.elapsed().plus(pair.multipliedBy(screenShort));
        int stopped = 0;
        for (Confirmation c : ranked) {
            // its pairs to its next look, from the pairs it kept: a pair given up used a round, not a place
            int pairs = Math.max(1, looks.nextLook(c.pairs()) - c.pairs());
            Duration each = pair.multipliedBy(pairs);
            wanted = wanted.plus(each);
            if (left.compareTo(each) >= 0) {
                left = left.minus(each);
            } else {
                c.stop(String.format(Locale.ROOT, "stopped after %d pairs: no time left in the gate's budget of %s for the %d"
                        + " pairs to its next look (suspects that looked more like a change went first)", c.pairs(),
                        Timing.format(limit), pairs));
                stopped++;
            }
        }
        if (stopped > 0) {
            if (rounds == 0) {
                firstLooks = wanted;
            }
            progress.message(String.format(Locale.ROOT, "ccsid-bench gate: %d suspect(s) stopped after %d rounds: their next look"
                    + " would not fit in the time budget of %s%s", stopped, rounds, Timing.format(limit), rounds != 0 ? ""
                    : String.format(Locale.ROOT, "; at this run's pace (a kept pair every %.1f s, pairs measured again included),"
                    + " --budget %d would give every suspect its first look", pair.toMillis() / 1000.0, minutes(wanted))));
        }
    }

    /**
     * The {@code --budget} (minutes) that would have given every suspect its first look at this run's pace, or 0 where
     * the budget stopped none before it: the measuring time it took and wanted (the screening pairs it gave up included),
     * the half minute kept for writing the files and a minute's margin; a base build is cached by then, so it adds
     * nothing to a run again.
     */
    int firstLooksMinutes() {
        return firstLooks == null ? 0 : minutes(firstLooks);
    }

    private static int minutes(Duration measuring) {
        return (int) Math.ceil((measuring.toMillis() + 30_000) / 60_000.0) + 1;
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
