package io.github.ccsidbench.db2;

import io.github.ccsidbench.CcsidBenchException;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The character columns of a table, as data: users describe their own rows in a small JSON file
 * (see {@code article.json} beside this class) and the model, benchmarks and {@code plan} use it.
 *
 * @param name a short name ("article"), or the file it was read from
 * @param description what the rows are
 * @param columns the character columns, in order
 */
public record RowShape(String name, String description, List<ColumnSpec> columns) {

    /** The built-in shape modelled on the article's daily insert load. */
    public static final String ARTICLE = "article";

    public RowShape {
        columns = List.copyOf(columns);
        if (columns.isEmpty()) {
            throw new CcsidBenchException("row shape " + name + " has no columns");
        }
    }

    /** The built-in shape of a Japanese shop's customer rows (kanji names, katakana readings, yen, Japanese prose). */
    public static final String JAPAN = "japan";

    /** The built-in shape with this name, or the shape in the JSON file at this path. */
    public static RowShape named(String nameOrFile) {
        if (ARTICLE.equals(nameOrFile) || JAPAN.equals(nameOrFile)) {
            try (InputStream in = RowShape.class.getResourceAsStream(nameOrFile + ".json")) {
                return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), nameOrFile);
            } catch (IOException e) {
                throw new IllegalStateException("the built-in row shape " + nameOrFile + " is missing", e);
            }
        }
        Path file = Path.of(nameOrFile);
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8), nameOrFile);
        } catch (NoSuchFileException e) {
            throw new CcsidBenchException("row shape '" + nameOrFile + "' is neither a built-in shape (" + ARTICLE + ", "
                    + JAPAN + ") nor an existing file");
        } catch (IOException e) {
            throw new CcsidBenchException("cannot read row shape " + nameOrFile + ": " + e.getMessage());
        }
    }

    /** Parses the JSON row-shape format; {@code source} names it in one-line errors. */
    public static RowShape parse(String json, String source) {
        try {
            JsonObject o = JsonParser.parseString(json).getAsJsonObject();
            JsonArray cols = o.getAsJsonArray("columns");
            if (cols == null) {
                throw new IllegalArgumentException("no \"columns\" array");
            }
            List<ColumnSpec> columns = new ArrayList<>();
            for (JsonElement e : cols) {
                JsonObject c = e.getAsJsonObject();
                String name = c.get("name").getAsString();
                ColumnSpec.SqlType type = ColumnSpec.SqlType.valueOf(c.get("type").getAsString().toUpperCase(Locale.ROOT));
                columns.add(new ColumnSpec(name, type, c.get("length").getAsInt(), content(c.get("content").getAsString())));
            }
            String name = o.has("name") ? o.get("name").getAsString() : source;
            return new RowShape(ARTICLE.equals(source) || JAPAN.equals(source) ? source : source.equals(name) ? name : source,
                    o.has("description") ? o.get("description").getAsString() : "", columns);
        } catch (CcsidBenchException e) {
            throw e;
        } catch (JsonParseException | IllegalStateException | IllegalArgumentException | NullPointerException
                 | UnsupportedOperationException e) {
            throw new CcsidBenchException("row shape " + source + " is not valid: " + CcsidBenchException.reason(e)
                    + " (expected {\"columns\": [{\"name\", \"type\": CHAR|VARCHAR, \"length\", \"content\"}]})");
        }
    }

    private static ColumnSpec.Content content(String id) {
        return Arrays.stream(ColumnSpec.Content.values()).filter(c -> c != ColumnSpec.Content.DATA && c.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown content '" + id + "'; known: "
                        + Arrays.stream(ColumnSpec.Content.values()).filter(c -> c != ColumnSpec.Content.DATA)
                        .map(ColumnSpec.Content::id).toList()));
    }

    /** The sum of the column lengths: the most bytes a row can hold. */
    public int maxBytes() {
        return columns.stream().mapToInt(ColumnSpec::length).sum();
    }
}
