package io.github.ccsidbench.suite;

import io.github.ccsidbench.bench.ConversionBenchmark;
import io.github.ccsidbench.bench.FloorBenchmark;
import io.github.ccsidbench.bench.SubstitutionBenchmark;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.workload.Workload;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchmarkPlanTest {

    private static BenchmarkPlan plan(Preset p) {
        return BenchmarkPlan.of(p.timing(), p.ccsids(), Providers.builtIn(), p.workloads(), p.lengths(), ".*", p.substitution());
    }

    @Test
    void standardCoversEveryCoreCcsidProviderAndOperationOnBothWorkloadsWithRulersFirst() {
        BenchmarkPlan plan = plan(Preset.STANDARD);
        assertEquals(FloorBenchmark.class, plan.runs().get(0).benchmark());
        assertEquals(8, plan.runs().get(0).size(), "4 rulers x 2 lengths");
        // 3 CCSIDs x 5 providers x 2 workloads x 2 lengths x 3 operations
        assertEquals(180, plan.runs().stream().filter(r -> r.benchmark() == ConversionBenchmark.class)
                .mapToInt(PlannedRun::size).sum());
        assertEquals(188, plan.size());
        assertTrue(plan.estimate().compareTo(Duration.ofMinutes(20)) < 0, "standard must fit in 20 minutes: " + plan.describe());
        assertEquals(List.of("decode", "encode", "roundTrip"), plan.runs().get(1).methods());
    }

    @Test
    void onlyLosslessCombinationsReachTheConversionBenchmark() {
        BenchmarkPlan plan = plan(Preset.FULL);
        for (PlannedRun run : plan.runs()) {
            if (run.benchmark() == FloorBenchmark.class) {
                continue;
            }
            Workload w = Workload.byId(run.params().get("workload").get(0));
            for (String ccsid : run.params().get("ccsid")) {
                boolean lossless = w.losslessIn(CcsidRegistry.lookup(ccsid));
                assertEquals(run.benchmark() == ConversionBenchmark.class, lossless, run.toString());
            }
        }
        assertTrue(plan.runs().stream().anyMatch(r -> r.benchmark() == SubstitutionBenchmark.class));
    }

    @Test
    void filtersNarrowThePlanAndTheRulersFollowTheLengths() {
        BenchmarkPlan plan = BenchmarkPlan.of(Preset.STANDARD.timing(), List.of(CcsidRegistry.byNumber(37)),
                List.of(Providers.byName("icu")), List.of(Workload.DB_ROW), List.of(64), "encode", false);
        assertEquals(List.of("64"), plan.runs().get(0).params().get("length"));
        PlannedRun conversions = plan.runs().get(1);
        assertEquals(List.of("encode"), conversions.methods());
        assertEquals(1, conversions.size());
        assertEquals(5, plan.size());
        assertTrue(conversions.includeRegex().endsWith("\\.(encode)$"), conversions.includeRegex());
    }

    @Test
    void aProviderNeverMeetsACcsidItCannotConvert() {
        BenchmarkPlan plan = BenchmarkPlan.of(Preset.QUICK.timing(), CcsidRegistry.core(),
                List.of(Providers.byName("jdk"), Providers.byName("corrupt-jdk")), List.of(Workload.ASCII_TEXT),
                List.of(16), ".*", false);
        for (PlannedRun run : plan.runs()) {
            if (run.params().get("provider") != null && run.params().get("provider").contains("corrupt-jdk")) {
                assertFalse(run.params().get("ccsid").contains("1208"), run.toString());
            }
        }
        assertEquals(4 + 3 * 3 + 2 * 3, plan.size(), "jdk on 3 CCSIDs, corrupt-jdk on the two single-byte ones");
        io.github.ccsidbench.convert.UnsupportedConversionException e = org.junit.jupiter.api.Assertions.assertThrows(
                io.github.ccsidbench.convert.UnsupportedConversionException.class,
                () -> Providers.byName("corrupt-jdk").open(CcsidRegistry.byNumber(1208)));
        assertEquals("corrupt-jdk cannot convert CCSID 1208: single-byte CCSIDs only", e.getMessage());
    }

    @Test
    void aFilterThatMatchesNothingGivesAnEmptyPlan() {
        BenchmarkPlan plan = BenchmarkPlan.of(Preset.QUICK.timing(), CcsidRegistry.core(), Providers.builtIn(),
                List.of(Workload.ASCII_TEXT), List.of(16), "noSuchBenchmark", false);
        assertEquals(0, plan.size());
        assertFalse(plan.describe().isEmpty());
    }
}
