package io.github.ccsidbench.db2;

import io.github.ccsidbench.CcsidBenchException;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Which characters the generated rows hold: the article's pure ASCII, or Western European accents. */
public enum RowFlavour {
    /** Pure 7-bit ASCII: every CCSID holds it, and 37 takes the minor-conversion path. */
    ASCII("ascii"),
    /** Names, cities and descriptions with Latin-1 accents: 37 falls back to major conversion, 367 loses data. */
    ACCENTED("accented");

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
