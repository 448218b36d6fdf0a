package io.github.ccsidbench.suite;

import io.github.ccsidbench.bench.ConversionBenchmark;
import io.github.ccsidbench.bench.Db2PathBenchmark;
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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchmarkPlanTest {

    private static int count(BenchmarkPlan plan, Class<?> benchmark) {
        return plan.runs().stream().filter(r -> r.benchmark() == benchmark).mapToInt(PlannedRun::size).sum();
    }

    @Test
    void standardCoversEveryCoreCcsidProviderAndOperationOnBothWorkloadsWithRulersFirst() {
        BenchmarkPlan plan = BenchmarkPlan.of(Preset.STANDARD);
        assertEquals(FloorBenchmark.class, plan.runs().get(0).benchmark());
        assertEquals(12, count(plan, FloorBenchmark.class), "4 rulers x 3 lengths");
        // 3 CCSIDs x 5 providers x (encode and decode of ascii-text at 3 lengths, round trip at 256, encode and decode of db-row at 16)
        assertEquals(90 + 15 + 30, count(plan, ConversionBenchmark.class));
        // INSERT client 2 + server 8 + both 8, SELECT client 6 (the what-if stores what 367 stores)
        assertEquals(24, count(plan, Db2PathBenchmark.class));
        assertEquals(171, plan.size());
        assertTrue(plan.estimate().compareTo(Duration.ofMinutes(19)) < 0, "standard must fit in 20 minutes: " + plan.describe());
        assertEquals(List.of("16", "256", "4096"), plan.runs().get(0).params().get("length"));
    }

    @Test
    void onlyLosslessCombinationsReachTheConversionBenchmark() {
        BenchmarkPlan plan = BenchmarkPlan.of(Preset.FULL);
        for (PlannedRun run : plan.runs()) {
            if (run.benchmark() != ConversionBenchmark.class && run.benchmark() != SubstitutionBenchmark.class) {
                continue;
            }
            for (String workload : run.params().get("workload")) {
                for (String ccsid : run.params().get("ccsid")) {
                    boolean lossless = Workload.byId(workload).losslessIn(CcsidRegistry.lookup(ccsid));
                    assertEquals(run.benchmark() == ConversionBenchmark.class, lossless, run.toString());
                }
            }
        }
        assertTrue(count(plan, SubstitutionBenchmark.class) > 0);
    }

    @Test
    void everyRunIsAnExactCrossProductWithoutDuplicates() {
        for (Preset preset : Preset.values()) {
            BenchmarkPlan plan = BenchmarkPlan.of(preset);
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (PlannedRun run : plan.runs()) {
                for (String method : run.methods()) {
                    for (List<String> combination : product(run.params())) {
                        assertTrue(seen.add(run.benchmark().getSimpleName() + "." + method + combination),
                                "measured twice: " + method + combination);
                    }
                }
            }
            assertEquals(plan.size(), seen.size());
        }
    }

    @Test
    void filtersNarrowThePlanAndTheRulersFollowTheLengths() {
        Selection selection = Selection.everything().withCcsids(List.of(CcsidRegistry.byNumber(37)))
                .withProviders(List.of(Providers.byName("icu"))).withWorkloads(List.of(Workload.DB_ROW))
                .withLengths(List.of(64)).withInclude("ConversionBenchmark.encode");
        BenchmarkPlan plan = BenchmarkPlan.of(Preset.STANDARD, Preset.STANDARD.timing(), selection);
        assertEquals(List.of("64"), plan.runs().get(0).params().get("length"));
        PlannedRun conversions = plan.runs().get(1);
        assertEquals(List.of("encode"), conversions.methods());
        assertEquals(1, conversions.size());
        assertEquals(5, plan.size(), "4 floors and 1 conversion; the Db2 paths do not match the pattern");
    }

    @Test
    void ccsidFilterSelectsDb2ColumnTypes() {
        Selection selection = Selection.everything().withCcsids(List.of(CcsidRegistry.byNumber(367))).withInclude("Db2");
        BenchmarkPlan plan = BenchmarkPlan.of(Preset.STANDARD, Preset.STANDARD.timing(), selection);
        // INSERT client 2, server and both: 367 and 367-direct x 2 flavours each, SELECT: 367 x 2
        assertEquals(2 + 8 + 2, plan.size(), plan.describe());
    }

    @Test
    void aProviderNeverMeetsACcsidItCannotConvert() {
        Selection selection = Selection.everything().withProviders(List.of(Providers.byName("jdk"), Providers.byName("corrupt-jdk")))
                .withInclude("Conversion");
        BenchmarkPlan plan = BenchmarkPlan.of(Preset.QUICK, Preset.QUICK.timing(), selection);
        for (PlannedRun run : plan.runs()) {
            if (run.params().containsKey("provider") && run.params().get("provider").contains("corrupt-jdk")) {
                assertFalse(run.params().get("ccsid").contains("1208"), run.toString());
            }
        }
        assertEquals(4 + 2 * 3 + 2 * 2, plan.size(), "encode and decode: jdk on 3 CCSIDs, corrupt-jdk on the two single-byte ones");
        io.github.ccsidbench.convert.UnsupportedConversionException e = assertThrows(
                io.github.ccsidbench.convert.UnsupportedConversionException.class,
                () -> Providers.byName("corrupt-jdk").open(CcsidRegistry.byNumber(1208)));
        assertEquals("corrupt-jdk cannot convert CCSID 1208: single-byte CCSIDs only", e.getMessage());
    }

    @Test
    void everyPresetsParametersComeInOneOrderWhateverTheJvm() {
        // A run is resumed in another JVM, whose Map.of iterates in another order: the plan must not depend on it.
        for (Preset preset : Preset.values()) {
            for (PlannedRun run : BenchmarkPlan.of(preset).runs()) {
                List<String> names = List.copyOf(run.params().keySet());
                List<String> ordered = names.stream().sorted(java.util.Comparator.comparingInt(n -> {
                    int i = BenchmarkPlan.PARAM_ORDER.indexOf(n);
                    return i < 0 ? Integer.MAX_VALUE : i;
                })).toList();
                assertEquals(ordered, names, preset + ": " + run.benchmark().getSimpleName() + " " + run.methods());
            }
        }
    }

    @Test
    void aFilterThatMatchesNothingGivesAnEmptyPlan() {
        BenchmarkPlan plan = BenchmarkPlan.of(Preset.QUICK, Preset.QUICK.timing(), Selection.everything().withInclude("noSuchBenchmark"));
        assertEquals(0, plan.size());
        assertFalse(plan.describe().isEmpty());
    }

    private static List<List<String>> product(java.util.Map<String, List<String>> params) {
        List<List<String>> out = new java.util.ArrayList<>(List.of(List.of()));
        for (java.util.Map.Entry<String, List<String>> e : new java.util.TreeMap<>(params).entrySet()) {
            List<List<String>> next = new java.util.ArrayList<>();
            for (List<String> prefix : out) {
                for (String v : e.getValue()) {
                    List<String> l = new java.util.ArrayList<>(prefix);
                    l.add(e.getKey() + "=" + v);
                    next.add(l);
                }
            }
            out = next;
        }
        return out;
    }

    @Test
    void dbcsPairsEveryMixedCcsidOnlyWithProvidersThatHaveItAndFitsFourteenMinutes() {
        BenchmarkPlan plan = BenchmarkPlan.of(Preset.DBCS);
        java.util.Set<String> pairs = new java.util.TreeSet<>();
        for (PlannedRun run : plan.runs()) {
            if (run.benchmark() != ConversionBenchmark.class) {
                continue;
            }
            for (String provider : run.params().get("provider")) {
                for (String ccsid : run.params().get("ccsid")) {
                    pairs.add(ccsid + "/" + provider);
                    assertFalse(provider.startsWith("reference"), run.toString());
                    assertFalse(provider.startsWith("jdk") && (ccsid.equals("1390") || ccsid.equals("1399")), run.toString());
                    assertFalse(provider.equals("jt400") && ccsid.equals("1390"), run.toString());
                    for (String workload : run.params().get("workload")) {
                        assertTrue(ccsid.equals("1208") || Workload.byId(workload).mixedCcsids().contains(Integer.parseInt(ccsid)),
                                run.toString());
                    }
                }
            }
        }
        assertEquals(java.util.Set.of("930/jdk", "930/icu", "930/jt400", "939/jdk", "939/icu", "939/jt400", "1390/icu",
                "1399/icu", "1399/jt400", "933/jdk", "933/icu", "933/jt400", "935/jdk", "935/icu", "935/jt400", "937/jdk",
                "937/icu", "937/jt400", "1208/jdk", "1208/icu", "1208/jt400"), pairs);
        // rows: 18 pairs x encode/decode, the same 4 workloads in 1208 x 3 providers x 2; on 1399 (icu, jt400): round trip
        // 2, prose 2 lengths x 2 x 2, switch 3 x 2 lengths x 2
        assertEquals(36 + 24 + 2 + 8 + 12, count(plan, ConversionBenchmark.class));
        assertEquals(8, count(plan, FloorBenchmark.class), "4 rulers x 64 and 1024");
        assertEquals(0, count(plan, SubstitutionBenchmark.class));
        // each shop's Db2 paths: its client 1, server and insert into each column, select of each: Japanese rows into
        // 1399, 1390, 1208; Korean into 933, 1208; Chinese into 935 or 937, 1208
        assertEquals((1 + 3 * 3) + 3 * (1 + 3 * 2), count(plan, Db2PathBenchmark.class));
        java.util.Map<String, List<String>> shops = java.util.Map.of("japanese", List.of("japan", "1399", "1390", "1208"),
                "korean", List.of("korea", "933", "1208"), "chinese-simplified", List.of("china", "935", "1208"),
                "chinese-traditional", List.of("china", "937", "1208"));
        java.util.Set<String> rows = new java.util.TreeSet<>();
        for (PlannedRun run : plan.runs()) {
            if (run.benchmark() == Db2PathBenchmark.class) {
                for (String flavour : run.params().get("rows")) {
                    rows.add(flavour);
                    List<String> shop = shops.get(flavour);
                    assertEquals(List.of(shop.get(0)), run.params().get("shape"), run.toString());
                    assertTrue(shop.containsAll(run.params().getOrDefault("column", List.of())), run.toString());
                }
            }
        }
        assertEquals(shops.keySet(), rows);
        assertEquals(82 + 8 + 31, plan.size());
        Timing t = Preset.DBCS.timing();
        assertTrue(t.limit().orElseThrow().compareTo(Duration.ofMinutes(14)) <= 0);
        assertTrue(plan.estimate().compareTo(t.limit().orElseThrow()) < 0, plan.describe());
    }

    /**
     * A preset names the benchmarks its answer rests on, and the scheduler gives those their forks first and together:
     * the standard preset's INSERT of the article's ASCII rows into 37, 367 and 1208 (not the what-if, not the accented
     * rows, not the client) and the multiples of a copy it quotes (the JDK's encode and decode of English text in the
     * three at 4096, and the two floors there); the dbcs preset's INSERT of each shop's rows into its host CCSIDs and 1208.
     */
    @Test
    void eachPresetNamesItsAnswersBenchmarks() {
        List<BenchmarkCase> standard = BenchmarkPlan.of(Preset.STANDARD).runs().stream().flatMap(r -> r.cases().stream())
                .filter(Preset.STANDARD::inTheAnswer).toList();
        List<BenchmarkCase> inserts = standard.stream().filter(c -> c.key().startsWith("Db2PathBenchmark.")).toList();
        assertEquals(java.util.Set.of("37", "367", "1208"), inserts.stream().map(c -> c.params().get("column"))
                .collect(java.util.stream.Collectors.toSet()));
        assertTrue(inserts.stream().allMatch(c -> c.key().startsWith("Db2PathBenchmark.insertServer ")
                && c.params().get("rows").equals("ascii") && c.params().get("shape").equals("article")), inserts.toString());
        assertEquals(3, inserts.size());
        assertEquals(java.util.Set.of("ConversionBenchmark.encode ccsid=37", "ConversionBenchmark.encode ccsid=367",
                        "ConversionBenchmark.encode ccsid=1208", "ConversionBenchmark.decode ccsid=37",
                        "ConversionBenchmark.decode ccsid=367", "ConversionBenchmark.decode ccsid=1208",
                        "FloorBenchmark.isoEncode", "FloorBenchmark.isoDecode"),
                standard.stream().filter(c -> !c.key().startsWith("Db2PathBenchmark."))
                        .map(c -> c.key().split(" ")[0] + (c.params().containsKey("ccsid") ? " ccsid=" + c.params().get("ccsid") : ""))
                        .collect(java.util.stream.Collectors.toSet()));
        assertTrue(standard.stream().filter(c -> !c.key().startsWith("Db2PathBenchmark."))
                .allMatch(c -> c.params().get("length").equals("4096") && c.params().getOrDefault("provider", "jdk").equals("jdk")
                        && c.params().getOrDefault("workload", "ascii-text").equals("ascii-text")), standard.toString());
        assertEquals(11, standard.size());
        List<BenchmarkCase> dbcs = BenchmarkPlan.of(Preset.DBCS).runs().stream().flatMap(r -> r.cases().stream())
                .filter(Preset.DBCS::inTheAnswer).toList();
        assertEquals(java.util.Set.of("japanese/1399", "japanese/1390", "japanese/1208", "korean/933", "korean/1208",
                "chinese-simplified/935", "chinese-simplified/1208", "chinese-traditional/937", "chinese-traditional/1208"),
                dbcs.stream().map(c -> c.params().get("rows") + "/" + c.params().get("column")).collect(java.util.stream.Collectors.toSet()));
        assertTrue(dbcs.stream().allMatch(c -> c.key().startsWith("Db2PathBenchmark.insertServer ")), dbcs.toString());
        assertEquals(9, dbcs.size());
        assertTrue(BenchmarkPlan.of(Preset.QUICK).runs().stream().flatMap(r -> r.cases().stream()).noneMatch(Preset.QUICK::inTheAnswer));
    }

    /**
     * The registry's list of the presets' single-byte and Unicode CCSIDs (the report's fidelity table) is the presets'
     * own: every preset but {@code full} (every CCSID) and {@code data} (the user's), read from their matrix parts, with
     * 1200, the UTF-16 Db2 graphic columns the fidelity table shows beside them.
     */
    @Test
    void theRegistrysPresetCcsidsAreThoseThePresetsMeasure() {
        java.util.Set<Integer> measured = java.util.Arrays.stream(Preset.values()).filter(p -> p != Preset.FULL && p != Preset.DATA)
                .flatMap(p -> p.parts().stream()).flatMap(m -> m.ccsids().stream())
                .filter(c -> CcsidRegistry.singleByteAndUnicode().contains(c)).map(c -> c.number())
                .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
        measured.add(1200);
        assertEquals(measured, CcsidRegistry.ofThePresets().stream().map(c -> c.number())
                .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new)));
    }

    @Test
    void fullMeasuresTheMixedCcsidsOnlyWithTheirWorkloadsAndNeverSubstitutesInThem() {
        BenchmarkPlan plan = BenchmarkPlan.of(Preset.FULL);
        boolean mixedMeasured = false;
        for (PlannedRun run : plan.runs()) {
            if (!run.params().containsKey("ccsid") || run.benchmark() == Db2PathBenchmark.class) {
                continue;
            }
            for (String ccsid : run.params().get("ccsid")) {
                if (!CcsidRegistry.lookup(ccsid).scheme().mixed()) {
                    continue;
                }
                mixedMeasured = true;
                assertEquals(ConversionBenchmark.class, run.benchmark(), run.toString());
                for (String workload : run.params().get("workload")) {
                    assertTrue(Workload.byId(workload).mixedCcsids().contains(Integer.parseInt(ccsid)), run.toString());
                }
                for (String provider : run.params().get("provider")) {
                    assertTrue(Providers.byName(provider).supports(CcsidRegistry.lookup(ccsid)), run.toString());
                }
            }
        }
        assertTrue(mixedMeasured);
    }
}
