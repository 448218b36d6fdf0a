package io.github.ccsidbench.report;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The mixed EBCDIC section from synthetic results with known levels: the per-CCSID table and the switch density. */
class MixedSectionTest {

    private static Map<String, String> p(String ccsid, String provider, String workload, String length) {
        return Map.of("ccsid", ccsid, "provider", provider, "workload", workload, "length", length);
    }

    @Test
    void eachMixedCcsidWithItsWorkloadsAndTheCostOfASwitch() {
        SyntheticRun run = new SyntheticRun()
                .result("ConversionBenchmark.encode", p("1399", "icu", "jp-rows", "64"), 1200, 1200)
                .result("ConversionBenchmark.decode", p("1399", "icu", "jp-rows", "64"), 800, 800)
                .result("ConversionBenchmark.encode", p("933", "jdk", "ko-rows", "64"), 500, 500)
                .result("ConversionBenchmark.encode", p("37", "jdk", "ascii-text", "64"), 100, 100)
                .result("ConversionBenchmark.encode", p("1399", "icu", "jp-switch-1", "1024"), 10000, 10000)
                .result("ConversionBenchmark.encode", p("1399", "icu", "jp-switch-4", "1024"), 11000, 11000)
                .result("ConversionBenchmark.encode", p("1399", "icu", "jp-switch-16", "1024"), 16000, 16000);
        ReportDocument.Section section = MixedSection.build(run.inputs()).orElseThrow();
        ReportDocument.Table t = section.blocks().stream().filter(b -> b instanceof ReportDocument.Table x && x.id().startsWith("mixed-jdk"))
                .map(b -> (ReportDocument.Table) b).findFirst().orElseThrow();
        assertEquals(List.of("933", "1399"), t.rows().stream().map(r -> r.get(0)).toList(), "mixed CCSIDs only, in order");
        List<String> jp = t.rows().get(1);
        assertEquals(List.of("1399", "jp-rows", "64", "icu"), jp.subList(0, 4));
        assertTrue(jp.get(4).startsWith("1200") && jp.get(5).startsWith("800") && jp.get(6).equals("–"), jp.toString());
        ReportDocument.Table s = section.blocks().stream().filter(b -> b instanceof ReportDocument.Table x && x.id().startsWith("mixed-switches"))
                .map(b -> (ReportDocument.Table) b).findFirst().orElseThrow();
        List<String> row = s.rows().get(0);
        assertEquals(List.of("icu", "1024", "10000", "11000", "16000"), row.subList(0, 5));
        assertTrue(row.get(5).startsWith("+60% ["), row.toString());
        assertEquals("25.00", row.get(6), "6000 ns over 15 x 1024 / 64 = 240 more switches");
    }

    @Test
    void leftOutWhenNoMixedCcsidWasMeasured() {
        SyntheticRun run = new SyntheticRun().result("ConversionBenchmark.encode", p("37", "jdk", "ascii-text", "64"), 100, 100);
        assertEquals(Optional.empty(), MixedSection.build(run.inputs()));
    }
}
