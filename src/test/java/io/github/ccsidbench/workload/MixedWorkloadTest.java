package io.github.ccsidbench.workload;

import io.github.ccsidbench.convert.BehaviourCatalogue;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.MixedExpectedEncoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The mixed EBCDIC workloads: lossless exactly where they claim, switch counts exact, safe last characters. */
class MixedWorkloadTest {

    @ParameterizedTest
    @EnumSource(Workload.class)
    void losslessInExactlyTheMixedCcsidsClaimed(Workload w) {
        for (Ccsid c : CcsidRegistry.mixed()) {
            assertEquals(w.mixedCcsids().contains(c.number()), w.losslessIn(c), w.id() + " in " + c.number());
        }
    }

    /** The workloads that claim a mixed CCSID. */
    static Stream<Workload> mixedWorkloads() {
        return Arrays.stream(Workload.values()).filter(w -> !w.mixedCcsids().isEmpty());
    }

    @ParameterizedTest
    @MethodSource("mixedWorkloads")
    void mixedStringsStayInTheirRepertoireAndNeverEndWithTheIcuBugCharacters(Workload w) {
        for (int length : new int[]{1, 2, 3, 63, 64, 65, 1024}) {
            for (int variant = 0; variant < 64; variant++) {
                String text = w.generate(length, variant);
                assertTrue(w.repertoire().containsAll(text), text);
                assertFalse(BehaviourCatalogue.ICU_WRONG_AT_END.contains((int) text.charAt(text.length() - 1)), text);
            }
        }
    }

    @Test
    void theClaimsAreTheLanguages() {
        Set<Integer> japanese = Set.of(930, 939, 1390, 1399);
        assertEquals(japanese, Workload.JP_ROWS.mixedCcsids());
        assertEquals(japanese, Workload.JP_PROSE.mixedCcsids());
        assertEquals(japanese, Workload.JP_SWITCH_16.mixedCcsids());
        assertEquals(Set.of(933), Workload.KO_ROWS.mixedCcsids());
        assertEquals(Set.of(935), Workload.ZH_HANS_ROWS.mixedCcsids());
        assertEquals(Set.of(937), Workload.ZH_HANT_ROWS.mixedCcsids());
        assertTrue(Workload.JP_ROWS.losslessIn(CcsidRegistry.byNumber(1208)));
        assertFalse(Workload.JP_ROWS.losslessIn(CcsidRegistry.byNumber(37)));
        assertTrue(Workload.JP_ROWS.generate(200).chars().anyMatch(c -> c >= 0xFF61 && c <= 0xFF9F), "half-width katakana");
    }

    @ParameterizedTest(name = "{0} switches per 64 in {1}")
    @CsvSource({"jp-switch-1, 1", "jp-switch-4, 4", "jp-switch-16, 16"})
    void everyBlockOf64SwitchesExactlyAsOftenAsNamed(String id, int perBlock) {
        Workload w = Workload.byId(id);
        for (int number : new int[]{930, 939, 1390, 1399}) {
            Ccsid ccsid = CcsidRegistry.byNumber(number);
            for (int length : new int[]{64, 1024}) {
                for (int variant = 0; variant < 8; variant++) {
                    String text = w.generate(length, variant);
                    for (int block = 0; block < length; block += 64) {
                        assertEquals(perBlock, MixedExpectedEncoding.switches(ccsid, text.substring(block, block + 64)), text);
                    }
                    assertEquals(perBlock * length / 64, MixedExpectedEncoding.switches(ccsid, text));
                    long doubleByte = text.chars().filter(c -> c > 0x7F).count();
                    assertEquals(length / 2, doubleByte, "half the characters are double-byte");
                }
            }
        }
    }
}
