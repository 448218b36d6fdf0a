package io.github.ccsidbench.machine;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The class of SIMD code a JVM can run on this CPU, from its vector extensions under the JIT's {@code -XX:UseAVX},
 * because the reference codec's byte permute is one instruction in one class and many in the others, so its translator
 * is chosen per class (docs/reference-codec.md); the one place that knows the classes and their labels.
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

    private final String label;

    CpuClass(String label) {
        this.label = label;
    }

    /** "AVX-512 VBMI", "AVX2", ...: what reports print. */
    public String label() {
        return label;
    }

    /** The class of {@code features} ({@link CpuInfo#vectorFeatures()}) under {@code -XX:UseAVX=useAvx} (-1: the CPU's own). */
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
        return of(CpuInfo.vectorFeatures(), useAvx());
    }

    /** This JVM's {@code -XX:UseAVX} (x86 HotSpot), or -1 elsewhere. */
    public static int useAvx() {
        try {
            String v = ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                    .getVMOption("UseAVX").getValue();
            return Integer.parseInt(v);
        } catch (RuntimeException e) {
            return -1;
        }
    }
}
