package io.github.ccsidbench.fidelity;

import java.util.Locale;
import java.util.function.Consumer;

/** How far a long read of a user's file has got, every ten seconds, and what is left: for fidelity and run --data. */
public final class ReadProgress {

    private static final long PERIOD_NANOS = 10_000_000_000L;

    private final String what;
    private final long size;
    private final Consumer<String> sink;
    private final long start = System.nanoTime();
    private long next = start + PERIOD_NANOS;

    /**
     * @param what what is read ("customers.csv")
     * @param size its size in bytes, -1 when unknown (standard input)
     * @param sink where the lines go (the user's stderr)
     */
    public ReadProgress(String what, long size, Consumer<String> sink) {
        this.what = what;
        this.size = size;
        this.sink = sink;
    }

    /** Takes the bytes read so far; says so when ten seconds have passed since it last did. */
    public void tick(long bytesRead) {
        long now = System.nanoTime();
        if (now < next) {
            return;
        }
        next = now + PERIOD_NANOS;
        sink.accept(line(bytesRead, (now - start) / 1e9));
    }

    /** "ccsid-bench: reading words.txt: 1.2 GB of 5.0 GB (24%) in 20 s, 61 MB/s, about 1m03s left". */
    String line(long bytesRead, double seconds) {
        double rate = seconds > 0 ? bytesRead / seconds : 0;
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "ccsid-bench: reading %s: %s", what, bytes(bytesRead)));
        if (size > 0) {
            sb.append(String.format(Locale.ROOT, " of %s (%.0f%%)", bytes(size), 100.0 * bytesRead / size));
        }
        sb.append(String.format(Locale.ROOT, " in %.0f s, %.0f MB/s", seconds, rate / (1 << 20)));
        if (size > 0 && rate > 0) {
            long left = Math.round((size - bytesRead) / rate);
            sb.append(String.format(Locale.ROOT, ", about %dm%02ds left", left / 60, left % 60));
        }
        return sb.toString();
    }

    private static String bytes(long n) {
        return n >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GB", n / (double) (1L << 30))
                : String.format(Locale.ROOT, "%.0f MB", n / (double) (1L << 20));
    }
}
