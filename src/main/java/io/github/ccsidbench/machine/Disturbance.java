package io.github.ccsidbench.machine;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A disturbance one can command: a co-runner that loads the machine on a seeded on/off schedule at a chosen duty cycle,
 * with the kinds of work that slowed benchmarks on shared hosts, so that the harness's claims (the machine ruler sees a
 * slow phase, figures are left out or marked not decisive, the gate does not cry wolf) can be checked on any machine
 * in a known state instead of whatever state the host happens to be in. Time is cut into slices; each slice is on with
 * probability {@code duty}, drawn from the seed, so on-phases come in bursts of random length, as a busy neighbour's do.
 */
public final class Disturbance {

    /** What the co-runner does while on. */
    public enum Kind {
        /**
         * One thread streaming through a buffer far larger than the caches, reading and writing every cache line: it
         * takes the shared cache and the memory bandwidth, as a memory-bound neighbour on the other core does.
         */
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
     */
    public record Schedule(long seed, double duty, Duration slice) {

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
    }

    /** The buffer the cache kind streams through: larger than the last-level caches of the machines seen. */
    static final int BUFFER_BYTES = 256 << 20;

    private final Kind kind;
    private final Schedule schedule;
    private final AtomicBoolean on = new AtomicBoolean();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private volatile long sink;

    public Disturbance(Kind kind, Schedule schedule) {
        this.kind = kind;
        this.schedule = schedule;
    }

    /**
     * Runs the schedule for {@code total}, then stops; returns the share of time it was on. One line on {@code log} at
     * the start and one at the end.
     */
    public double run(Duration total, PrintStream log) throws InterruptedException {
        int slices = (int) Math.max(1, total.toMillis() / schedule.slice().toMillis());
        boolean[] plan = schedule.plan(slices);
        log.printf(Locale.ROOT, "ccsid-bench disturb: %s, %.0f%% of %d slices of %d ms on (seed %d), for %s%n", kind.description(),
                100 * schedule.duty(), slices, schedule.slice().toMillis(), schedule.seed(), total);
        List<Thread> workers = new ArrayList<>();
        int threads = kind == Kind.CPU ? Runtime.getRuntime().availableProcessors() : 1;
        for (int t = 0; t < threads; t++) {
            Thread w = new Thread(kind == Kind.CPU ? this::spin : this::stream, "disturb-" + t);
            w.setDaemon(true);
            w.start();
            workers.add(w);
        }
        int onSlices = 0;
        try {
            for (int i = 0; i < slices && running.get(); i++) {
                on.set(plan[i]);
                onSlices += plan[i] ? 1 : 0;
                Thread.sleep(schedule.slice().toMillis());
            }
        } finally {
            on.set(false);
            running.set(false);
            for (Thread w : workers) {
                w.join(1000);
            }
        }
        double share = (double) onSlices / slices;
        log.printf(Locale.ROOT, "ccsid-bench disturb: done, on in %d of %d slices (%.1f%%)%n", onSlices, slices, 100 * share);
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
