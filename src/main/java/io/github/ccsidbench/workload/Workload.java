package io.github.ccsidbench.workload;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.MixedEbcdicTable;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The data shapes the suite converts, seeded (the same string on every JVM), each with the repertoire that decides where
 * it is lossless (docs/method.md, "Workloads"). Lengths count UTF-16 units; a surrogate pair is never split.
 */
public enum Workload {

    ASCII_TEXT("ascii-text", "English prose: words, spaces and sentence punctuation", Repertoires.PRINTABLE_ASCII,
            (random, length) -> Generators.prose(random, length, 0.0)),
    DB_ROW("db-row", "fixed-width blank-padded CHAR(n) fields: ids, names, dates, codes, amounts, cities",
            Repertoires.PRINTABLE_ASCII, Generators::dbRows),
    LATIN1_TEXT("latin1-text", "Western European prose with accented words (Latin-1 without U+00A4)", Repertoires.LATIN1,
            (random, length) -> Generators.prose(random, length, 0.3)),
    LATE_NON_ASCII("late-non-ascii", "English prose with one accented letter at 15/16 of the length",
            Repertoires.LATE_NON_ASCII, Generators::lateNonAscii),
    UTF16_TEXT("utf16-text", "Japanese kana and kanji, CJK punctuation, ASCII words and emoji (supplementary)",
            Repertoires.UTF16, Generators::cjkWithEmoji),
    JP_ROWS("jp-rows", "Japanese customer rows: kanji names, half-width katakana readings, ASCII ids and dates, amounts in 円",
            CjkText.repertoire("Japanese rows: C, A, I, digits, hyphen, comma, blank, the names' kanji, hiragana and"
                    + " half-width katakana, the prefectures' kanji, 円", CjkText.JP_FAMILY, CjkText.JP_GIVEN,
                    CjkText.JP_PREFECTURES, "C0123456789-, 円AI"), Set.of(930, 939, 1390, 1399),
            CjkText::japaneseRow),
    JP_PROSE("jp-prose", "Japanese prose: kanji, hiragana, katakana, a few ASCII terms (Java 17, Db2), 、。「」",
            CjkText.repertoire("Japanese prose: the phrases' kanji and kana, their ASCII terms, 、。「」", CjkText.JP_PHRASES,
                    CjkText.JP_ASCII_TERMS, CjkText.JP_PUNCTUATION, " "), Set.of(930, 939, 1390, 1399),
            CjkText::japaneseProse),
    JP_SWITCH_1("jp-switch-1", "half upper-case Latin/digits, half kanji/kana: 1 single/double-byte switch per 64 characters",
            Repertoires.SWITCH, Set.of(930, 939, 1390, 1399),
            (random, length) -> CjkText.switches(random, length, 1)),
    JP_SWITCH_4("jp-switch-4", "the same characters as jp-switch-1 with 4 switches per 64 characters",
            Repertoires.SWITCH, Set.of(930, 939, 1390, 1399),
            (random, length) -> CjkText.switches(random, length, 4)),
    JP_SWITCH_16("jp-switch-16", "the same characters as jp-switch-1 with 16 switches per 64 characters",
            Repertoires.SWITCH, Set.of(930, 939, 1390, 1399),
            (random, length) -> CjkText.switches(random, length, 16)),
    KO_ROWS("ko-rows", "Korean customer rows: hangul names and cities, ASCII ids and dates, amounts in 원",
            CjkText.repertoire("Korean rows: the names' and cities' hangul, ASCII digits, K, -, comma, space, 원, A, I",
                    CjkText.KO_FAMILY, CjkText.KO_GIVEN, CjkText.KO_CITIES, "K0123456789-, 원AI"), Set.of(933),
            r -> CjkText.nameRow(r, CjkText.KOREAN)),
    ZH_HANS_ROWS("zh-hans-rows", "Simplified Chinese customer rows: hanzi names and cities, ASCII ids and dates, amounts in 元",
            CjkText.repertoire("Simplified Chinese rows: the names' and cities' hanzi, ASCII digits, S, -, comma, space, 元, A, I",
                    CjkText.ZH_HANS_FAMILY, CjkText.ZH_HANS_GIVEN, CjkText.ZH_HANS_CITIES, "S0123456789-, 元AI"), Set.of(935),
            r -> CjkText.nameRow(r, CjkText.CHINESE_SIMPLIFIED)),
    ZH_HANT_ROWS("zh-hant-rows", "Traditional Chinese customer rows: hanzi names and cities, ASCII ids and dates, amounts in 元",
            CjkText.repertoire("Traditional Chinese rows: the names' and cities' hanzi, ASCII digits, T, -, comma, space, 元, A, I",
                    CjkText.ZH_HANT_FAMILY, CjkText.ZH_HANT_GIVEN, CjkText.ZH_HANT_CITIES, "T0123456789-, 元AI"), Set.of(937),
            r -> CjkText.nameRow(r, CjkText.CHINESE_TRADITIONAL));

    private static final long SEED = 0x43435349_44424E43L; // "CCSIDBNC"

    private final String id;
    private final String description;
    private final Repertoire repertoire;
    private final Set<Integer> mixedCcsids;
    /** The generator of a whole string, for the workloads that are not rows; null for the row workloads. */
    private final BiFunction<SplittableRandom, Integer, String> text;
    /** The generator of one row, for the row workloads; null for the others. */
    private final Function<SplittableRandom, List<CjkText.Field>> row;

    Workload(String id, String description, Repertoire repertoire, BiFunction<SplittableRandom, Integer, String> text) {
        this(id, description, repertoire, Set.of(), text, null);
    }

    Workload(String id, String description, Repertoire repertoire, Set<Integer> mixedCcsids,
             BiFunction<SplittableRandom, Integer, String> text) {
        this(id, description, repertoire, mixedCcsids, text, null);
    }

    Workload(String id, String description, Repertoire repertoire, Set<Integer> mixedCcsids,
             Function<SplittableRandom, List<CjkText.Field>> row) {
        this(id, description, repertoire, mixedCcsids, null, row);
    }

    Workload(String id, String description, Repertoire repertoire, Set<Integer> mixedCcsids,
             BiFunction<SplittableRandom, Integer, String> text, Function<SplittableRandom, List<CjkText.Field>> row) {
        this.id = id;
        this.description = description;
        this.repertoire = repertoire;
        this.mixedCcsids = Set.copyOf(mixedCcsids);
        this.text = text;
        this.row = row;
    }

    /** A string of {@code length} characters: the workload's own generator, or its rows. */
    private String build(SplittableRandom random, int length) {
        return text != null ? text.apply(random, length) : CjkText.rows(random, length, row);
    }

    /** The name users type: "ascii-text". */
    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    /** The code points this workload may contain. */
    public Repertoire repertoire() {
        return repertoire;
    }

    /**
     * True when every character of the repertoire has a byte in {@code ccsid}; for a mixed EBCDIC CCSID, only when
     * claimed ({@link #mixedCcsids()}) and every character is one its converters agree on ({@link MixedEbcdicTable}).
     */
    public boolean losslessIn(Ccsid ccsid) {
        if (ccsid.scheme().mixed()) {
            MixedEbcdicTable table = MixedEbcdicTable.of(ccsid.number());
            return mixedCcsids.contains(ccsid.number()) && repertoire.codePoints().allMatch(table::contains);
        }
        return repertoire.codePoints().allMatch(ccsid::canEncode);
    }

    /** The mixed EBCDIC CCSIDs this workload claims to be lossless in (checked by {@code WorkloadTest}); often none. */
    public Set<Integer> mixedCcsids() {
        return mixedCcsids;
    }

    /** True for the workloads made of database rows whose column values {@link #rowValues} can give. */
    public boolean hasRows() {
        return row != null;
    }

    /** The first {@code count} rows of variant 0 as unpadded column values, for the bytes-per-row figures. */
    public List<List<String>> rowValues(int count) {
        if (row == null) {
            throw new IllegalArgumentException(id + " is not made of rows");
        }
        return CjkText.values(row, random(0), count);
    }

    private SplittableRandom random(int variant) {
        return new SplittableRandom(SEED ^ id.hashCode() * 0x9E3779B97F4A7C15L ^ variant * 0xBF58476D1CE4E5B9L);
    }

    /** The string of exactly {@code length} UTF-16 units for this variant: variants keep the branch predictor from learning one input. */
    public String generate(int length, int variant) {
        if (length < 0) {
            throw new IllegalArgumentException("length must be >= 0, not " + length);
        }
        String text = build(random(variant), length);
        if (text.length() != length) {
            throw new AssertionError(id + " generated " + text.length() + " units, not " + length);
        }
        return text;
    }

    /** Variant 0 of {@link #generate(int, int)}. */
    public String generate(int length) {
        return generate(length, 0);
    }

    /** The workload named {@code id}, or a {@link CcsidBenchException} listing the known ones. */
    public static Workload byId(String id) {
        String key = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(w -> w.id.equals(key)).findFirst()
                .orElseThrow(() -> new CcsidBenchException("unknown workload '" + id + "'; known: " + ids()));
    }

    /** All workload names, comma separated. */
    public static String ids() {
        return Arrays.stream(values()).map(Workload::id).collect(Collectors.joining(", "));
    }

    /** The repertoires, named once. */
    private static final class Repertoires {
        static final Repertoire PRINTABLE_ASCII = Repertoire.described("printable ASCII").range(0x20, 0x7E).build();
        static final Repertoire LATIN1 = Repertoire.described("printable Latin-1 except U+00A4")
                .range(0x20, 0x7E).range(0xA0, 0xA3).range(0xA5, 0xFF).build();
        static final Repertoire LATE_NON_ASCII = Repertoire.described("printable ASCII and " + Generators.LATE_LETTERS)
                .range(0x20, 0x7E).chars(Generators.LATE_LETTERS).build();
        static final Repertoire UTF16 = Repertoire.described("printable ASCII, CJK punctuation, kana, CJK ideographs, emoji")
                .range(0x20, 0x7E).range(0x3001, 0x3002).range(0x3041, 0x3096).range(0x4E00, 0x9FA5)
                .range(0x1F600, 0x1F64F).build();
        static final Repertoire SWITCH = CjkText.repertoire("upper-case Latin letters and digits; kanji, hiragana and"
                + " katakana: " + CjkText.SWITCH_DOUBLE, CjkText.SWITCH_SINGLE, CjkText.SWITCH_DOUBLE);
    }

    /** The generators, kept out of the constants so each reads as one method. */
    private static final class Generators {
        static final String LATE_LETTERS = "àçéñöü";

        static String prose(SplittableRandom random, int length, double accentedShare) {
            StringBuilder sb = new StringBuilder(length + 64);
            while (sb.length() < length) {
                int words = 5 + random.nextInt(12);
                for (int w = 0; w < words; w++) {
                    String word = random.nextDouble() < accentedShare
                            ? pick(random, Vocabulary.ACCENTED) : pickSkewed(random, Vocabulary.ENGLISH);
                    if (w == 0) {
                        word = Character.toUpperCase(word.charAt(0)) + word.substring(1);
                    } else {
                        sb.append(' ');
                    }
                    if (accentedShare > 0 && random.nextInt(40) == 0) {
                        sb.append('«').append(word).append('»');
                    } else {
                        sb.append(word);
                    }
                    if (w < words - 1 && random.nextInt(10) == 0) {
                        sb.append(',');
                    }
                }
                int end = random.nextInt(20);
                sb.append(end == 0 ? '?' : end == 1 ? '!' : '.').append(' ');
            }
            sb.setLength(length);
            return sb.toString();
        }

        static String lateNonAscii(SplittableRandom random, int length) {
            if (length == 0) {
                return "";
            }
            char[] chars = prose(random, length, 0.0).toCharArray();
            chars[length - 1 - length / 16] = LATE_LETTERS.charAt(random.nextInt(LATE_LETTERS.length()));
            return new String(chars);
        }

        static String dbRows(SplittableRandom random, int length) {
            StringBuilder sb = new StringBuilder(length + 128);
            while (sb.length() < length) {
                field(sb, String.format("%010d", random.nextInt(1_000_000_000)), 10);          // CUSTOMER_ID CHAR(10)
                field(sb, pick(random, Vocabulary.LAST_NAMES), 20);                           // LAST_NAME CHAR(20)
                field(sb, pick(random, Vocabulary.FIRST_NAMES), 15);                          // FIRST_NAME CHAR(15)
                field(sb, String.format("%04d-%02d-%02d", 1930 + random.nextInt(80),
                        1 + random.nextInt(12), 1 + random.nextInt(28)), 10);                 // BIRTH_DATE CHAR(10)
                field(sb, random.nextInt(5) == 0 ? "CA" : "US", 2);                            // COUNTRY CHAR(2)
                field(sb, String.format("%c%c%02d-%03d", (char) ('A' + random.nextInt(26)),
                        (char) ('A' + random.nextInt(26)), random.nextInt(100), random.nextInt(1000)), 8); // ACCOUNT CHAR(8)
                field(sb, random.nextInt(10) == 0 ? "I" : "A", 1);                             // STATUS CHAR(1)
                String amount = String.format("%d.%02d", random.nextInt(100_000), random.nextInt(100));
                sb.append(" ".repeat(12 - amount.length())).append(amount);                   // BALANCE CHAR(12), right-aligned
                field(sb, pick(random, Vocabulary.CITIES), 20);                               // CITY CHAR(20)
                field(sb, String.format("%05d", random.nextInt(100_000)), 5);                 // ZIP CHAR(5)
                field(sb, pick(random, List.of("GOLD", "SILVER", "BRONZE", "NONE")), 8);      // TIER CHAR(8)
            }
            sb.setLength(length);
            return sb.toString();
        }

        static String cjkWithEmoji(SplittableRandom random, int length) {
            StringBuilder sb = new StringBuilder(length + 8);
            while (sb.length() < length) {
                int kind = random.nextInt(10);
                if (kind < 6) {
                    int run = 2 + random.nextInt(7);
                    for (int i = 0; i < run; i++) {
                        String from = random.nextBoolean() ? Vocabulary.KANA : Vocabulary.KANJI;
                        sb.append(from.charAt(random.nextInt(from.length())));
                    }
                } else if (kind == 6) {
                    int emoji = 0x1F600 + random.nextInt(0x50);
                    if (length - sb.length() >= 2) {
                        sb.appendCodePoint(emoji);
                    } else {
                        sb.append(Vocabulary.KANA.charAt(random.nextInt(Vocabulary.KANA.length())));
                    }
                } else if (kind < 9) {
                    sb.append(' ').append(pickSkewed(random, Vocabulary.ENGLISH)).append(' ');
                } else {
                    sb.append(random.nextBoolean() ? '、' : '。');
                }
            }
            sb.setLength(length); // only ever cuts BMP characters: emoji are added only when both units fit
            return sb.toString();
        }

        private static void field(StringBuilder sb, String value, int width) {
            sb.append(value);
            sb.append(" ".repeat(width - value.length()));
        }

        private static String pick(SplittableRandom random, List<String> words) {
            return words.get(random.nextInt(words.size()));
        }

        /** Favours the front of the list, roughly as word frequencies do. */
        private static String pickSkewed(SplittableRandom random, List<String> words) {
            double u = random.nextDouble();
            return words.get((int) (u * u * words.size()));
        }
    }
}
