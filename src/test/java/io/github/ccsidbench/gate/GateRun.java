package io.github.ccsidbench.gate;

import io.github.ccsidbench.stats.ConfirmationPlan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A whole gate run replayed on pairs from a source, as {@link AbGate} runs it without a time budget: every benchmark's
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
        Map<String, List<PairedComparison.Pair>> pairs = new LinkedHashMap<>();
        for (int b = 0; b < benchmarks; b++) {
            List<PairedComparison.Pair> p = new ArrayList<>();
            for (int i = 0; i < screenPairs; i++) {
                p.add(source.pair(b, random));
            }
            pairs.put("b" + b, p);
        }
        return screenAndConfirm(pairs, source, random, t);
    }

    /** The screen over given screening pairs, then the suspects' confirmation pairs from {@code source}. */
    static Result screenAndConfirm(Map<String, List<PairedComparison.Pair>> pairs, PairSource source, SplittableRandom random,
                                   GateThresholds t) {
        Screen screen = Screen.of(pairs, Map.of(), t, Map.of());
        List<PairedComparison> out = new ArrayList<>(screen.comparisons());
        int used = pairs.values().stream().mapToInt(List::size).sum();
        List<String> keys = new ArrayList<>(pairs.keySet());
        int suspects = (int) keys.stream().filter(k -> screen.improvementSuspect(k) || screen.suspicion(k) != null).count();
        ConfirmationPlan plan = t.plan(suspects, AbGate.CONFIRMATION_PAIRS);
        for (int i = 0; i < keys.size(); i++) {
            String key = keys.get(i);
            boolean faster = screen.improvementSuspect(key);
            String why = screen.suspicion(key);
            if (!faster && why == null) {
                continue;
            }
            Confirmation c = new Confirmation(out.get(i).withReasons(List.of(faster ? "faster" : why)), faster, plan, t);
            int b = Integer.parseInt(key.substring(1));
            while (c.open()) {
                c.afterRound(source.pair(b, random), Double.NaN, Double.NaN);
                used++;
            }
            out.set(i, c.verdict(Double.NaN, Double.NaN));
        }
        return new Result(out, used, suspects);
    }
}
