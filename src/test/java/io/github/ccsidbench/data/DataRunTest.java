package io.github.ccsidbench.data;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.bench.BenchmarkSetupException;
import io.github.ccsidbench.bench.VerifiedInputs;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.db2.ColumnType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run over a user's rows, prepared from generated files of four kinds (ASCII, accented Latin, Japanese, mixed
 * scripts): the column choices it measures, what each needs and loses, and that no value reaches the profile.
 */
class DataRunTest {

    @TempDir
    Path dir;

    private static final List<ConverterProvider> PROVIDERS = List.of(Providers.byName("jdk"), Providers.byName("icu"),
            Providers.byName("jt400"));

    private DataRun prepare(String name, String csv, List<Ccsid> extra, ByteArrayOutputStream err) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, csv, StandardCharsets.UTF_8);
        DataSource source = new DataSource(f, DataSource.Format.CSV, CcsidRegistry.byNumber(1208), true, null);
        DataRun run = DataRun.prepare(source, 1000, 1, extra, PROVIDERS, false, new PrintStream(err, true, StandardCharsets.UTF_8),
                dir.resolve("sample.bin"));
        run.writeSample();
        return run;
    }

    /** A generated table: {@code n} rows of an id, a name, a city and a note, from {@code names} and {@code cities}. */
    private static String table(int n, List<String> names, List<String> cities) {
        StringBuilder sb = new StringBuilder("id,name,city,note\n");
        for (int i = 0; i < n; i++) {
            sb.append(i).append(',').append(names.get(i % names.size())).append(',').append(cities.get(i % cities.size()))
                    .append(",\"order ").append(i).append(", shipped\"\n");
        }
        return sb.toString();
    }

    @Test
    void asciiRowsLoseNothingAnywhereAndTakeTheSameBytesInEveryChoice() throws IOException {
        try (DataRun run = prepare("ascii.csv", table(200, List.of("Smith", "Jones", "Miller"), List.of("Boston", "Denver")), null,
                new ByteArrayOutputStream())) {
            assertEquals(List.of("37", "367", "367-direct", "1208"), run.columns().stream().map(ColumnType::id).toList());
            DataProfile p = run.profile();
            for (DataProfile.Choice c : p.choices()) {
                assertEquals(0.0, c.substitutedPerRow(), c.column());
                assertEquals(p.choice("37").orElseThrow().bytesPerRow(), c.bytesPerRow(), 1e-9, c.column());
            }
            assertEquals(1.0, p.choice("37").orElseThrow().paths().get("minor"), 1e-9, "ASCII takes the minor path into 37");
            assertTrue(p.losses().stream().allMatch(l -> l.rowsAffected() == 0), p.losses().toString());
            assertTrue(Files.isRegularFile(run.samplePath()));
        }
    }

    @Test
    void accentedRowsLoseTheirAccentsIn367AndTheProfileNamesThemByCodePointOnly() throws IOException {
        DataRun run = prepare("accented.csv", table(100, List.of("Müller", "García", "Smith"), List.of("Zürich", "Boston")), null,
                new ByteArrayOutputStream());
        Path sample = run.samplePath();
        run.close();
        assertFalse(Files.exists(sample), "the sample is deleted with its run");
        DataProfile p = run.profile();
        DataProfile.Choice sbcs = p.choice("367").orElseThrow();
        assertTrue(sbcs.substitutedPerRow() > 0.5, "ü, í and ü again: " + sbcs);
        assertTrue(sbcs.rowsAffected() > 60, sbcs.toString());
        assertEquals(0.0, p.choice("37").orElseThrow().substitutedPerRow(), "37 holds Latin-1");
        assertTrue(p.choice("1208").orElseThrow().bytesPerRow() > p.choice("37").orElseThrow().bytesPerRow(),
                "an accented letter takes two bytes in UTF-8");
        DataProfile.Loss jdk367 = p.losses().stream().filter(l -> l.provider().equals("jdk") && l.ccsid() == 367).findFirst().orElseThrow();
        assertEquals(List.of("U+00FC LATIN SMALL LETTER U WITH DIAERESIS", "U+00ED LATIN SMALL LETTER I WITH ACUTE"),
                List.copyOf(jdk367.codePoints().keySet()));
        String json = p.toJson();
        for (String value : List.of("Müller", "García", "Zürich", "shipped")) {
            assertFalse(json.contains(value), "data.json must hold no value: " + value);
        }
        assertEquals(List.of(), p.examples());
    }

    @Test
    void japaneseRowsAreMeasuredInAMixedEbcdicCcsidAskedForAndLostIn37() throws IOException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (DataRun run = prepare("japan.csv", table(50, List.of("山田", "佐藤"), List.of("東京", "大阪")),
                List.of(CcsidRegistry.byNumber(1399)), err)) {
            assertTrue(run.ccsids().contains(CcsidRegistry.byNumber(1399)), err.toString(StandardCharsets.UTF_8));
            DataProfile p = run.profile();
            assertTrue(p.choice("37").orElseThrow().substitutedPerRow() >= 4, "four kanji a row become 0x3F in 37");
            assertEquals(0.0, p.choice("1399").orElseThrow().substitutedPerRow());
            assertEquals(0.0, p.choice("1208").orElseThrow().substitutedPerRow());
        }
    }

    /**
     * Characters outside a mixed CCSID's agreed table (an emoji and a supplementary kanji in 930) do not drop the CCSID:
     * the server's INSERT stores each as X'FEFE', one per character (a surrogate pair once), counted per row; the note
     * counts and names them by code point (never a value); the application's side of that CCSID is left out per provider.
     */
    @Test
    void charactersOutsideAMixedCcsidAreSubstitutedOnTheServerCountedAndNamed() throws IOException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (DataRun run = prepare("mixed.csv", table(40, List.of("Ivanov", "山田", "\uD842\uDFB7田"),
                List.of("Kyiv \uD83D\uDE42", "東京")), List.of(CcsidRegistry.byNumber(930)), err)) {
            String notes = err.toString(StandardCharsets.UTF_8);
            assertTrue(run.ccsids().contains(CcsidRegistry.byNumber(930)), notes);
            assertTrue(notes.contains("ccsid-bench: CCSID 930: "), notes);
            assertTrue(notes.contains("CCSID 930: 33 characters in 26 of the 40 sampled rows (2 different: U+1F642 x20, U+20BB7"
                    + " x13)"), notes);
            assertTrue(notes.contains("X'FEFE'"), notes);
            assertFalse(notes.contains("Ivanov") || notes.contains("田"), notes);
            DataProfile p = run.profile();
            assertEquals(java.util.Set.of("jdk/930", "icu/930", "jt400/930"), p.leftOutKeys().stream().filter(k -> k.endsWith("/930"))
                    .collect(java.util.stream.Collectors.toSet()), notes);
            // Of the 40 rows, the 20 even ones hold the emoji and the 13 with i % 3 == 2 the kanji: 33 substitutions.
            DataProfile.Choice c930 = p.choice("930").orElseThrow();
            assertEquals(33.0 / 40, c930.substitutedPerRow(), 1e-9, "one X'FEFE' per character outside: " + c930);
            assertEquals(0.0, p.choice("1208").orElseThrow().substitutedPerRow(), "Unicode holds every script");
            java.util.List<String[]> rows = run.sample().rows();
            long expected = 33;
            io.github.ccsidbench.db2.RowShape shape = DataShape.widest(run.sample());
            io.github.ccsidbench.db2.InsertTally tally = new io.github.ccsidbench.db2.RowConversion(shape,
                    io.github.ccsidbench.db2.ColumnType.byId("930")).verify(rows);
            assertEquals(expected, tally.substituted(), "the model's INSERT, checked against the oracle, loses the same");
        }
    }

    @Test
    void aValueNoVarcharHoldsInSomeChoiceIsRefusedBeforeAnythingRuns() throws IOException {
        String wide = "é".repeat(20_000); // 20,000 bytes in 37, 40,000 in UTF-8
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> prepare("wide.csv", "a\n" + wide + "\n", null,
                new ByteArrayOutputStream()));
        assertEquals("data file wide.csv: row 1, column a takes 40,000 bytes in CCSID 1208, more than a Db2 VARCHAR holds"
                + " (32,704 bytes)", e.getMessage());
    }

    @Test
    void aWrongConverterIsCaughtOnTheUsersRowsWithoutShowingThem() {
        ConverterProvider corrupted = Providers.byName("corrupt-jdk");
        Ccsid c37 = CcsidRegistry.byNumber(37);
        String[][] rows = {{"secret", "plain"}, {"x", "y"}};
        BenchmarkSetupException e = assertThrows(BenchmarkSetupException.class, () -> VerifiedInputs.proveOnData(
                corrupted.open(c37), corrupted.behaviour(c37), rows, new long[]{17, 18}, List.of("a", "b")));
        assertTrue(e.getMessage().startsWith("provider corrupt-jdk, CCSID 37, your data, row 17, column a: encode is wrong at byte"),
                e.getMessage());
        assertFalse(e.getMessage().contains("secret"), e.getMessage());
    }

    /**
     * The JDK with one best fit nobody catalogued: U+0141 LATIN CAPITAL LETTER L WITH STROKE, which 37 cannot hold,
     * written as the byte of 'L', as a library that best-fits its own way might.
     */
    private static final ConverterProvider UNCATALOGUED_BEST_FIT = new ConverterProvider() {
        private final ConverterProvider jdk = Providers.byName("jdk");

        @Override
        public String name() {
            return "bestfit-jdk";
        }

        @Override
        public String description() {
            return "TEST ONLY: the JDK with an uncatalogued best fit";
        }

        @Override
        public io.github.ccsidbench.convert.Converter open(Ccsid ccsid) {
            io.github.ccsidbench.convert.Converter real = jdk.open(ccsid);
            return new io.github.ccsidbench.convert.AbstractConverter(name(), ccsid) {
                @Override
                public byte[] encode(String text) {
                    return real.encode(ccsid.number() == 37 ? text.replace('\u0141', 'L') : text);
                }

                @Override
                public String decode(byte[] bytes, int offset, int length) {
                    return real.decode(bytes, offset, length);
                }
            };
        }

        @Override
        public io.github.ccsidbench.convert.ConverterBehaviour behaviour(Ccsid ccsid) {
            return jdk.behaviour(ccsid);
        }
    };

    @Test
    void aProviderTreatingOneCharacterItsOwnWayIsLeftOutInOneLineAndTheRestIsMeasured() throws IOException {
        Path f = dir.resolve("polish.csv");
        Files.writeString(f, table(30, List.of("Kowalski", "\u0141ukasz Secretname"), List.of("Warszawa")), StandardCharsets.UTF_8);
        DataSource source = new DataSource(f, DataSource.Format.CSV, CcsidRegistry.byNumber(1208), true, null);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<ConverterProvider> providers = List.of(Providers.byName("jdk"), Providers.byName("jt400"), UNCATALOGUED_BEST_FIT);
        try (DataRun run = DataRun.prepare(source, 1000, 1, null, providers, false, new PrintStream(err, true, StandardCharsets.UTF_8), dir.resolve("sample.bin"))) {
            String log = err.toString(StandardCharsets.UTF_8);
            assertEquals(java.util.Set.of("bestfit-jdk/37"), run.profile().leftOutKeys(), log);
            assertTrue(log.contains("ccsid-bench: provider bestfit-jdk, CCSID 37 left out: row 2, column name holds U+0141, which it"
                    + " writes in a way the catalogue of converter behaviour does not know (encode is wrong at byte 0 of "), log);
            assertEquals(1, log.lines().filter(l -> l.contains("left out")).count(), "one line: " + log);
            assertFalse(log.contains("Secretname") || run.profile().toJson().contains("Secretname"), "never the value");
            assertTrue(run.profile().toJson().contains("U+0141"), "data.json names the code point");
            assertEquals(List.of(CcsidRegistry.byNumber(37), CcsidRegistry.byNumber(367), CcsidRegistry.byNumber(1208)), run.ccsids(),
                    "every CCSID is still measured");
        }
    }

    @Test
    void aProviderWrongOnACharacterItsCcsidHoldsStillEndsTheRun() throws IOException {
        Path f = dir.resolve("plain.csv");
        Files.writeString(f, table(10, List.of("Secretname"), List.of("Berlin")), StandardCharsets.UTF_8);
        DataSource source = new DataSource(f, DataSource.Format.CSV, CcsidRegistry.byNumber(1208), true, null);
        CcsidBenchException e = assertThrows(CcsidBenchException.class, () -> DataRun.prepare(source, 1000, 1, null,
                List.of(Providers.byName("corrupt-jdk")), false, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), dir.resolve("sample.bin")));
        assertTrue(e.getMessage().startsWith("provider corrupt-jdk, CCSID 37, your data, row 1, column name: encode is wrong at byte"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("(at U+0065)"), e.getMessage());
        assertFalse(e.getMessage().contains("Secretname"), e.getMessage());
    }

    /** CLDR's Japanese for Africa ends in カ, which ICU4J writes wrongly at the end of a 1399 value: measured, counted as lost. */
    @Test
    void icuIsMeasuredOnValuesEndingInItsBugCharacterAndTheLossIsCounted() throws IOException {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (DataRun run = prepare("territories.csv", table(20, List.of("\u30a2\u30d5\u30ea\u30ab", "\u65e5\u672c"), List.of("\u6771\u4eac")),
                List.of(CcsidRegistry.byNumber(1399)), err)) {
            String log = err.toString(StandardCharsets.UTF_8);
            assertTrue(run.ccsids().contains(CcsidRegistry.byNumber(1399)), log);
            assertEquals(java.util.Set.of(), run.profile().leftOutKeys(), log);
            DataProfile.Loss icu = run.profile().losses().stream().filter(l -> l.provider().equals("icu") && l.ccsid() == 1399)
                    .findFirst().orElseThrow();
            DataProfile.Loss jt400 = run.profile().losses().stream().filter(l -> l.provider().equals("jt400") && l.ccsid() == 1399)
                    .findFirst().orElseThrow();
            assertEquals(0, jt400.rowsAffected(), "JTOpen keeps every value");
            assertTrue(icu.rowsAffected() > 0, "ICU4J loses the last カ: " + icu);
        }
    }
}
