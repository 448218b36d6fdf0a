package io.github.ccsidbench.suite;

import io.github.ccsidbench.steady.ForkAnalysis;
import io.github.ccsidbench.steady.ForkOutcome;
import io.github.ccsidbench.steady.ForkRequest;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/** One fork from request to analysis, so that the suite's rounds and the gate's pairs run and shuffle forks alike. */
public final class ForkRunner {

    /** The seed of the suite's and the gate's round orders. */
    public static final long SEED = 20261122L;

    /**
     * A fork's outcome, its series of scores and their analysis.
     *
     * @param outcome what the fork measured
     * @param series its scores, iteration by iteration
     * @param analysis what was steady, judged on the usable iterations
     */
    public record Run(ForkOutcome outcome, double[] series, ForkAnalysis analysis) {

        /** The fork in one line of progress: its level, how steady, what was kept and left out, whether it hit its cap. */
        public String describe(boolean capped, double fastLevel) {
            ForkAnalysis a = analysis;
            ForkOutcome o = outcome;
            String unit = o.iterations().get(0).getPrimaryResult().getScoreUnit();
            String level = Double.isNaN(a.level()) ? "-" : String.format(Locale.ROOT, "%.1f %s", a.level(), unit);
            StringBuilder sb = new StringBuilder(level).append(": ").append(a.kind().label());
            sb.append(String.format(Locale.ROOT, ", %d of %d iterations kept", a.kept().length, series.length));
            if (a.warmup() > 0) {
                sb.append(", ").append(a.warmup()).append(" warm-up");
            }
            int withoutCpu = o.withoutCpu();
            int machineSlow = o.machineSlow(fastLevel);
            int unusable = withoutCpu + machineSlow;
            if (withoutCpu > 0) {
                sb.append(", ").append(withoutCpu).append(" without the CPU");
            }
            if (machineSlow > 0) {
                sb.append(", ").append(machineSlow).append(" machine-slow");
            }
            if (a.slowPhase() > unusable) {
                sb.append(", ").append(a.slowPhase() - unusable).append(" slow-phase");
            }
            if (capped) {
                sb.append(" (at its cap)");
            }
            return sb.toString();
        }
    }

    private final ForkLauncher launcher;
    private final Timing timing;

    public ForkRunner(ForkLauncher launcher, Timing timing) {
        this.launcher = launcher;
        this.timing = timing;
    }

    /** The request for one fork of {@code c}: at most {@code maxIterations}, judged against the run's {@code rulerFastLevel}. */
    public ForkRequest request(BenchmarkCase c, int maxIterations, boolean gcProfiler, double rulerFastLevel) {
        return new ForkRequest(c.includeRegex(), c.params(), timing.iteration().toMillis(),
                timing.steady().withMaxIterations(maxIterations), gcProfiler, rulerFastLevel);
    }

    /** Runs one fork of {@code c} on {@code side}, with its files in {@code work}, under {@link #timeout()}. */
    public ForkOutcome launch(ForkLauncher.Side side, BenchmarkCase c, ForkRequest request, String label, Path work) {
        return launcher.launch(side, c, request, label, work, timeout());
    }

    /** How long a fork may take: four times the longest a fork should, and two minutes to start and stop. */
    public Duration timeout() {
        return timing.longestFork().multipliedBy(4).plusSeconds(120);
    }

    /**
     * Checks that a fork measured something and analyses its series over its {@link ForkOutcome#usable()} iterations.
     *
     * @param what the fork, for a failure's one line
     * @param failurePrefix what goes before the fork's own failure message ("" when it names enough)
     * @throws ForkLauncher.ForkFailure when the fork failed or measured no iteration
     */
    public Run analyse(ForkOutcome outcome, String what, String failurePrefix) {
        if (outcome.failure() != null) {
            throw new ForkLauncher.ForkFailure(failurePrefix + outcome.failure());
        }
        if (outcome.iterations().isEmpty()) {
            throw new ForkLauncher.ForkFailure("a fork of " + what + " measured no iteration");
        }
        double[] series = outcome.scores();
        return new Run(outcome, series, ForkAnalysis.of(series, outcome.usable(), timing.steady()));
    }
}
