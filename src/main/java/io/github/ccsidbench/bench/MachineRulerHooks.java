package io.github.ccsidbench.bench;

import io.github.ccsidbench.machine.MachineRuler;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The benchmarks' state classes extend this so JMH times the {@link MachineRuler} on the benchmark's own thread around
 * each iteration: a slow phase is per core (docs/method.md, "The machine ruler and its fast level").
 */
public abstract class MachineRulerHooks {

    /** Times the ruler before the iteration. */
    @Setup(Level.Iteration)
    public void rulerBeforeIteration() {
        MachineRuler.before();
    }

    /** Times the ruler after the iteration. */
    @TearDown(Level.Iteration)
    public void rulerAfterIteration() {
        MachineRuler.after();
    }
}
