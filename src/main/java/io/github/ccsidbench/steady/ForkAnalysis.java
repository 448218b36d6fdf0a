package io.github.ccsidbench.steady;

import io.github.ccsidbench.stats.Stats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What one fork's series says: where it settled, which iterations count, which were warm-up and which were
 * disturbed by the machine. It exists so that a fork measured from a cold start is reported by its steady
 * state only, and so that a slow phase of the machine is not reported as the converter's cost.
 *
 * <p>The rules ({@link #of}) follow Barrett, Bolz-Tereick, Killick, Mount and Tratt, "Virtual Machine Warmup Blows Hot
 * and Cold" (OOPSLA 2017): the steady state is the series' last segment, and the fork is flat, warm-up, slowdown or no
 * steady state. Each step, and why: docs/method.md, "Classification".
 *
 * @param kind       how the fork ended
 * @param segments   the segments found, covering the series
 * @param warmup     iterations dropped at the start
 * @param kept       indices of the iterations that count, ascending
 * @param slowPhase  iterations after the warm-up excluded as slow phases of the machine or as outliers
 * @param level      median of the kept iterations (for no steady state: of the last iterations, see above)
 * @param halfWidth  relative 95% half-width of {@code level}; +Inf with too few kept iterations
 */
public record ForkAnalysis(ForkClass kind, List<Segment> segments, int warmup, int[] kept, int slowPhase,
                           double level, double halfWidth) {

    /** Copies the list and the array so that the record is immutable. */
    public ForkAnalysis {
        segments = List.copyOf(segments);
        kept = kept.clone();
    }

    /** The indices of the iterations that count (a copy). */
    @Override
    public int[] kept() {
        return kept.clone();
    }

    /**
     * The index in the series where the warm-up ends: the first iteration after it. {@code usable} are the flags the
     * analysis was made with ({@link #of(double[], boolean[], SteadySettings)}; null: every iteration usable).
     * {@link #warmup()} counts the usable iterations before the steady part; the unusable ones among and right after
     * them are part of the warm-up too (the analysis, which left them out, cannot tell them from it, and a fork's first
     * iterations are its coldest), so the warm-up ends at the first usable iteration that follows them. For a fork with
     * no steady state, whose warm-up is the whole series, the series' length.
     */
    public int warmupEnd(boolean[] usable) {
        int n = segments.isEmpty() ? 0 : segments.get(segments.size() - 1).end();
        return kind.steady() ? warmupEnd(warmup, usable, n) : n;
    }

    /**
     * Where a steady fork's warm-up of {@code warmup} usable iterations ends in a series of {@code n}, as
     * {@link #warmupEnd(boolean[])}: a recorded fork's series (its warm-up count and CPU availabilities) gives the
     * same index as its analysis did.
     */
    public static int warmupEnd(int warmup, boolean[] usable, int n) {
        int seen = 0;
        for (int i = 0; i < n; i++) {
            if (usable == null || i >= usable.length || usable[i]) {
                if (seen == warmup) {
                    return i;
                }
                seen++;
            }
        }
        return n;
    }

    /**
     * Analyses the iterations of {@code series} whose {@code usable} flag is set, as if the others had not
     * been measured, and maps the result back: iterations that are not usable (the machine did not give the
     * benchmark its CPU during them, see {@link ForkDriver}) are counted with {@code slowPhase}, never kept.
     * The warm-up counts usable iterations before the steady part; segments are in the series' own indices.
     */
    public static ForkAnalysis of(double[] series, boolean[] usable, SteadySettings s) {
        int n = series.length;
        int[] index = new int[n];
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (usable == null || i >= usable.length || usable[i]) {
                index[m++] = i;
            }
        }
        if (m == n) {
            return of(series, s);
        }
        double[] sub = new double[m];
        for (int k = 0; k < m; k++) {
            sub[k] = series[index[k]];
        }
        ForkAnalysis a = of(sub, s);
        int[] kept = a.kept;
        int[] mapped = new int[kept.length];
        for (int k = 0; k < kept.length; k++) {
            mapped[k] = index[kept[k]];
        }
        List<Segment> segments = new ArrayList<>();
        for (Segment g : a.segments) {
            int start = g.start() == 0 ? 0 : index[g.start()];
            int end = g.end() >= m ? n : index[g.end()];
            segments.add(new Segment(start, end, g.level()));
        }
        int warmup = a.kind.steady() ? a.warmup : n;
        int unusable = n - m;
        return new ForkAnalysis(a.kind, segments, warmup, mapped, a.slowPhase + (a.kind.steady() ? unusable : 0), a.level,
                a.halfWidth);
    }

    /** Analyses one fork's series with the rules documented on this type. */
    public static ForkAnalysis of(double[] series, SteadySettings s) {
        Changepoints.Fit fit = Changepoints.fit(series, s);
        int n = series.length;
        List<Segment> segs = fit.segments();
        if (n == 0) {
            return new ForkAnalysis(ForkClass.NO_STEADY_STATE, segs, 0, new int[0], 0, Double.NaN,
                    Double.POSITIVE_INFINITY);
        }
        int lastIndex = segs.size() - 1;
        Segment last = segs.get(lastIndex);
        if (last.length() < s.minSteady() || Drift.drifting(fit, s)) {
            return noSteadyState(series, segs, s);
        }
        double steady = last.level();
        double slow = steady * (1 + s.slowPhase());
        // Where each segment stands against the steady (last) segment.
        int[] place = new int[segs.size()];
        for (int i = 0; i < lastIndex; i++) {
            Segment g = segs.get(i);
            place[i] = same(fit, s, g, last) ? AT : g.level() < steady ? FASTER : g.level() >= slow ? SLOW : ABOVE;
        }
        place[lastIndex] = AT;
        // Barrett's rule: the warm-up ends at the first segment at (or below) the steady level; a segment
        // after it that is faster than the steady level makes the fork a slowdown (unless the level kept
        // moving, see moving()).
        int first = 0;
        while (place[first] == SLOW || place[first] == ABOVE) {
            first++;
        }
        boolean slowdown = false;
        for (int i = first; i < lastIndex; i++) {
            slowdown |= place[i] == FASTER;
        }
        if (slowdown && moving(segs, place, first)) {
            return noSteadyState(series, segs, s);
        }
        if (!slowdown) {
            // A small step up (slower, but by less than slowPhase) is the JIT still moving: the warm-up
            // extends to the first segment at the steady level after the last such step.
            for (int i = first; i < lastIndex; i++) {
                if (place[i] == ABOVE) {
                    first = i + 1;
                }
            }
            while (place[first] != AT) {
                first++;
            }
        }
        boolean[] outlier = fit.outlier();
        int warmup = segs.get(first).start();
        // The first iterations of the first steady segment that are outliers (a cold first iteration) or
        // still clearly slower than that segment are the warm-up's tail: PELT's minimum segment length of 2
        // cannot cut a single last warm-up iteration off on its own.
        double[] log = fit.log();
        double tail = Math.log(segs.get(first).level())
                + Math.max(Math.log1p(s.equivalence()), TAIL_SIGMAS * fit.sigma());
        while (warmup < segs.get(first).end() - 1 && (outlier[warmup] || log[warmup] > tail)) {
            warmup++;
        }
        int[] kept = new int[n];
        int count = 0;
        int disturbed = 0;
        for (int i = first; i <= lastIndex; i++) {
            Segment g = segs.get(i);
            boolean keep = slowdown ? i == lastIndex : place[i] == AT;
            if (keep) {
                for (int j = Math.max(g.start(), warmup); j < g.end(); j++) {
                    if (outlier[j]) {
                        disturbed++;
                    } else {
                        kept[count++] = j;
                    }
                }
            } else if (place[i] == SLOW) {
                disturbed += g.end() - Math.max(g.start(), warmup);
            }
        }
        kept = Arrays.copyOf(kept, count);
        ForkClass kind = slowdown ? ForkClass.SLOWDOWN : warmup == 0 ? ForkClass.FLAT : ForkClass.WARMUP;
        double[] values = new double[count];
        for (int i = 0; i < count; i++) {
            values[i] = series[kept[i]];
        }
        double level = Stats.median(values, 0, count);
        double halfWidth = count == 0 ? Double.POSITIVE_INFINITY : Stats.relativeHalfWidth(values);
        return new ForkAnalysis(kind, segs, warmup, kept, disturbed, level, halfWidth);
    }

    /**
     * True when, after the warm-up, the series left the steady level more than once for levels that are
     * not slow phases (two runs of faster or small-step-up segments separated by the steady level or a
     * slow phase), or was both faster and slower than it in one such run: it kept moving, as a random
     * walk does, rather than slowing down once.
     */
    static boolean moving(List<Segment> segs, int[] place, int first) {
        int runs = 0;
        boolean inRun = false;
        boolean faster = false;
        boolean above = false;
        for (int i = first; i < segs.size() - 1; i++) {
            boolean off = place[i] == FASTER || place[i] == ABOVE;
            if (off && !inRun) {
                runs++;
                faster = false;
                above = false;
            }
            inRun = off;
            faster |= place[i] == FASTER;
            above |= place[i] == ABOVE;
            if (runs > 1 || faster && above) {
                return true;
            }
        }
        return false;
    }

    /** Noise widths above its segment's level that make a first iteration of it the warm-up's tail. */
    static final double TAIL_SIGMAS = 3.0;

    private static ForkAnalysis noSteadyState(double[] series, List<Segment> segs, SteadySettings s) {
        int n = series.length;
        double hint = Stats.median(series, n - Math.min(s.minSteady(), n), n);
        return new ForkAnalysis(ForkClass.NO_STEADY_STATE, segs, n, new int[0], 0, hint, Double.POSITIVE_INFINITY);
    }

    /** Places of a segment against the steady level. */
    private static final int AT = 0;
    private static final int FASTER = 1;
    private static final int ABOVE = 2;
    private static final int SLOW = 3;

    /** True when segments {@code a} and {@code b} are at one level (step 2 of the rules on this type). */
    static boolean same(Changepoints.Fit fit, SteadySettings s, Segment a, Segment b) {
        double d = Math.abs(Math.log(a.level() / b.level()));
        double noise = Math.sqrt(fit.beta()) * fit.sigma() * Math.sqrt(1.0 / a.length() + 1.0 / b.length());
        return d <= Math.max(Math.log1p(s.equivalence()), noise);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s warmup=%d kept=%d slowPhase=%d level=%.5g halfWidth=%.2f%% segments=%s",
                kind.label(), warmup, kept.length, slowPhase, level, 100 * halfWidth, segments);
    }
}
