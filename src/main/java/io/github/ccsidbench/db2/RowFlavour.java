package io.github.ccsidbench.db2;

import io.github.ccsidbench.CcsidBenchException;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** Which characters the generated rows hold: the article's pure ASCII, Western European accents, or Japanese. */
public enum RowFlavour {
    /** Pure 7-bit ASCII: every CCSID holds it, and 37 takes the minor-conversion path. */
    ASCII("ascii"),
    /** Names, cities and descriptions with Latin-1 accents: 37 falls back to major conversion, 367 loses data. */
    ACCENTED("accented"),
    /**
     * A Japanese shop's rows: kanji names, their readings in half-width katakana, prefectures, amounts in 円, Japanese
     * prose; lossless in the Japanese mixed EBCDIC CCSIDs and in Unicode, meant for {@link ColumnType#JAPANESE}.
     */
    JAPANESE("japanese");

    /** The article's flavours, for its Latin column choices. */
    public static final List<RowFlavour> ARTICLE = List.of(ASCII, ACCENTED);

    private final String id;

    RowFlavour(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static RowFlavour byId(String id) {
        return Arrays.stream(values()).filter(f -> f.id.equals(id)).findFirst()
                .orElseThrow(() -> new CcsidBenchException("unknown row flavour '" + id + "'; known: "
                        + Arrays.stream(values()).map(RowFlavour::id).collect(Collectors.joining(", "))));
    }
}
