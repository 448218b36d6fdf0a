package io.github.ccsidbench.machine;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The CPUs of the committed runs and of the hosts the tool ran on, named as AMD's and Intel's documentation names their
 * family and model numbers; an unknown one keeps its /proc/cpuinfo name.
 */
class CpuNamesTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "AMD EPYC (family 25, model 1, stepping 1)|AVX2|AMD EPYC Zen 3 (Milan), AVX2",
            "AMD EPYC (family 25, model 17, stepping 1)|AVX-512 VBMI|AMD EPYC Zen 4 (Genoa), AVX-512 VBMI",
            "AMD EPYC (family 26, model 2, stepping 1)|AVX-512 VBMI|AMD EPYC Zen 5 (Turin), AVX-512 VBMI",
            "Intel(R) Xeon(R) Processor (family 6, model 207, stepping 2)|AVX-512 VBMI|Intel Xeon Emerald Rapids, AVX-512 VBMI",
            "Intel(R) Xeon(R) Processor (family 6, model 167, stepping 1)|AVX2|Intel Xeon Rocket Lake, AVX2",
            "Intel(R) Xeon(R) Processor (family 6, model 250, stepping 1)|AVX-512 VBMI|Intel(R) Xeon(R) Processor (family 6, model 250, stepping 1), AVX-512 VBMI",
            "Apple M2|NEON|Apple M2, NEON",
    })
    void namesTheMicroarchitectureFromFamilyAndModel(String cpu, String vector, String expected) {
        assertEquals(expected, CpuNames.readable(cpu, vector));
    }
}
