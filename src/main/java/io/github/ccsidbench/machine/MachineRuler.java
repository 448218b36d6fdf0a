package io.github.ccsidbench.machine;

import java.util.Arrays;

/**
 * A short, fixed piece of work (a scalar byte-table lookup over 1 KiB) timed on the benchmark's own thread right before
 * ({@link #before()}) and after ({@link #after()}) every iteration, so that a slow phase of a shared machine is seen as
 * the machine's and not taken for the converter's cost. Why this work, why that thread, and the fast level:
 * docs/method.md, "The machine ruler and its fast level".
 */
public final class MachineRuler {

    /**
     * An iteration whose ruler took this much longer than the fast level was measured in a slow phase (docs/method.md,
     * "The machine ruler and its fast level").
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

    /** Runs the ruler for {@link #WARM_NANOS}, long enough for the JIT to compile it anywhere: the warm-up of {@link #look}. */
    static void warm() {
        long end = System.nanoTime() + WARM_NANOS;
        while (System.nanoTime() < end) {
            sink += passes(8);
        }
    }

    /**
     * Runs the ruler until its time per batch has not beaten the best by 3% for 30 ms (after at least 40 ms, at most
     * {@link #WARM_NANOS}): the JIT's final code is then in place (docs/decisions.md, "Forks start one way, measured").
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

    /** Times the ruler just before an iteration's measurement, the first time after {@link #settleHeap}. */
    public static synchronized void before() {
        if (!heapSettled) {
            heapSettled = true;
            settleHeap();
        }
        before = measure();
    }

    /**
     * One full collection before the first measured iteration, so that the set-up's objects start the measurement in the
     * old generation (docs/decisions.md, "One full collection before a fork's first measured iteration").
     */
    static void settleHeap() {
        System.gc();
    }

    /** Times the ruler just after an iteration's measurement (on the benchmark's thread). */
    public static synchronized void after() {
        after = measure();
    }

    /** The ruler of the iteration just measured, the slower of its two samples (NaN without ruler hooks); resets both. */
    public static synchronized double take() {
        double r = Double.isNaN(before) ? after : Double.isNaN(after) ? before : Math.max(before, after);
        before = Double.NaN;
        after = Double.NaN;
        return r;
    }

    /** The machine's fast level: the median of the {@link #MIN_SAMPLES} lowest samples (NaN when fewer are known). */
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
     * What a short look at the host found before a run measures anything.
     *
     * @param windows windows timed
     * @param slowShare share of windows more than {@link #SLOW} above the fast level
     * @param slowdown the median slow window over the fast level (1 when none was slow)
     */
    public record Look(int windows, double slowShare, double slowdown) {
    }

    /**
     * Looks at the host for {@code millis}: the ruler on this thread in 20 ms windows, each window's wall time per pass
     * (time the thread did not get counts) against the five fastest windows' median (docs/method.md, "The time budget").
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
