package io.github.ccsidbench.gate;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The gate's judgement of one benchmark: a candidate pass against the baseline's K passes, on
 * ruler-normalised per-fork raw data. A slowdown counts when (1) the ratio of the candidate's
 * estimate to the baseline's reaches the threshold, (2) it is significant against the run-to-run
 * spread measured in the baseline (a one-sided z test on the log ratio), and (3) a one-sided
 * Mann-Whitney U test of the candidate's iterations against the baseline's agrees. A FAIL must then
 * be confirmed by a re-run (see {@link GateRunner}).
 *
 * @param key the benchmark, e.g. "ConversionBenchmark.encode ccsid=37 length=16 provider=jdk workload=ascii-text"
 * @param verdict what the gate says
 * @param ratio candidate / baseline, both normalised by their run's ruler
 * @param low lower bound of the confidence interval of the ratio (run-to-run spread)
 * @param high upper bound
 * @param pSlower one-sided p that the candidate is slower (the larger of the z test's and the rank test's)
 * @param baselineBytes baseline bytes per operation, NaN when not recorded
 * @param candidateBytes candidate bytes per operation, NaN when not recorded
 * @param reasons why the verdict is what it is, one sentence each
 */
public record BenchmarkComparison(String key, Verdict verdict, double ratio, double low, double high, double pSlower,
                                  double baselineBytes, double candidateBytes, List<String> reasons) {

    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);

    public BenchmarkComparison {
        reasons = List.copyOf(reasons);
    }

    /** Compares a candidate's normalised per-fork samples ({@code [fork][iteration]}) with the baseline's entry. */
    public static BenchmarkComparison compare(String key, BaselineStatistics.Entry base, double[][] candidate,
                                              OptionalDouble candidateBytes, GateThresholds t) {
        double r = BaselineStatistics.estimate(candidate) - base.center();
        double ratio = Math.exp(r);
        double sigma = base.passes() > 1 ? base.sigma() * Math.sqrt(1 + 1.57 / base.passes()) : Double.NaN;
        double z = r / sigma;
        double zHalf = NORMAL.inverseCumulativeProbability(1 - (1 - t.confidence()) / 2);
        double[] c = flatten(candidate);
        double twoSided = new MannWhitneyUTest().mannWhitneyUTest(c, base.iterations());
        boolean cHigher = io.github.ccsidbench.stats.Stats.median(c) >= io.github.ccsidbench.stats.Stats.median(base.iterations());
        double rankSlower = cHigher ? twoSided / 2 : 1 - twoSided / 2;
        double rankFaster = cHigher ? 1 - twoSided / 2 : twoSided / 2;
        double pSlower = Math.max(Double.isNaN(z) ? rankSlower : 1 - NORMAL.cumulativeProbability(z), rankSlower);
        double pFaster = Math.max(Double.isNaN(z) ? rankFaster : NORMAL.cumulativeProbability(z), rankFaster);
        double low = Double.isNaN(sigma) ? Double.NaN : Math.exp(r - zHalf * sigma);
        double high = Double.isNaN(sigma) ? Double.NaN : Math.exp(r + zHalf * sigma);
        List<String> reasons = new ArrayList<>();
        Verdict verdict = t.judge(ratio, pSlower, pFaster, reasons, "");
        double bb = base.bytesPerOp().orElse(Double.NaN);
        double cb = candidateBytes.orElse(Double.NaN);
        if (t.allocationGrew(bb, cb, reasons)) {
            verdict = Verdict.FAIL;
        }
        return new BenchmarkComparison(key, verdict, ratio, low, high, pSlower, bb, cb, reasons);
    }

    /**
     * True when the verdict is a FAIL that rests on time alone and still awaits confirmation by a
     * re-run (allocation is deterministic and needs none; a confirmed failure is final).
     */
    boolean timingFailure() {
        return verdict == Verdict.FAIL && reasons.stream().noneMatch(r -> r.startsWith("allocates") || r.startsWith("confirmed"));
    }

    /** The same comparison after a re-run did not confirm the failure. */
    BenchmarkComparison unconfirmed(BenchmarkComparison rerun) {
        List<String> r = new ArrayList<>(reasons);
        r.add("not confirmed by a re-run (" + pct(rerun.ratio()) + ", " + rerun.verdict() + ")");
        return new BenchmarkComparison(key, Verdict.WARN, ratio, low, high, pSlower, baselineBytes, candidateBytes, r);
    }

    /**
     * The same comparison after a re-run failed it again; {@code last} when no more re-runs follow,
     * which makes the failure final.
     */
    BenchmarkComparison confirmedAgain(BenchmarkComparison rerun, boolean last) {
        List<String> r = new ArrayList<>(reasons);
        r.add((last ? "confirmed by " : "failed again by ") + "a re-run (" + pct(rerun.ratio()) + ")");
        return new BenchmarkComparison(key, Verdict.FAIL, ratio, low, high, pSlower, baselineBytes, candidateBytes, r);
    }

    /** "+31.0%" or "-12.0%". */
    static String pct(double ratio) {
        return Double.isNaN(ratio) ? "n/a" : String.format(Locale.ROOT, "%+.1f%%", (ratio - 1) * 100);
    }

    static double[] flatten(double[][] forks) {
        return Arrays.stream(forks).flatMapToDouble(Arrays::stream).toArray();
    }
}
