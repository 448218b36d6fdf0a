package io.github.ccsidbench.suite;

import io.github.ccsidbench.machine.MachineRuler;
import io.github.ccsidbench.steady.ForkOutcome;

import java.util.Arrays;
import java.util.stream.DoubleStream;

/**
 * The machine's fast level by the machine ruler's samples of a run's forks so far: every fork adds its samples, and
 * every next fork is judged against the level they give (NaN while there are too few), so that the iterations a slow
 * phase of the machine took are left out alike in every fork of the run.
 */
final class MachineLevel {

    private double[] samples = new double[0];

    /** Adds the machine ruler's samples of a fork that measured (none from a fork without the ruler's hooks). */
    void add(ForkOutcome outcome) {
        if (outcome.failure() != null || outcome.rulerNanos() == null) {
            return;
        }
        samples = DoubleStream.concat(Arrays.stream(samples), Arrays.stream(outcome.rulerNanos()).filter(Double::isFinite)).toArray();
    }

    /** The fast level by the samples so far (NaN: too few yet). */
    double fastLevel() {
        return MachineRuler.fastLevel(samples);
    }
}
