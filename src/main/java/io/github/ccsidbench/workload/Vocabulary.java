package io.github.ccsidbench.workload;

import java.util.List;

/** The word lists the workload generators draw from, kept apart so the generators stay readable. */
final class Vocabulary {

    private Vocabulary() {
    }

    /** Common English words, most frequent first (the generator favours the front of the list). */
    static final List<String> ENGLISH = List.of(
            "the", "of", "and", "to", "a", "in", "is", "that", "for", "it", "as", "was", "with", "be", "by",
            "on", "not", "this", "are", "or", "at", "from", "which", "but", "have", "an", "they", "all", "were",
            "data", "table", "column", "value", "row", "insert", "select", "cost", "time", "system", "program",
            "character", "conversion", "encoding", "server", "client", "driver", "thread", "result", "number",
            "between", "about", "after", "before", "every", "other", "could", "would", "should", "because",
            "performance", "storage", "mainframe", "application", "database", "measure", "second", "million",
            "customer", "account", "balance", "invoice", "order", "payment", "address", "report", "batch",
            "daily", "process", "found", "little", "large", "small", "first", "last", "same", "different",
            "while", "where", "when", "there", "their", "these", "those", "more", "most", "some", "such",
            "only", "also", "into", "over", "than", "then", "them", "been", "has", "had", "its", "one", "two",
            "three", "many", "much", "well", "good", "new", "old", "high", "low", "long", "short", "fast", "slow");

    /** Western European words with accents; every character is in Latin-1 (U+00C0..U+00FF and ASCII). */
    static final List<String> ACCENTED = List.of(
            "été", "über", "señor", "garçon", "Müller", "naïve", "façade", "crème", "São", "Ålesund", "Øresund",
            "Straße", "François", "Zürich", "Málaga", "Bogotá", "café", "déjà", "élève", "hôtel", "Köln", "Göteborg",
            "niño", "mañana", "jalapeño", "coração", "ação", "Genève", "Besançon", "Ærø",
            "fjörður", "Þórshöfn", "Reykjavík", "année", "rôle", "noël", "Éire", "Ísland",
            "Ñuñoa", "Sevilla", "Córdoba", "Lübeck", "Düsseldorf", "Kärnten", "Åre", "Íñigo", "Ólafur", "Múli");

    static final List<String> LAST_NAMES = List.of(
            "SMITH", "JOHNSON", "WILLIAMS", "BROWN", "JONES", "GARCIA", "MILLER", "DAVIS", "RODRIGUEZ", "MARTINEZ",
            "HERNANDEZ", "LOPEZ", "GONZALEZ", "WILSON", "ANDERSON", "THOMAS", "TAYLOR", "MOORE", "JACKSON",
            "MARTIN", "LEE", "PEREZ", "THOMPSON", "WHITE", "HARRIS", "SANCHEZ", "CLARK", "RAMIREZ", "LEWIS",
            "ROBINSON", "WALKER", "YOUNG", "ALLEN", "KING", "WRIGHT", "SCOTT", "TORRES", "NGUYEN", "HILL",
            "FLORES", "GREEN", "ADAMS", "NELSON", "BAKER", "HALL", "RIVERA", "CAMPBELL", "MITCHELL", "CARTER");

    static final List<String> FIRST_NAMES = List.of(
            "James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth",
            "William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen",
            "Christopher", "Lisa", "Daniel", "Nancy", "Matthew", "Betty", "Anthony", "Margaret", "Mark", "Sandra");

    static final List<String> CITIES = List.of(
            "COLUMBUS", "NEW YORK", "CHICAGO", "HOUSTON", "PHOENIX", "PHILADELPHIA", "SAN ANTONIO", "SAN DIEGO",
            "DALLAS", "AUSTIN", "JACKSONVILLE", "FORT WORTH", "CHARLOTTE", "INDIANAPOLIS", "SEATTLE", "DENVER",
            "BOSTON", "NASHVILLE", "DETROIT", "PORTLAND", "LAS VEGAS", "MEMPHIS", "LOUISVILLE", "BALTIMORE");

    /** Hiragana and common kanji for the CJK workload: U+3041..U+3096, U+4E00..U+9FA5. */
    static final String KANA = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん";
    static final String KANJI = "日本語中文字漢東京大学生時間会社電話情報処理変換符号化文書表列行値検索挿入選択性能費用";
}
