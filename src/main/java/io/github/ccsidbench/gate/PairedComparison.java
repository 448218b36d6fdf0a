package io.github.ccsidbench.gate;


import io.github.ccsidbench.stats.SignedRank;
import io.github.ccsidbench.stats.Stats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The A/B gate's judgement of one benchmark from paired forks: fork i of the base and fork i of the
 * candidate ran next to each other in time (or at the same time, in duet), so the ratio of their levels
 * cancels whatever the machine did over that stretch (Laaber, Scheuner, Leitner, EMSE 2019; Bulej et al.,
 * ICPE 2020). The pair is the unit: its ratio is the candidate fork's median kept iteration over the base
 * fork's. The change is the Hodges-Lehmann estimate over the pairs' log ratios, its interval the
 * distribution-free one that goes with it, and its p-values come from the exact Wilcoxon signed-rank test
 * ({@link SignedRank}): valid whatever the forks' JIT modes, and honest that n pairs cannot give p below 2^-n.
 *
 * <p>Verdicts: the ladder of {@link GateThresholds#judge}; allocation that grows by more than
 * max({@code allocRelative}, {@code allocAbsolute} B/op) fails without a test (it is deterministic). The gate
 * screens every benchmark with a few pairs and decides a suspect on further pairs alone ({@link #confirmedBy}).
 *
 * @param key the benchmark
 * @param verdict what the gate says
 * @param ratio candidate / base: the Hodges-Lehmann estimate over pairs
 * @param low lower bound of the interval
 * @param high upper bound
 * @param coverage the interval's exact coverage (the confidence asked for, or less when there are too few pairs)
 * @param pSlower exact one-sided p-value against "the candidate is slower"
 * @param pFaster the same against "the candidate is faster"
 * @param pairs how many pairs the verdict rests on
 * @param pairRatios each of those pairs' ratio, in the order measured
 * @param baseBytes base bytes per operation, NaN when not recorded
 * @param candidateBytes candidate bytes per operation, NaN when not recorded
 * @param reasons why, one sentence each
 */
public record PairedComparison(String key, Verdict verdict, double ratio, double low, double high, double coverage,
                               double pSlower, double pFaster, int pairs, double[] pairRatios, double baseBytes,
                               double candidateBytes, List<String> reasons) {

    /** One pair: the kept iterations (ns/op) of the base fork and of the candidate fork. */
    public record Pair(double[] base, double[] candidate) {
        double ratio() {
            return Stats.median(candidate) / Stats.median(base);
        }
    }

    public PairedComparison {
        reasons = List.copyOf(reasons);
    }

    /** Compares the pairs of one benchmark. */
    public static PairedComparison of(String key, List<Pair> pairs, double baseBytes, double candidateBytes, GateThresholds t) {
        if (pairs.isEmpty()) {
            throw new IllegalArgumentException("no pairs for " + key);
        }
        double[] ratios = pairs.stream().mapToDouble(Pair::ratio).toArray();
        double[] logs = Arrays.stream(ratios).map(Math::log).toArray();
        double estimate = Math.exp(SignedRank.hodgesLehmann(logs));
        double[] interval = SignedRank.interval(logs, t.confidence());
        double pSlower = SignedRank.pAbove(logs);
        double pFaster = SignedRank.pAbove(Arrays.stream(logs).map(x -> -x).toArray());
        String detail = SignedRank.smallestP(pairs.size()) >= t.alpha()
                ? String.format(Locale.ROOT, "; %d pairs cannot give p below %.2g", pairs.size(), SignedRank.smallestP(pairs.size()))
                : "";
        List<String> reasons = new ArrayList<>();
        Verdict verdict = t.judge(estimate, pSlower, pFaster, reasons, detail);
        if (t.allocationGrew(baseBytes, candidateBytes, reasons)) {
            verdict = Verdict.FAIL;
        }
        return new PairedComparison(key, verdict, estimate, Math.exp(interval[0]), Math.exp(interval[1]), interval[2], pSlower,
                pFaster, pairs.size(), ratios, baseBytes, candidateBytes, reasons);
    }

    /**
     * A benchmark the machine did not let the gate judge: fewer than 2 pairs in which both forks settled. A WARN,
     * never a FAIL: a fork that never settled measured the machine, not the code.
     */
    public static PairedComparison disturbed(String key, int pairs, int dropped) {
        return new PairedComparison(key, Verdict.WARN, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, Double.NaN, pairs,
                new double[0], Double.NaN, Double.NaN, List.of(String.format(Locale.ROOT, "too disturbed to judge: %d pair%s in"
                        + " which both forks settled, %d given up", pairs, pairs == 1 ? "" : "s", dropped)));
    }

    /**
     * True when the screen says "maybe slower": at the warning threshold or beyond, whatever its p-value (a few
     * screening pairs cannot be significant). Confirmation pairs decide.
     */
    public boolean suspect(GateThresholds t) {
        return !Double.isNaN(ratio) && ratio >= t.warnRatio();
    }

    /**
     * True when the screen says "clearly faster": by the failure threshold twice over or more (14% with the A/B
     * defaults). A few screening pairs cannot show an improvement to be significant either, so these get
     * confirmation pairs too and can come out IMPROVED (a JDK upgrade's known gains named as such). The bar is high
     * so that an A/A run spends few pairs on noise that leans the good way: a bar at the failure threshold drew about
     * twice the suspects and WARNs on the replayed A/A runs ({@code PairedComparisonTest}).
     */
    public boolean improvementSuspect(GateThresholds t) {
        return !Double.isNaN(ratio) && ratio <= t.improvementRatio();
    }

    /**
     * The verdict after confirmation pairs were measured for a suspect: the confirmation pairs decide on their own
     * (fresh data, so the screen that picked the suspect biases nothing), and the screen's figure is kept as a reason.
     */
    PairedComparison confirmedBy(PairedComparison confirmation) {
        List<String> r = new ArrayList<>(confirmation.reasons());
        r.add(0, screenSaid() + String.format(Locale.ROOT, "decided by %d more pairs on their own", confirmation.pairs()));
        return new PairedComparison(key, confirmation.verdict(), confirmation.ratio(), confirmation.low(), confirmation.high(),
                confirmation.coverage(), confirmation.pSlower(), confirmation.pFaster(), confirmation.pairs(),
                confirmation.pairRatios(), confirmation.baseBytes(), confirmation.candidateBytes(), r);
    }

    /**
     * The verdict after confirmation pairs were measured for an improvement suspect: they answer one question, "is it
     * significantly faster?". IMPROVED when they say so; FAIL when they show a significant regression instead (never
     * ignored); otherwise PASS, as the screen had it, with what the pairs found as the reason: a WARN here would be
     * noise the screen never asked about (replayed A/A with forks in two modes: 385 WARNs in 2,000 instead of 150).
     */
    PairedComparison improvementConfirmedBy(PairedComparison confirmation) {
        PairedComparison decided = confirmedBy(confirmation);
        if (decided.verdict() == Verdict.IMPROVED || decided.verdict() == Verdict.FAIL) {
            return decided;
        }
        List<String> r = new ArrayList<>(decided.reasons().subList(0, 1));
        r.add(String.format(Locale.ROOT, "no gain confirmed (%s, p faster = %.2g)", pct(confirmation.ratio()), confirmation.pFaster()));
        return new PairedComparison(key, Verdict.PASS, decided.ratio(), decided.low(), decided.high(), decided.coverage(),
                decided.pSlower(), decided.pFaster(), decided.pairs(), decided.pairRatios(), decided.baseBytes(),
                decided.candidateBytes(), r);
    }

    /**
     * The verdict of a suspect stopped before it had confirmation pairs to test (the gate's time budget): this screen's own
     * verdict, saying it was not confirmed and why. Not "too disturbed": its forks settled, time ran out.
     */
    PairedComparison notConfirmed(String why) {
        List<String> r = new ArrayList<>(List.of(screenSaid() + "not confirmed: " + why));
        r.addAll(reasons);
        return withReasons(r);
    }

    /** How a suspect's reasons begin: what its screening pairs said. */
    private String screenSaid() {
        return String.format(Locale.ROOT, "the first %d pairs said %s; ", pairs, pct(ratio));
    }

    /** The same comparison with other reasons. */
    PairedComparison withReasons(List<String> r) {
        return new PairedComparison(key, verdict, ratio, low, high, coverage, pSlower, pFaster, pairs, pairRatios, baseBytes,
                candidateBytes, r);
    }

    /** "+1.2% .. +3.4% (96%)": an interval with its coverage, as gate.md and bisect.md show it; "-" without one. */
    static String interval(double low, double high, double coverage) {
        return Double.isNaN(low) ? "-" : String.format(Locale.ROOT, "%s .. %s (%.0f%%)", pct(low), pct(high), 100 * coverage);
    }

    /** "+12.3%" / "-4.0%"; "n/a" for NaN. */
    static String pct(double ratio) {
        return Double.isNaN(ratio) ? "n/a" : String.format(Locale.ROOT, "%+.1f%%", (ratio - 1) * 100);
    }

    @Override
    public String toString() {
        return key + ": " + verdict + " " + pct(ratio) + " " + Arrays.toString(pairRatios);
    }
}
