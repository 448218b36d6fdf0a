package io.github.ccsidbench.gate;

import io.github.ccsidbench.suite.Timing;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A bisection's hands: builds commits (once each) and measures one against another as a gate run within the budget,
 * recording each as a step of the {@link StepLog}; apart from {@link Bisection} so the loop reads as the procedure.
 */
final class CommitMeasurements {

    /** Thrown when the time budget is used up: the bisection stops with the range left. */
    static final class OutOfTime extends RuntimeException {
        OutOfTime(String message) {
            super(message, null, false, false);
        }
    }

    /** One gate run and the log index of its step. */
    record Look(int index, Bisection.Measured measured) {
    }

    /** Kept back from the budget for writing the answer. */
    private static final Duration MARGIN = Duration.ofSeconds(20);

    private final Bisection.Builder builder;
    private final Bisection.Judge judge;
    private final Bisection.Request q;
    private final StepLog log;
    private final long started;
    private final Consumer<String> say;
    private final Map<String, Bisection.Probe> probes = new HashMap<>();

    CommitMeasurements(Bisection.Builder builder, Bisection.Judge judge, Bisection.Request q, StepLog log, long started,
                       Consumer<String> say) {
        this.builder = builder;
        this.judge = judge;
        this.q = q;
        this.log = log;
        this.started = started;
        this.say = say;
    }

    /** A commit's jar, built once; a {@link io.github.ccsidbench.CcsidBenchException} when it does not build. */
    Bisection.Probe probe(FirstParentHistory.Commit c) {
        Bisection.Probe p = probes.get(c.id());
        if (p == null) {
            Path jar = builder.jar(c.id());
            p = new Bisection.Probe(c, jar, BenchmarksJar.digest(jar));
            probes.put(c.id(), p);
        }
        return p;
    }

    /** Measures {@code candidate} against {@code base} as a gate run and records the step; {@code more}: twice the pairs. */
    Look measure(CommitRange r, String followed, int base, int candidate, String what, Set<String> keys, boolean more,
                 String name) {
        Duration left = timeLeft();
        Path dir = q.out().resolve(Bisection.STEPS).resolve(String.format(Locale.ROOT, "%02d-%s-%s-vs-%s", log.comparisons() + 1,
                name, r.at(candidate).shortId().substring(0, 7), r.at(base).shortId().substring(0, 7)));
        say.accept(String.format(Locale.ROOT, "%s: %s against %s (gate files in %s)", what, r.at(candidate).shortId(),
                r.at(base).shortId(), dir));
        int factor = more ? 2 : 1;
        Bisection.Measured m = judge.compare(probe(r.at(base)), r.role(base), probe(r.at(candidate)), r.role(candidate), keys,
                factor * q.pairs(), factor * q.confirmationPairs(), left, dir);
        List<PairedComparison> sorted = new ArrayList<>(m.comparisons());
        sorted.sort(Comparator.comparingInt((PairedComparison c) -> c.verdict() == Verdict.FAIL ? 0 : 1)
                .thenComparing(Comparator.comparingDouble((PairedComparison c) -> Double.isNaN(c.ratio()) ? -1 : c.ratio())
                        .reversed()));
        PairedComparison shown = followed == null ? sorted.get(0)
                : sorted.stream().filter(c -> c.key().equals(followed)).findFirst().orElse(sorted.get(0));
        int i = log.measured(what, r.at(candidate), r.at(base), shown, m.pairsKept(), q.out().relativize(dir).toString());
        say.accept(what + ": " + BisectAnswers.describe(log.at(i)) + " -> " + log.at(i).verdict());
        return new Look(i, m);
    }

    /** Records {@code candidate} as judged by its jar, the same as {@code base}'s, without measuring. */
    int unmeasured(String what, FirstParentHistory.Commit base, FirstParentHistory.Commit candidate, String conclusion) {
        int i = log.unmeasured(what, candidate, base, conclusion);
        say.accept(candidate.shortId() + ": " + conclusion + " (not measured)");
        return i;
    }

    /** The time left for the next comparison (zero: no limit); {@link OutOfTime} when the budget is used up. */
    Duration timeLeft() {
        if (q.budget() == null || q.budget().isZero() || q.budget().isNegative()) {
            return Duration.ZERO;
        }
        Duration left = q.budget().minus(Duration.ofNanos(System.nanoTime() - started)).minus(MARGIN);
        if (left.isNegative() || left.isZero()) {
            throw new OutOfTime("the time budget of " + Timing.format(q.budget()) + " was used up");
        }
        return left;
    }
}
