package io.github.ccsidbench.data;

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
class PublicDataTest {

    static final Path COUNTRIES = Path.of("/usr/share/zoneinfo/iso3166.tab");

    @Test
    void theTzDatabasesCountryTableLosesItsAccentsIn367Only() {
        assumeTrue(Files.isReadable(COUNTRIES), "Debian's tzdata is not installed (.ci/run installs it)");
        DataSource source = new DataSource(COUNTRIES, DataSource.Format.TSV, CcsidRegistry.byNumber(1208), false, '#');
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (DataRun run = DataRun.prepare(source, 10_000, 1, null, List.of(Providers.byName("jdk"), Providers.byName("icu")),
                false, new PrintStream(err, true, StandardCharsets.UTF_8))) {
            DataProfile p = run.profile();
            assertEquals(List.of("col1", "col2"), p.columns());
            assertTrue(p.rowsInFile() > 200, "about 250 countries: " + p.rowsInFile());
            assertEquals(p.rowsInFile(), p.rowsSampled(), "a small file is sampled whole");
            DataProfile.Choice sbcs = p.choice("367").orElseThrow();
            assertTrue(sbcs.rowsAffected() >= 4 && sbcs.rowsAffected() < 20, "a few names (Åland, Côte d'Ivoire, Curaçao, Réunion): " + sbcs);
            assertEquals(0, p.choice("37").orElseThrow().rowsAffected(), "37 holds Latin-1");
            assertTrue(p.choice("1208").orElseThrow().bytesPerRow() > p.choice("37").orElseThrow().bytesPerRow());
            List<Integer> varchar = p.choice("37").orElseThrow().varchar();
            assertEquals(2, varchar.get(0), "a two-letter code");
            assertTrue(varchar.get(1) >= 30 && varchar.get(1) <= 60, "names up to a few dozen bytes: " + varchar);
        }
    }
}
