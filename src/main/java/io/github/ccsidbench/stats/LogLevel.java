package io.github.ccsidbench.stats;

import java.util.Arrays;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

import java.util.Locale;

/**
 * A figure as its interval is built, on the natural-log scale, so that every interval the tool prints can be checked:
 * level = exp(centre), interval exp(centre &plusmn; t(dof, 0.975) &times; standardError) (docs/how-sure.md, "How
 * sure an interval is").
 *
 * @param centre the mean of the log levels (ln ns/op), or the difference of two for a ratio
 * @param standardError the standard error of {@code centre}; +Infinity when nothing measured gives one (no interval)
 * @param dof its degrees of freedom; +Infinity for a normal quantile
 * @param variance how the variance was made
 */
public record LogLevel(double centre, double standardError, double dof, Variance variance) {

    /** How a figure's variance was made; {@link #label()} is what the files write (docs/how-sure.md, "How sure an interval is"). */
    public enum Variance {
        /** The figure's own forks' variance: larger than its family's moderated one, or no family to borrow from. */
        OWN("own"),
        /** Smyth's moderated variance: the family's prior and the figure's own forks, weighted by their dof. */
        MODERATED("moderated"),
        /** The family's prior alone: a prior of infinite dof, or a figure of one fork. */
        PRIOR("prior only"),
        /** The forks' own iterations: their means' variance was larger than anything between forks showed. */
        WITHIN_FORK("within-fork"),
        /** One fork and no family to borrow from: its iterations alone, which see nothing of the next JVM; never decisive. */
        ONE_FORK("one fork, within-fork only"),
        /** Two forks and no family to borrow from: its interval held its simulated truth too rarely to be decisive. */
        TWO_FORKS("two forks, nothing to borrow"),
        /** The resolution of quantised timings: the forks' iterations lie on a grid, all rounded alike. */
        RESOLUTION("resolution"),
        /** Nothing measured gives a variance (one fork of too few iterations, nothing to borrow): no interval. */
        NONE("none"),
        /** A ratio: both sides' variances, the dof by Welch and Satterthwaite. */
        RATIO("ratio of two"),
        /** A ratio from the two figures' forks paired by round: the mean and spread of the per-round log ratios. */
        PAIRED("paired ratio over rounds");

        private final String label;

        Variance(String label) {
            this.label = label;
        }

        /** What the files write: "own", "moderated", "prior only", "within-fork", ..., "ratio of two". */
        public String label() {
            return label;
        }
    }

    /** Whether the interval may decide anything: not for {@link Variance#ONE_FORK}, {@code TWO_FORKS} or {@code NONE}. */
    public boolean canDecide() {
        return variance != Variance.ONE_FORK && variance != Variance.TWO_FORKS && variance != Variance.NONE;
    }

    /** The level: exp(centre). */
    public double level() {
        return Math.exp(centre);
    }

    /** The two-sided {@code confidence} interval of the level: exp(centre &plusmn; t &times; standardError). */
    public Stats.Interval interval(double confidence) {
        double half = quantile(dof, confidence) * standardError;
        return new Stats.Interval(Math.exp(centre - half), Math.exp(centre + half));
    }

    /**
     * This level over {@code b}, measured independently: the difference, sqrt(se_a^2 + se_b^2), dof by Welch and
     * Satterthwaite (Welch, Biometrika 34, 1947, eq. 9; docs/how-sure.md, "How sure an interval is").
     */
    public LogLevel over(LogLevel b) {
        return new LogLevel(centre - b.centre, combinedError(this, b), welchDof(this, b), Variance.RATIO);
    }

    /**
     * This level with a {@link BetweenRunVariance} added: sqrt(se^2 + sigma^2), dof by Welch and Satterthwaite but never
     * more than its own, lest a larger variance get a narrower interval (docs/how-sure.md, "How sure an interval is").
     */
    public LogLevel withBetweenRun(BetweenRunVariance between) {
        if (!between.present()) {
            return this;
        }
        LogLevel component = new LogLevel(0, Math.sqrt(between.variance()), between.dof(), variance);
        return new LogLevel(centre, combinedError(this, component), Math.min(dof, welchDof(this, component)), variance);
    }

    /** The ratio of two figures measured in pairs: mean of the log ratios {@code d}, sd / sqrt(n), n - 1 dof (Student, 1908). */
    public static LogLevel paired(double[] d) {
        int n = d.length;
        double mean = 0;
        for (double v : d) {
            mean += v / n;
        }
        double ss = 0;
        for (double v : d) {
            ss += (v - mean) * (v - mean);
        }
        return new LogLevel(mean, Math.sqrt(ss / (n - 1) / n), n - 1, Variance.PAIRED);
    }

    /**
     * A mean cost per operation (the mean of all iterations, so that costs times rates add up) with the interval of
     * ln({@code forkMeans}) over forks, k - 1 dof; {@link Variance#NONE} with fewer than two positive, finite ones.
     */
    public static LogLevel aroundMean(double mean, double[] forkMeans) {
        double[] logs = Arrays.stream(forkMeans).filter(m -> m > 0 && Double.isFinite(m)).map(Math::log).toArray();
        int k = logs.length;
        if (k < 2) {
            return new LogLevel(Math.log(mean), Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Variance.NONE);
        }
        LogLevel spread = paired(logs); // the forks' log means: their spread's standard error, on k - 1 dof
        return new LogLevel(Math.log(mean), spread.standardError(), spread.dof(), Variance.OWN);
    }

    /** sqrt(se_a^2 + se_b^2). */
    static double combinedError(LogLevel a, LogLevel b) {
        return Math.sqrt(a.standardError * a.standardError + b.standardError * b.standardError);
    }

    /** The Welch-Satterthwaite dof of the summed squared errors; the smaller dof if both are 0, infinite if either is. */
    static double welchDof(LogLevel a, LogLevel b) {
        double va = a.standardError * a.standardError;
        double vb = b.standardError * b.standardError;
        if (va + vb == 0) {
            return Math.min(a.dof, b.dof);
        }
        if (Double.isInfinite(va + vb)) {
            return Double.POSITIVE_INFINITY; // no interval either way: the quantile does not matter
        }
        double denominator = (Double.isInfinite(a.dof) ? 0 : va * va / a.dof) + (Double.isInfinite(b.dof) ? 0 : vb * vb / b.dof);
        return denominator == 0 ? Double.POSITIVE_INFINITY : (va + vb) * (va + vb) / denominator;
    }

    /** The two-sided {@code confidence} quantile of Student's t on {@code dof} (any positive real; normal when infinite). */
    public static double quantile(double dof, double confidence) {
        double p = 1 - (1 - confidence) / 2;
        if (Double.isInfinite(dof)) {
            return confidence == 0.95 ? Stats.Z95 : NormalDistribution.of(0, 1).inverseCumulativeProbability(p);
        }
        return TDistribution.of(dof).inverseCumulativeProbability(p);
    }

    /** The two-sided p of no change: 2 P(T > |centre| / standardError), T Student's t on {@link #dof}; NaN without an error. */
    public double pNoChange() {
        if (!(standardError > 0) || Double.isInfinite(standardError)) {
            return standardError == 0 && centre != 0 ? 0 : Double.NaN;
        }
        double t = Math.abs(centre) / standardError;
        double upper = Double.isInfinite(dof) ? NormalDistribution.of(0, 1).survivalProbability(t)
                : TDistribution.of(dof).survivalProbability(t);
        return 2 * upper;
    }

    /** "se 0.0123, 7.0 dof, moderated" for a table cell or a log line. */
    public String describe() {
        return String.format(Locale.ROOT, "se %.4f, %s dof, %s", standardError, dofText(dof), variance.label());
    }

    /** "7.0", "inf". */
    public static String dofText(double dof) {
        return Double.isInfinite(dof) ? "inf" : String.format(Locale.ROOT, "%.1f", dof);
    }
}
