package io.github.ccsidbench.suite;

import io.github.ccsidbench.machine.MachineRuler;
import io.github.ccsidbench.steady.FigureWindow;
import io.github.ccsidbench.steady.ForkAnalysis;
import io.github.ccsidbench.steady.ForkOutcome;

import java.util.List;

/** One fork as the scheduler ran it: its round, what it measured, how it was analysed, and the fast level it was judged by. */
record ForkRun(int round, ForkOutcome outcome, double[] series, ForkAnalysis analysis, long millis, boolean capped,
               double rulerFastLevel) {

    /** The same fork judged by the run's final fast level; its analysis, on the iterations with the CPU, stays. */
    ForkRun judgedBy(double fastLevel) {
        return new ForkRun(round, outcome, series, analysis, millis, capped, MachineRuler.lower(outcome.rulerFastLevel(), fastLevel));
    }

    /** The forks of {@code runs} that reached a steady state, in their order. */
    static List<ForkRun> steady(List<ForkRun> runs) {
        return runs.stream().filter(r -> r.analysis().kind().steady()).toList();
    }

    /**
     * Whether this fork's window enters its benchmark's figure: it settled, or the JIT closed its window whatever it read
     * ({@link FigureWindow#closedByJit}). Leaving out the forks that met a slow stretch of the host would choose the
     * figure's forks by their levels, which reads a noisy host fast.
     */
    boolean inFigure(long iterationMillis) {
        return analysis.kind().steady() || FigureWindow.closedByJit(outcome, series.length, iterationMillis);
    }

    /** The forks of {@code runs} whose windows enter the figure ({@link #inFigure}), in their order. */
    static List<ForkRun> inFigure(List<ForkRun> runs, long iterationMillis) {
        return runs.stream().filter(r -> r.inFigure(iterationMillis)).toList();
    }

    /** The levels {@code runs} settled at, in their order. */
    static double[] levels(List<ForkRun> runs) {
        return runs.stream().mapToDouble(r -> r.analysis().level()).toArray();
    }
}
