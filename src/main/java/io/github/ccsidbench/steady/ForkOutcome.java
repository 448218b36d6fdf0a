package io.github.ccsidbench.steady;

import io.github.ccsidbench.machine.MachineRuler;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.IterationResult;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * What one fork measured, handed back from {@link ForkDriver} to the host: JMH's own parameters and
 * every iteration's result (primary score and the gc profiler's secondary results), in order from
 * the fork's first iteration, so the host can decide what was steady and still write JMH's JSON with
 * JMH's own writer. JMH sends the same objects from its forks to its host by Java serialization.
 *
 * @param params JMH's parameters of the benchmark as the fork ran it (JVM, JDK version, @Params)
 * @param iterations every iteration, warm-up included
 * @param failure null, or one line saying why the benchmark failed (a set-up verification failure)
 * @param steadyStop true when the stopping rule found the fork steady, false when it hit its cap
 * @param availability per iteration, the CPU time the benchmark's thread got over the iteration's wall time less
 *                     the collectors' pauses (NaN where unknown: the first iteration, or a JVM without thread CPU time)
 * @param compileMillis per iteration, milliseconds the JIT compilers spent on compilations that ended during it (NaN
 *                      where unknown; null from a fork driver older than this record component, e.g. a base jar's)
 * @param rulerNanos per iteration, the {@link MachineRuler}'s time around it (NaN where unknown: a benchmark without
 *                   the machine ruler's hooks; null from an older fork driver)
 * @param rulerFastLevel the machine's fast level the fork judged its iterations by: the lower of the run's level
 *                       handed in and the fork's own (NaN: unknown)
 * @param endMillis per iteration, the wall clock ({@link System#currentTimeMillis()}) when it ended: two forks that ran
 *                  at the same time (the gate's duet) can be compared over the stretch they shared (null: not recorded)
 * @param timeline the moments of the fork's life ({@link ForkTimeline}), the host's filled in by
 *                 {@link #withHostMoments} (null: not recorded, e.g. a fork replayed from an older journal)
 */
public record ForkOutcome(BenchmarkParams params, ArrayList<IterationResult> iterations, String failure, boolean steadyStop,
                          double[] availability, double[] compileMillis, double[] rulerNanos, double rulerFastLevel,
                          long[] endMillis, long[] timeline)
        implements Serializable {

    /**
     * An iteration in which the benchmark's thread had less than this share of a CPU was disturbed by the
     * machine: the hypervisor stole the CPU or another process preempted the thread, and the stolen time
     * is in JMH's score. An undisturbed iteration gets nearly a whole CPU (JMH's own hand-over between
     * iterations is the rest); one that got a fraction of it ran correspondingly slower.
     */
    public static final double AVAILABLE = 0.90;

    private static final long serialVersionUID = 1L;

    /** The same outcome with the host's moments: when it started the fork's JVM and when it saw it exit (epoch µs). */
    public ForkOutcome withHostMoments(long launched, long exited) {
        long[] t = timeline == null ? ForkTimeline.empty() : timeline.clone();
        t[ForkTimeline.LAUNCHED] = launched;
        t[ForkTimeline.EXITED] = exited;
        return new ForkOutcome(params, iterations, failure, steadyStop, availability, compileMillis, rulerNanos, rulerFastLevel,
                endMillis, t);
    }

    /** The primary score of every iteration. */
    public double[] scores() {
        return iterations.stream().mapToDouble(r -> r.getPrimaryResult().getScore()).toArray();
    }

    /**
     * Per iteration, whether the benchmark's thread had its CPU (availability unknown or at least {@link #AVAILABLE}).
     * An iteration without it measured the hypervisor's or another process's time, not the converter's. The machine
     * ruler does not make an iteration unusable: a slow phase of the machine is part of what a long run of the same
     * benchmark measures too, so such iterations stay in the series and are only flagged ({@link #machineSlow}).
     */
    public boolean[] usable() {
        return usable(availability, iterations.size());
    }

    /** The first {@code n} iterations' usable flags for these availabilities (null: every iteration usable). */
    public static boolean[] usable(double[] availability, int n) {
        boolean[] u = new boolean[n];
        for (int i = 0; i < n; i++) {
            u[i] = availability == null || i >= availability.length || !(availability[i] < AVAILABLE);
        }
        return u;
    }

    /** How many iterations the benchmark's thread had less than {@link #AVAILABLE} of a CPU in. */
    public int withoutCpu() {
        int n = 0;
        for (boolean u : usable()) {
            n += u ? 0 : 1;
        }
        return n;
    }

    /**
     * How many of the iterations with the CPU ran in a slow phase of the machine by the ruler: its sample more than
     * {@link MachineRuler#SLOW} above the lower of the fork's fast level and {@code runFastLevel}, the run's fast level
     * (NaN: none). They are flagged, not excluded.
     */
    public int machineSlow(double runFastLevel) {
        double fast = MachineRuler.lower(rulerFastLevel, runFastLevel);
        boolean[] cpu = usable();
        int slow = 0;
        for (int i = 0; i < cpu.length; i++) {
            slow += cpu[i] && rulerNanos != null && i < rulerNanos.length && MachineRuler.slow(rulerNanos[i], fast) ? 1 : 0;
        }
        return slow;
    }

    /** The iterations at {@code indices}. */
    public List<IterationResult> select(int[] indices) {
        List<IterationResult> out = new ArrayList<>(indices.length);
        for (int i : indices) {
            out.add(iterations.get(i));
        }
        return out;
    }

    /**
     * Writes the outcome to {@code file} whole or not at all (a temporary file beside it, then a rename), so that the host
     * can take it as soon as its name appears, without waiting for the fork's JVM to exit.
     */
    public void write(Path file) throws IOException {
        Path part = file.resolveSibling(file.getFileName() + ".part");
        try (OutputStream o = Files.newOutputStream(part); ObjectOutputStream out = new ObjectOutputStream(o)) {
            out.writeObject(this);
        }
        Files.move(part, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    public static ForkOutcome read(Path file) throws IOException {
        try (InputStream i = Files.newInputStream(file); ObjectInputStream in = new ObjectInputStream(i)) {
            return (ForkOutcome) in.readObject();
        } catch (ClassNotFoundException | ClassCastException e) {
            throw new IOException("not a fork outcome: " + e, e);
        }
    }
}
