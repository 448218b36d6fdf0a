package io.github.ccsidbench.gate;

import io.github.ccsidbench.stats.PairNoise;
import io.github.ccsidbench.stats.Stats;
import io.github.ccsidbench.suite.BenchmarkCase;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The gate's screen of one run: each benchmark judged on its screening pairs with the run's pooled noise, and the
 * suspects it cannot clear; apart from the measuring so tests replay it (docs/gate.md, "Screening, then confirmation").
 */
public final class Screen {

    private final List<PairedComparison> comparisons;
    private final Map<String, String> suspicion = new LinkedHashMap<>();
    private final Map<String, Boolean> faster = new LinkedHashMap<>();

    private Screen(List<PairedComparison> comparisons) {
        this.comparisons = comparisons;
    }

    /** Screens the benchmarks {@code pairs} holds, keyed by name; {@code bytes}: {base, candidate} B/op (absent: unknown). */
    public static Screen of(Map<String, List<PairedComparison.Pair>> pairs, Map<String, double[]> bytes, GateThresholds t,
                            Map<String, Integer> dropped) {
        List<double[]> logs = new ArrayList<>();
        List<double[]> sides = new ArrayList<>();
        pairs.forEach((k, p) -> {
            logs.add(PairedComparison.logs(p));
            double[][] s = sideLogs(p);
            sides.add(s[0]);
            sides.add(s[1]);
        });
        PairNoise noise = PairNoise.of(logs);
        PairNoise sideNoise = PairNoise.of(sides);
        List<PairedComparison> out = new ArrayList<>();
        Screen screen = new Screen(out);
        pairs.forEach((k, p) -> {
            double[] b = bytes.getOrDefault(k, new double[]{Double.NaN, Double.NaN});
            if (p.size() < 2) {
                PairedComparison d = PairedComparison.disturbed(k, p.size(), dropped.getOrDefault(k, 0));
                out.add(d);
                screen.suspicion.put(k, d.suspicion(t, noise, sideNoise, sideLogs(p)));
                return;
            }
            PairedComparison c = PairedComparison.screen(k, p, b[0], b[1], t, noise);
            out.add(c);
            screen.faster.put(k, c.improvementSuspect(t));
            screen.suspicion.put(k, c.suspicion(t, noise, sideNoise, sideLogs(p)));
        });
        return screen;
    }

    /** {@link #of(Map, Map, GateThresholds, Map)} for the gate's cases. */
    static Screen of(List<BenchmarkCase> cases, Map<BenchmarkCase, List<PairedComparison.Pair>> pairs,
                     Map<BenchmarkCase, double[]> bytes, GateThresholds t, Map<String, Integer> dropped) {
        Map<String, List<PairedComparison.Pair>> byKey = new LinkedHashMap<>();
        Map<String, double[]> bytesByKey = new LinkedHashMap<>();
        for (BenchmarkCase c : cases) {
            byKey.put(c.key(), pairs.get(c));
            if (bytes.containsKey(c)) {
                bytesByKey.put(c.key(), bytes.get(c));
            }
        }
        return of(byKey, bytesByKey, t, dropped);
    }

    /** Every benchmark's screen, in the order given. */
    public List<PairedComparison> comparisons() {
        return comparisons;
    }

    /** Why the screen cannot clear this benchmark, null when it can. */
    public String suspicion(String key) {
        return suspicion.get(key);
    }

    /** True when the screen read faster by the failure threshold twice over: confirmation pairs ask "significantly faster?". */
    public boolean improvementSuspect(String key) {
        return faster.getOrDefault(key, false);
    }

    /** "3 at the warning threshold or above, 1 with pairs that disagree": the suspects' reasons, counted. */
    String why(List<BenchmarkCase> suspects) {
        Map<String, Long> n = new TreeMap<>(suspects.stream().map(c -> suspicion(c.key())).collect(Collectors.groupingBy(
                Screen::kind, Collectors.counting())));
        return n.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", "));
    }

    private static String kind(String why) {
        if (why.startsWith("the screen read")) {
            return "at the warning threshold or above";
        }
        if (why.startsWith("too disturbed")) {
            return "too disturbed to judge on the screen";
        }
        if (why.startsWith("too few")) {
            return "with no pooled noise";
        }
        if (why.contains("pairs disagree")) {
            return "with pairs that disagree";
        }
        if (why.contains("forks sit")) {
            return "with a fork in a mode";
        }
        return "with a bound at the threshold";
    }

    /** A benchmark's log fork levels, {base, candidate}, in pair order. */
    static double[][] sideLogs(List<PairedComparison.Pair> pairs) {
        return new double[][]{pairs.stream().mapToDouble(p -> Math.log(Stats.median(p.base()))).toArray(),
                pairs.stream().mapToDouble(p -> Math.log(Stats.median(p.candidate()))).toArray()};
    }
}
