package io.github.ccsidbench.suite;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.workload.Workload;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A named, documented choice of what to measure and how long: the matrix of CCSIDs, workloads,
 * lengths and operations, and the {@link Timing}. Every preset measures all built-in providers.
 */
public enum Preset {

    SMOKE("smoke", "harness check: 1 fork, tiny iterations; its numbers are NOT measurements",
            new Timing(1, 1, Duration.ofMillis(50), 2, Duration.ofMillis(50)),
            CcsidRegistry.core(), List.of(Workload.ASCII_TEXT), List.of(16), false),
    QUICK("quick", "a first look in a few minutes: encode, decode and round trip of 1 KiB English text",
            new Timing(2, 2, Duration.ofMillis(200), 3, Duration.ofMillis(200)),
            CcsidRegistry.core(), List.of(Workload.ASCII_TEXT), List.of(1024), false),
    STANDARD("standard", "the article's three CCSIDs, every provider, English text and database rows, short and long",
            new Timing(2, 3, Duration.ofMillis(250), 5, Duration.ofMillis(250)),
            CcsidRegistry.core(), List.of(Workload.ASCII_TEXT, Workload.DB_ROW), List.of(16, 4096), false),
    FULL("full", "the whole matrix: every CCSID, workload and length from 8 to 1 MiB, and substitution (hours)",
            new Timing(2, 3, Duration.ofMillis(500), 5, Duration.ofMillis(500)),
            CcsidRegistry.all(), List.of(Workload.values()),
            List.of(8, 16, 32, 64, 256, 1024, 4096, 16384, 65536, 1 << 20), true);

    private final String id;
    private final String description;
    private final Timing timing;
    private final List<Ccsid> ccsids;
    private final List<Workload> workloads;
    private final List<Integer> lengths;
    private final boolean substitution;

    Preset(String id, String description, Timing timing, List<Ccsid> ccsids, List<Workload> workloads,
           List<Integer> lengths, boolean substitution) {
        this.id = id;
        this.description = description;
        this.timing = timing;
        this.ccsids = ccsids;
        this.workloads = workloads;
        this.lengths = lengths;
        this.substitution = substitution;
    }

    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    public Timing timing() {
        return timing;
    }

    public List<Ccsid> ccsids() {
        return ccsids;
    }

    public List<Workload> workloads() {
        return workloads;
    }

    public List<Integer> lengths() {
        return lengths;
    }

    /** True when the preset also measures substitution for the lossy combinations. */
    public boolean substitution() {
        return substitution;
    }

    /** The preset named {@code id}, or a {@link CcsidBenchException} listing the known ones. */
    public static Preset byId(String id) {
        String key = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(p -> p.id.equals(key)).findFirst()
                .orElseThrow(() -> new CcsidBenchException("unknown preset '" + id + "'; known: " + ids()));
    }

    public static String ids() {
        return Arrays.stream(values()).map(Preset::id).collect(Collectors.joining(", "));
    }
}
