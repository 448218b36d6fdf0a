package io.github.ccsidbench.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The machine ruler as a control variate: each fork's level set to its run's mean host state, level x exp(-b (x - m)),
 * x the fork's mean log ruler over its window, m the run's mean x, b its family's slope. The spread that the host's
 * state explains leaves the figure's interval; the estimand, the mean over the states the run met, stays
 * (docs/how-sure.md, "The ruler as a control variate").
 */
public final class RulerAdjustment {

    /** The degrees of freedom within its figures (forks less figures) a family needs for a slope: e.g. 8 figures of two forks. */
    public static final int MIN_DOF = 8;

    /** No adjustment: every factor 1. */
    public static final RulerAdjustment NONE = new RulerAdjustment(Map.of(), Double.NaN);

    private final Map<String, Double> slopes;
    private final double mean;

    private RulerAdjustment(Map<String, Double> slopes, double mean) {
        this.slopes = slopes;
        this.mean = mean;
    }

    /**
     * Fits a run's slopes: per family ({@link BetweenForkVariance.Families#family}), the least-squares slope of a fork's
     * log level on its x pooled within figures, clamped to [0, 1], where the family has {@link #MIN_DOF}; m over every
     * fork given.
     *
     * @param forksByKey per figure key, each fork as {log level, x}; a fork whose x is not finite is left out
     */
    public static RulerAdjustment fit(Map<String, List<double[]>> forksByKey) {
        double sum = 0;
        int n = 0;
        Map<String, double[]> moments = new HashMap<>(); // family -> {sxy, sxx, dof}
        for (Map.Entry<String, List<double[]>> e : forksByKey.entrySet()) {
            List<double[]> forks = e.getValue().stream().filter(f -> Double.isFinite(f[1]) && Double.isFinite(f[0])).toList();
            for (double[] f : forks) {
                sum += f[1];
                n++;
            }
            if (forks.size() < 2) {
                continue;
            }
            double my = forks.stream().mapToDouble(f -> f[0]).average().orElseThrow();
            double mx = forks.stream().mapToDouble(f -> f[1]).average().orElseThrow();
            double[] m = moments.computeIfAbsent(BetweenForkVariance.Families.family(e.getKey()), k -> new double[3]);
            for (double[] f : forks) {
                m[0] += (f[1] - mx) * (f[0] - my);
                m[1] += (f[1] - mx) * (f[1] - mx);
            }
            m[2] += forks.size() - 1;
        }
        Map<String, Double> slopes = new HashMap<>();
        moments.forEach((family, m) -> {
            if (m[2] >= MIN_DOF && m[1] > 0) {
                slopes.put(family, Math.min(1, Math.max(0, m[0] / m[1])));
            }
        });
        return n == 0 ? NONE : new RulerAdjustment(Map.copyOf(slopes), sum / n);
    }

    /** The slope of the figure {@code key}'s family; 0 where it has none. */
    public double slope(String key) {
        return slopes.getOrDefault(BetweenForkVariance.Families.family(key), 0.0);
    }

    /** The factor a fork's level is multiplied by, exp(-b (x - m)); 1 where the family has no slope or x is not finite. */
    public double factor(String key, double x) {
        double b = slope(key);
        return b == 0 || !Double.isFinite(x) || !Double.isFinite(mean) ? 1 : Math.exp(-b * (x - mean));
    }

    /**
     * A figure's forks as {@link #fit} takes them, each {log level, x}: its forks' iterations ({@link
     * BetweenForkVariance#perOperation}) and their x in the same order; none when the two do not match.
     */
    public static List<double[]> forks(double[][] iterations, double[] x) {
        if (x == null || x.length != iterations.length) {
            return List.of();
        }
        List<double[]> out = new ArrayList<>(x.length);
        for (int f = 0; f < x.length; f++) {
            out.add(new double[] {Math.log(BetweenForkVariance.perOperation(iterations[f])), x[f]});
        }
        return out;
    }

    /**
     * The figure {@code key}'s forks' iterations, each fork's multiplied by its {@link #factor}; as given when {@code x}
     * does not match them.
     */
    public double[][] adjust(String key, double[][] iterations, double[] x) {
        if (x == null || x.length != iterations.length) {
            return iterations;
        }
        double[][] out = new double[iterations.length][];
        for (int f = 0; f < iterations.length; f++) {
            double factor = factor(key, x[f]);
            out[f] = Arrays.stream(iterations[f]).map(v -> v * factor).toArray();
        }
        return out;
    }

    /** The mean log ruler over iterations [from, to) of a fork; NaN where any is unknown (null, NaN or not positive). */
    public static double meanLogRuler(double[] rulerNanos, int from, int to) {
        if (rulerNanos == null || from >= to || to > rulerNanos.length) {
            return Double.NaN;
        }
        double sum = 0;
        for (int i = from; i < to; i++) {
            if (!(rulerNanos[i] > 0)) {
                return Double.NaN;
            }
            sum += Math.log(rulerNanos[i]);
        }
        return sum / (to - from);
    }
}
