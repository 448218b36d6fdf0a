package io.github.ccsidbench.machine;

import java.util.Arrays;

/**
 * A short, fixed piece of work timed on the benchmark's own thread right before and right after every
 * iteration, so that a slow phase of the machine is seen as the machine's and not taken for the
 * converter's cost. It exists because the machines this runs on are shared: a virtual CPU runs the same code at
 * two speeds and switches between them, each vCPU on its own, with no JIT event and the guest otherwise idle,
 * because the host's other tenants (a busy sibling hyperthread) slow a core for tens of milliseconds to seconds,
 * and a converter measured in such a phase is slower by about as much as this loop is (docs/method.md).
 *
 * <p>The ruler is a scalar byte-table lookup over 1 KiB, the kind of work a single-byte converter does,
 * so a slow phase that slows converters slows it too. It runs on the worker thread (JMH's
 * {@code Level.Iteration} helpers of the benchmarks call {@link #before()} and {@link #after()}), because a
 * slow phase is per core: a ruler timed on another thread could run on the other vCPU. Its time is
 * outside JMH's measured loop. An iteration whose ruler (the slower of the two) is more than
 * {@link #SLOW} above the run's fast level ({@link #fastLevel}) was measured on a slow machine.
 */
public final class MachineRuler {

    /**
     * An iteration whose ruler took this much longer than the fast level was measured in a slow phase. The two
     * levels a shared vCPU switches between are far apart (docs/method.md), and 1.3 lies between them. A sample
     * taken as the machine changes phase falls in between either way.
     */
    public static final double SLOW = 0.30;

    /** Samples needed before a fork's own samples can give a fast level. */
    static final int MIN_SAMPLES = 5;

    private static final int PASSES = 128;
    private static final int CHUNKS = 4;
    private static final byte[] TABLE = new byte[256];
    private static final byte[] SOURCE = new byte[1024];
    private static final byte[] TARGET = new byte[1024];
    private static volatile int sink;

    private static double before = Double.NaN;
    private static double after = Double.NaN;

    static {
        for (int i = 0; i < TABLE.length; i++) {
            TABLE[i] = (byte) (i * 7 + 64);
        }
        long x = 0x5DEECE66DL;
        for (int i = 0; i < SOURCE.length; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            SOURCE[i] = (byte) (0x20 + (int) ((x >>> 33) % 95));
        }
    }

    private MachineRuler() {
    }

    /** Times the ruler now: nanoseconds per 1 KiB pass, the median of four chunks of 128 passes (about 0.25-0.5 ms in all). */
    public static double measure() {
        double[] chunk = new double[CHUNKS];
        for (int c = 0; c < CHUNKS; c++) {
            long t0 = System.nanoTime();
            sink += passes(PASSES);
            chunk[c] = (System.nanoTime() - t0) / (double) PASSES;
        }
        Arrays.sort(chunk);
        return (chunk[1] + chunk[2]) / 2;
    }

    private static int passes(int n) {
        byte[] table = TABLE;
        byte[] src = SOURCE;
        byte[] dst = TARGET;
        int acc = 0;
        for (int p = 0; p < n; p++) {
            for (int i = 0; i < src.length; i++) {
                dst[i] = table[src[i] & 0xFF];
            }
            acc += dst[p & 1023];
        }
        return acc;
    }

    /** The longest a warm-up of the ruler runs. */
    private static final long WARM_NANOS = 200_000_000L;

    /**
     * Runs the ruler for {@link #WARM_NANOS} (0.2 s), long enough for the JIT to compile it anywhere, so that its first
     * samples are not the interpreter's: the warm-up of {@link #look}. A fork warms with {@link #warmUntilCompiled}.
     */
    static void warm() {
        long end = System.nanoTime() + WARM_NANOS;
        while (System.nanoTime() < end) {
            sink += passes(8);
        }
    }

    /**
     * Runs the ruler until its time per batch has stopped falling for 30 ms (after at least 40 ms, at most
     * {@link #WARM_NANOS}): the JIT's final code is then in place. On a quiet host the JIT compiles the loop with C2
     * within 30 ms of the first call, so a fixed 0.2 s spent most of its time on compiled code, in every fork
     * (docs/method.md, "Where a fork's time goes"). A batch counts as faster only when it beats the best so far by 3%,
     * so that the timer's noise on compiled code does not keep the warm-up going.
     */
    public static void warmUntilCompiled() {
        long start = System.nanoTime();
        long bestAt = start;
        double best = Double.MAX_VALUE;
        while (true) {
            long t0 = System.nanoTime();
            sink += passes(64);
            long now = System.nanoTime();
            if (now - t0 < best * 0.97) {
                best = now - t0;
                bestAt = now;
            }
            long ran = now - start;
            if (ran >= WARM_NANOS || (ran >= 40_000_000L && now - bestAt >= 30_000_000L)) {
                return;
            }
        }
    }

    private static boolean heapSettled;

    /**
     * Times the ruler just before an iteration's measurement (on the benchmark's thread). Before the fork's first
     * iteration, after the benchmark's set-up, it first settles the heap ({@link #settleHeap}).
     */
    public static synchronized void before() {
        if (!heapSettled) {
            heapSettled = true;
            settleHeap();
        }
        before = measure();
    }

    /**
     * One full collection before the first measured iteration, so that the objects the set-up made (the inputs, JMH's
     * own) start the measurement in the old generation. Without it a young collector copies them between survivor
     * spaces at every young collection until they reach the tenuring age (15 by default), and each of those first
     * collections pauses several times longer than the ones after. A benchmark that allocates its output collects every
     * few hundred milliseconds, so a short fork would measure that start-up cost, which a long run's warm-up leaves
     * behind (docs/method.md, "Accuracy"). It runs on the benchmark's thread, outside the measured loop, in every fork of
     * the suite and of the gate's both sides, since the gate's fork driver puts this class in front of a base jar's.
     */
    static void settleHeap() {
        System.gc();
    }

    /** Times the ruler just after an iteration's measurement (on the benchmark's thread). */
    public static synchronized void after() {
        after = measure();
    }

    /**
     * The ruler of the iteration just measured: the slower of its two samples (NaN when the benchmark has no ruler
     * hooks, e.g. a jar built before them), and resets both for the next iteration.
     */
    public static synchronized double take() {
        double r = Double.isNaN(before) ? after : Double.isNaN(after) ? before : Math.max(before, after);
        before = Double.NaN;
        after = Double.NaN;
        return r;
    }

    /**
     * The machine's fast level from ruler samples: the median of the {@link #MIN_SAMPLES} lowest (NaN when fewer are
     * known). Not the mean nor a quantile: the machine may be slow most of the time, and the fast level, the one that is
     * the same from run to run, is the lowest it reaches again and again; the median of the lowest five is not one lucky
     * sample.
     */
    public static double fastLevel(double[] samples) {
        // Plain loops, no streams: this runs inside the fork between iterations, where library code that becomes hot
        // gets compiled in the middle of the measurement (as JMH's own formatting code did, see ForkDriver).
        double[] known = new double[samples == null ? 0 : samples.length];
        int n = 0;
        for (int i = 0; i < known.length; i++) {
            if (Double.isFinite(samples[i])) {
                known[n++] = samples[i];
            }
        }
        if (n < MIN_SAMPLES) {
            return Double.NaN;
        }
        Arrays.sort(known, 0, n);
        return known[MIN_SAMPLES / 2];
    }

    /**
     * What a short look at the host found, before a run measures anything: the share of windows in which the ruler ran
     * slow, and how much slower the slow ones were.
     *
     * @param windows windows timed
     * @param slowShare share of windows more than {@link #SLOW} above the fast level
     * @param slowdown the median slow window over the fast level (1 when none was slow)
     */
    public record Look(int windows, double slowShare, double slowdown) {
    }

    /**
     * Looks at the host for {@code millis}: the ruler runs without a pause on this thread in windows of 20 ms, and each
     * window's wall time per pass is its speed. A window counts the time the thread did not get (another process on its
     * core, the hypervisor) as well as a slower core (a busy neighbour on the same physical core), since both slow a
     * benchmark. The fast level is the median of the five fastest windows, as for a run's samples.
     */
    public static Look look(long millis) {
        warm();
        int n = (int) Math.max(MIN_SAMPLES, millis / 20);
        double[] perPass = new double[n];
        for (int w = 0; w < n; w++) {
            long t0 = System.nanoTime();
            long end = t0 + 20_000_000L;
            int passes = 0;
            long now;
            do {
                sink += passes(8);
                passes += 8;
                now = System.nanoTime();
            } while (now < end);
            perPass[w] = (now - t0) / (double) passes;
        }
        double fast = fastLevel(perPass);
        double[] slow = Arrays.stream(perPass).filter(p -> slow(p, fast)).sorted().toArray();
        return new Look(n, (double) slow.length / n, slow.length == 0 ? 1 : slow[slow.length / 2] / fast);
    }

    /** The lower of two fast levels, either of which may be unknown (NaN). */
    public static double lower(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.min(a, b);
    }

    /** Whether an iteration with this ruler sample ran in a slow phase of the machine (false when either is unknown). */
    public static boolean slow(double ruler, double fastLevel) {
        return Double.isFinite(ruler) && Double.isFinite(fastLevel) && ruler > fastLevel * (1 + SLOW);
    }
}
