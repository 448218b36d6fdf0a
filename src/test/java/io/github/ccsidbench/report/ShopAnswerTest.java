package io.github.ccsidbench.report;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A shop's own answer from a run's figures: each shop's host CCSIDs against 1208 on the server, the JVM's
 * conversions of its kind of text as multiples of a copy by the converter a driver would use, and a choice with its
 * conditions; the README carries the committed run's. Levels chosen so the ratios are exact.
 */
class ShopAnswerTest {

    private static final String ENCODE = "ConversionBenchmark.encode";
    private static final String DECODE = "ConversionBenchmark.decode";

    private static Map<String, String> conversion(String ccsid, String provider, String workload) {
        return Map.of("ccsid", ccsid, "provider", provider, "workload", workload, "length", "64");
    }

    /**
     * Japanese rows into 1208 at a fifth of 1399's cost, Korean into 1208 at 3/16 of 933's; a copy of 64 characters at
     * 20 ns, so ICU4J's 1399 encode at 180 ns is 9.0x, the JDK's UTF-8 of the same text at 30 ns 1.5x.
     */
    static SyntheticRun shopRun() {
        SyntheticRun run = new SyntheticRun()
                .japanese(new double[]{1000, 1010}, new double[]{1005, 1015}, new double[]{200, 202})
                .result("Db2PathBenchmark.insertClient", Map.of("shape", "korea", "rows", "korean"), 600, 600)
                .result("Db2PathBenchmark.insertServer", Map.of("shape", "korea", "rows", "korean", "column", "933"), 800, 808)
                .result("Db2PathBenchmark.insertServer", Map.of("shape", "korea", "rows", "korean", "column", "1208"), 150, 151.5)
                .result("FloorBenchmark.isoEncode", Map.of("length", "64"), 20, 20)
                .result("FloorBenchmark.isoDecode", Map.of("length", "64"), 20, 20)
                .result(ENCODE, conversion("1399", "icu", "jp-rows"), 180, 180)
                .result(ENCODE, conversion("1399", "jt400", "jp-rows"), 170, 170)
                .result(DECODE, conversion("1399", "icu", "jp-rows"), 120, 120)
                .result(ENCODE, conversion("1208", "jdk", "jp-rows"), 30, 30)
                .result(DECODE, conversion("1208", "jdk", "jp-rows"), 24, 24)
                .result(ENCODE, conversion("933", "jdk", "ko-rows"), 100, 100)
                .result(DECODE, conversion("933", "jdk", "ko-rows"), 80, 80)
                .result(ENCODE, conversion("1208", "jdk", "ko-rows"), 28, 28)
                .result(DECODE, conversion("1208", "jdk", "ko-rows"), 22, 22);
        return run;
    }

    @Test
    void eachShopsHostCcsidsAreComparedWithUnicodeMixedByTheConverterADriverUses() {
        List<ShopAnswer> shops = ShopAnswer.of(shopRun().inputs(), ZosEstimate.Costs.of(null, null));
        assertEquals(List.of("japanese", "korean"), shops.stream().map(s -> s.flavour().id()).toList());
        ShopAnswer japanese = shops.get(0);
        assertEquals(List.of("1399", "1390", "1208"), japanese.lines().stream().map(l -> l.column().id()).toList());
        assertTrue(japanese.base().against().isEmpty());
        assertTrue(japanese.unicode().orElseThrow().against().orElseThrow().change().startsWith("-80%"),
                japanese.unicode().orElseThrow().against().orElseThrow().change());
        // The JDK has no 1399: ICU4J's converter stands in (as the model's SELECT does), never JTOpen's faster one.
        assertEquals("icu", japanese.base().encode().orElseThrow().provider());
        assertEquals("jdk", japanese.unicode().orElseThrow().encode().orElseThrow().provider());
        assertTrue(japanese.lines().get(1).encode().isEmpty(), "1390 was not measured in the JVM");

        List<List<String>> rows = ShopAnswer.rows(shops);
        assertEquals(5, rows.size());
        List<String> base = rows.get(0);
        assertEquals(List.of("japanese", "EBCDIC `FOR MIXED DATA` (1399)"), base.subList(0, 2));
        assertEquals("(base)", base.get(3));
        assertTrue(base.get(4).startsWith("9.0x [") && base.get(4).endsWith("(icu)"), base.get(4));
        assertTrue(base.get(5).startsWith("6.0x [") && base.get(5).endsWith("(icu)"), base.get(5));
        List<String> unicode = rows.get(2);
        assertEquals("Unicode `FOR MIXED DATA` (1208)", unicode.get(1));
        assertTrue(unicode.get(4).startsWith("1.5x [") && unicode.get(4).endsWith("(jdk)"), unicode.get(4));
        // z/OS: into 1208 the driver's UTF-8 is stored as sent, no conversion; into 1399 each non-simple value is a major one.
        assertEquals("0", unicode.get(7));
        assertTrue(!base.get(7).equals("0") && !base.get(7).equals("–"), base.get(7));
        assertTrue(Double.parseDouble(base.get(6).replace(",", "")) < Double.parseDouble(unicode.get(6).replace(",", "")),
                "Japanese rows take more bytes in UTF-8: " + base.get(6) + " against " + unicode.get(6));
        assertEquals(List.of("korean", "EBCDIC `FOR MIXED DATA` (933)"), rows.get(3).subList(0, 2));
        assertTrue(rows.get(4).get(3).startsWith("-81%"), rows.get(4).get(3));
    }

    @Test
    void theBulletChoosesUnicodeMixedOnlyWhereTheServersIntervalRanksItAndSaysItsConditions() {
        ShopAnswer korean = ShopAnswer.of(shopRun().inputs(), ZosEstimate.Costs.of(null, null)).get(1);
        String bullet = korean.bullet();
        assertTrue(bullet.startsWith("- **A Korean shop (host CCSID 933).** On the server (type 4: Db2 converts), 1208 stores the"
                + " driver's UTF-8 as sent: its INSERT conversion is -81%"), bullet);
        assertTrue(bullet.contains("In the JVM (type 2's INSERT, instead of Db2's: Db2's z/OS seconds above are then not spent,"
                + " and the JVM's own on z/OS are not measured) the JDK encodes 933 at 5.0x"), bullet);
        assertTrue(bullet.contains(", on 64 characters of a Korean shop's kind of text."), bullet);
        // SELECT, type 4 (and type 2 as the model assumes): the JVM decodes the column's bytes, 80 and 22 ns over a 20 ns copy: 1208 -72.5% against 933
        assertTrue(bullet.contains(" On SELECT (type 4, and type 2 if it is sent the column's CCSID, as the model assumes) the JDK decodes 933 at 4.0x [") && bullet.contains(" a copy, the JDK's"
                + " UTF-8 at 1.1x [") && bullet.contains("(1208 cheaper: -7"), bullet);
        assertTrue(bullet.contains(" a copy and UTF-8 at 1.4x"), bullet);
        assertTrue(bullet.contains("**Choose 1208**"), bullet);
        String japanese = ShopAnswer.of(shopRun().inputs(), ZosEstimate.Costs.of(null, null)).get(0).bullet();
        assertTrue(japanese.contains("ICU4J (the JDK has none) encodes 1399 at 9.0x") && japanese.contains(", the JDK's UTF-8 at 1.5x"), japanese);
        // the other library measured on the same text and length, beside it: JTOpen's 170 ns over the 20 ns copy
        assertTrue(japanese.contains(" a copy (JTOpen's at 8.5x [") && japanese.contains(": the library moves it; a z/OS JVM's own"
                + " converter is not measured)"), japanese);
        assertTrue(japanese.contains("at IBM's 2.3 µs") && japanese.contains("more bytes in 1208")
                && japanese.contains("**Choose 1208** for a new table, unless its columns cannot grow to the bytes above"), japanese);
        SyntheticRun level = new SyntheticRun()
                .result("Db2PathBenchmark.insertClient", Map.of("shape", "korea", "rows", "korean"), 600, 600)
                .result("Db2PathBenchmark.insertServer", Map.of("shape", "korea", "rows", "korean", "column", "933"), 800, 900)
                .result("Db2PathBenchmark.insertServer", Map.of("shape", "korea", "rows", "korean", "column", "1208"), 905, 795);
        String cannot = ShopAnswer.of(level.inputs(), ZosEstimate.Costs.of(null, null)).get(0).bullet();
        assertTrue(cannot.contains("(cannot rank: ") && cannot.contains("**1208 is not shown cheaper here**"), cannot);
    }

    @Test
    void theReportOpensWithTheShopsAnswerAndTheReadmeCarriesItBetweenItsMarkers() {
        ReportDocument.Section opening = Report.build(shopRun().inputs(), ZosEstimate.Costs.of(null, null)).sections().get(0);
        assertTrue(opening.blocks().stream().anyMatch(b -> b instanceof ReportDocument.Table t && t.id().equals("shops")));
        assertTrue(opening.blocks().stream().noneMatch(b -> b instanceof ReportDocument.Paragraph p
                && p.text().startsWith("These results hold neither")), opening.blocks().toString());
        String readme = "# T\n\n" + ShopsInReadme.BEGIN + "\nold\n" + ShopsInReadme.END + "\n\nrest\n";
        String written = ShopsInReadme.intoReadme(readme, ShopsInReadme.answered(shopRun().inputs().sources()),
                Path.of("").toAbsolutePath());
        assertTrue(written.startsWith("# T\n\n" + ShopsInReadme.BEGIN + "\n**Mixed EBCDIC shops:**\n\n"
                + "- **A Japanese shop (host CCSID 1399 or 1390).**"), written);
        assertTrue(written.contains("| shop's rows | column choice |") && written.endsWith(ShopsInReadme.END + "\n\nrest\n"), written);
        String none = ShopsInReadme.intoReadme(readme, ShopsInReadme.answered(new SyntheticRun().result("FloorBenchmark.isoEncode",
                Map.of("length", "64"), 20, 20).inputs().sources()), Path.of(""));
        assertTrue(none.contains("No committed run measures a shop's own rows yet: `run --preset dbcs` and `run --preset"
                + " countries` do."), none);
    }

    /**
     * A German shop's rows into 273 against 1208: the same answer as a mixed shop's, and the bullet says that only its
     * 7-bit values take the minor conversion into 273; the README's block for single-byte shops says whose it is.
     */
    @Test
    void aGermanShopIsAnsweredAsTheMixedOnesAreWithItsUmlautsMajorConversion() {
        SyntheticRun run = new SyntheticRun()
                .result("Db2PathBenchmark.insertClient", Map.of("shape", "article", "rows", "german"), 300, 300)
                .result("Db2PathBenchmark.insertServer", Map.of("shape", "article", "rows", "german", "column", "273"), 400, 404)
                .result("Db2PathBenchmark.insertServer", Map.of("shape", "article", "rows", "german", "column", "1208"), 200, 202)
                .result("FloorBenchmark.isoEncode", Map.of("length", "64"), 20, 20)
                .result("FloorBenchmark.isoDecode", Map.of("length", "64"), 20, 20)
                .result(ENCODE, conversion("273", "jdk", "latin1-text"), 100, 100)
                .result(DECODE, conversion("273", "jdk", "latin1-text"), 60, 60)
                .result(ENCODE, conversion("1208", "jdk", "latin1-text"), 40, 40)
                .result(DECODE, conversion("1208", "jdk", "latin1-text"), 50, 50);
        List<ShopAnswer> shops = ShopAnswer.of(run.inputs(), ZosEstimate.Costs.of(null, null));
        assertEquals(List.of("german"), shops.stream().map(s -> s.flavour().id()).toList());
        ShopAnswer german = shops.get(0);
        assertEquals(List.of("273", "1208"), german.lines().stream().map(l -> l.column().id()).toList());
        assertTrue(german.unicode().orElseThrow().against().orElseThrow().change().startsWith("-50%"),
                german.unicode().orElseThrow().against().orElseThrow().change());
        String bullet = german.bullet();
        assertTrue(bullet.startsWith("- **A German shop (host CCSID 273).** On the server (type 4: Db2 converts), 1208 stores"),
                bullet);
        assertTrue(bullet.contains("their accents take UTF-8 off the JDK's ASCII fast path."), bullet);
        assertTrue(bullet.contains("Into 273 only a 7-bit value takes the minor conversion; one with an umlaut or an accent takes"
                + " a major one"), bullet);
        assertTrue(bullet.contains("the JDK encodes 273 at 5.0x") && bullet.contains("UTF-8 at 2.0x"), bullet);
        assertTrue(bullet.contains("more bytes in 1208"), "umlauts take two bytes in UTF-8: " + bullet);
        List<List<String>> rows = ShopAnswer.rows(shops);
        assertEquals(List.of("german", "EBCDIC `FOR SBCS DATA` (273)"), rows.get(0).subList(0, 2));
        String readme = ShopsInReadme.readme(run.inputs().sources(), Path.of("").toAbsolutePath());
        assertTrue(readme.startsWith("**Single-byte EBCDIC shops outside the US:**\n\n- **A German shop (host CCSID 273).**"),
                readme);
    }
}
