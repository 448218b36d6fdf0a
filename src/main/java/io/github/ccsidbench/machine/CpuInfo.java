package io.github.ccsidbench.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The one reader of {@code /proc/cpuinfo}, read once per JVM: the CPU's model and the vector extensions SIMD code needs. */
public final class CpuInfo {

    /** The /proc/cpuinfo flags that matter for SIMD code, as Linux names them (not as HotSpot spells them). */
    public static final List<String> FEATURES = List.of("sse4_2", "avx", "avx2", "avx512f", "avx512bw", "avx512vl", "avx512vbmi",
            "avx512_vbmi2", "asimd", "sve");

    private CpuInfo() {
    }

    /** The vector extensions in /proc/cpuinfo's flags that matter for SIMD code ({@link #FEATURES}), or "unknown". */
    public static String vectorFeatures() {
        return vectorFeatures(fields());
    }

    /** {@link #vectorFeatures()} of the fields {@code cpu} of a /proc/cpuinfo ({@link #parse}). */
    static String vectorFeatures(Map<String, String> cpu) {
        String line = cpu.getOrDefault("flags", cpu.get("Features"));
        if (line == null) {
            return "unknown";
        }
        List<String> flags = List.of(line.split("\\s+"));
        String found = String.join(" ", FEATURES.stream().filter(flags::contains).toList());
        return found.isEmpty() ? "none of " + String.join(", ", FEATURES) : found;
    }

    /**
     * The CPU as /proc/cpuinfo names it, "NAME (family 6, model 85, stepping 7)" where it gives the numbers (cloud VMs
     * show one generic name for different models), or null when it cannot be read (not Linux).
     */
    public static String model() {
        return model(fields());
    }

    /** {@link #model()} of the fields {@code cpu} of a /proc/cpuinfo ({@link #parse}). */
    static String model(Map<String, String> cpu) {
        String name = cpu.get("model name");
        if (name == null) {
            return null;
        }
        List<String> numbers = new ArrayList<>();
        for (String field : List.of("cpu family", "model", "stepping")) {
            if (cpu.containsKey(field)) {
                numbers.add(field.replace("cpu ", "") + " " + cpu.get(field));
            }
        }
        return numbers.isEmpty() ? name : name + " (" + String.join(", ", numbers) + ")";
    }

    /** The first processor's fields in /proc/cpuinfo ("flags" to "fpu vme ..."), read once per JVM; empty when unreadable. */
    public static Map<String, String> fields() {
        return Holder.FIELDS;
    }

    /** Holds /proc/cpuinfo's fields, read when first asked for. */
    private static final class Holder {
        static final Map<String, String> FIELDS = read();
    }

    private static Map<String, String> read() {
        try {
            return parse(Files.readAllLines(Path.of("/proc/cpuinfo")));
        } catch (IOException | RuntimeException e) {
            return Map.of(); // not Linux, or not readable
        }
    }

    /** The first processor's fields of a /proc/cpuinfo's {@code lines}: "name : value", up to the first blank line. */
    static Map<String, String> parse(List<String> lines) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : lines) {
            if (line.isBlank() && !fields.isEmpty()) {
                break; // the next processor's block
            }
            int colon = line.indexOf(':');
            if (colon > 0) {
                fields.putIfAbsent(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
            }
        }
        return Collections.unmodifiableMap(fields);
    }
}
