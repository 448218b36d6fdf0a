package io.github.ccsidbench.results;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** environment.json says which vector code could run: the CPU's extensions and what the forks' JVM made of them. */
class RunEnvironmentVectorTest {

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @Test
    void theForksJvmIsAskedForItsUseAvxAndTranslator() {
        RunEnvironment plain = RunEnvironment.capture("quick", "t", JAVA);
        assertNull(plain.vector(), "not probed without the forks' options");
        assertNotNull(plain.cpuFeatures());
        boolean x86 = System.getProperty("os.arch").matches("amd64|x86_64");
        RunEnvironment avx2 = RunEnvironment.capture("quick", "t", JAVA, List.of("-XX:+IgnoreUnrecognizedVMOptions", "-XX:UseAVX=2"));
        assertTrue(avx2.vector().contains("reference translator: "), avx2.vector());
        if (x86 && plain.cpuFeatures().contains("avx2")) {
            assertTrue(plain.cpuFeatures().matches("[a-z0-9_ ]+"), plain.cpuFeatures());
            assertEquals("UseAVX=2; reference translator: vector 256-bit (32 x 8-bit lanes"
                    + ", 7-bit half, text rows), for AVX2", avx2.vector());
        }
        assertTrue(avx2.toJson().contains("\"vector\": \"UseAVX="), avx2.toJson());
    }

    private static RunEnvironment with(String features, String vector) {
        return new RunEnvironment("d", "p", "t", "java", "v", "Linux", "cpu", 2, "17", "c", "1", "1.37", "77", "21", "", features, vector);
    }

    @Test
    void theCpuClassComesFromTheExtensionsAndTheForksUseAvx() {
        String vbmi = "sse4_2 avx avx2 avx512f avx512bw avx512vl avx512vbmi";
        String bw = "sse4_2 avx avx2 avx512f avx512bw avx512vl";
        assertEquals("AVX-512 VBMI", with(vbmi, "UseAVX=3; reference translator: x").vectorClass());
        assertEquals("AVX-512BW without VBMI", with(bw, "UseAVX=3; x").vectorClass());
        assertEquals("AVX2", with(vbmi, "UseAVX=2; x").vectorClass(), "the JIT limited to AVX2 on a VBMI machine");
        assertEquals("AVX2", with("sse4_2 avx avx2", "UseAVX=2; x").vectorClass());
        assertEquals("AVX", with(bw, "UseAVX=1; x").vectorClass());
        assertEquals("SSE", with(bw, "UseAVX=0; x").vectorClass());
        assertEquals("AVX-512BW without VBMI", with(bw, null).vectorClass(), "not probed: the CPU's own class");
        assertEquals("NEON", with("asimd", "UseAVX=n/a; x").vectorClass());
        assertEquals("unknown", with("unknown", null).vectorClass());
    }
}
