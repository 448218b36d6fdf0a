package io.github.ccsidbench.gate;

import io.github.ccsidbench.results.Stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The A/B gate's judgement of one benchmark from paired forks: fork i of the base and fork i of the
 * candidate ran next to each other in time (or at the same time, in duet), so the ratio of their levels
 * cancels whatever the machine did over that stretch (Laaber, Scheuner, Leitner, EMSE 2019; Bulej et al.,
 * ICPE 2020). The estimate is the median over pairs of (candidate level / base level); its interval and
 * one-sided p-values come from a hierarchical bootstrap that resamples pairs and, inside each pair, each
 * fork's kept iterations (so both the between-pair and the within-fork spread count).
 *
 * <p>Verdicts, with thresholds {@code t}: FAIL when the estimate is at least {@code t.failRatio()} and the
 * p-value of "not slower" is below {@code t.alpha()} (the gate then wants it confirmed by more pairs, see
 * {@link AbGate}: the confirmation pairs on their own must replicate it); WARN at {@code t.warnRatio()} and significant, or at the failure threshold but not
 * significant; IMPROVED at {@code 1/t.warnRatio()} or faster and significant; else PASS. Allocation that grows
 * by more than max({@code allocRelative}, {@code allocAbsolute} B/op) fails without a test (it is deterministic).
 *
 * @param key the benchmark
 * @param verdict what the gate says
 * @param ratio median over pairs of candidate level / base level
 * @param low lower bound of the {@code t.confidence()} interval
 * @param high upper bound
 * @param pSlower bootstrap one-sided p-value against "the candidate is slower"
 * @param pFaster the same against "the candidate is faster"
 * @param pairs how many pairs
 * @param pairRatios each pair's ratio, in the order measured
 * @param baseBytes base bytes per operation, NaN when not recorded
 * @param candidateBytes candidate bytes per operation, NaN when not recorded
 * @param reasons why, one sentence each
 */
public record PairedComparison(String key, Verdict verdict, double ratio, double low, double high, double pSlower,
                               double pFaster, int pairs, double[] pairRatios, double baseBytes, double candidateBytes,
                               List<String> reasons) {

    /** Bootstrap replicates: a p-value of 0.01 is then known to about ±0.002. */
    static final int RESAMPLES = 4000;

    /** One pair: the kept iterations (ns/op) of the base fork and of the candidate fork. */
    public record Pair(double[] base, double[] candidate) {
        double ratio() {
            return Stats.median(candidate) / Stats.median(base);
        }
    }

    public PairedComparison {
        reasons = List.copyOf(reasons);
    }

    /** Compares the pairs of one benchmark; {@code seed} makes the bootstrap repeatable. */
    public static PairedComparison of(String key, List<Pair> pairs, double baseBytes, double candidateBytes, GateThresholds t,
                                      long seed) {
        if (pairs.isEmpty()) {
            throw new IllegalArgumentException("no pairs for " + key);
        }
        double[] ratios = pairs.stream().mapToDouble(Pair::ratio).toArray();
        double estimate = Stats.median(ratios);
        double[] replicates = bootstrap(pairs, seed);
        int atMostOne = 0;
        int atLeastOne = 0;
        for (double r : replicates) {
            atMostOne += r <= 1 ? 1 : 0;
            atLeastOne += r >= 1 ? 1 : 0;
        }
        double pSlower = (atMostOne + 1.0) / (replicates.length + 1.0);
        double pFaster = (atLeastOne + 1.0) / (replicates.length + 1.0);
        double tail = (1 - t.confidence()) / 2;
        double low = Stats.percentile(replicates, 100 * tail);
        double high = Stats.percentile(replicates, 100 * (1 - tail));
        List<String> reasons = new ArrayList<>();
        Verdict verdict;
        boolean slower = pSlower < t.alpha();
        if (estimate >= t.failRatio() && slower) {
            verdict = Verdict.FAIL;
            reasons.add(String.format(Locale.ROOT, "%s slower in %d pairs, significant (p=%.2g)", pct(estimate), pairs.size(), pSlower));
        } else if (estimate >= t.warnRatio() && slower) {
            verdict = Verdict.WARN;
            reasons.add(String.format(Locale.ROOT, "%s slower, significant, below the failure threshold %s", pct(estimate),
                    pct(t.failRatio())));
        } else if (estimate >= t.failRatio()) {
            verdict = Verdict.WARN;
            reasons.add(String.format(Locale.ROOT, "%s slower but not significant (p=%.2g)", pct(estimate), pSlower));
        } else if (estimate <= 1 / t.warnRatio() && pFaster < t.alpha()) {
            verdict = Verdict.IMPROVED;
            reasons.add(String.format(Locale.ROOT, "%s faster, significant (p=%.2g)", pct(estimate), pFaster));
        } else {
            verdict = Verdict.PASS;
        }
        if (!Double.isNaN(baseBytes) && !Double.isNaN(candidateBytes) && candidateBytes > baseBytes * (1 + t.allocRelative())
                && candidateBytes - baseBytes > t.allocAbsolute()) {
            verdict = Verdict.FAIL;
            reasons.add(String.format(Locale.ROOT, "allocates %.0f B/op instead of %.0f", candidateBytes, baseBytes));
        }
        return new PairedComparison(key, verdict, estimate, low, high, pSlower, pFaster, pairs.size(), ratios, baseBytes,
                candidateBytes, reasons);
    }

    /**
     * A benchmark the machine did not let the gate judge: fewer than 2 pairs in which both forks settled. A WARN,
     * never a FAIL: a fork that never settled measured the machine, not the code.
     */
    public static PairedComparison disturbed(String key, int pairs, int dropped) {
        return new PairedComparison(key, Verdict.WARN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, pairs,
                new double[0], Double.NaN, Double.NaN, List.of(String.format(Locale.ROOT, "too disturbed to judge: %d pair%s in"
                        + " which both forks settled, %d given up", pairs, pairs == 1 ? "" : "s", dropped)));
    }

    /** True when the verdict is a FAIL on time alone (allocation needs no confirmation). */
    public boolean timingFailure() {
        return verdict == Verdict.FAIL && reasons.stream().noneMatch(r -> r.startsWith("allocates"));
    }

    /** True when it looks slower (FAIL or WARN on time): confirmation pairs decide. */
    public boolean suspect() {
        return (verdict == Verdict.FAIL && timingFailure()) || verdict == Verdict.WARN;
    }

    /**
     * This comparison (over all pairs) after confirmation pairs were measured: a timing FAIL stands only if the
     * confirmation pairs on their own replicate it, slower by the failure threshold at p < 5 alpha (a replication
     * test, looser than the decision itself, which the FAIL over all pairs already passed at alpha), so one
     * unlucky stretch of the machine cannot fail a build; otherwise it is a WARN.
     */
    PairedComparison confirmedBy(PairedComparison confirmation, GateThresholds t) {
        if (!timingFailure()) {
            return this;
        }
        List<String> r = new ArrayList<>(reasons);
        if (confirmation.ratio() >= t.failRatio() && confirmation.pSlower() < 5 * t.alpha()) {
            r.add(String.format(Locale.ROOT, "confirmed by %d more pairs on their own (%s, p=%.2g)", confirmation.pairs(),
                    pct(confirmation.ratio()), confirmation.pSlower()));
            return new PairedComparison(key, verdict, ratio, low, high, pSlower, pFaster, pairs, pairRatios, baseBytes,
                    candidateBytes, r);
        }
        r.add(String.format(Locale.ROOT, "not confirmed by %d more pairs on their own (%s, p=%.2g)", confirmation.pairs(),
                pct(confirmation.ratio()), confirmation.pSlower()));
        return new PairedComparison(key, Verdict.WARN, ratio, low, high, pSlower, pFaster, pairs, pairRatios, baseBytes,
                candidateBytes, r);
    }

    /** Replicates of the median pair ratio: pairs resampled, and each fork's iterations resampled inside its pair. */
    static double[] bootstrap(List<Pair> pairs, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int n = pairs.size();
        double[] out = new double[RESAMPLES];
        double[] ratios = new double[n];
        for (int b = 0; b < RESAMPLES; b++) {
            for (int i = 0; i < n; i++) {
                Pair p = pairs.get(random.nextInt(n));
                ratios[i] = resampledMedian(p.candidate(), random) / resampledMedian(p.base(), random);
            }
            out[b] = Stats.median(ratios);
        }
        return out;
    }

    private static double resampledMedian(double[] x, SplittableRandom random) {
        double[] r = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            r[i] = x[random.nextInt(x.length)];
        }
        return Stats.median(r);
    }

    /** "+12.3%" / "-4.0%". */
    static String pct(double ratio) {
        return BenchmarkComparison.pct(ratio);
    }

    @Override
    public String toString() {
        return key + ": " + verdict + " " + pct(ratio) + " " + Arrays.toString(pairRatios);
    }
}
