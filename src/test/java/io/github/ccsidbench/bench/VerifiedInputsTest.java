package io.github.ccsidbench.bench;

import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.workload.Workload;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VerifiedInputsTest {

    @Test
    void aConverterWithOneCorruptedTableEntryFailsSetUp() {
        // The corrupted converter round-trips perfectly; only the byte-exact check can catch it.
        BenchmarkSetupException e = assertThrows(BenchmarkSetupException.class,
                () -> VerifiedInputs.prepare("corrupt-jdk", "37", "ascii-text", 64, false));
        assertTrue(e.getMessage().startsWith("provider corrupt-jdk, CCSID 37, workload ascii-text, length 64, variant 0:"
                + " encode is wrong at byte"), e.getMessage());
        assertTrue(e.getMessage().contains("expected 0x85"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
        assertThrows(BenchmarkSetupException.class, () -> VerifiedInputs.prepare("corrupt-jdk", "367", "db-row", 4096, false));
    }

    @Test
    void everyBuiltInProviderPassesOnTheCoreMatrix() {
        for (ConverterProvider p : Providers.builtIn()) {
            for (String ccsid : new String[]{"37", "367", "1208"}) {
                for (String w : new String[]{"ascii-text", "db-row"}) {
                    VerifiedInputs in = VerifiedInputs.prepare(p.name(), ccsid, w, 16, false);
                    assertEquals(VerifiedInputs.variantCount(16), in.texts().length);
                }
            }
        }
    }

    @Test
    void aLossyCombinationIsRefusedByTheConversionBenchmark() {
        BenchmarkSetupException e = assertThrows(BenchmarkSetupException.class,
                () -> VerifiedInputs.prepare("jdk", "367", "latin1-text", 64, false));
        assertTrue(e.getMessage().contains("CCSID 367 cannot hold every character of latin1-text"), e.getMessage());
        assertTrue(e.getMessage().contains("use SubstitutionBenchmark"), e.getMessage());
    }

    @Test
    void theSubstitutionBenchmarkKeepsOnlyVariantsThatSubstitute() {
        VerifiedInputs in = VerifiedInputs.prepare("jt400", "367", "latin1-text", 16, true);
        for (String text : in.texts()) {
            assertTrue(text.chars().anyMatch(c -> c > 0x7F), text);
        }
        BenchmarkSetupException e = assertThrows(BenchmarkSetupException.class,
                () -> VerifiedInputs.prepare("jdk", "1208", "latin1-text", 64, true));
        assertTrue(e.getMessage().contains("a substitution benchmark needs such input"), e.getMessage());
    }

    @Test
    void variantsFillAFixedWorkingSet() {
        assertEquals(1024, VerifiedInputs.variantCount(8));
        assertEquals(1024, VerifiedInputs.variantCount(16));
        assertEquals(64, VerifiedInputs.variantCount(4096));
        assertEquals(4, VerifiedInputs.variantCount(65536));
        assertEquals(1, VerifiedInputs.variantCount(1 << 20));
        assertTrue(Integer.bitCount(VerifiedInputs.variantCount(1000)) == 1);
    }

    @Test
    void unknownNamesFailWithTheRegistryMessage() {
        assertThrows(io.github.ccsidbench.CcsidBenchException.class, () -> VerifiedInputs.prepare("nope", "37", "db-row", 8, false));
        assertThrows(io.github.ccsidbench.CcsidBenchException.class, () -> VerifiedInputs.prepare("jdk", "99", "db-row", 8, false));
        assertEquals(37, CcsidRegistry.lookup("37").number());
        assertEquals(Workload.DB_ROW, Workload.byId("db-row"));
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"jdk, 930, jp-rows", "jt400, 1399, jp-switch-16", "icu, 1390, jp-prose",
            "jdk-stream, 937, zh-hant-rows"})
    void mixedEbcdicBenchmarksVerifyAgainstTheOracle(String provider, String ccsid, String workload) {
        VerifiedInputs inputs = VerifiedInputs.prepare(provider, ccsid, workload, 64, false);
        org.junit.jupiter.api.Assertions.assertEquals(VerifiedInputs.variantCount(64), inputs.texts().length);
    }
}
