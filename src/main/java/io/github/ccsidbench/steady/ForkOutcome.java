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
 * What one fork measured, handed back from {@link ForkDriver} to the host: JMH's own parameters and every iteration's
 * result from the first, so the host can decide what was steady and still write JMH's JSON with JMH's own writer
 * (docs/architecture.md, "Two JVMs, one protocol").
 *
 * @param params JMH's parameters of the benchmark as the fork ran it (JVM, JDK version, @Params)
 * @param iterations every iteration, warm-up included
 * @param failure null, or one line saying why the benchmark failed (a set-up verification failure)
 * @param steadyStop true when the stopping rule found the fork steady, false when it hit its cap
 * @param availability per iteration, the CPU share the benchmark's thread got (docs/method.md, "CPU availability"; NaN: unknown)
 * @param compileMillis per iteration, ms of JIT compilations that ended during it (NaN: unknown; null: an older driver)
 * @param rulerNanos per iteration, the {@link MachineRuler}'s time around it (NaN: unknown; null: an older driver)
 * @param rulerFastLevel the fast level the fork judged its iterations by: the lower of the run's and its own (NaN: unknown)
 * @param endMillis per iteration, the wall clock ({@link System#currentTimeMillis()}) when it ended, so that the gate's
 *                  duet can compare two forks over the stretch they shared (null: not recorded)
 * @param timeline the moments of the fork's life ({@link ForkTimeline}), the host's by {@link #withHostMoments} (null: none)
 */
public record ForkOutcome(BenchmarkParams params, ArrayList<IterationResult> iterations, String failure, boolean steadyStop,
                          double[] availability, double[] compileMillis, double[] rulerNanos, double rulerFastLevel,
                          long[] endMillis, long[] timeline)
        implements Serializable {

    /** An iteration with less than this share of a CPU was disturbed by the machine (docs/method.md, "CPU availability"). */
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
     * Per iteration, whether the benchmark's thread had its CPU (availability unknown or at least {@link #AVAILABLE}); a
     * slow ruler does not make an iteration unusable, only flagged ({@link #machineSlow}; docs/decisions.md, "The machine
     * ruler flags slow iterations and excludes none").
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

    /** Iterations with the CPU more than {@link MachineRuler#SLOW} above the lower of its and {@code runFastLevel}. */
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

    /** Writes the outcome to {@code file} whole or not at all (then a rename), so the host can take it as soon as it appears. */
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
