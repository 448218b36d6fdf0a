package io.github.ccsidbench.bench;

import io.github.ccsidbench.machine.MachineRuler;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The benchmarks' state classes extend this so that JMH times the {@link MachineRuler} on the benchmark's own
 * thread right before and right after each iteration (outside the measured loop): a slow phase of the machine
 * is per core, so only a ruler on the measured thread can tell that an iteration was measured in one.
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
