package io.github.ccsidbench.workload;

import java.util.function.Function;
import io.github.ccsidbench.convert.BehaviourCatalogue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * The generators and vocabularies of the mixed EBCDIC workloads, so each repertoire is exactly its vocabulary: agreed
 * characters only, never a last character ICU4J writes wrongly ({@link BehaviourCatalogue#ICU_WRONG_AT_END}; replaced by
 * a blank, or 山 in the switch series). See docs/fidelity.md, "The oracle and what is measured".
 */
public final class CjkText {

    private CjkText() {
    }

    /**
     * A Japanese person as legacy customer tables hold one, for the Japanese rows.
     *
     * @param family family name, e.g. 佐藤
     * @param given given name, e.g. 太郎
     * @param reading the readings, family first, in half-width katakana, e.g. ｻﾄｳ ﾀﾛｳ
     */
    public record JapaneseName(String family, String given, String reading) {
    }

    /** A Japanese name drawn from this class's vocabulary (two draws of {@code random}). */
    public static JapaneseName japaneseName(SplittableRandom random) {
        String[] family = JP_FAMILY[random.nextInt(JP_FAMILY.length)];
        String[] given = JP_GIVEN[random.nextInt(JP_GIVEN.length)];
        return new JapaneseName(family[0], given[0], family[1] + " " + given[1]);
    }

    /** A Japanese prefecture in kanji, e.g. 神奈川県. */
    public static String japanesePrefecture(SplittableRandom random) {
        return pick(random, JP_PREFECTURES);
    }

    /** An amount as the Japanese rows write it, e.g. 1,234,567円. */
    public static String yen(SplittableRandom random) {
        return amount(random) + "円";
    }

    /** One column value and the CHAR(n) width, in characters, it is padded to in the workload's text. */
    record Field(String value, int width) {
    }

    /** Japanese family names in kanji with their readings in half-width katakana, as legacy systems store them. */
    static final String[][] JP_FAMILY = {
            {"佐藤", "ｻﾄｳ"}, {"鈴木", "ｽｽﾞｷ"}, {"高橋", "ﾀｶﾊｼ"}, {"田中", "ﾀﾅｶ"}, {"伊藤", "ｲﾄｳ"}, {"渡辺", "ﾜﾀﾅﾍﾞ"},
            {"山本", "ﾔﾏﾓﾄ"}, {"中村", "ﾅｶﾑﾗ"}, {"小林", "ｺﾊﾞﾔｼ"}, {"加藤", "ｶﾄｳ"}, {"吉田", "ﾖｼﾀﾞ"}, {"山田", "ﾔﾏﾀﾞ"},
            {"佐々木", "ｻｻｷ"}, {"山口", "ﾔﾏｸﾞﾁ"}, {"松本", "ﾏﾂﾓﾄ"}, {"井上", "ｲﾉｳｴ"}, {"木村", "ｷﾑﾗ"}, {"林", "ﾊﾔｼ"},
            {"斎藤", "ｻｲﾄｳ"}, {"清水", "ｼﾐｽﾞ"}, {"山崎", "ﾔﾏｻﾞｷ"}, {"森", "ﾓﾘ"}, {"池田", "ｲｹﾀﾞ"}, {"橋本", "ﾊｼﾓﾄ"},
            {"阿部", "ｱﾍﾞ"}, {"石川", "ｲｼｶﾜ"}, {"前田", "ﾏｴﾀﾞ"}, {"岡田", "ｵｶﾀﾞ"}, {"長谷川", "ﾊｾｶﾞﾜ"}, {"藤田", "ﾌｼﾞﾀ"},
            {"後藤", "ｺﾞﾄｳ"}, {"近藤", "ｺﾝﾄﾞｳ"}, {"村上", "ﾑﾗｶﾐ"}, {"遠藤", "ｴﾝﾄﾞｳ"}, {"青木", "ｱｵｷ"}, {"坂本", "ｻｶﾓﾄ"}};
    /** Japanese given names, with readings. */
    static final String[][] JP_GIVEN = {
            {"太郎", "ﾀﾛｳ"}, {"健一", "ｹﾝｲﾁ"}, {"誠", "ﾏｺﾄ"}, {"大輔", "ﾀﾞｲｽｹ"}, {"翔太", "ｼｮｳﾀ"}, {"拓也", "ﾀｸﾔ"},
            {"直樹", "ﾅｵｷ"}, {"浩", "ﾋﾛｼ"}, {"隆", "ﾀｶｼ"}, {"花子", "ﾊﾅｺ"}, {"陽子", "ﾖｳｺ"}, {"美咲", "ﾐｻｷ"},
            {"由美", "ﾕﾐ"}, {"恵子", "ｹｲｺ"}, {"裕子", "ﾕｳｺ"}, {"愛", "ｱｲ"}, {"さくら", "ｻｸﾗ"}, {"明美", "ｱｹﾐ"},
            {"和子", "ｶｽﾞｺ"}, {"翼", "ﾂﾊﾞｻ"}};
    static final List<String> JP_PREFECTURES = List.of("東京都", "大阪府", "神奈川県", "愛知県", "北海道", "福岡県", "京都府",
            "兵庫県", "埼玉県", "千葉県", "広島県", "宮城県");

    static final List<String> KO_FAMILY = List.of("김", "이", "박", "최", "정", "강", "조", "윤", "장", "임", "한", "오",
            "서", "신", "권", "황", "안", "송", "류", "홍");
    static final List<String> KO_GIVEN = List.of("민준", "서연", "지훈", "하은", "도윤", "서준", "지민", "수빈", "예준",
            "지우", "현우", "민서", "준호", "유진", "성민", "은지");
    static final List<String> KO_CITIES = List.of("서울", "부산", "인천", "대구", "대전", "광주", "울산", "수원", "창원", "청주");

    static final List<String> ZH_HANS_FAMILY = List.of("王", "李", "刘", "陈", "杨", "黄", "赵", "吴", "周", "徐", "孙",
            "马", "朱", "胡", "郭", "何", "高", "林", "罗", "郑");
    static final List<String> ZH_HANS_GIVEN = List.of("伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "军", "洋", "勇",
            "艳", "杰", "娟", "涛", "明", "超", "秀英", "华", "平");
    static final List<String> ZH_HANS_CITIES = List.of("北京", "上海", "广州", "深圳", "天津", "重庆", "成都", "武汉", "杭州", "南京");

    static final List<String> ZH_HANT_FAMILY = List.of("陳", "林", "黃", "張", "李", "王", "吳", "劉", "蔡", "楊", "許",
            "鄭", "謝", "郭", "洪", "曾", "邱", "廖", "賴", "周");
    static final List<String> ZH_HANT_GIVEN = List.of("志明", "淑芬", "家豪", "美玲", "建宏", "怡君", "俊傑", "雅婷", "宗翰",
            "欣怡", "冠宇", "佳穎");
    static final List<String> ZH_HANT_CITIES = List.of("臺北", "新北", "桃園", "臺中", "臺南", "高雄", "新竹", "基隆", "嘉義", "花蓮");

    /**
     * A Korean or Chinese shop's vocabulary, for this class's rows and the Db2 model's: agreed characters only.
     *
     * @param family family names
     * @param given given names
     * @param cities cities
     * @param currency the currency's sign after an amount, 원 or 元
     * @param prefix the letter before a row's id
     * @param currencyCode the currency's ISO 4217 code, KRW
     * @param country the country's ISO 3166 code, KR
     */
    public record Names(List<String> family, List<String> given, List<String> cities, String currency, char prefix,
                        String currencyCode, String country) {

        /** A family name (one draw of {@code random}). */
        public String family(SplittableRandom random) {
            return pick(random, family);
        }

        /** A given name. */
        public String given(SplittableRandom random) {
            return pick(random, given);
        }

        /** A city. */
        public String city(SplittableRandom random) {
            return pick(random, cities);
        }

        /** An amount with the currency's sign, e.g. 1,234,567원. */
        public String amount(SplittableRandom random) {
            return CjkText.amount(random) + currency;
        }
    }

    /** Korean: hangul names and cities, amounts in 원. */
    public static final Names KOREAN = new Names(KO_FAMILY, KO_GIVEN, KO_CITIES, "원", 'K', "KRW", "KR");
    /** Simplified Chinese: hanzi names and cities, amounts in 元. */
    public static final Names CHINESE_SIMPLIFIED = new Names(ZH_HANS_FAMILY, ZH_HANS_GIVEN, ZH_HANS_CITIES, "元", 'S', "CNY",
            "CN");
    /** Traditional Chinese: the same in traditional hanzi. */
    public static final Names CHINESE_TRADITIONAL = new Names(ZH_HANT_FAMILY, ZH_HANT_GIVEN, ZH_HANT_CITIES, "元", 'T', "TWD",
            "TW");

    /** Japanese prose: phrases of kanji, hiragana and katakana, a few ASCII terms, Japanese punctuation. */
    static final List<String> JP_PHRASES = List.of("データベースの移行は", "来年の春に", "完了する予定です", "文字コードの変換には",
            "時間がかかります", "東京の本社では", "毎晩", "バッチ処理を", "実行しています", "顧客の名前と住所を",
            "正しく保存する必要があります", "システムの性能を", "測定しました", "結果は", "次の表の通りです", "半角カナと全角文字が",
            "混在する場合は", "注意が必要です", "新しいサーバーは", "古いホストより", "速く動きます", "会議は午後三時から",
            "始まります", "担当者に", "確認してください", "売上は前年比で", "増加しました", "大阪支店の", "報告によると",
            "アプリケーションを", "更新する前に", "バックアップを取ります", "「変換表」を", "見直しました");
    static final List<String> JP_ASCII_TERMS = List.of("Java 17", "Db2 for z/OS", "CCSID 1399", "UTF-8", "JDBC", "SQL",
            "2024", "COBOL", "CICS", "IMS");
    static final String JP_PUNCTUATION = "、。";

    /** The switch series: single-byte characters (upper-case Latin letters, digits) and double-byte ones (kanji, kana). */
    static final String SWITCH_SINGLE = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    static final String SWITCH_DOUBLE = "山田太郎佐藤鈴木高橋東京大阪日本語文字変換顧客番号住所電話あいうえおさしすせそアイウエオ";
    /** What replaces a last character ICU4J writes wrongly at the end of a 1390/1399 string, in the switch series. */
    static final char SWITCH_LAST = '山';

    static List<Field> japaneseRow(SplittableRandom random) {
        JapaneseName name = japaneseName(random);
        return List.of(
                new Field(String.format(Locale.ROOT, "C%07d", random.nextInt(10_000_000)), 8),                       // CUST_ID CHAR(8)
                new Field(name.family(), 4),                                                          // SEI (kanji)
                new Field(name.given(), 4),                                                           // MEI (kanji)
                new Field(name.reading(), 16),                                                        // KANA_NAME, half-width
                new Field(date(random), 10),                                                          // BIRTH_DATE
                new Field(japanesePrefecture(random), 4),                                             // PREFECTURE
                new Field(yen(random), 12),                                                           // BALANCE
                new Field(random.nextInt(10) == 0 ? "I" : "A", 1));                                   // STATUS
    }

    /** A Korean or Chinese row: id with its prefix, family and given name, date, city, amount in its currency, status. */
    static List<Field> nameRow(SplittableRandom random, Names names) {
        return List.of(
                new Field(String.format(Locale.ROOT, "%c%07d", names.prefix(), random.nextInt(10_000_000)), 8),
                new Field(pick(random, names.family()), 2),
                new Field(pick(random, names.given()), 3),
                new Field(date(random), 10),
                new Field(pick(random, names.cities()), 3),
                new Field(names.amount(random), 12),
                new Field(random.nextInt(10) == 0 ? "I" : "A", 1));
    }

    /** Rows as one string: values blank-padded to their widths, rows concatenated, cut to {@code length}. */
    static String rows(SplittableRandom random, int length, Function<SplittableRandom, List<Field>> row) {
        StringBuilder sb = new StringBuilder(length + 64);
        while (sb.length() < length) {
            for (Field f : row.apply(random)) {
                sb.append(f.value()).append(" ".repeat(Math.max(0, f.width() - f.value().length())));
            }
        }
        sb.setLength(length);
        return endSafely(sb, ' ');
    }

    static String japaneseProse(SplittableRandom random, int length) {
        StringBuilder sb = new StringBuilder(length + 64);
        while (sb.length() < length) {
            int phrases = 2 + random.nextInt(4);
            for (int p = 0; p < phrases; p++) {
                if (random.nextInt(6) == 0) {
                    sb.append(pick(random, JP_ASCII_TERMS)).append(' ');
                }
                sb.append(pick(random, JP_PHRASES));
                if (p < phrases - 1 && random.nextInt(3) == 0) {
                    sb.append('、');
                }
            }
            sb.append('。');
        }
        sb.setLength(length);
        return endSafely(sb, '。');
    }

    /** Alternating single- and double-byte runs, so that every aligned block of 64 characters switches {@code perBlock} times. */
    static String switches(SplittableRandom random, int length, int perBlock) {
        int run = 64 / perBlock;
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            boolean doubleByte = ((i + run / 2) / run) % 2 == 1;
            String from = doubleByte ? SWITCH_DOUBLE : SWITCH_SINGLE;
            sb.append(from.charAt(random.nextInt(from.length())));
        }
        return endSafely(sb, SWITCH_LAST);
    }

    /** The text, its last character replaced when ICU4J 78.3 would write it wrongly there in 1390 and 1399. */
    private static String endSafely(StringBuilder sb, char replacement) {
        int last = sb.length() - 1;
        if (last >= 0 && BehaviourCatalogue.ICU_WRONG_AT_END.contains((int) sb.charAt(last))) {
            sb.setCharAt(last, replacement);
        }
        return sb.toString();
    }

    /** Every distinct character of the given strings, as a repertoire. */
    static Repertoire repertoire(String description, Object... sources) {
        TreeSet<Integer> cps = new TreeSet<>();
        for (Object source : sources) {
            collect(source, cps);
        }
        Repertoire.Builder b = Repertoire.described(description);
        cps.forEach(cp -> b.range(cp, cp));
        return b.build();
    }

    private static void collect(Object source, TreeSet<Integer> into) {
        if (source instanceof String s) {
            s.codePoints().forEach(into::add);
        } else if (source instanceof String[][] pairs) {
            for (String[] pair : pairs) {
                for (String s : pair) {
                    s.codePoints().forEach(into::add);
                }
            }
        } else if (source instanceof List<?> list) {
            list.forEach(o -> collect(o, into));
        } else {
            throw new IllegalArgumentException("not a vocabulary: " + source);
        }
    }

    private static String date(SplittableRandom random) {
        return String.format(Locale.ROOT, "%04d-%02d-%02d", 1940 + random.nextInt(70), 1 + random.nextInt(12), 1 + random.nextInt(28));
    }

    private static String amount(SplittableRandom random) {
        return String.format(Locale.ROOT, "%,d", random.nextInt(10_000_000));
    }

    private static String pick(SplittableRandom random, List<String> words) {
        return words.get(random.nextInt(words.size()));
    }

    /** The rows of a row workload, as column values: for bytes-per-row figures. */
    static List<List<String>> values(Function<SplittableRandom, List<Field>> row, SplittableRandom random,
                                     int count) {
        List<List<String>> rows = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            rows.add(row.apply(random).stream().map(Field::value).toList());
        }
        return rows;
    }
}
