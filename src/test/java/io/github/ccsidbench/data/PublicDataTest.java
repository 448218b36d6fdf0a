package io.github.ccsidbench.data;

import io.github.ccsidbench.testing.PublicCorpora;
import org.junit.jupiter.api.Tag;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.Providers;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A real public data set, read where a Debian package ships it: the tz database's country table
 * ({@code /usr/share/zoneinfo/iso3166.tab}, package {@code tzdata}; tab-separated, '#' comments, no header), which
 * holds a few country names with accented letters. Read at test time, never committed.
 */
@Tag("slow")
class PublicDataTest {

    static final Path COUNTRIES = Path.of("/usr/share/zoneinfo/iso3166.tab");

    @Test
    void theTzDatabasesCountryTableLosesWhatEachRepertoireLacks() throws java.io.IOException {
        if (!Files.isReadable(COUNTRIES) && PublicCorpora.required()) {
            throw new AssertionError("the public data sets are required here: install tzdata");
        }
        assumeTrue(Files.isReadable(COUNTRIES), "Debian's tzdata is not installed (.ci/run installs it)");
        DataSource source = new DataSource(COUNTRIES, DataSource.Format.TSV, CcsidRegistry.byNumber(1208), false, '#');
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (DataRun run = DataRun.prepare(source, 10_000, 1, null, List.of(Providers.byName("jdk"), Providers.byName("icu")),
                false, new PrintStream(err, true, StandardCharsets.UTF_8), Path.of("sample.bin"))) {
            DataProfile p = run.profile();
            assertEquals(List.of("col1", "col2"), p.columns());
            assertTrue(p.rowsInFile() > 200, "about 250 countries: " + p.rowsInFile());
            assertEquals(p.rowsInFile(), p.rowsSampled(), "a small file is sampled whole");
            // What each choice must lose, counted from the file's text by repertoire alone: 367 holds U+0000..U+007F and 37
            // exactly Latin-1 (U+0000..U+00FF). Counted here, not assumed: tzdata 2026f spells "Côte d’Ivoire" with U+2019,
            // which 37 cannot hold either.
            int[] outside = rowsOutside(COUNTRIES, 0x7F, 0xFF);
            DataProfile.Choice sbcs = p.choice("367").orElseThrow();
            assertTrue(sbcs.rowsAffected() >= 4 && sbcs.rowsAffected() < 20, "a few names (Åland, Côte d'Ivoire, Curaçao, Réunion): " + sbcs);
            assertEquals(outside[0], sbcs.rowsAffected(), "367 loses every row with a character above U+007F");
            assertEquals(outside[1], p.choice("37").orElseThrow().rowsAffected(), "37 loses only the rows with a character above U+00FF");
            assertTrue(outside[1] < outside[0], "37 holds the Latin-1 letters 367 loses");
            assertTrue(p.choice("1208").orElseThrow().bytesPerRow() > p.choice("37").orElseThrow().bytesPerRow());
            List<Integer> varchar = p.choice("37").orElseThrow().varchar();
            assertEquals(2, varchar.get(0), "a two-letter code");
            assertTrue(varchar.get(1) >= 30 && varchar.get(1) <= 60, "names up to a few dozen bytes: " + varchar);
        }
    }

    /** The rows of a tab-separated file ('#' comments) with a code point above each of {@code limits}, one count per limit. */
    private static int[] rowsOutside(Path file, int... limits) throws java.io.IOException {
        int[] out = new int[limits.length];
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int max = line.codePoints().max().orElse(0);
            for (int i = 0; i < limits.length; i++) {
                out[i] += max > limits[i] ? 1 : 0;
            }
        }
        return out;
    }

    /**
     * The data preset's set-up proof on a sample of each real corpus, exactly as the forks will run it: every provider
     * the preset measures, in every CCSID the run chose, proves every sampled value byte for byte, and none is left
     * out, since every library's behaviour on these names is catalogued.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"cldr-territories", "cldr-ja", "cldr-cjkv", "subdivisions", "polish", "ngerman"})
    void theDataPresetsSetUpProofPassesOnEveryCorpus(String corpus, @org.junit.jupiter.api.io.TempDir Path dir) throws java.io.IOException {
        boolean installed = PublicCorpora.installed();
        if (!installed && PublicCorpora.required()) {
            throw new AssertionError("the public corpora are required here: install unicode-cldr-core, wngerman, wpolish");
        }
        assumeTrue(installed, "the public corpora are not installed (.ci/run installs them)");
        Path file = dir.resolve(corpus + (corpus.startsWith("cldr") || corpus.equals("subdivisions") ? ".csv" : ".txt"));
        List<io.github.ccsidbench.ccsid.Ccsid> extra = List.of();
        switch (corpus) {
            case "cldr-territories" -> csv(file, PublicCorpora.cldrNames().values().stream()
                    .flatMap(List::stream).toList());
            case "cldr-ja" -> {
                csv(file, PublicCorpora.cldrNames("ja"));
                extra = List.of(CcsidRegistry.byNumber(1399), CcsidRegistry.byNumber(930), CcsidRegistry.byNumber(939));
            }
            case "cldr-cjkv" -> {
                csv(file, PublicCorpora.cldrNames("ja", "ko", "zh", "vi"));
                extra = io.github.ccsidbench.ccsid.CcsidRegistry.mixed();
            }
            case "subdivisions" -> csv(file, PublicCorpora.subdivisionNames());
            default -> Files.write(file, PublicCorpora.everyNth(
                    corpus.equals("polish") ? PublicCorpora.POLISH
                            : PublicCorpora.NGERMAN, 97), StandardCharsets.UTF_8);
        }
        DataSource source = new DataSource(file, file.toString().endsWith(".csv") ? DataSource.Format.CSV : DataSource.Format.TEXT,
                CcsidRegistry.byNumber(1208), file.toString().endsWith(".csv"), null);
        List<io.github.ccsidbench.convert.ConverterProvider> providers = io.github.ccsidbench.suite.Preset.DATA.providers();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (DataRun run = DataRun.prepare(source, 2_000, 7, extra, providers, false, new PrintStream(err, true, StandardCharsets.UTF_8), Path.of("sample.bin"))) {
            String log = err.toString(StandardCharsets.UTF_8);
            // Only a mixed CCSID with characters outside its agreed table leaves providers out: each that has it.
            java.util.Set<String> noted = new java.util.TreeSet<>();
            for (DataProfile.LeftOut l : run.profile().leftOut()) {
                if (l.provider() == null) {
                    providers.stream().filter(p -> p.supports(CcsidRegistry.byNumber(l.ccsid())))
                            .forEach(p -> noted.add(p.name() + "/" + l.ccsid()));
                }
            }
            assertEquals(noted, run.profile().leftOutKeys(), log);
            String[][] rows = run.sample().rows().toArray(String[][]::new);
            int proven = 0;
            for (io.github.ccsidbench.ccsid.Ccsid c : run.ccsids()) {
                for (io.github.ccsidbench.convert.ConverterProvider p : providers) {
                    if (p.supports(c) && !noted.contains(p.name() + "/" + c.number())) {
                        io.github.ccsidbench.bench.VerifiedInputs.proveOnData(p.open(c), p.behaviour(c), rows,
                                run.sample().rowNumbers(), run.sample().columns());
                        proven++;
                    }
                }
            }
            assertTrue(proven >= 9, corpus + ": " + proven + " providers x CCSIDs proven; " + log);
            if (corpus.equals("cldr-ja")) {
                // CLDR's Japanese language names hold kanji such as U+8D1B outside 930's and 939's agreed tables: those two are
                // measured on the server's side with the substitutions counted and named, their application's side left
                // out; 1399 holds them all.
                assertTrue(run.ccsids().contains(CcsidRegistry.byNumber(1399)), "every Japanese name is proven in 1399: " + log);
                assertTrue(run.profile().leftOut().stream().noneMatch(l -> l.ccsid() == 1399), log);
                for (int n : List.of(930, 939)) {
                    assertTrue(run.ccsids().contains(CcsidRegistry.byNumber(n)), n + " is measured: " + log);
                    assertTrue(run.profile().choice(Integer.toString(n)).orElseThrow().substitutedPerRow() > 0, n + ": " + log);
                    assertTrue(log.contains("CCSID " + n + ": ") && log.contains("U+8D1B"), n + ": " + log);
                }
            }
        }
    }

    /** One name a row, with the row's number as a second column: values with commas and quotes are quoted as RFC 4180 says. */
    private static void csv(Path file, List<String> names) throws java.io.IOException {
        try (var out = new org.apache.commons.csv.CSVPrinter(Files.newBufferedWriter(file, StandardCharsets.UTF_8),
                org.apache.commons.csv.CSVFormat.RFC4180.builder().setHeader("n", "name").get())) {
            int n = 0;
            for (String name : names) {
                out.printRecord(n++, name);
            }
        }
    }
}
