package io.github.ccsidbench.gate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The fork driver jar the gate puts in front of a base jar holds the fork side only: no host-side statistics. */
class BaseSideTest {

    @Test
    void theDriverJarHoldsTheForkSideAndTheOneStatisticsClassItUses(@TempDir Path cache) throws Exception {
        try (JarFile jar = new JarFile(BaseSide.driverJar(cache).toFile())) {
            List<String> names = jar.stream().map(JarEntry::getName).toList();
            for (String expected : List.of("io/github/ccsidbench/steady/ForkDriver.class", "io/github/ccsidbench/machine/MachineRuler.class",
                    "io/github/ccsidbench/stats/Stats.class", "io/github/ccsidbench/stats/Stats$Interval.class")) {
                assertTrue(names.contains(expected), expected + " in " + names);
            }
            assertFalse(names.stream().anyMatch(n -> n.startsWith("io/github/ccsidbench/stats/") && !n.startsWith("io/github/ccsidbench/stats/Stats")),
                    "the host's statistics (commons-statistics) stay out: " + names);
        }
    }
}
