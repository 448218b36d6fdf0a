package io.github.ccsidbench.db2;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.workload.Workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Which characters the generated rows hold, and so which shop's question they answer: ASCII or Western European accents
 * (the article's), a German or French shop's with its single-byte host CCSID, or a Japanese, Korean or Chinese shop's
 * with its mixed EBCDIC host CCSIDs (docs/db2-model.md, "Flavours").
 */
public enum RowFlavour {
    ASCII("ascii", "the article's", RowShape.ARTICLE, List.of(), null),
    ACCENTED("accented", "a Western European", RowShape.ARTICLE, List.of(), null),
    JAPANESE("japanese", "a Japanese", RowShape.JAPAN, List.of(ColumnType.EBCDIC_MIXED_1399, ColumnType.EBCDIC_MIXED_1390),
            Workload.JP_ROWS),
    KOREAN("korean", "a Korean", RowShape.KOREA, List.of(ColumnType.EBCDIC_MIXED_933), Workload.KO_ROWS),
    CHINESE_SIMPLIFIED("chinese-simplified", "a Simplified Chinese", RowShape.CHINA, List.of(ColumnType.EBCDIC_MIXED_935),
            Workload.ZH_HANS_ROWS),
    CHINESE_TRADITIONAL("chinese-traditional", "a Traditional Chinese", RowShape.CHINA, List.of(ColumnType.EBCDIC_MIXED_937),
            Workload.ZH_HANT_ROWS),
    GERMAN("german", "a German", RowShape.ARTICLE, List.of(ColumnType.EBCDIC_SBCS_273), Workload.LATIN1_TEXT),
    FRENCH("french", "a French", RowShape.ARTICLE, List.of(ColumnType.EBCDIC_SBCS_297), Workload.LATIN1_TEXT);

    /** The article's flavours, for its Latin column choices. */
    public static final List<RowFlavour> ARTICLE = List.of(ASCII, ACCENTED);

    private final String id;
    private final String shop;
    private final String shape;
    private final List<ColumnType> hosts;
    private final Workload workload;

    RowFlavour(String id, String shop, String shape, List<ColumnType> hosts, Workload workload) {
        this.id = id;
        this.shop = shop;
        this.shape = shape;
        this.hosts = hosts;
        this.workload = workload;
    }

    public String id() {
        return id;
    }

    /** Whose rows these are, for sentences: "a Korean" (shop). */
    public String shop() {
        return shop;
    }

    /** The built-in row shape these rows fill by default: {@code article}, {@code japan}, {@code korea} or {@code china}. */
    public String shape() {
        return shape;
    }

    /** The shop's EBCDIC host CCSIDs, the first the comparison's base; empty for the article's flavours. */
    public List<ColumnType> hosts() {
        return hosts;
    }

    /** True for the article's rows (ASCII, accented), whose column choices are the article's; false for a shop's own. */
    public boolean article() {
        return hosts.isEmpty();
    }

    /** True for a mixed-EBCDIC shop's rows (Japanese, Korean, Chinese). */
    public boolean mixed() {
        return hosts.stream().anyMatch(h -> h.path() == ColumnType.Path.HOST_MIXED);
    }

    /** The column choices for these rows: the article's, or the shop's host CCSIDs and Unicode MIXED (1208). */
    public List<ColumnType> columns() {
        if (article()) {
            return ColumnType.ARTICLE;
        }
        List<ColumnType> all = new ArrayList<>(hosts);
        all.add(ColumnType.UNICODE_MIXED);
        return List.copyOf(all);
    }

    /**
     * The conversion workload of the same kind of text ({@code ko-rows} for Korean rows, Western European prose for a
     * German shop's), for the JVM's side; empty for the article's flavours.
     */
    public Optional<Workload> workload() {
        return Optional.ofNullable(workload);
    }

    public static RowFlavour byId(String id) {
        return Arrays.stream(values()).filter(f -> f.id.equals(id)).findFirst()
                .orElseThrow(() -> new CcsidBenchException("unknown row flavour '" + id + "'; known: "
                        + Arrays.stream(values()).map(RowFlavour::id).collect(Collectors.joining(", "))));
    }
}
