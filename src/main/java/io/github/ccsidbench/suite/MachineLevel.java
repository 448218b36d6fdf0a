package io.github.ccsidbench.suite;

import io.github.ccsidbench.machine.MachineRuler;
import io.github.ccsidbench.steady.ForkOutcome;

import java.util.Arrays;
import java.util.stream.DoubleStream;

/** The run's fast level by the ruler's samples of its forks so far, so that every fork is judged against one level. */
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
