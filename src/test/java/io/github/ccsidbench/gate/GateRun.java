package io.github.ccsidbench.gate;

import io.github.ccsidbench.stats.ConfirmationPlan;

import io.github.ccsidbench.suite.Progress;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * A whole gate run replayed on pairs from a source, as {@link AbGate} runs it, without or with a time budget: every benchmark's
 * screening pairs, the {@link Screen} over all of them (the pooled noise needs the run), then every suspect's
 * {@link Confirmation} round by round. What the simulations and replays of the gate's tests run.
 */
final class GateRun {

    /** Where a benchmark's next pair comes from. */
    interface PairSource {
        PairedComparison.Pair pair(int benchmark, SplittableRandom random);
    }

    /** The verdicts in benchmark order, and how many pairs the run measured. */
    record Result(List<PairedComparison> verdicts, int pairs, int suspects) {
    }

    private GateRun() {
    }

    /** A run of the gate's default screening pairs. */
    static Result run(int benchmarks, PairSource source, SplittableRandom random, GateThresholds t) {
        return run(benchmarks, AbGate.SCREEN_PAIRS, source, random, t);
    }

    static Result run(int benchmarks, int screenPairs, PairSource source, SplittableRandom random, GateThresholds t) {
        return run(benchmarks, screenPairs, source, random, t, -1);
    }

    /** A run of {@code screenPairs} screening pairs within a budget of {@code budget} pairs (negative: none). */
    static Result run(int benchmarks, int screenPairs, PairSource source, SplittableRandom random, GateThresholds t, int budget) {
        Map<String, List<PairedComparison.Pair>> pairs = new LinkedHashMap<>();
        for (int b = 0; b < benchmarks; b++) {
            List<PairedComparison.Pair> p = new ArrayList<>();
            for (int i = 0; i < screenPairs; i++) {
                p.add(source.pair(b, random));
            }
            pairs.put("b" + b, p);
        }
        return screenAndConfirm(pairs, source, random, t, budget);
    }

    /**
     * The screen over given screening pairs, then the suspects' confirmation pairs from {@code source}, within a time
     * budget counted in pairs:
     * {@code budget} pairs in all, the screen's among them (negative: none). The suspects' rounds are spent as
     * {@link AbGate} spends them, by {@link TimeBudget#allot} at every round with a pair taking one second; its time
     * runs as the pairs are used, not by the clock.
     */
    private static Result screenAndConfirm(Map<String, List<PairedComparison.Pair>> pairs, PairSource source, SplittableRandom random,
                                   GateThresholds t, int budget) {
        Screen screen = Screen.of(pairs, Map.of(), t, Map.of());
        List<PairedComparison> out = new ArrayList<>(screen.comparisons());
        int used = pairs.values().stream().mapToInt(List::size).sum();
        List<String> keys = new ArrayList<>(pairs.keySet());
        int suspects = (int) keys.stream().filter(k -> screen.improvementSuspect(k) || screen.suspicion(k) != null).count();
        ConfirmationPlan plan = t.plan(suspects, AbGate.CONFIRMATION_PAIRS);
        Map<Integer, Confirmation> open = new LinkedHashMap<>();
        Map<Integer, Confirmation> all = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            String key = keys.get(i);
            boolean faster = screen.improvementSuspect(key);
            String why = screen.suspicion(key);
            if (faster || why != null) {
                open.put(i, new Confirmation(out.get(i).withReasons(List.of(faster ? "faster" : why)), faster, plan, t));
            }
        }
        all.putAll(open);
        if (budget < 0) { // one suspect after the other: the order of draws the committed tables were computed in
            for (Map.Entry<Integer, Confirmation> e : open.entrySet()) {
                while (e.getValue().open()) {
                    e.getValue().afterRound(source.pair(index(keys, e.getKey()), random), Double.NaN, Double.NaN);
                    used++;
                }
            }
            open.clear();
        }
        Progress quiet = new Progress(new PrintStream(OutputStream.nullOutputStream()), 0, Duration.ofSeconds(1));
        for (int rounds = 0; !open.isEmpty(); rounds++) {
            new TimeBudget(Optional.of(Duration.ofSeconds(budget)), System.nanoTime() - used * 1_000_000_000L)
                    .allot(open.values(), plan, rounds, Duration.ofSeconds(1), quiet);
            for (Map.Entry<Integer, Confirmation> e : open.entrySet()) {
                if (e.getValue().open()) {
                    e.getValue().afterRound(source.pair(index(keys, e.getKey()), random), Double.NaN, Double.NaN);
                    used++;
                }
            }
            open.values().removeIf(c -> !c.open());
        }
        all.forEach((i, c) -> out.set(i, c.verdict(Double.NaN, Double.NaN)));
        return new Result(out, used, suspects);
    }

    /** The benchmark number of the {@code i}th key ("b12": 12). */
    private static int index(List<String> keys, int i) {
        return Integer.parseInt(keys.get(i).substring(1));
    }
}
