package io.github.ccsidbench.machine;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A disturbance one can command: a co-runner that loads the machine on a seeded or regular on/off schedule, so that the
 * harness's claims can be checked on any machine in a known state (docs/how-sure.md, "Rechecking the claims under a
 * disturbance you command"; why whole shares only: docs/results/disturbed/README.md).
 */
public final class Disturbance {

    /** What the co-runner does while on. */
    public enum Kind {
        /** One thread streaming through a buffer far larger than the caches: it takes the shared cache and memory bandwidth. */
        CACHE("memory-bound work through the caches, on one thread"),
        /** A busy thread on every core: the benchmark's own core is taken part of the time, as a host's other tenants do. */
        CPU("busy threads on every core");

        private final String description;

        Kind(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    /**
     * When the co-runner is on.
     *
     * @param seed the schedule's seed
     * @param duty the share of slices that are on, 0 to 1
     * @param slice the length of one slice
     * @param regular on- and off-phases alternate (on for a slice, off for slice x (1 - duty) / duty) instead of
     *                drawing each slice
     */
    public record Schedule(long seed, double duty, Duration slice, boolean regular) {

        public Schedule {
            if (!(duty >= 0 && duty <= 1)) {
                throw new IllegalArgumentException("a duty cycle is between 0 and 1: " + duty);
            }
            if (slice.toMillis() < 10) {
                throw new IllegalArgumentException("a slice is at least 10 ms: " + slice);
            }
        }

        /** Whether each of the first {@code slices} slices is on. */
        public boolean[] plan(int slices) {
            SplittableRandom random = new SplittableRandom(seed);
            boolean[] on = new boolean[slices];
            for (int i = 0; i < slices; i++) {
                on[i] = random.nextDouble() < duty;
            }
            return on;
        }

        /** The phases of {@code total} as alternating on/off milliseconds, the first one on. */
        long[] phases(Duration total) {
            long slice = slice().toMillis();
            List<Long> out = new ArrayList<>();
            if (regular) {
                long off = duty <= 0 ? total.toMillis() : Math.round(slice * (1 - duty) / duty);
                long on = duty <= 0 ? 0 : slice;
                for (long t = 0; t < total.toMillis(); t += on + off) {
                    out.add(Math.min(on, total.toMillis() - t));
                    out.add(Math.max(0, Math.min(off, total.toMillis() - t - on)));
                }
            } else {
                boolean[] plan = plan((int) Math.max(1, total.toMillis() / slice));
                boolean state = true;
                long run = 0;
                for (boolean b : plan) {
                    if (b != state) {
                        out.add(run);
                        state = b;
                        run = 0;
                    }
                    run += slice;
                }
                out.add(run);
            }
            return out.stream().mapToLong(Long::longValue).toArray();
        }
    }

    /** The buffer the cache kind streams through: larger than the last-level caches of the machines seen. */
    static final int BUFFER_BYTES = 256 << 20;

    private final Kind kind;
    private final Schedule schedule;
    private final AtomicBoolean on = new AtomicBoolean();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private volatile long sink;

    /** The {@code cpu} kind's busy threads while on. */
    private final int busyThreads;
    private final double slowdown;

    /** A disturbance whose {@code cpu} threads slow a thread sharing their core by {@code slowdown} (NaN: a whole core). */
    public Disturbance(Kind kind, Schedule schedule, double slowdown) {
        if (!Double.isNaN(slowdown) && !(slowdown > 1 && slowdown <= 10)) {
            throw new IllegalArgumentException("a slowdown is more than 1 and at most 10: " + slowdown);
        }
        this.kind = kind;
        this.schedule = schedule;
        int m = Runtime.getRuntime().availableProcessors();
        this.busyThreads = Double.isNaN(slowdown) ? m : Math.max(1, (int) Math.round(m * slowdown) - 1);
        this.slowdown = Double.isNaN(slowdown) ? Double.NaN : (busyThreads + 1) / (double) m;
    }

    /** Runs the schedule for {@code total}, then stops, a line on {@code log} at each end; returns the share it was on. */
    public double run(Duration total, PrintStream log) throws InterruptedException {
        long[] phases = schedule.phases(total);
        log.printf(Locale.ROOT, "ccsid-bench disturb: %s%s, %.0f%% of the time on, %s, for %s%n", kind.description(),
                kind == Kind.CPU && !Double.isNaN(slowdown) ? String.format(Locale.ROOT, " (%d busy threads: another thread "
                        + "gets 1/%.2f of a core)", busyThreads, slowdown) : "",
                100 * schedule.duty(), schedule.regular() ? String.format(Locale.ROOT, "regular phases (on %d ms, off %d ms)",
                        phases[0], phases.length > 1 ? phases[1] : 0)
                        : String.format(Locale.ROOT, "slices of %d ms drawn with seed %d", schedule.slice().toMillis(), schedule.seed()),
                total);
        List<Thread> workers = new ArrayList<>();
        int threads = kind == Kind.CPU ? busyThreads : 1;
        for (int t = 0; t < threads; t++) {
            Thread w = new Thread(kind == Kind.CPU ? this::spin : this::stream, "disturb-" + t);
            w.setDaemon(true);
            w.start();
            workers.add(w);
        }
        long onMillis = 0;
        long allMillis = 0;
        try {
            for (int i = 0; i < phases.length && running.get(); i++) {
                boolean state = i % 2 == 0;
                on.set(state);
                onMillis += state ? phases[i] : 0;
                allMillis += phases[i];
                Thread.sleep(phases[i]);
            }
        } finally {
            on.set(false);
            running.set(false);
            for (Thread w : workers) {
                w.join(1000);
            }
        }
        double share = allMillis == 0 ? 0 : (double) onMillis / allMillis;
        log.printf(Locale.ROOT, "ccsid-bench disturb: done, on for %d of %d ms (%.1f%%)%n", onMillis, allMillis, 100 * share);
        return share;
    }

    /** Stops a running schedule at its next slice. */
    public void stop() {
        running.set(false);
    }

    private void spin() {
        long x = 1;
        while (running.get()) {
            if (on.get()) {
                for (int i = 0; i < 1_000_000; i++) {
                    x = x * 6364136223846793005L + 1442695040888963407L;
                }
                sink = x;
            } else {
                pause();
            }
        }
    }

    private void stream() {
        byte[] buffer = new byte[BUFFER_BYTES];
        long x = 0;
        while (running.get()) {
            if (on.get()) {
                for (int i = 0; i < buffer.length && on.get(); i += 64) {
                    x += buffer[i];
                    buffer[i] = (byte) x;
                }
                sink = x;
            } else {
                pause();
            }
        }
    }

    private static void pause() {
        try {
            Thread.sleep(5);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
