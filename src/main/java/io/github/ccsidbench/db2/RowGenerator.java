package io.github.ccsidbench.db2;

import io.github.ccsidbench.convert.MixedExpectedEncoding;
import io.github.ccsidbench.workload.CjkText;
import io.github.ccsidbench.workload.Workload;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Generates rows for a {@link RowShape}, seeded and deterministic, as the application hands them to JDBC: unpadded
 * Strings cut to fit their column (docs/db2-model.md, "Rows: shapes and flavours").
 */
public final class RowGenerator {

    private static final long SEED = 0x44423252_4F575331L; // "DB2ROWS1"

    private static final List<String> ACCENTED_LAST = List.of("MÜLLER", "NÚÑEZ", "ÅBERG", "LEFÈVRE", "GONÇALVES",
            "JÄGER", "SØRENSEN", "DUPRÉ", "FERNÁNDEZ", "BJÖRK", "CÔTÉ", "SCHRÖDER", "PÉREZ", "HÖGLUND", "GARCÍA");
    private static final List<String> ACCENTED_FIRST = List.of("José", "François", "Zoë", "Søren", "Ángel", "Jürgen",
            "Inés", "Hélène", "Björn", "Raphaël", "Sébastien", "Noémie", "Agnès", "Jesús", "Ørjan");
    private static final List<String> ACCENTED_CITIES = List.of("ZÜRICH", "MÁLAGA", "KÖLN", "GÖTEBORG", "MONTRÉAL",
            "SÃO PAULO", "BOGOTÁ", "DÜSSELDORF", "LÜBECK", "ÅRHUS", "QUÉBEC", "CÓRDOBA", "GENÈVE", "MÜNCHEN");
    private static final List<String> LAST = List.of("SMITH", "JOHNSON", "WILLIAMS", "BROWN", "JONES", "MILLER",
            "DAVIS", "WILSON", "ANDERSON", "TAYLOR", "THOMAS", "MOORE", "MARTIN", "JACKSON", "THOMPSON", "WHITE");
    private static final List<String> FIRST = List.of("James", "Mary", "Robert", "Patricia", "John", "Jennifer",
            "Michael", "Linda", "David", "Elizabeth", "William", "Barbara", "Richard", "Susan", "Joseph", "Karen");
    private static final List<String> CITIES = List.of("COLUMBUS", "NEW YORK", "CHICAGO", "HOUSTON", "PHOENIX",
            "DALLAS", "AUSTIN", "CHARLOTTE", "SEATTLE", "DENVER", "BOSTON", "DETROIT", "PORTLAND", "MEMPHIS");

    /**
     * A German or French shop's names, cities and country: 10 of each 16 names and cities 7-bit, 6 with an umlaut or
     * an accent (a fixed mix, so that a good share of the values takes the major conversion, not a census); only
     * characters of ISO-8859-1, which every Latin-1 EBCDIC CCSID holds (no Œ or €).
     */
    private record NationalNames(List<String> last, List<String> first, List<String> cities, String country) {
    }

    private static final NationalNames GERMAN = new NationalNames(
            List.of("SCHMIDT", "SCHNEIDER", "FISCHER", "WEBER", "MEYER", "WAGNER", "BECKER", "HOFFMANN", "KOCH", "RICHTER",
                    "MÜLLER", "SCHRÖDER", "JÄGER", "KRÜGER", "BÖHM", "KÖHLER"),
            List.of("Thomas", "Michael", "Andreas", "Stefan", "Sabine", "Petra", "Klaus", "Monika", "Anna", "Lukas",
                    "Jürgen", "Jörg", "Björn", "Sören", "Günter", "Bärbel"),
            List.of("BERLIN", "HAMBURG", "FRANKFURT AM MAIN", "STUTTGART", "DORTMUND", "ESSEN", "LEIPZIG", "BREMEN", "DRESDEN",
                    "HANNOVER", "MÜNCHEN", "KÖLN", "DÜSSELDORF", "NÜRNBERG", "LÜBECK", "GÖTTINGEN"),
            "DE");
    private static final NationalNames FRENCH = new NationalNames(
            List.of("MARTIN", "BERNARD", "DUBOIS", "THOMAS", "ROBERT", "RICHARD", "PETIT", "DURAND", "LEROY", "MOREAU",
                    "LEFÈVRE", "DUPRÉ", "MÉNARD", "BÉRARD", "GRÉGOIRE", "CÔTÉ"),
            List.of("Pierre", "Marie", "Jean", "Nicolas", "Julie", "Camille", "Thomas", "Laura", "Louis", "Claire",
                    "François", "Hélène", "Jérôme", "Élodie", "Thérèse", "Loïc"),
            List.of("PARIS", "LYON", "MARSEILLE", "TOULOUSE", "NICE", "NANTES", "STRASBOURG", "BORDEAUX", "LILLE", "RENNES",
                    "ORLÉANS", "NÎMES", "BÉZIERS", "SAINT-ÉTIENNE", "CRÉTEIL", "ANGOULÊME"),
            "FR");

    private RowGenerator() {
    }

    /** {@code count} rows of {@code shape} in {@code flavour}; row i is the same on every call. */
    public static List<String[]> rows(RowShape shape, RowFlavour flavour, int count) {
        List<String[]> rows = new ArrayList<>(count);
        for (int r = 0; r < count; r++) {
            SplittableRandom random = new SplittableRandom(SEED ^ r * 0x9E3779B97F4A7C15L ^ flavour.ordinal());
            String[] row = new String[shape.columns().size()];
            CjkText.JapaneseName person = flavour == RowFlavour.JAPANESE ? CjkText.japaneseName(random) : null;
            for (int c = 0; c < row.length; c++) {
                ColumnSpec column = shape.columns().get(c);
                int variant = r * 31 + c;
                // the one place that knows which names and text each flavour's rows hold
                String v = switch (flavour) {
                    case ASCII, ACCENTED -> value(column, flavour, random, variant);
                    case JAPANESE -> japanese(column, person, random, variant);
                    case KOREAN -> eastAsian(column, CjkText.KOREAN, flavour, random, variant);
                    case CHINESE_SIMPLIFIED -> eastAsian(column, CjkText.CHINESE_SIMPLIFIED, flavour, random, variant);
                    case CHINESE_TRADITIONAL -> eastAsian(column, CjkText.CHINESE_TRADITIONAL, flavour, random, variant);
                    case GERMAN -> national(column, GERMAN, random, variant);
                    case FRENCH -> national(column, FRENCH, random, variant);
                };
                row[c] = fit(v, column.length(), flavour);
            }
            rows.add(row);
        }
        return rows;
    }

    private static String value(ColumnSpec column, RowFlavour flavour, SplittableRandom random, int variant) {
        boolean accent = flavour == RowFlavour.ACCENTED && random.nextBoolean();
        switch (column.content()) {
            case ID:
                return digits(random, column.length());
            case LAST_NAME:
                return pick(random, accent ? ACCENTED_LAST : LAST);
            case FIRST_NAME:
                return pick(random, accent ? ACCENTED_FIRST : FIRST);
            case DATE:
                return String.format("%04d-%02d-%02d", 1940 + random.nextInt(85), 1 + random.nextInt(12), 1 + random.nextInt(28));
            case CODE:
                return String.format("%c%c%02d-%03d", (char) ('A' + random.nextInt(26)), (char) ('A' + random.nextInt(26)),
                        random.nextInt(100), random.nextInt(1000));
            case STATUS:
                return random.nextInt(10) == 0 ? "I" : "A";
            case CURRENCY:
                return pick(random, List.of("USD", "CAD", "EUR"));
            case AMOUNT:
                return String.format("%d.%02d", random.nextInt(1_000_000), random.nextInt(100));
            case KANA_NAME: // a reading in capitals, as Latin-script systems keep one
                return (pick(random, accent ? ACCENTED_LAST : LAST) + " " + pick(random, accent ? ACCENTED_FIRST : FIRST))
                        .toUpperCase(Locale.ROOT);
            case CITY:
                return pick(random, accent ? ACCENTED_CITIES : CITIES);
            case COUNTRY:
                return pick(random, List.of("US", "CA", "DE", "FR", "ES"));
            case TEXT:
                int length = column.length() / 3 + random.nextInt(Math.max(1, column.length() / 3));
                Workload prose = flavour == RowFlavour.ACCENTED ? Workload.LATIN1_TEXT : Workload.ASCII_TEXT;
                return prose.generate(length, variant).trim();
            case DATA:
                throw new IllegalArgumentException(column.name() + " holds a user's own values, which are read, not generated");
            default:
                throw new AssertionError(column.content());
        }
    }

    /** A value of a Japanese row: the person's names and reading, a prefecture, yen, Japanese prose. */
    private static String japanese(ColumnSpec column, CjkText.JapaneseName person, SplittableRandom random, int variant) {
        switch (column.content()) {
            case LAST_NAME:
                return person.family();
            case FIRST_NAME:
                return person.given();
            case KANA_NAME:
                return person.reading();
            case CURRENCY:
                return "JPY";
            case AMOUNT:
                return CjkText.yen(random);
            case CITY:
                return CjkText.japanesePrefecture(random);
            case COUNTRY:
                return "JP";
            case TEXT:
                return Workload.JP_PROSE.generate(column.length() / 6 + random.nextInt(Math.max(1, column.length() / 6)), variant).trim();
            default:
                return value(column, RowFlavour.ASCII, random, variant);
        }
    }

    /** A value of a German or French row: the country's names and cities, amounts in EUR, Western European prose. */
    private static String national(ColumnSpec column, NationalNames names, SplittableRandom random, int variant) {
        switch (column.content()) {
            case LAST_NAME:
                return pick(random, names.last());
            case FIRST_NAME:
                return pick(random, names.first());
            case KANA_NAME: // a reading in capitals, as Latin-script systems keep one
                return (pick(random, names.last()) + " " + pick(random, names.first())).toUpperCase(Locale.ROOT);
            case CITY:
                return pick(random, names.cities());
            case CURRENCY:
                return "EUR";
            case COUNTRY:
                return names.country();
            case TEXT:
                int length = column.length() / 3 + random.nextInt(Math.max(1, column.length() / 3));
                return Workload.LATIN1_TEXT.generate(length, variant).trim();
            default:
                return value(column, RowFlavour.ASCII, random, variant);
        }
    }

    /** A value of a Korean or Chinese row: the person's names, a city, the currency, the same kind of text as prose. */
    private static String eastAsian(ColumnSpec column, CjkText.Names names, RowFlavour flavour, SplittableRandom random,
                                    int variant) {
        switch (column.content()) {
            case LAST_NAME:
                return names.family(random);
            case FIRST_NAME:
                return names.given(random);
            case CURRENCY:
                return names.currencyCode();
            case AMOUNT:
                return names.amount(random);
            case CITY:
                return names.city(random);
            case COUNTRY:
                return names.country();
            case TEXT:
                return flavour.workload().orElseThrow().generate(column.length() / 6 + random.nextInt(Math.max(1, column.length() / 6)),
                        variant).trim();
            default:
                return value(column, RowFlavour.ASCII, random, variant);
        }
    }

    /**
     * Cuts a value to its column's length in UTF-8 bytes and, for a mixed-EBCDIC shop's rows, in its host CCSIDs too (a
     * single-byte host's length is the value's, never more than its UTF-8 bytes).
     */
    private static String fit(String value, int bytes, RowFlavour flavour) {
        String v = value;
        while (size(v, flavour) > bytes) {
            v = v.substring(0, v.length() - 1);
        }
        return v;
    }

    private static int size(String value, RowFlavour flavour) {
        int size = value.getBytes(StandardCharsets.UTF_8).length;
        for (ColumnType host : flavour.mixed() ? flavour.hosts() : List.<ColumnType>of()) {
            size = Math.max(size, MixedExpectedEncoding.encode(host.ccsid(), value).length);
        }
        return size;
    }

    private static String digits(SplittableRandom random, int n) {
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            sb.append((char) ('0' + random.nextInt(10)));
        }
        return sb.toString();
    }

    private static String pick(SplittableRandom random, List<String> values) {
        return values.get(random.nextInt(values.size()));
    }
}
