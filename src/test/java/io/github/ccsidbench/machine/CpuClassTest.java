package io.github.ccsidbench.machine;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The CPU class is read from the real /proc/cpuinfo, with Linux's flag names, and limited by the JIT's UseAVX. */
class CpuClassTest {

    @Test
    void everyWantedFlagThatCpuinfoHasIsFound() throws Exception {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        assumeTrue(Files.isReadable(cpuinfo), "no /proc/cpuinfo (not Linux)");
        String flagsLine = Files.readAllLines(cpuinfo).stream().filter(l -> l.startsWith("flags") || l.startsWith("Features"))
                .findFirst().orElse("");
        List<String> flags = List.of(flagsLine.substring(flagsLine.indexOf(':') + 1).trim().split("\\s+"));
        List<String> found = List.of(CpuInfo.vectorFeatures().split("\\s+"));
        for (String wanted : CpuInfo.FEATURES) {
            assertEquals(flags.contains(wanted), found.contains(wanted), wanted + " in " + flagsLine);
        }
        if (flags.contains("avx512vbmi") && CpuClass.useAvx() == 3) {
            assertEquals(CpuClass.AVX512_VBMI, CpuClass.here(), "a VBMI CPU at UseAVX=3");
        }
        if (flags.contains("avx2") && CpuClass.useAvx() == 2) {
            assertEquals(CpuClass.AVX2, CpuClass.here(), "the JIT limited to AVX2");
        }
    }

    @Test
    void withoutProcCpuinfoNothingIsRead() {
        assumeFalse(Files.isReadable(Path.of("/proc/cpuinfo")), "this machine has /proc/cpuinfo");
        assertTrue(CpuInfo.fields().isEmpty(), "no /proc/cpuinfo, nothing read");
    }

    @Test
    void theCpuIsNamedWithItsFamilyModelAndStepping() throws Exception {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        assumeTrue(Files.isReadable(cpuinfo), "no /proc/cpuinfo (not Linux)");
        List<String> lines = Files.readAllLines(cpuinfo);
        String name = value(lines, "model name");
        assumeTrue(name != null, "/proc/cpuinfo names no model (some ARM kernels)");
        String model = value(lines, "model");
        assertEquals(name, CpuInfo.fields().get("model name"));
        assertEquals(model, CpuInfo.fields().get("model"), "'model' is its own field, not the start of 'model name'");
        String described = CpuInfo.model();
        assertTrue(described.startsWith(name), described);
        if (model != null) {
            assertTrue(described.contains("model " + model), described);
        }
    }

    private static String value(List<String> lines, String field) {
        return lines.stream().filter(l -> l.indexOf(':') > 0 && l.substring(0, l.indexOf(':')).trim().equals(field))
                .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse(null);
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
}
