package io.github.ccsidbench.gate;

import io.github.ccsidbench.stats.ConfirmationPlan;
import io.github.ccsidbench.stats.SignedRank;
import io.github.ccsidbench.stats.Stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One suspect's confirmation pairs, round by round, until a look of its {@link ConfirmationPlan} decides it (fresh pairs
 * alone, both ways) or time is up: the procedure the gate runs and its tests replay (docs/gate.md, "The rule").
 */
public final class Confirmation {

    /** How the reasons of a benchmark judged in modes begin. */
    static final String IN_MODES = "its forks fall into two modes";
    /** How the reasons begin where both forks of every pair ran at the same of two levels: judged as one population. */
    static final String SHARED_LEVELS = "its forks ran at two levels";

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
     * @param plan its looks ({@link GateThresholds#plan})
     */
    public Confirmation(PairedComparison screen, boolean faster, ConfirmationPlan plan, GateThresholds thresholds) {
        this.screen = screen;
        this.faster = faster;
        this.plan = plan;
        this.thresholds = thresholds;
    }

    /** How much it looks like a change in its direction so far: the time budget goes to the most promising first. */
    public double promise() {
        double r = pairs.size() >= 2 ? SignedRank.hodgesLehmann(PairedComparison.logs(pairs)) : Math.log(screen.ratio());
        return Double.isNaN(r) ? 0 : faster ? -r : r; // a screen too disturbed to read promises nothing either way
    }

    /** The most rounds a suspect gets, per place in its plan: a pair given up uses a round, not a place. */
    static final int ROUNDS_PER_PAIR = 2;

    /** Whether it wants another round. */
    public boolean open() {
        return decided == null && stoppedBecause == null && pairs.size() < plan.maxPairs()
                && rounds < ROUNDS_PER_PAIR * plan.maxPairs();
    }

    /** Pairs kept so far: its looks count these. */
    public int pairs() {
        return pairs.size();
    }

    /** Rounds measured so far (a pair given up uses one too). */
    public int rounds() {
        return rounds;
    }

    /** After one round: its pair, or null when both tries failed to settle; a look is made when the pairs reach one. */
    public void afterRound(PairedComparison.Pair pair, double baseBytes, double candidateBytes) {
        rounds++;
        if (pair == null) {
            given++;
            return;
        }
        pairs.add(pair);
        int look = plan.lookAt(pairs.size());
        // an improvement suspect cannot be decided by a claim-only look: it goes on to a test look
        if (look >= 0 && pairs.size() >= 2 && !(faster && plan.claimOnly(look))) {
            PairedComparison c = compare(look, baseBytes, candidateBytes);
            if (c.verdict() != Verdict.CANNOT_TELL) {
                decided = c;
            }
        }
    }

    /** Stops it before its plan is done (the gate's time budget), saying why. */
    public void stop(String why) {
        if (open()) {
            stoppedBecause = why;
        }
    }

    /** The verdict: what decided it, else its pairs at the last look's levels; "not confirmed" if stopped before two pairs. */
    public PairedComparison verdict(double baseBytes, double candidateBytes) {
        if (decided == null && pairs.size() < 2 && given == 0 && stoppedBecause != null) {
            // not disturbed: the budget stopped it
            return screen.notConfirmed(stoppedBecause);
        }
        PairedComparison c = decided != null ? decided : pairs.size() < 2
                ? PairedComparison.disturbed(screen.key(), pairs.size(), given)
                : compare(plan.lookAfter(pairs.size()), baseBytes, candidateBytes);
        PairedComparison out = faster ? screen.improvementConfirmedBy(c) : screen.confirmedBy(c);
        if (stoppedBecause != null && decided == null) {
            List<String> r = new ArrayList<>(out.reasons());
            r.add(stoppedBecause);
            out = out.withReasons(r);
        }
        return out;
    }

    /** The fresh pairs judged at look {@code look}: its test's level and its claim's bound; in two modes by {@link #inModes}. */
    private PairedComparison compare(int look, double baseBytes, double candidateBytes) {
        double level = plan.claimAlphas()[look];
        // A claim-only look tests at a level no p-value reaches (the thresholds take none of 0), halved or not.
        double alpha = plan.claimOnly(look) ? Double.MIN_NORMAL : plan.alphas()[look];
        PairModes modes = PairModes.of(levels(pairs, true), levels(pairs, false));
        return modes != null ? inModes(modes, alpha, level, baseBytes, candidateBytes)
                : together(alpha, level, baseBytes, candidateBytes);
    }

    /** All the fresh pairs as one population: the signed-rank test at {@code alpha}, its bound at {@code level}. */
    private PairedComparison together(double alpha, double level, double baseBytes, double candidateBytes) {
        double upper = SignedRank.upperBound(PairedComparison.logs(pairs), level);
        return PairedComparison.judged(screen.key(), pairs, baseBytes, candidateBytes, thresholds.withAlpha(alpha), true,
                Math.exp(upper), level);
    }

    /**
     * Forks in two modes: same-mode pairs by signed-rank, who lands slow by McNemar, each at half the level; all pairs as
     * one population where none has its forks in opposite modes (docs/gate.md, "Forks in modes").
     */
    private PairedComparison inModes(PairModes modes, double alpha, double level, double baseBytes, double candidateBytes) {
        GateThresholds half = thresholds.withAlpha(alpha / 2);
        List<PairedComparison.Pair> same = new ArrayList<>();
        int[] alike = new int[2]; // same-mode pairs: {fast, slow}
        int candidateSlow = 0;
        int baseSlow = 0;
        for (PairedComparison.Pair p : pairs) {
            boolean b = modes.slow(Stats.median(p.base()));
            boolean c = modes.slow(Stats.median(p.candidate()));
            if (b == c) {
                same.add(p);
                alike[b ? 1 : 0]++;
            } else if (c) {
                candidateSlow++;
            } else {
                baseSlow++;
            }
        }
        if (candidateSlow + baseSlow == 0) {
            // No pair in opposite modes: both forks of every pair ran at the same level, a state the pair shared.
            // McNemar's test could not reject and the share bound is 1, so its half of the level goes to the one test
            // left. Valid: the split follows the count of pairs in opposite modes, which swapping a pair's two forks
            // leaves as it is, so under no change the signed-rank test keeps its level given that count.
            PairedComparison c = together(alpha, level, baseBytes, candidateBytes);
            List<String> r = new ArrayList<>(c.reasons());
            r.add(0, String.format(Locale.ROOT, SHARED_LEVELS + ", %s and %s ns/op, and both forks of each of its %d pairs ran at"
                    + " the same one: a state the pair shared (as a rule the machine's; the JIT draws each fork's mode on its own),"
                    + " which each pair's ratio cancels, so all its pairs are judged together", ns(modes.fast()), ns(modes.slow()),
                    pairs.size()));
            return c.withReasons(r);
        }
        List<String> r = new ArrayList<>();
        r.add(String.format(Locale.ROOT, IN_MODES + ": %s ns/op (base %d forks, candidate %d) and %s ns/op (base %d, candidate %d)",
                ns(modes.fast()), modes.fastForks()[0], modes.fastForks()[1], ns(modes.slow()), modes.slowForks()[0],
                modes.slowForks()[1]));
        PairedComparison alikeJudged = null;
        if (same.size() >= 2) {
            double upper = Math.exp(SignedRank.upperBound(PairedComparison.logs(same), level / 2));
            alikeJudged = PairedComparison.judged(screen.key(), same, baseBytes, candidateBytes, half, true, upper, level);
            r.add(String.format(Locale.ROOT, "the %d pairs whose forks ran in the same mode (%d fast, %d slow) read %s (p slower %.2g,"
                    + " tested at %.2g; slower by less than %s at %s)", same.size(), alike[0], alike[1],
                    PairedComparison.pct(alikeJudged.ratio()), alikeJudged.pSlower(), alpha / 2, PairedComparison.pct(upper),
                    GateThresholds.level(level / 2)));
            if (alikeJudged.ratio() >= thresholds.failRatio() && alikeJudged.pSlower() < alpha / 2) {
                return alikeJudged.with(Verdict.FAIL, r);
            }
        } else {
            r.add(same.size() + " pair" + (same.size() == 1 ? "" : "s") + " whose forks ran in the same mode");
        }
        int opposite = candidateSlow + baseSlow;
        double p = PairModes.pMoreOftenSlow(candidateSlow, baseSlow);
        double meanChange = 1 + (double) (candidateSlow - baseSlow) / pairs.size() * (modes.slow() / modes.fast() - 1);
        double shareBound = PairModes.shareBound(candidateSlow, baseSlow, pairs.size(), modes.slow() / modes.fast(), level / 2);
        r.add(String.format(Locale.ROOT, "of the %d pairs in opposite modes, the candidate's fork was the slow one in %d (p = %.2g),"
                + " moving its mean by %s (by less than %s at %s)", opposite, candidateSlow, p, PairedComparison.pct(meanChange),
                PairedComparison.pct(shareBound), GateThresholds.level(level / 2)));
        boolean grew = thresholds.allocationGrew(baseBytes, candidateBytes, r);
        PairedComparison all = PairedComparison.judged(screen.key(), pairs, baseBytes, candidateBytes, half, true, Double.NaN, level);
        if (p < alpha / 2 && meanChange >= thresholds.failRatio() || grew) {
            return all.with(Verdict.FAIL, r);
        }
        double bound = alikeJudged == null ? Double.NaN : alikeJudged.upper() * shareBound;
        if (bound < thresholds.failRatio()) {
            r.add("the two bounds together: slower by less than " + PairedComparison.pct(bound) + " at " + GateThresholds.level(level));
            return new PairedComparison(alikeJudged.key(), Verdict.PASS, alikeJudged.ratio(), alikeJudged.low(), alikeJudged.high(),
                    alikeJudged.coverage(), bound, level, alikeJudged.pSlower(), alikeJudged.pFaster(), pairs.size(),
                    pairs.stream().mapToDouble(PairedComparison.Pair::ratio).toArray(),
                    baseBytes, candidateBytes, r, alikeJudged.baseNs(), alikeJudged.candidateNs());
        }
        r.add("no bound below " + PairedComparison.pct(thresholds.failRatio()) + " for both the same-mode pairs and how often each"
                + " side lands in the slow mode");
        return all.with(Verdict.CANNOT_TELL, r);
    }

    /** Each pair's base (or candidate) fork level: the median of its kept iterations. */
    private static double[] levels(List<PairedComparison.Pair> pairs, boolean base) {
        return pairs.stream().mapToDouble(p -> Stats.median(base ? p.base() : p.candidate())).toArray();
    }

    private static String ns(double level) {
        return String.format(Locale.ROOT, level >= 100 ? "%.0f" : "%.1f", level);
    }
}
