package io.github.ccsidbench.gate;


import io.github.ccsidbench.stats.PairNoise;
import io.github.ccsidbench.stats.SignedRank;
import io.github.ccsidbench.stats.Stats;
import org.apache.commons.statistics.distribution.BinomialDistribution;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The A/B gate's judgement of one benchmark from paired forks: Hodges-Lehmann change, its interval, exact signed-rank
 * p-values ({@link SignedRank}) and the claim's bound, judged by {@link GateThresholds#judge}. Sources: Laaber et al.,
 * EMSE 2019; Bulej et al., ICPE 2020. See docs/gate.md, "How a run goes" and "The rule".
 *
 * @param key the benchmark
 * @param verdict what the gate says
 * @param ratio candidate / base: the Hodges-Lehmann estimate over pairs
 * @param low lower bound of the interval
 * @param high upper bound
 * @param coverage the interval's exact coverage (less than asked with too few pairs)
 * @param upper the claim's bound on candidate / base at {@code upperLevel}; NaN when the pairs cannot make it
 * @param upperLevel the chance that the true change lies above {@code upper}
 * @param pSlower exact one-sided p-value against "the candidate is slower"
 * @param pFaster the same against "the candidate is faster"
 * @param pairs how many pairs the verdict rests on
 * @param pairRatios each of those pairs' ratio, in the order measured
 * @param baseBytes base bytes per operation, NaN when not recorded
 * @param candidateBytes candidate bytes per operation, NaN when not recorded
 * @param reasons why, one sentence each
 * @param baseNs the base side's level: the median over pairs of its forks' medians (ns/op), NaN without pairs
 * @param candidateNs the candidate side's, likewise
 */
public record PairedComparison(String key, Verdict verdict, double ratio, double low, double high, double coverage,
                               double upper, double upperLevel, double pSlower, double pFaster, int pairs, double[] pairRatios, double baseBytes,
                               double candidateBytes, List<String> reasons, double baseNs, double candidateNs) {

    /** One pair: the kept iterations (ns/op) of the base fork and of the candidate fork. */
    public record Pair(double[] base, double[] candidate) {
        double ratio() {
            return Stats.median(candidate) / Stats.median(base);
        }
    }

    public PairedComparison {
        reasons = List.copyOf(reasons);
    }

    /** Judges screening pairs: the claim's bound is Smyth's moderated t with {@code noise}, or signed-rank's when null. */
    public static PairedComparison screen(String key, List<Pair> pairs, double baseBytes, double candidateBytes, GateThresholds t,
                                          PairNoise noise) {
        double[] logs = logs(pairs);
        double level = t.screenClaimLevel();
        double upper = noise != null ? noise.upperBound(logs, level) : SignedRank.upperBound(logs, level);
        return judged(key, pairs, baseBytes, candidateBytes, t, true, Math.exp(upper), level);
    }

    /** Judges pairs with a claim's bound {@code upper} at {@code upperLevel} (NaN: none); only a PASS unless {@code tested}. */
    static PairedComparison judged(String key, List<Pair> pairs, double baseBytes, double candidateBytes, GateThresholds t,
                                   boolean tested, double upper, double upperLevel) {
        if (pairs.isEmpty()) {
            throw new IllegalArgumentException("no pairs for " + key);
        }
        double[] ratios = pairs.stream().mapToDouble(Pair::ratio).toArray();
        double[] logs = logs(pairs);
        double estimate = Math.exp(SignedRank.hodgesLehmann(logs));
        double[] interval = SignedRank.interval(logs, t.confidence());
        double pSlower = SignedRank.pAbove(logs);
        double pFaster = SignedRank.pAbove(Arrays.stream(logs).map(x -> -x).toArray());
        String detail = !tested ? "; not a look of the confirmation plan"
                : SignedRank.smallestP(pairs.size()) >= t.alpha()
                ? String.format(Locale.ROOT, "; %d pairs cannot give p below %.2g", pairs.size(), SignedRank.smallestP(pairs.size()))
                : "";
        List<String> reasons = new ArrayList<>();
        Verdict verdict = t.judge(estimate, tested ? pSlower : 1, tested ? pFaster : 1, upper, upperLevel, pairs.size(), reasons,
                detail);
        if (t.allocationGrew(baseBytes, candidateBytes, reasons)) {
            verdict = Verdict.FAIL;
        }
        return new PairedComparison(key, verdict, estimate, Math.exp(interval[0]), Math.exp(interval[1]), interval[2], upper,
                upperLevel, pSlower, pFaster, pairs.size(), ratios, baseBytes, candidateBytes, reasons, side(pairs, true),
                side(pairs, false));
    }

    /** One side's level: the median over pairs of its forks' medians. */
    private static double side(List<Pair> pairs, boolean base) {
        return Stats.median(pairs.stream().mapToDouble(p -> Stats.median(base ? p.base() : p.candidate())).toArray());
    }

    /** The pairs' log ratios, in order. */
    static double[] logs(List<Pair> pairs) {
        return pairs.stream().mapToDouble(p -> Math.log(p.ratio())).toArray();
    }

    /** Its pair ratios on the log scale, in the order measured. */
    double[] logRatios() {
        return Arrays.stream(pairRatios).map(Math::log).toArray();
    }

    /**
     * The pair noise a run met: one pair's log ratio within a benchmark, pooled over the comparisons' kept pairs, screen
     * and confirmation alike (Smyth's s0); null with too few benchmarks of two pairs. What gate.md states and what the
     * advice for a CANNOT_TELL with too few pairs of its own assumes.
     */
    static PairNoise noise(List<PairedComparison> comparisons) {
        return PairNoise.of(comparisons.stream().map(PairedComparison::logRatios).toList());
    }

    /** A benchmark with fewer than 2 settled pairs: CANNOT_TELL, never a FAIL. */
    public static PairedComparison disturbed(String key, int pairs, int dropped) {
        return new PairedComparison(key, Verdict.CANNOT_TELL, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, pairs,
                new double[0], Double.NaN, Double.NaN, List.of(String.format(Locale.ROOT, "too disturbed to judge: %d pair%s in"
                        + " which both forks settled, %d given up", pairs, pairs == 1 ? "" : "s", dropped)), Double.NaN, Double.NaN);
    }

    /**
     * Why the screen cannot clear this benchmark (docs/gate.md, "Screening, then confirmation"), or null when it can.
     *
     * @param noise the run's pooled pair noise (null: too few benchmarks)
     * @param sides the run's pooled noise of one side's fork levels (null: too few benchmarks)
     * @param sideLogs this benchmark's log levels per side: {base fork levels, candidate fork levels}
     */
    public String suspicion(GateThresholds t, PairNoise noise, PairNoise sides, double[][] sideLogs) {
        if (Double.isNaN(ratio)) {
            // Too disturbed to judge on its screen: confirmation pairs, while the budget lasts, may still judge it.
            return "too disturbed to judge on its screening pairs";
        }
        double[] logs = Arrays.stream(pairRatios).map(Math::log).toArray();
        if (ratio >= t.warnRatio()) {
            return "the screen read " + pct(ratio) + ", at or above the warning threshold";
        }
        if (noise == null) {
            return "too few benchmarks in the run to pool the pairs' noise (" + PairNoise.MIN_BENCHMARKS + " needed)";
        }
        double level = t.disagreementLevel();
        if (noise.disagree(logs, level)) {
            return String.format(Locale.ROOT, "its %d pairs disagree by %.1f%%, beyond the %.1f%% the run's pairs reach %s of the time",
                    pairs, 100 * PairNoise.range(logs), 100 * noise.disagreement(level, logs.length), percent(level));
        }
        if (sides != null) {
            for (int side = 0; side < 2; side++) {
                double[] s = sideLogs[side];
                if (s.length >= 2 && sides.disagree(s, level)) {
                    return String.format(Locale.ROOT, "its %s forks sit %.1f%% apart, beyond the %.1f%% the run's forks reach %s of the"
                                    + " time (a fork in a mode)", side == 0 ? "base" : "candidate", 100 * PairNoise.range(s),
                            100 * sides.disagreement(level, s.length), percent(level));
                }
            }
        }
        if (verdict == Verdict.CANNOT_TELL) {
            return "its bound " + pct(upper) + " is not below the failure threshold " + pct(t.failRatio());
        }
        return null;
    }

    /** True when the screen reads faster by the failure threshold twice over or more: an improvement suspect. */
    public boolean improvementSuspect(GateThresholds t) {
        return !Double.isNaN(ratio) && ratio <= t.improvementRatio();
    }

    /** The verdict of a suspect's confirmation pairs, which decide on their own; the screen's figure kept as a reason. */
    PairedComparison confirmedBy(PairedComparison confirmation) {
        List<String> r = new ArrayList<>(confirmation.reasons());
        r.add(0, screenSaid() + String.format(Locale.ROOT, "decided by %d more pairs on their own", confirmation.pairs()));
        return confirmation.withReasons(r);
    }

    /** An improvement suspect's confirmation: IMPROVED when significantly faster, any other verdict kept, a PASS saying so. */
    PairedComparison improvementConfirmedBy(PairedComparison confirmation) {
        PairedComparison decided = confirmedBy(confirmation);
        if (decided.verdict() != Verdict.PASS) {
            return decided;
        }
        List<String> r = new ArrayList<>(decided.reasons().subList(0, 1));
        r.add(String.format(Locale.ROOT, "no gain confirmed (%s, p faster = %.2g)", pct(confirmation.ratio()), confirmation.pFaster()));
        return decided.with(Verdict.PASS, r);
    }

    /** The two-sided sign-test level below which the pairs sent back lean to one side ({@link #withSentBack}). */
    static final double UNEVEN = 0.05;

    /** Pairs sent back that lean to one side beyond chance ({@link #UNEVEN}) turn a PASS, WARN or IMPROVED into CANNOT_TELL. */
    PairedComparison withSentBack(int baseHigher, int candidateHigher) {
        int n = baseHigher + candidateHigher;
        int k = Math.max(baseHigher, candidateHigher);
        double tail = n == 0 ? 1 : BinomialDistribution.of(n, 0.5).survivalProbability(k - 1);
        if (n == 0 || Math.min(1, 2 * tail) >= UNEVEN) {
            return this;
        }
        List<String> r = new ArrayList<>(reasons);
        r.add(String.format(Locale.ROOT, "of %d pairs sent back for the machine ruler, the %s fork's ruler read higher in %d"
                + " (sign test p=%.2g): the kept pairs may lean", n, baseHigher > candidateHigher ? "base" : "candidate", k,
                Math.min(1, 2 * tail)));
        boolean claim = verdict == Verdict.PASS || verdict == Verdict.WARN || verdict == Verdict.IMPROVED;
        return with(claim ? Verdict.CANNOT_TELL : verdict, r);
    }

    /** A suspect the budget stopped before confirmation: CANNOT_TELL (a FAIL by allocation stays), saying why. */
    PairedComparison notConfirmed(String why) {
        List<String> r = new ArrayList<>(List.of(screenSaid() + "not confirmed: " + why));
        Verdict v = verdict == Verdict.FAIL ? Verdict.FAIL : Verdict.CANNOT_TELL; // a suspect's screen is never the last word
        return with(v, r);
    }

    /** How a suspect's reasons begin: what its screening pairs said. */
    private String screenSaid() {
        if (Double.isNaN(ratio)) {
            return String.format(Locale.ROOT, "the screen was too disturbed to judge (%d pair%s kept); ", pairs, pairs == 1 ? "" : "s");
        }
        String why = reasons.isEmpty() ? "" : " (" + reasons.get(0) + ")";
        return String.format(Locale.ROOT, "the first %d pairs said %s%s; ", pairs, pct(ratio), why);
    }

    /** The same comparison with other reasons. */
    PairedComparison withReasons(List<String> r) {
        return with(verdict, r);
    }

    /** The same figures with another verdict and reasons. */
    PairedComparison with(Verdict v, List<String> r) {
        return new PairedComparison(key, v, ratio, low, high, coverage, upper, upperLevel, pSlower, pFaster, pairs, pairRatios,
                baseBytes, candidateBytes, r, baseNs, candidateNs);
    }

    /** "+1.2% .. +3.4% (96%)": an interval with its coverage, as gate.md and bisect.md show it; "-" without one. */
    static String interval(double low, double high, double coverage) {
        return Double.isNaN(low) ? "-" : String.format(Locale.ROOT, "%s .. %s (%.0f%%)", pct(low), pct(high), 100 * coverage);
    }

    /** "+5.1% (95%)": the claim's bound with its confidence; "none (95%)" for a CANNOT_TELL without one, else "-". */
    static String bound(PairedComparison c) {
        return bound(c.upper(), c.upperLevel(), c.verdict() == Verdict.CANNOT_TELL);
    }

    /** A bound as gate.md and bisect.md show it; without one "none" when {@code none}, else "-". */
    static String bound(double upper, double upperLevel, boolean none) {
        if (Double.isNaN(upperLevel) || (Double.isNaN(upper) && !none)) {
            return "-";
        }
        return (Double.isNaN(upper) ? "none" : pct(upper)) + " (" + GateThresholds.level(upperLevel) + ")";
    }

    /** "2.5%": a level as a percentage. */
    private static String percent(double level) {
        return GateThresholds.level(1 - level);
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
