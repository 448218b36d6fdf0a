package io.github.ccsidbench.reference;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The class of SIMD code a JVM can run on this CPU, from the CPU's vector extensions and the JIT's {@code -XX:UseAVX}
 * (which limits it, e.g. to AVX2 on an AVX-512 machine). It exists because a byte permute, the whole work of the
 * reference codec, is one instruction with AVX-512 VBMI and a sequence of shuffles in every other class, so the
 * translator is chosen per class ({@link Translators}) and the floor targets are judged per class (the report).
 * One place knows the classes: the run's environment record names them with the same labels.
 */
public enum CpuClass {
    /** AVX-512 with VBMI ({@code vpermb}: a 64-byte permute in one instruction): Ice Lake and later, Zen 4. */
    AVX512_VBMI("AVX-512 VBMI"),
    /** AVX-512BW without VBMI: Skylake-SP, Cascade Lake; 64-byte permutes are emulated with in-lane shuffles. */
    AVX512BW("AVX-512BW without VBMI"),
    /** AVX-512F without BW: no byte vectors of 64 lanes at all. */
    AVX512F("AVX-512F"),
    /** AVX2, 256-bit byte vectors ({@code vpshufb} within 128-bit lanes): most AMD before Zen 4, older Intel. */
    AVX2("AVX2"),
    /** AVX without AVX2: no 256-bit byte operations. */
    AVX("AVX"),
    /** SSE only. */
    SSE("SSE"),
    /** ARM NEON (Advanced SIMD). */
    NEON("NEON"),
    /** ARM SVE. */
    SVE("SVE"),
    /** Not known (no /proc/cpuinfo, an unknown architecture). */
    UNKNOWN("unknown");

    /**
     * The extensions of /proc/cpuinfo's flags that matter for SIMD code, named as Linux names them (VBMI is
     * {@code avx512vbmi} there, VBMI2 {@code avx512_vbmi2}; until this list was checked against a real cpuinfo, VBMI was
     * looked for as HotSpot spells it and never found).
     */
    static final List<String> FEATURES = List.of("sse4_2", "avx", "avx2", "avx512f", "avx512bw", "avx512vl", "avx512vbmi",
            "avx512_vbmi2", "asimd", "sve");

    private final String label;

    CpuClass(String label) {
        this.label = label;
    }

    /** "AVX-512 VBMI", "AVX2", ...: what reports print. */
    public String label() {
        return label;
    }

    /**
     * The class of {@code features} (space-separated /proc/cpuinfo flags, as {@link #detectFeatures()} gives them) under
     * {@code -XX:UseAVX=useAvx} (-1: unknown, taken as the CPU's own).
     */
    public static CpuClass of(String features, int useAvx) {
        List<String> f = features == null ? List.of() : List.of(features.trim().split("\\s+"));
        if (f.contains("sve")) {
            return SVE;
        }
        if (f.contains("asimd")) {
            return NEON;
        }
        int avx = useAvx >= 0 ? useAvx : f.contains("avx512f") ? 3 : f.contains("avx2") ? 2 : f.contains("avx") ? 1 : 0;
        if (avx >= 3 && f.contains("avx512bw")) {
            return f.contains("avx512vbmi") ? AVX512_VBMI : AVX512BW;
        }
        if (avx >= 3 && f.contains("avx512f")) {
            return AVX512F;
        }
        if (avx >= 2 && f.contains("avx2")) {
            return AVX2;
        }
        if (avx >= 1 && f.contains("avx")) {
            return AVX;
        }
        return avx == 0 && useAvx >= 0 || f.contains("sse4_2") ? SSE : UNKNOWN;
    }

    /** The class of {@code features} under the UseAVX named in {@code text} ("UseAVX=2; ..."; none: the CPU's own). */
    public static CpuClass of(String features, String text) {
        Matcher m = Pattern.compile("UseAVX=(\\d+)").matcher(text == null ? "" : text);
        return of(features, m.find() ? Integer.parseInt(m.group(1)) : -1);
    }

    /** The class this JVM runs: this CPU's extensions under this JVM's {@code -XX:UseAVX}. */
    public static CpuClass here() {
        return of(detectFeatures(), useAvx());
    }

    /** This JVM's {@code -XX:UseAVX} (x86 HotSpot), or -1 elsewhere. */
    public static int useAvx() {
        try {
            String v = java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                    .getVMOption("UseAVX").getValue();
            return Integer.parseInt(v);
        } catch (RuntimeException e) {
            return -1;
        }
    }

    /** The vector extensions in /proc/cpuinfo's flags that matter for SIMD code ({@link #FEATURES}), or "unknown". */
    public static String detectFeatures() {
        Map<String, String> cpu = cpuinfo();
        String line = cpu.getOrDefault("flags", cpu.get("Features"));
        if (line == null) {
            return "unknown";
        }
        List<String> flags = List.of(line.split("\\s+"));
        String found = String.join(" ", FEATURES.stream().filter(flags::contains).toList());
        return found.isEmpty() ? "none of " + String.join(", ", FEATURES) : found;
    }

    /**
     * The CPU as /proc/cpuinfo names it: its model name, with family, model and stepping when it gives them
     * ("Intel(R) Xeon(R) Processor (family 6, model 207, stepping 2)"), or null when it cannot be read (not Linux).
     * The numbers are there because cloud VMs often show one generic model name for different CPUs: this project's
     * machines have said "Intel(R) Xeon(R) Processor" on at least two models, and a stored baseline must not pass
     * for one measured on the same machine when it was not.
     */
    public static String describe() {
        Map<String, String> cpu = cpuinfo();
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

    /**
     * The first processor's fields in /proc/cpuinfo ("model name" to "Intel(R) Xeon(R) Processor", "flags" to
     * "fpu vme ..."), empty when the file cannot be read (not Linux). The one reader of that file, read once per JVM
     * (an environment capture asks for the features and the model).
     */
    public static Map<String, String> cpuinfo() {
        return Cpuinfo.FIELDS;
    }

    /** Holds /proc/cpuinfo's fields, read when first asked for. */
    private static final class Cpuinfo {
        static final Map<String, String> FIELDS = read();
    }

    private static Map<String, String> read() {
        Map<String, String> fields = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.isBlank() && !fields.isEmpty()) {
                    break; // the next processor's block
                }
                int colon = line.indexOf(':');
                if (colon > 0) {
                    fields.putIfAbsent(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            return Map.of(); // not Linux, or not readable
        }
        return java.util.Collections.unmodifiableMap(fields);
    }
}
