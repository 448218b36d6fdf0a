package io.github.ccsidbench.testing;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Real text nobody on the team wrote, read at test time from where Debian's packages install it: CLDR's locale data
 * ({@code unicode-cldr-core}: every locale's names of territories, languages and scripts, and subdivision names, in
 * every script), the German and Polish word lists ({@code wngerman}, {@code wpolish}) and the tz database's country
 * table ({@code tzdata}). Generated text only holds what its author thought of; these hold Đ, ş, ā, kana and hangul
 * as real names do. Nothing of them is committed; {@code .ci/run} installs the packages.
 */
public final class PublicCorpora {

    /** CLDR's locale data, one XML file per locale. */
    public static final Path CLDR_MAIN = Path.of("/usr/share/unicode/cldr/common/main");
    /** CLDR's subdivision names, one XML file per locale. */
    public static final Path CLDR_SUBDIVISIONS = Path.of("/usr/share/unicode/cldr/common/subdivisions");
    /** The German word list. */
    public static final Path NGERMAN = Path.of("/usr/share/dict/ngerman");
    /** The Polish word list (4.3 million words). */
    public static final Path POLISH = Path.of("/usr/share/dict/polish");
    /** The tz database's country table. */
    public static final Path ISO3166 = Path.of("/usr/share/zoneinfo/iso3166.tab");

    /** The environment variable under which a missing corpus fails a test instead of skipping it (CI sets it). */
    public static final String REQUIRE = "CCSID_BENCH_REQUIRE_CORPORA";

    private static volatile Map<String, List<String>> cldrNames;

    private PublicCorpora() {
    }

    /** True when every corpus is installed. */
    public static boolean installed() {
        return Files.isDirectory(CLDR_MAIN) && Files.isDirectory(CLDR_SUBDIVISIONS) && Files.isReadable(NGERMAN)
                && Files.isReadable(POLISH) && Files.isReadable(ISO3166);
    }

    /** True when a missing corpus must fail the test rather than skip it. */
    public static boolean required() {
        return System.getenv(REQUIRE) != null;
    }

    /**
     * Every locale's names of territories, languages and scripts (no alternative forms), by locale ("ja", "zh_Hant",
     * ...), in file order.
     */
    public static Map<String, List<String>> cldrNames() {
        Map<String, List<String>> names = cldrNames;
        if (names == null) {
            names = new LinkedHashMap<>();
            for (Path file : xmlFiles(CLDR_MAIN)) {
                List<String> values = elements(file, Set.of("territory", "language", "script"));
                if (!values.isEmpty()) {
                    names.put(locale(file), values);
                }
            }
            cldrNames = names;
        }
        return names;
    }

    /** The names of the locales whose locale id starts with one of {@code prefixes} ("ja" matches "ja" and "ja_JP"). */
    public static List<String> cldrNames(String... prefixes) {
        List<String> out = new ArrayList<>();
        cldrNames().forEach((locale, values) -> {
            for (String p : prefixes) {
                if (locale.equals(p) || locale.startsWith(p + "_")) {
                    out.addAll(values);
                    return;
                }
            }
        });
        return out;
    }

    /** Every locale's subdivision names. */
    public static List<String> subdivisionNames() {
        List<String> out = new ArrayList<>();
        for (Path file : xmlFiles(CLDR_SUBDIVISIONS)) {
            out.addAll(elements(file, Set.of("subdivision")));
        }
        return out;
    }

    /** Every {@code step}-th word of a word list, from the first: a deterministic sample. */
    public static List<String> everyNth(Path wordList, int step) {
        List<String> out = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(wordList, StandardCharsets.UTF_8)) {
            int i = 0;
            for (String line; (line = in.readLine()) != null; i++) {
                if (i % step == 0 && !line.isEmpty()) {
                    out.add(line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The tz country table's names (its second column). */
    public static List<String> countryNames() {
        try (Stream<String> lines = Files.lines(ISO3166, StandardCharsets.UTF_8)) {
            return lines.filter(l -> !l.startsWith("#") && l.contains("\t")).map(l -> l.substring(l.indexOf('\t') + 1)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The distinct values of several lists, in first-seen order. */
    @SafeVarargs
    public static List<String> distinct(List<String>... lists) {
        Set<String> all = new LinkedHashSet<>();
        for (List<String> l : lists) {
            all.addAll(l);
        }
        return List.copyOf(all);
    }

    private static List<Path> xmlFiles(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".xml")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String locale(Path file) {
        String name = file.getFileName().toString();
        return name.substring(0, name.length() - ".xml".length());
    }

    /** The text of every element named in {@code names} that has no {@code alt} attribute. */
    private static List<String> elements(Path file, Set<String> names) {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        // CLDR files name their DTD by a relative path: never load it, nor any external entity.
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        List<String> out = new ArrayList<>();
        try (InputStream in = Files.newInputStream(file)) {
            XMLStreamReader xml = factory.createXMLStreamReader(in);
            while (xml.hasNext()) {
                if (xml.next() == XMLStreamReader.START_ELEMENT && names.contains(xml.getLocalName())
                        && xml.getAttributeValue(null, "alt") == null) {
                    String text = xml.getElementText().strip();
                    if (!text.isEmpty()) {
                        out.add(text);
                    }
                }
            }
            xml.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (XMLStreamException e) {
            throw new IllegalStateException(file + ": " + e.getMessage(), e);
        }
        return out;
    }
}
