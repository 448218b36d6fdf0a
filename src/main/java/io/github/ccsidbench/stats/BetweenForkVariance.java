package io.github.ccsidbench.stats;

import org.apache.commons.numbers.gamma.Digamma;
import org.apache.commons.numbers.gamma.Trigamma;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.apache.commons.statistics.distribution.FDistribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The interval of a figure's level, built at the level its variance lives at, the fork: a t interval on the forks' log
 * levels ({@link LogLevel}), its variance borrowed from the figure's family as Smyth's moderated variance (Smyth 2004,
 * section 6.2; limma's {@code squeezeVar}), never below the figure's own forks'. The rule, its cases and sources, and the
 * simulation that chose it: docs/how-sure.md, "How sure an interval is".
 *
 * @param priorDof the prior's degrees of freedom (infinite: every member's spread is the same; 0: no prior)
 * @param priorVariance the prior's variance of a fork's log level (NaN without a prior)
 */
public record BetweenForkVariance(double priorDof, double priorVariance) {

    /** No prior: a figure's interval rests on its own forks only. */
    public static final BetweenForkVariance NONE = new BetweenForkVariance(0, Double.NaN);

    /** The fewest members a family's prior is fitted from (docs/decisions.md, "Tried in the measurement and dropped"). */
    public static final int MIN_MEMBERS = 10;

    /** The standard error of a level rounded to a grid of step g, per g: 0.95 / 2 / z(0.975) (see {@link #estimate}). */
    static final double RESOLUTION = 0.95 / 2 / Stats.Z95;

    /** The tail probability below which a figure's own variance is an outlier for its family's prior ({@link #isOutlier}). */
    public static final double OUTLIER = 0.05;

    /**
     * The prior fitted to a family's members, each given as its forks' levels, by Smyth's moments (docs/how-sure.md, "How
     * sure an interval is"); {@link #NONE} below {@link #MIN_MEMBERS} members with a variance.
     */
    public static BetweenForkVariance of(Collection<double[]> forkLevelsPerFigure) {
        List<double[]> dofAndLogVariance = new ArrayList<>();
        for (double[] levels : forkLevelsPerFigure) {
            if (levels.length >= 2) {
                double v = logVariance(levels);
                if (v > 0 && Double.isFinite(v)) {
                    dofAndLogVariance.add(new double[] {levels.length - 1, Math.log(v)});
                }
            }
        }
        int n = dofAndLogVariance.size();
        if (n < MIN_MEMBERS) {
            return NONE;
        }
        double[] e = new double[n];
        double mean = 0;
        double trigammaMean = 0;
        for (int i = 0; i < n; i++) {
            double d = dofAndLogVariance.get(i)[0];
            e[i] = dofAndLogVariance.get(i)[1] - Digamma.value(d / 2) + Math.log(d / 2);
            mean += e[i] / n;
            trigammaMean += Trigamma.value(d / 2) / n;
        }
        double spread = 0;
        for (double x : e) {
            spread += (x - mean) * (x - mean) / (n - 1);
        }
        double excess = spread - trigammaMean;
        if (excess <= 0) {
            return new BetweenForkVariance(Double.POSITIVE_INFINITY, Math.exp(mean));
        }
        double d0 = 2 * trigammaInverse(excess);
        return new BetweenForkVariance(d0, Math.exp(mean + Digamma.value(d0 / 2) - Math.log(d0 / 2)));
    }

    /**
     * The priors of a run's families (one benchmark method on one JVM), each its own: stream encoders scatter far more.
     *
     * @param byFamily the prior of each family ({@link #NONE} where it could not be fitted)
     */
    public record Families(Map<String, BetweenForkVariance> byFamily) {

        /** Fits the priors to figures given by key ("ConversionBenchmark.encode ccsid=37 ...") and forks' levels. */
        public static Families fit(Map<String, double[]> levelsByKey) {
            Map<String, List<double[]>> families = new HashMap<>();
            levelsByKey.forEach((key, levels) -> families.computeIfAbsent(family(key), k -> new ArrayList<>()).add(levels));
            Map<String, BetweenForkVariance> fitted = new HashMap<>();
            families.forEach((family, levels) -> fitted.put(family, BetweenForkVariance.of(levels)));
            return new Families(fitted);
        }

        /** The prior of the figure {@code key}: its family's, {@link #NONE} when its family could not be fitted. */
        public BetweenForkVariance of(String key) {
            return byFamily.getOrDefault(family(key), NONE);
        }

        /** "ConversionBenchmark.encode" of "ConversionBenchmark.encode ccsid=37 length=16 ...". */
        public static String family(String key) {
            int space = key.indexOf(' ');
            return space < 0 ? key : key.substring(0, space);
        }
    }

    /** Each fork's level: its {@link #perOperation time per operation} over its iterations. */
    public static double[] forkLevels(double[][] forks) {
        return Arrays.stream(forks).mapToDouble(BetweenForkVariance::perOperation).toArray();
    }

    /**
     * The time per operation over iterations of equal length, each given as its score (time per operation): their total
     * time over their total operations, the harmonic mean of the scores (NaN for none). JMH's score of a fork, the
     * arithmetic mean of the scores, exceeds it by about the squared coefficient of variation of its iterations, so
     * by more the shorter they are; this does not depend on how the time is cut into iterations (docs/decisions.md,
     * "A figure is the time per operation over a fork's measured time").
     */
    public static double perOperation(double[] scores) {
        double inverse = 0;
        for (double s : scores) {
            inverse += 1 / s;
        }
        return scores.length == 0 ? Double.NaN : scores.length / inverse;
    }

    /** The geometric mean of the forks' levels: the figure's level. */
    public static double level(double[] forkLevels) {
        return Math.exp(meanLog(forkLevels));
    }

    /**
     * The figure of {@code forks} (each fork's kept iterations) on the log scale, case by case as docs/how-sure.md, "How
     * sure an interval is", says ({@link LogLevel.Variance}); standard error never below {@link #RESOLUTION} g.
     */
    public LogLevel estimate(double[][] forks) {
        double[] levels = forkLevels(forks);
        int k = levels.length;
        int d = k - 1;
        double own = d >= 1 ? logVariance(levels) : Double.NaN;
        double variance = Double.NaN;
        double dof = Double.POSITIVE_INFINITY;
        LogLevel.Variance how = LogLevel.Variance.NONE;
        if (priorDof > 0) {
            boolean infinite = Double.isInfinite(priorDof);
            variance = infinite || d == 0 ? priorVariance : (priorDof * priorVariance + d * own) / (priorDof + d);
            dof = infinite ? Double.POSITIVE_INFINITY : priorDof + d;
            how = infinite || d == 0 ? LogLevel.Variance.PRIOR : LogLevel.Variance.MODERATED;
        }
        if (d >= 1 && !(variance >= own)) {
            dof = priorDof == 0 || isOutlier(own, d) ? d : dof;
            variance = own;
            how = LogLevel.Variance.OWN;
        }
        Within within = withinFork(forks);
        if (within.variance() > 0 && !(variance >= within.variance())) {
            how = Double.isNaN(variance) ? LogLevel.Variance.ONE_FORK : LogLevel.Variance.WITHIN_FORK;
            variance = within.variance();
            dof = within.dof();
        }
        double se = variance > 0 ? Math.sqrt(variance / k) : Double.POSITIVE_INFINITY;
        double resolution = RESOLUTION * within.grain() / level(levels);
        if (resolution > se || (Double.isInfinite(se) && resolution > 0 && k >= 2)) {
            se = resolution;
            dof = Double.POSITIVE_INFINITY;
            how = LogLevel.Variance.RESOLUTION;
        }
        if (k == 2 && priorDof == 0) {
            how = LogLevel.Variance.TWO_FORKS;
        }
        return new LogLevel(meanLog(levels), se, se == Double.POSITIVE_INFINITY ? Double.POSITIVE_INFINITY : dof,
                se == Double.POSITIVE_INFINITY ? LogLevel.Variance.NONE : how);
    }

    /**
     * Whether own variance s^2 on d dof is an outlier for this prior: P(F(d, d0) >= s^2 / s0^2) below {@link #OUTLIER}
     * (chi-square_d / d for an infinite d0), as limma's robust fit tells hypervariable genes (Phipson et al. 2016).
     */
    boolean isOutlier(double own, int d) {
        double ratio = own / priorVariance;
        double tail = Double.isInfinite(priorDof) ? ChiSquaredDistribution.of(d).survivalProbability(d * ratio)
                : FDistribution.of(d, priorDof).survivalProbability(ratio);
        return tail < OUTLIER;
    }

    /** The within-fork variance, its dof, and the grain of the timings (smallest gap between two scores of a fork; NaN: none). */
    record Within(double variance, double dof, double grain) {
    }

    /**
     * The variance of one fork's log level that its own iterations leave: per fork of six iterations or more, the squared
     * standard error of its level on the log scale, (s / mean)^2 / n of its iterations' rates (operations per unit of
     * time, whose mean the level inverts: the delta method), averaged over those forks with sum(n - 1) dof (0 when
     * there are none). A lower bound on the between-fork variance.
     */
    static Within withinFork(double[][] forks) {
        double grain = Double.NaN;
        for (double[] fork : forks) {
            double[] sorted = fork.clone();
            Arrays.sort(sorted);
            for (int i = 1; i < sorted.length; i++) {
                double gap = sorted[i] - sorted[i - 1];
                if (gap > 0 && !(gap >= grain)) {
                    grain = gap;
                }
            }
        }
        double sum = 0;
        int n = 0;
        int dof = 0;
        for (double[] scores : forks) {
            if (scores.length >= 6) {
                double[] f = Arrays.stream(scores).map(x -> 1 / x).toArray();
                double mean = Arrays.stream(f).average().orElseThrow();
                double ss = Arrays.stream(f).map(x -> (x - mean) * (x - mean)).sum();
                sum += ss / (f.length - 1) / (mean * mean) / f.length;
                n++;
                dof += f.length - 1;
            }
        }
        return n == 0 ? new Within(0, Double.POSITIVE_INFINITY, grain) : new Within(sum / n, dof, grain);
    }

    private static double meanLog(double[] levels) {
        double s = 0;
        for (double x : levels) {
            s += Math.log(x);
        }
        return s / levels.length;
    }

    private static double logVariance(double[] levels) {
        double m = meanLog(levels);
        double s = 0;
        for (double x : levels) {
            double d = Math.log(x) - m;
            s += d * d;
        }
        return s / (levels.length - 1);
    }

    /** The y with trigamma(y) = x (trigamma falls monotonically from +inf to 0), by bisection on log y. */
    static double trigammaInverse(double x) {
        double lo = Math.log(1e-8);
        double hi = Math.log(1e8);
        for (int i = 0; i < 200; i++) {
            double mid = (lo + hi) / 2;
            if (Trigamma.value(Math.exp(mid)) > x) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return Math.exp((lo + hi) / 2);
    }
}
