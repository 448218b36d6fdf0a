package io.github.ccsidbench.suite;

import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.db2.RowShape;

import java.util.List;

/**
 * The slice of a preset that measures the article's Db2 paths ({@code Db2PathBenchmark}): which row shapes and
 * flavours, into which column types (SELECT only the real ones: the what-if stores the same bytes as 367).
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

    /** A Japanese shop's question: its rows ({@code japan} shape) into mixed EBCDIC 1399 and 1390 and Unicode MIXED 1208. */
    public static Db2Part japanese() {
        return new Db2Part(List.of(RowShape.JAPAN), List.of(RowFlavour.JAPANESE), ColumnType.JAPANESE);
    }

    /** A copy with the user's row shape (null keeps the preset's). */
    Db2Part narrowed(String userShape) {
        return userShape == null ? this : new Db2Part(List.of(userShape), flavours, columns);
    }
}
