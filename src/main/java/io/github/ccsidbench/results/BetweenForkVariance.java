package io.github.ccsidbench.results;

import io.github.ccsidbench.stats.Stats;
import org.apache.commons.numbers.gamma.Digamma;
import org.apache.commons.numbers.gamma.Trigamma;
import org.apache.commons.statistics.distribution.TDistribution;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The interval of a benchmark's level, built from the level its variance lives at: the fork. Each fork (one JVM)
 * gives one level, the median of its kept iterations; a benchmark's figure is the geometric mean of its forks'
 * levels, and its interval a t-interval on their logarithms. Iterations of one fork are not independent samples of
 * what the next JVM will do (its JIT compiles once, its heap is laid out once), so a bootstrap over two forks and their
 * iterations cannot see the spread a second run meets (Kalibera and Jones, ISMM 2013; Georges et al., OOPSLA 2007).
 *
 * <p>Two or three forks alone give a t-interval with one or two degrees of freedom, uselessly wide. So the variance is
 * estimated as Smyth's moderated variance ("Linear models and empirical Bayes methods for assessing differential
 * expression", Stat. Appl. Genet. Mol. Biol. 3, 2004; limma's {@code squeezeVar}): every benchmark of the run
 * contributes its between-fork variance of log levels to a scaled inverse-chi-square prior with {@link #priorDof} and
 * {@link #priorVariance}, fitted by moments of the log variances; a benchmark's own variance is shrunk towards it in
 * proportion to its degrees of freedom, and its interval takes the sum of both degrees of freedom. A benchmark whose
 * forks disagree much (forks in JIT modes) keeps most of its own large variance; one with two forks that happen to
 * agree is not taken at its word. Where the run's benchmarks agree about the variance the prior is strong; where they do
 * not it is weak and the intervals stay wide, as they must.
 *
 * @param priorDof the prior's degrees of freedom (infinite: every benchmark's spread is the same; 0: no prior)
 * @param priorVariance the prior's variance of a fork's log level
 */
public record BetweenForkVariance(double priorDof, double priorVariance) {

    /** No prior: a benchmark's interval rests on its own forks only. */
    public static final BetweenForkVariance NONE = new BetweenForkVariance(0, Double.NaN);

    private static final double Z95 = 1.959963984540054;

    /**
     * The prior fitted to a run's benchmarks, each given as its forks' levels; benchmarks with fewer than two forks,
     * or whose forks agree exactly, add nothing. {@link #NONE} when fewer than three benchmarks contribute.
     */
    public static BetweenForkVariance of(Collection<double[]> forkLevelsPerBenchmark) {
        List<double[]> dofAndLogVariance = new ArrayList<>();
        for (double[] levels : forkLevelsPerBenchmark) {
            if (levels.length >= 2) {
                double v = logVariance(levels);
                if (v > 0 && Double.isFinite(v)) {
                    dofAndLogVariance.add(new double[] {levels.length - 1, Math.log(v)});
                }
            }
        }
        int n = dofAndLogVariance.size();
        if (n < 3) {
            return NONE;
        }
        // Smyth (2004), section 6.2: e = log s^2 - digamma(d/2) + log(d/2) has mean log s0^2 - digamma(d0/2) + log(d0/2)
        // and variance trigamma(d0/2) + the mean of trigamma(d/2).
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
     * The priors of a run's benchmark families (a family: one benchmark method, "ConversionBenchmark.encode"), each
     * fitted to its own benchmarks, since the JDK's stream encoders scatter between forks far more than a Db2 path does;
     * a family with too few benchmarks to fit borrows the run's prior over all benchmarks.
     *
     * @param byFamily the prior of each family that could be fitted
     * @param all the prior over all benchmarks
     */
    public record Families(Map<String, BetweenForkVariance> byFamily, BetweenForkVariance all) {

        /** Fits the priors to benchmarks given by key ("ConversionBenchmark.encode ccsid=37 ...") and forks' levels. */
        public static Families fit(Map<String, double[]> levelsByKey) {
            Map<String, List<double[]>> families = new HashMap<>();
            levelsByKey.forEach((key, levels) -> families.computeIfAbsent(family(key), k -> new ArrayList<>()).add(levels));
            Map<String, BetweenForkVariance> fitted = new HashMap<>();
            families.forEach((family, levels) -> fitted.put(family, BetweenForkVariance.of(levels)));
            return new Families(fitted, BetweenForkVariance.of(levelsByKey.values()));
        }

        /** The prior of the benchmark {@code key}: its family's, or the run's when its family could not be fitted. */
        public BetweenForkVariance of(String key) {
            BetweenForkVariance v = byFamily.get(family(key));
            return v == null || v.priorDof() == 0 ? all : v;
        }

        /** "ConversionBenchmark.encode" of "ConversionBenchmark.encode ccsid=37 length=16 ...". */
        static String family(String key) {
            int space = key.indexOf(' ');
            return space < 0 ? key : key.substring(0, space);
        }
    }

    /** Each fork's level: the median of its kept iterations. */
    public static double[] forkLevels(double[][] forks) {
        double[] out = new double[forks.length];
        for (int i = 0; i < forks.length; i++) {
            out[i] = Stats.median(forks[i]);
        }
        return out;
    }

    /** The geometric mean of the forks' levels: the benchmark's figure. */
    public static double level(double[] forkLevels) {
        return Math.exp(meanLog(forkLevels));
    }

    /**
     * The {@code confidence} interval of the level of {@code forks} (each fork's kept iterations); null when neither the
     * forks nor the prior give a variance (one fork and no prior).
     */
    public Stats.Interval interval(double[][] forks, double confidence) {
        double[] levels = forkLevels(forks);
        Spread s = spread(levels, withinFork(forks));
        if (s == null) {
            return null;
        }
        double centre = meanLog(levels);
        double half = quantile(s.dof, confidence) * Math.sqrt(s.variance / levels.length);
        return new Stats.Interval(Math.exp(centre - half), Math.exp(centre + half));
    }

    /**
     * The {@code confidence} interval of level(a) / level(b), the two measured independently, each with its own prior
     * (Welch's degrees of freedom); null when either has no variance. {@code b} may be a single fork chosen as it is
     * (the floor's fastest).
     */
    public static Stats.Interval ratioInterval(BetweenForkVariance priorA, double[][] a, BetweenForkVariance priorB, double[][] b,
                                               double confidence) {
        double[] la = forkLevels(a);
        double[] lb = forkLevels(b);
        Spread sa = priorA.spread(la, withinFork(a));
        Spread sb = priorB.spread(lb, withinFork(b));
        if (sa == null || sb == null) {
            return null;
        }
        double va = sa.variance / la.length;
        double vb = sb.variance / lb.length;
        double welch = (va + vb) * (va + vb) / (va * va / sa.dof + vb * vb / sb.dof);
        double dof = Double.isNaN(welch) ? Math.min(sa.dof, sb.dof) : welch; // both variances 0
        double centre = meanLog(la) - meanLog(lb);
        double half = quantile(dof, confidence) * Math.sqrt(va + vb);
        return new Stats.Interval(Math.exp(centre - half), Math.exp(centre + half));
    }

    /**
     * The variance of one fork's log level that its own iterations leave (the mean over forks of the squared standard
     * error of a fork's median, from its distribution-free 95% interval; 0 for forks of fewer than 6 iterations): a
     * floor under the between-fork variance, since forks whose levels happen to agree exactly do not make a level exact.
     */
    static double withinFork(double[][] forks) {
        double sum = 0;
        int n = 0;
        for (double[] f : forks) {
            double h = Stats.relativeHalfWidth(f);
            if (Double.isFinite(h)) {
                double se = Math.log1p(h) / Z95;
                sum += se * se;
                n++;
            }
        }
        return n == 0 ? 0 : sum / n;
    }

    /** The moderated variance of one fork's log level, never below {@code floor}, and its degrees of freedom. */
    private Spread spread(double[] forkLevels, double floor) {
        int d = forkLevels.length - 1;
        boolean prior = priorDof > 0;
        if (!prior) {
            return d >= 1 ? new Spread(Math.max(floor, logVariance(forkLevels)), d) : null;
        }
        if (Double.isInfinite(priorDof)) {
            return new Spread(Math.max(floor, priorVariance), Double.POSITIVE_INFINITY);
        }
        double own = d >= 1 ? logVariance(forkLevels) : 0;
        return new Spread(Math.max(floor, (priorDof * priorVariance + d * own) / (priorDof + d)), priorDof + d);
    }

    private record Spread(double variance, double dof) {
    }

    private static double quantile(double dof, double confidence) {
        double p = 1 - (1 - confidence) / 2;
        if (Double.isInfinite(dof) || dof > 1e7) {
            return confidence == 0.95 ? Z95 : TDistribution.of(1e7).inverseCumulativeProbability(p);
        }
        return TDistribution.of(dof).inverseCumulativeProbability(p);
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
