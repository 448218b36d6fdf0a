package io.github.ccsidbench.gate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which kind of pair the gate measures now, duet or interleaved, chosen by what a kept pair of each kind costs on this
 * machine: a pair the machine ruler sends back, or whose fork does not settle, is measured again, so a kind's cost is
 * the wall time of its tries over the pairs they kept. A run that starts in duet turns interleaved once the ruler has
 * sent back half of at least 10 duet pairs (then a kept duet pair costs two forks' time, what an interleaved pair costs
 * if none is sent back), and turns back once its interleaved pairs, measured, cost more than its duet pairs did (on a
 * busy host the ruler sends back interleaved pairs about as often). Also the pair time the time budget expects.
 * See docs/gate.md, "How a run goes".
 */
final class PairKind {

    /**
     * The share of duet pairs sent back at which the pairs turn interleaved while no interleaved pair has been measured:
     * a kept duet pair then costs 1 / (1 - share) forks' time, and an interleaved pair never sent back costs 2.
     */
    static final double DUET_SENT_BACK = 0.5;
    /** Tries of a kind before its cost may turn the pairs to the other kind: fewer say little. */
    static final int TRIES = 10;

    private final boolean startedDuet;
    private boolean duet;
    /** The current stint, the tries since the pairs turned to this kind: their wall time, tries, kept, sent back. */
    private long stintNanos;
    private int stintTries;
    private int stintKept;
    private int stintApart;
    /** Seconds a kept pair took in the last stint of each kind, {duet, interleaved}; NaN before one ended. */
    private final double[] lastCost = {Double.NaN, Double.NaN};
    /** Every round's wall time per kind, {duet, interleaved}, and the rounds that kept a pair: the pair time expected. */
    private final long[] nanos = new long[2];
    private final int[] keptRounds = new int[2];
    private int triesAll;
    private final List<String> switches = new ArrayList<>();

    /** @param duet whether the run starts in duet (it may then turn interleaved and back; an interleaved run stays so) */
    PairKind(boolean duet) {
        this.startedDuet = duet;
        this.duet = duet;
    }

    /** Whether pairs are measured in duet now. */
    boolean duet() {
        return duet;
    }

    /**
     * After one benchmark's round: its wall time, the pairs it tried, whether one was kept and how many the machine
     * ruler sent back. True when the pairs from the next one on are of the other kind ({@link #lastSwitch}).
     */
    boolean after(long roundNanos, int tries, boolean kept, int sentBack) {
        int k = duet ? 0 : 1;
        nanos[k] += roundNanos;
        keptRounds[k] += kept ? 1 : 0;
        stintNanos += roundNanos;
        stintTries += tries;
        stintKept += kept ? 1 : 0;
        stintApart += sentBack;
        triesAll += tries;
        if (duet) {
            if (Double.isNaN(lastCost[1])) {
                return tooManySentBack(stintApart, stintKept) && turn(false, String.format(Locale.ROOT, "interleaved from the %s"
                        + " pair on, since the machine ruler sent back %d of the first %d duet pairs (one core ran slower than"
                        + " the other)", ordinal(stintApart + stintKept + 1), stintApart, stintApart + stintKept));
            }
            return stintTries >= TRIES && cost() > lastCost[1] && turn(false, String.format(Locale.ROOT, "interleaved again from"
                    + " the %s pair on, since duet pairs took %s over the last %d tries, interleaved ones %s",
                    ordinal(triesAll + 1), perKept(cost()), stintTries, perKept(lastCost[1])));
        }
        return startedDuet && stintTries >= TRIES && cost() > lastCost[0] && turn(true, String.format(Locale.ROOT, "duet again"
                + " from the %s pair on, since interleaved pairs took %s over the last %d tries (%d sent back or unsettled),"
                + " duet ones %s", ordinal(triesAll + 1), perKept(cost()), stintTries, stintTries - stintKept, perKept(lastCost[0])));
    }

    /** "8.0 s a kept pair", or what tries that kept none took. */
    static String perKept(double seconds) {
        return Double.isInfinite(seconds) ? "their time and kept none" : String.format(Locale.ROOT, "%.1f s a kept pair", seconds);
    }

    /** Seconds a kept pair took in the current stint (infinite when it kept none). */
    private double cost() {
        return stintNanos / 1e9 / stintKept;
    }

    private boolean turn(boolean toDuet, String why) {
        lastCost[duet ? 0 : 1] = cost();
        duet = toDuet;
        stintNanos = 0;
        stintTries = 0;
        stintKept = 0;
        stintApart = 0;
        switches.add(why);
        return true;
    }

    /** True when {@code sentBack} of the duet pairs tried ({@code sentBack + kept}) say a neighbour is on one core. */
    static boolean tooManySentBack(int sentBack, int kept) {
        int tried = sentBack + kept;
        return tried >= TRIES && sentBack >= DUET_SENT_BACK * tried;
    }

    /** Why the pairs last changed kind, and from which pair on ("" while they have not). */
    String lastSwitch() {
        return switches.isEmpty() ? "" : switches.get(switches.size() - 1);
    }

    /** "; interleaved from the 23rd pair on, since ...; duet again from ...", for gate.md's pairs line; "" if none. */
    String switches() {
        return switches.isEmpty() ? "" : "; " + String.join("; ", switches);
    }

    /**
     * The wall time a kept pair is expected to take now: the rounds' wall time over the rounds that kept a pair, tries of
     * pairs that did not settle included (a run with many pairs measured again would otherwise let the looks overrun the
     * budget), and the time of rounds that gave their pair up (once the budget is used up a round tries once and may keep
     * nothing: counted as a round of its own, it made the pace look faster than any kept pair had been); a duet round
     * counting twice its time while the pairs are interleaved and an interleaved one half while they are duet (an
     * interleaved pair runs its two forks one after the other); 6 s before any kept pair.
     */
    Duration typical() {
        int kept = keptRounds[0] + keptRounds[1];
        if (kept == 0) {
            return Duration.ofSeconds(6);
        }
        double total = duet ? nanos[0] + nanos[1] / 2.0 : 2.0 * nanos[0] + nanos[1];
        return Duration.ofNanos((long) (total / kept));
    }

    static String ordinal(int n) {
        int mod100 = n % 100;
        String suffix = mod100 >= 11 && mod100 <= 13 ? "th" : switch (n % 10) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        };
        return n + suffix;
    }
}
