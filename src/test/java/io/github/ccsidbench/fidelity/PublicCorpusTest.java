package io.github.ccsidbench.fidelity;

import org.junit.jupiter.api.Tag;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.ccsid.EncodingScheme;
import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.ConverterBehaviour;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.ExpectedEncoding;
import io.github.ccsidbench.convert.MixedExpectedEncoding;
import io.github.ccsidbench.convert.OracleCheck;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.testing.Iconv;
import io.github.ccsidbench.testing.PublicCorpora;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The oracle and every converter, on real public data in every script (CLDR's names of territories, languages,
 * scripts and subdivisions in every locale, German and Polish words, the tz country table): the project's oracle
 * agrees with glibc's iconv, an independent implementation of IBM's tables, on every value iconv converts; and every
 * provider writes, for every value, exactly what the oracle predicts from the catalogue of converter behaviour. A
 * library behaviour nobody catalogued fails here, on the build, instead of aborting a user's run.
 */
@Tag("slow")
class PublicCorpusTest {

    /** Every value of every corpus, once; the mixed CCSIDs get their languages' locales. */
    private static List<String> everything;
    /**
     * The values of {@link #everything} that hold a code point no earlier value holds: every code point of the corpora
     * in at least one value. A single-byte or UTF converter writes each code point on its own (controls, where line
     * ends differ, are left out), so these values check every code point the whole list would, in a fraction of the
     * time. CCSID 37 gets every value: the reference codec's SIMD passes, the same code for every table, depend on a
     * value's length.
     */
    private static List<String> covering;

    @BeforeAll
    static void readCorpora() {
        if (!PublicCorpora.installed()) {
            assertTrue(!PublicCorpora.required(), "the public corpora are required here (" + PublicCorpora.REQUIRE
                    + " is set): install unicode-cldr-core, wngerman, wpolish and tzdata");
            assumeTrue(false, "the public corpora are not installed (.ci/run installs unicode-cldr-core, wngerman, wpolish, tzdata)");
        }
        List<String> cldr = new ArrayList<>();
        PublicCorpora.cldrNames().values().forEach(cldr::addAll);
        everything = PublicCorpora.distinct(cldr, PublicCorpora.subdivisionNames(), PublicCorpora.everyNth(PublicCorpora.NGERMAN, 20),
                PublicCorpora.everyNth(PublicCorpora.POLISH, 200), PublicCorpora.countryNames()).stream()
                .filter(PublicCorpusTest::noControls).toList();
        assertTrue(everything.size() > 100_000, "CLDR alone names more than 100,000 things: " + everything.size());
        Set<Integer> seen = new HashSet<>();
        covering = everything.stream().filter(v -> v.codePoints().filter(seen::add).count() > 0).toList();
    }

    /** Line ends and other controls are where converters legitimately differ (docs/fidelity.md, line ends); no name holds one. */
    private static boolean noControls(String value) {
        return value.chars().noneMatch(c -> c < 0x20 || c >= 0x7F && c <= 0x9F || c == 0x2028 || c == 0x2029);
    }

    /** The locales whose names a mixed CCSID is for. */
    private static List<String> valuesFor(Ccsid ccsid) {
        List<String> names = switch (ccsid.number()) {
            case 930, 939, 1390, 1399 -> PublicCorpora.cldrNames("ja");
            case 933 -> PublicCorpora.cldrNames("ko");
            case 935 -> PublicCorpora.cldrNames("zh", "yue_Hans");
            case 937 -> PublicCorpora.cldrNames("zh_Hant", "yue");
            default -> throw new IllegalArgumentException(ccsid.toString());
        };
        return PublicCorpora.distinct(names).stream().filter(PublicCorpusTest::noControls).toList();
    }

    @Test
    void theOracleWritesWhatGlibcIconvWritesOnEveryValueItConverts() {
        Map<String, Integer> differences = new TreeMap<>();
        int compared = 0;
        for (Ccsid ccsid : CcsidRegistry.all()) {
            if (!(ccsid.scheme() == EncodingScheme.EBCDIC_SBCS || ccsid.scheme().mixed()) || Iconv.name(ccsid).isEmpty()) {
                continue;
            }
            // every value in the CCSIDs the presets measure; in the other countries' (whose 256 bytes TableDifferencesTest
            // holds to iconv) the values that bring a new code point, as the provider check below does
            List<String> values = ccsid.scheme().mixed() ? valuesFor(ccsid)
                    : CcsidRegistry.ofThePresets().contains(ccsid) ? everything : covering;
            ConverterBehaviour cdra = Providers.byName("icu").behaviour(ccsid).withoutWrongAtEnd();
            for (Map.Entry<String, byte[]> e : Iconv.encode(ccsid, values).entrySet()) {
                String value = e.getKey();
                if (ccsid.scheme().mixed() && !MixedExpectedEncoding.covers(ccsid, value)) {
                    continue; // outside the characters every library writes alike: the oracle claims nothing there
                }
                compared++;
                byte[] expected = ExpectedEncoding.encode(ccsid, cdra, value);
                if (!Arrays.equals(expected, e.getValue())) {
                    differences.merge(String.format(Locale.ROOT, "CCSID %d: %s", ccsid.number(), firstDifference(ccsid, cdra, value,
                            e.getValue())), 1, Integer::sum);
                }
            }
        }
        assertTrue(compared > 500_000, "values compared: " + compared);
        Set<String> named = TableDifferences.all().stream().filter(d -> d.otherSources().startsWith("glibc iconv"))
                .map(d -> String.format(Locale.ROOT, "CCSID %d: U+%04X", d.ccsid(), d.ibm())).collect(Collectors.toSet());
        Map<String, Integer> unnamed = new TreeMap<>(differences);
        unnamed.keySet().removeAll(named);
        assertEquals(Map.of(), unnamed, "where the oracle and glibc iconv differ (values), beyond fidelity.TableDifferences");
        assertTrue(differences.containsKey("CCSID 278: U+00C9"), "glibc's IBM278 É, named there, is met in the corpus: " + differences);
    }

    /** The libraries and the project's own codecs: the test plug-ins are not catalogued. */
    private static List<ConverterProvider> catalogued() {
        return Providers.all().stream().filter(p -> !p.getClass().getName().contains(".testing.")).toList();
    }

    @Test
    void everyProviderWritesWhatTheCatalogueSaysOnEveryValue() {
        Map<String, Integer> differences = new TreeMap<>();
        long checked = 0;
        for (Ccsid ccsid : CcsidRegistry.all()) {
            List<String> values = ccsid.scheme().mixed()
                    ? valuesFor(ccsid).stream().filter(v -> MixedExpectedEncoding.covers(ccsid, v)).toList()
                    : ccsid.number() == 37 ? everything : covering;
            for (ConverterProvider provider : catalogued()) {
                if (!provider.supports(ccsid)) {
                    continue;
                }
                Converter converter = provider.open(ccsid);
                ConverterBehaviour behaviour = provider.behaviour(ccsid);
                for (String value : values) {
                    checked++;
                    OracleCheck.check(converter, behaviour, value).difference().ifPresent(d -> differences.merge(
                            String.format(Locale.ROOT, "%s, CCSID %d: %s", provider.name(), ccsid.number(), d.codePoint() < 0
                                    ? d.what() : String.format(Locale.ROOT, "U+%04X", d.codePoint())), 1, Integer::sum));
                }
            }
        }
        assertTrue(checked > 500_000, "values checked: " + checked);
        assertEquals(Map.of(), differences, "where a provider writes what the catalogue does not predict (values)");
    }

    @Test
    void theMixedCcsidsHoldMostOfTheirLanguagesNames() {
        for (Ccsid ccsid : CcsidRegistry.mixed()) {
            List<String> values = valuesFor(ccsid);
            long covered = values.stream().filter(v -> MixedExpectedEncoding.covers(ccsid, v)).count();
            assertTrue(covered > values.size() / 2, ccsid + ": " + covered + " of " + values.size()
                    + " of its language's names are in the agreed table, so the mixed check above is not vacuous");
        }
    }

    /**
     * docs/fidelity.md, "Accented Latin letters in 1390 and 1399", on words nobody here wrote: ICU4J and JTOpen carry
     * every word of the German and Polish word lists through 1399 and back, while in 930 ICU4J loses their accented
     * letters and JTOpen keeps them.
     */
    @Test
    void theJapaneseMixedCcsidsHoldTheGermanAndPolishWordLists() {
        List<String> words = PublicCorpora.distinct(PublicCorpora.everyNth(PublicCorpora.NGERMAN, 20),
                PublicCorpora.everyNth(PublicCorpora.POLISH, 200));
        assertTrue(words.stream().anyMatch(w -> w.contains("ü")) && words.stream().anyMatch(w -> w.contains("ł")),
                "the lists hold umlauts and Polish letters");
        for (String provider : List.of("icu", "jt400")) {
            ConverterProvider p = Providers.byName(provider);
            for (String ccsid : List.of("1399", "930")) {
                Converter c = p.open(CcsidRegistry.lookup(ccsid));
                List<String> lost = words.stream().filter(w -> !c.decode(c.encode(w)).equals(w)).toList();
                boolean keeps = ccsid.equals("1399") || provider.equals("jt400");
                assertEquals(keeps, lost.isEmpty(), provider + " " + ccsid + ": " + lost.size() + " of " + words.size()
                        + " words changed, e.g. " + lost.stream().limit(3).toList());
            }
        }
    }

    private static String firstDifference(Ccsid ccsid, ConverterBehaviour behaviour, String value, byte[] iconv) {
        for (int i = 0; i < value.length(); ) {
            int cp = value.codePointAt(i);
            String one = new String(Character.toChars(cp));
            byte[] oracle = ExpectedEncoding.encode(ccsid, behaviour, one);
            if (ccsid.scheme() == EncodingScheme.EBCDIC_SBCS && !Arrays.equals(oracle, Iconv.encode(ccsid, List.of(one)).get(one))) {
                return String.format(Locale.ROOT, "U+%04X", cp);
            }
            i += Character.charCount(cp);
        }
        return "a value of " + value.length() + " characters";
    }
}
