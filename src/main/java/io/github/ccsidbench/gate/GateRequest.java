package io.github.ccsidbench.gate;

import io.github.ccsidbench.stats.SignedRank;
import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.suite.ForkLauncher;
import io.github.ccsidbench.suite.Selection;
import io.github.ccsidbench.suite.Timing;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What the A/B gate is asked to compare and how, checked before anything is measured ({@link #check}; docs/gate.md).
 *
 * @param base the base side (its label says what it is: "base 1a2b3c4", "base jar X", "base JVM Y")
 * @param candidate the candidate side (this build)
 * @param baseMethods benchmark methods the base jar has ("io...ConversionBenchmark.encode"), null when the same jar
 * @param out output directory
 * @param selection what to measure, narrowing the gate preset
 * @param timing the per-fork stopping rule and cap (the gate preset's)
 * @param thresholds when to warn and fail
 * @param pairs pairs every benchmark gets
 * @param confirmationPairs further pairs a suspect gets, which decide it (0: the first pairs decide)
 * @param duet run the two forks of a pair at the same time, one per core, instead of one after the other
 * @param timeBudget how long the gate may measure, from its start (zero: no limit)
 * @param command the gate's options as given, {@code --out} left out (empty in a bisection): what {@link Reproduce} repeats
 */
public record GateRequest(ForkLauncher.Side base, ForkLauncher.Side candidate, Set<String> baseMethods, Path out,
                          Selection selection, Timing timing, GateThresholds thresholds, int pairs, int confirmationPairs,
                          boolean duet, Duration timeBudget, List<String> command) {
    public GateRequest {
        check(thresholds, pairs, confirmationPairs);
        command = List.copyOf(command);
    }

    /** A request without the user's command line (a bisection's gates, tests). */
    public GateRequest(ForkLauncher.Side base, ForkLauncher.Side candidate, Set<String> baseMethods, Path out, Selection selection,
                       Timing timing, GateThresholds thresholds, int pairs, int confirmationPairs, boolean duet, Duration timeBudget) {
        this(base, candidate, baseMethods, out, selection, timing, thresholds, pairs, confirmationPairs, duet, timeBudget, List.of());
    }

    /** Refuses, in one line and before anything is built, settings with which the test could never reach the level. */
    public static void check(GateThresholds thresholds, int pairs, int confirmationPairs) {
        int decisive = SignedRank.pairsFor(thresholds.alpha());
        if (pairs < 2 || confirmationPairs < 0) {
            throw new CcsidBenchException("the gate needs at least 2 pairs per benchmark");
        }
        if (confirmationPairs > 0 && confirmationPairs < decisive) {
            throw new CcsidBenchException(String.format(Locale.ROOT, "--confirmation-pairs %d can never reach p < %s (the"
                    + " signed-rank test needs %d pairs): give %d or more", confirmationPairs, thresholds.alpha(), decisive, decisive));
        }
        if (confirmationPairs == 0 && pairs < decisive) {
            throw new CcsidBenchException(String.format(Locale.ROOT, "with --confirmation-pairs 0 the first pairs decide, and %d"
                    + " can never reach p < %s: give --pairs %d or more", pairs, thresholds.alpha(), decisive));
        }
    }

    /** The time budget, when there is one. */
    public Optional<Duration> budget() {
        return timeBudget == null || timeBudget.isZero() || timeBudget.isNegative() ? Optional.empty()
                : Optional.of(timeBudget);
    }
}
