package io.github.ccsidbench.steady;

import io.github.ccsidbench.stats.Stats;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where one fork's time went, phase by phase ({@link #PHASES}), from the moments the host and the fork driver wrote
 * down in wall-clock microseconds ({@link #now()}; one machine's clock), because a fork's time beside its iterations is
 * a run's largest single cost and can only be cut where it is seen (docs/method.md, "Where a fork's time goes").
 */
public final class ForkTimeline {

    /** The host, just before it started the fork's JVM. */
    public static final int LAUNCHED = 0;
    /** The fork driver's {@code main} entered: the JVM is up and the JDK's first classes are loaded. */
    public static final int MAIN = 1;
    /** The machine ruler is compiled. */
    public static final int RULER_WARM = 2;
    /** JMH called the first iteration: its runner is up, the benchmark's generated class loaded, set-up not yet run. */
    public static final int FIRST_ITERATION = 3;
    /** The host saw the fork's JVM exit. */
    public static final int EXITED = 4;
    /** How many moments a timeline holds. */
    public static final int SIZE = 5;

    /** The phases, in the order a fork goes through them: the names {@link #phases} and {@link #summary} use. */
    public static final List<String> PHASES = List.of("jvmStart", "rulerWarm", "jmhStart", "setUp", "iterations", "exit");

    private ForkTimeline() {
    }

    /** A timeline with no moment known yet. */
    public static long[] empty() {
        long[] t = new long[SIZE];
        Arrays.fill(t, -1);
        return t;
    }

    /** Now, in microseconds since the epoch. */
    public static long now() {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }

    /**
     * The fork's phases in milliseconds, by {@link #PHASES}, or an empty map when a moment is missing; the set-up is the
     * first iteration's wall time less the median of the others' (docs/method.md, "Where a fork's time goes").
     *
     * @param moments the fork's timeline
     * @param iterationEndMillis per iteration, the wall clock in milliseconds when it ended
     */
    public static Map<String, Double> phases(long[] moments, long[] iterationEndMillis) {
        if (moments == null || moments.length < SIZE || iterationEndMillis == null || iterationEndMillis.length < 2
                || Arrays.stream(moments).anyMatch(m -> m < 0)) {
            return Map.of();
        }
        int n = iterationEndMillis.length;
        double[] walls = new double[n - 1];
        for (int i = 1; i < n; i++) {
            walls[i - 1] = iterationEndMillis[i] - iterationEndMillis[i - 1];
        }
        double typical = Stats.median(walls);
        double first = iterationEndMillis[0] - moments[FIRST_ITERATION] / 1000.0;
        double setUp = Math.max(0, first - typical);
        double lastEnd = iterationEndMillis[n - 1];
        Map<String, Double> phases = new LinkedHashMap<>();
        phases.put("jvmStart", (moments[MAIN] - moments[LAUNCHED]) / 1000.0);
        phases.put("rulerWarm", (moments[RULER_WARM] - moments[MAIN]) / 1000.0);
        phases.put("jmhStart", (moments[FIRST_ITERATION] - moments[RULER_WARM]) / 1000.0);
        phases.put("setUp", setUp);
        phases.put("iterations", lastEnd - moments[FIRST_ITERATION] / 1000.0 - setUp);
        phases.put("exit", moments[EXITED] / 1000.0 - lastEnd);
        return phases;
    }

    /**
     * The median of each phase over forks, with {@code total} (launch to exit), {@code overhead} (the total less its
     * iterations at their nominal length) and {@code forks}; empty when no fork had a complete timeline.
     *
     * @param outcomes the forks
     * @param iterationMillis the nominal length of one iteration
     */
    public static Map<String, Double> summary(List<ForkOutcome> outcomes, long iterationMillis) {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        PHASES.forEach(p -> values.put(p, new ArrayList<>()));
        values.put("total", new ArrayList<>());
        values.put("overhead", new ArrayList<>());
        for (ForkOutcome o : outcomes) {
            Map<String, Double> p = phases(o.timeline(), o.endMillis());
            if (p.isEmpty()) {
                continue;
            }
            p.forEach((k, v) -> values.get(k).add(v));
            double total = (o.timeline()[EXITED] - o.timeline()[LAUNCHED]) / 1000.0;
            values.get("total").add(total);
            values.get("overhead").add(total - o.iterations().size() * (double) iterationMillis);
        }
        Map<String, Double> summary = new LinkedHashMap<>();
        int forks = values.get("total").size();
        if (forks == 0) {
            return summary;
        }
        values.forEach((k, v) -> summary.put(k, Stats.median(v.stream().mapToDouble(Double::doubleValue).toArray())));
        summary.put("forks", (double) forks);
        return summary;
    }
}
