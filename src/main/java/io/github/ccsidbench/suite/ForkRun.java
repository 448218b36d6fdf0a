package io.github.ccsidbench.suite;

import io.github.ccsidbench.machine.MachineRuler;
import io.github.ccsidbench.steady.ForkAnalysis;
import io.github.ccsidbench.steady.ForkOutcome;
import io.github.ccsidbench.steady.SteadySettings;

/** One fork as the scheduler ran it: its round, what it measured, how it was analysed, and the fast level it was judged by. */
record ForkRun(int round, ForkOutcome outcome, double[] series, ForkAnalysis analysis, long millis, boolean capped,
               double rulerFastLevel) {

    /**
     * The same fork judged by the run's fast level as it stands at the end, which counts the iterations the machine ruler
     * flags as slow; the analysis keeps the iterations in which the fork had its CPU, flagged or not.
     */
    ForkRun judgedBy(double fastLevel, SteadySettings steady) {
        return new ForkRun(round, outcome, series, ForkAnalysis.of(series, outcome.usable(), steady), millis,
                capped, MachineRuler.lower(outcome.rulerFastLevel(), fastLevel));
    }
}
