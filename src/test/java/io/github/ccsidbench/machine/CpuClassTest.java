package io.github.ccsidbench.machine;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The CPU's name and class, read from /proc/cpuinfo texts as Linux writes them (x86 under a hypervisor, ARM without a
 * model name), and the class limited by the JIT's UseAVX.
 */
class CpuClassTest {

    /** The start of a guest's /proc/cpuinfo on a 2-vCPU Zen 4 VM: two processors, Linux's flag names. */
    private static final List<String> EPYC = List.of(
            "processor\t: 0", "vendor_id\t: AuthenticAMD", "cpu family\t: 25", "model\t\t: 17", "model name\t: AMD EPYC",
            "stepping\t: 1", "flags\t\t: fpu sse4_2 avx avx2 avx512f avx512bw avx512vl avx512vbmi avx512_vbmi2 hypervisor", "",
            "processor\t: 1", "model name\t: another", "flags\t\t: fpu");

    /** An ARM kernel's: "Features", no model name. */
    private static final List<String> ARM = List.of("processor\t: 0", "BogoMIPS\t: 50.00", "Features\t: fp asimd evtstrm sve",
            "CPU implementer\t: 0x41");

    @Test
    void theFirstProcessorsFieldsAreReadWithModelApartFromModelName() {
        Map<String, String> f = CpuInfo.parse(EPYC);
        assertEquals("AMD EPYC", f.get("model name"));
        assertEquals("17", f.get("model"), "'model' is its own field, not the start of 'model name'");
        assertEquals("AMD EPYC (family 25, model 17, stepping 1)", CpuInfo.model(f));
        assertEquals("sse4_2 avx avx2 avx512f avx512bw avx512vl avx512vbmi avx512_vbmi2", CpuInfo.vectorFeatures(f),
                "Linux's names, in FEATURES' order, from the first processor only");
        assertEquals(CpuClass.AVX512_VBMI, CpuClass.of(CpuInfo.vectorFeatures(f), 3));
    }

    @Test
    void armKernelsGiveFeaturesAndNoModelName() {
        Map<String, String> f = CpuInfo.parse(ARM);
        assertNull(CpuInfo.model(f), "no model name: no model");
        assertEquals("asimd sve", CpuInfo.vectorFeatures(f));
        assertEquals(CpuClass.SVE, CpuClass.of(CpuInfo.vectorFeatures(f), -1), "SVE above NEON");
    }

    @Test
    void withoutCpuinfoNothingIsKnown() {
        Map<String, String> f = CpuInfo.parse(List.of());
        assertTrue(f.isEmpty());
        assertNull(CpuInfo.model(f));
        assertEquals("unknown", CpuInfo.vectorFeatures(f));
        assertEquals("none of " + String.join(", ", CpuInfo.FEATURES), CpuInfo.vectorFeatures(CpuInfo.parse(List.of("flags : fpu"))));
    }

    @Test
    void theClassIsTheCpusExtensionsUnderUseAvx() {
        String vbmi = "sse4_2 avx avx2 avx512f avx512bw avx512vl avx512vbmi avx512_vbmi2";
        String bw = "sse4_2 avx avx2 avx512f avx512bw avx512vl avx512_vbmi2";
        assertEquals(CpuClass.AVX512_VBMI, CpuClass.of(vbmi, 3));
        assertEquals(CpuClass.AVX512BW, CpuClass.of(bw, 3), "VBMI2 alone is not VBMI");
        assertEquals(CpuClass.AVX2, CpuClass.of(vbmi, 2));
        assertEquals(CpuClass.AVX, CpuClass.of(vbmi, 1));
        assertEquals(CpuClass.SSE, CpuClass.of(vbmi, 0));
        assertEquals(CpuClass.AVX512_VBMI, CpuClass.of(vbmi, -1), "UseAVX unknown: the CPU's own class");
        assertEquals(CpuClass.AVX2, CpuClass.of(vbmi, "UseAVX=2; reference translator: x"));
        assertEquals(CpuClass.NEON, CpuClass.of("asimd", -1));
        assertEquals(CpuClass.UNKNOWN, CpuClass.of("unknown", -1));
        assertTrue(CpuClass.AVX512BW.label().contains("without VBMI"));
    }

    /** This JVM's class is its CPU's extensions under its own UseAVX; the AVX2 rerun of the tests runs at UseAVX=2. */
    @Test
    void thisJvmsClassIsItsCpuUnderItsUseAvx() {
        if (Boolean.getBoolean("ccsidbench.expect.avx2")) {
            assertEquals(2, CpuClass.useAvx(), "the vector-api-avx2 run limits the JIT to AVX2");
        }
        assertEquals(CpuClass.of(CpuInfo.vectorFeatures(), CpuClass.useAvx()), CpuClass.here());
    }
}
