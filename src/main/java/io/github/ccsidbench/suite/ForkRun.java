package io.github.ccsidbench.suite;

import io.github.ccsidbench.machine.MachineRuler;
import io.github.ccsidbench.steady.ForkAnalysis;
import io.github.ccsidbench.steady.ForkOutcome;
import io.github.ccsidbench.steady.SteadySettings;

/** One fork as the scheduler ran it: its round, what it measured, how it was analysed, and the fast level it was judged by. */
record ForkRun(int round, ForkOutcome outcome, double[] series, ForkAnalysis analysis, long millis, boolean capped,
               double rulerFastLevel) {

    /** The same fork analysed with the iterations the machine ruler finds slow at {@code fastLevel} excluded. */
    ForkRun judgedBy(double fastLevel, SteadySettings steady) {
        return new ForkRun(round, outcome, series, ForkAnalysis.of(series, outcome.usable(fastLevel), steady), millis,
                capped, MachineRuler.lower(outcome.rulerFastLevel(), fastLevel));
    }
}
