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
 * What the A/B gate is asked to compare and how, checked before anything is measured: settings under which the
 * signed-rank test could never reach the significance level are refused here, not discovered after a long run.
 *
 * @param base the base side (its label says what it is: "base 1a2b3c4", "base jar X", "base JVM Y")
 * @param candidate the candidate side (this build)
 * @param baseMethods benchmark methods the base jar has ("io...ConversionBenchmark.encode"), null when the same jar
 * @param out output directory
 * @param selection what to measure, narrowing the gate preset
 * @param timing the per-fork stopping rule and cap (the gate preset's)
 * @param thresholds when to warn and fail
 * @param pairs pairs every benchmark gets
 * @param confirmationPairs further pairs a benchmark gets when the first pairs make it a suspect; they decide it
 *                          (0: the first pairs decide, and must then be enough for the significance level)
 * @param duet run the two forks of a pair at the same time, one per core, instead of one after the other
 * @param timeBudget how long the gate may measure, from its start (zero: no limit): suspects get no further look of
 *                   confirmation pairs that would not fit; the screening pairs are always measured
 * @param command the gate's options as the user gave them, {@code --out} left out (empty for a gate a bisection runs):
 *                what {@link Reproduce} repeats
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

    /**
     * Refuses, in one line, pairs and confirmation pairs with which the signed-rank test could never reach the level:
     * before anything is built or measured (a bisection checks its settings with it before its first build).
     */
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
