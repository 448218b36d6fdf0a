package io.github.ccsidbench.db2;

import io.github.ccsidbench.CcsidBenchException;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** Which characters the generated rows hold: ASCII, Western European accents, or Japanese (docs/db2-model.md, "Flavours"). */
public enum RowFlavour {
    ASCII("ascii"),
    ACCENTED("accented"),
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
