package io.github.ccsidbench.suite;

import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.bench.BenchmarkMethod.Param;
import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.RowFlavour;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The slice of a preset that measures Db2 paths ({@code Db2PathBenchmark}), the article's or a shop's own:
 * which row shapes and flavours, into which column types (SELECT only the real ones: the what-if stores the same
 * bytes as 367).
 *
 * @param shapes row shape names or files
 * @param flavours row flavours
 * @param columns column types for INSERT
 */
public record Db2Part(List<String> shapes, List<RowFlavour> flavours, List<ColumnType> columns) {

    public Db2Part {
        shapes = List.copyOf(shapes);
        flavours = List.copyOf(flavours);
        columns = List.copyOf(columns);
    }

    /** The article's column types (and its what-if), ASCII and accented rows of {@code shape}. */
    public static Db2Part all(String shape) {
        return new Db2Part(List.of(shape), RowFlavour.ARTICLE, ColumnType.ARTICLE);
    }

    /** A shop's question: its rows (its flavour's shape) into its host CCSIDs and Unicode MIXED 1208. */
    public static Db2Part shop(RowFlavour flavour) {
        return new Db2Part(List.of(flavour.shape()), List.of(flavour), flavour.columns());
    }

    /** Every mixed-EBCDIC shop's question: Japanese, Korean, Simplified and Traditional Chinese. */
    public static List<Db2Part> shops() {
        return Arrays.stream(RowFlavour.values()).filter(RowFlavour::mixed).map(Db2Part::shop).toList();
    }

    /** Every single-byte EBCDIC shop's question outside the article's US: German (273) and French (297). */
    public static List<Db2Part> countries() {
        return Arrays.stream(RowFlavour.values()).filter(f -> !f.article() && !f.mixed()).map(Db2Part::shop).toList();
    }

    /**
     * True for a benchmark the preset's answer rests on: the server's INSERT of this part's first flavour's rows into one
     * of its columns that Db2 has (not a what-if). The scheduler gives these their forks first and together
     * (docs/method.md, "Extra forks: modes and wide intervals").
     */
    boolean inTheAnswer(BenchmarkCase c) {
        Map<String, String> p = c.params();
        return c.key().startsWith(BenchmarkMethod.DB2_INSERT_SERVER.shortName() + " ") && shapes.contains(p.get(Param.SHAPE))
                && flavours.get(0).id().equals(p.get(Param.ROWS))
                && columns.stream().anyMatch(t -> !t.whatIf() && t.id().equals(p.get(Param.COLUMN)));
    }

    /** A copy with the user's row shape (null keeps the preset's). */
    Db2Part narrowed(String userShape) {
        return userShape == null ? this : new Db2Part(List.of(userShape), flavours, columns);
    }
}
