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
            assertEquals("UseAVX=2; reference translator: vector (32 x 8-bit lanes)", avx2.vector());
        }
        assertTrue(avx2.toJson().contains("\"vector\": \"UseAVX="), avx2.toJson());
    }
}
