package io.github.ccsidbench.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The share of CPU time the hypervisor gave to others ("steal", {@code /proc/stat}) over a run, for the report to say. */
public final class CpuSteal {

    private final long steal;
    private final long total;

    private CpuSteal(long steal, long total) {
        this.steal = steal;
        this.total = total;
    }

    /** The counters now; zero where the system has none (not Linux). */
    public static CpuSteal now() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/stat"));
            String[] f = lines.get(0).trim().split("\\s+");
            if (!f[0].equals("cpu") || f.length < 9) {
                return new CpuSteal(0, 0);
            }
            long total = 0;
            for (int i = 1; i < f.length && i <= 8; i++) {
                total += Long.parseLong(f[i]);
            }
            return new CpuSteal(Long.parseLong(f[8]), total);
        } catch (IOException | RuntimeException e) {
            return new CpuSteal(0, 0);
        }
    }

    /** The share of CPU time stolen between {@code start} and this reading, or -1 when unknown. */
    public double since(CpuSteal start) {
        long t = total - start.total;
        return t <= 0 ? -1 : (double) (steal - start.steal) / t;
    }
}
