package io.github.ccsidbench.db2;

import io.github.ccsidbench.CcsidBenchException;
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

/**
 * The character columns of a table, as data (docs/db2-model.md, "Rows: shapes and flavours").
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
    /** The built-in shape of a Korean shop's customer rows (hangul names and cities, won). */
    public static final String KOREA = "korea";
    /** The built-in shape of a Chinese shop's customer rows (hanzi names and cities, yuan), simplified or traditional. */
    public static final String CHINA = "china";

    /** The built-in shapes' names. */
    public static final List<String> BUILT_IN = List.of(ARTICLE, JAPAN, KOREA, CHINA);

    /** The built-in shape with this name, or the shape in the JSON file at this path. */
    public static RowShape named(String nameOrFile) {
        if (BUILT_IN.contains(nameOrFile)) {
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
            throw new CcsidBenchException("row shape '" + nameOrFile + "' is neither a built-in shape (" + String.join(", ", BUILT_IN)
                    + ") nor an existing file");
        } catch (IOException e) {
            throw new CcsidBenchException("cannot read row shape " + nameOrFile + ": " + e.getMessage());
        }
    }

    /** Parses the JSON row-shape format; {@code source} names it, and the field at fault, in one-line errors. */
    public static RowShape parse(String json, String source) {
        JsonObject o;
        try {
            JsonElement root = JsonParser.parseString(json);
            if (!root.isJsonObject()) {
                throw new CcsidBenchException("row shape " + source + " is not valid: it must be a JSON object " + EXPECTED);
            }
            o = root.getAsJsonObject();
        } catch (JsonParseException e) {
            throw new CcsidBenchException("row shape " + source + " is not valid JSON: " + CcsidBenchException.reason(e));
        }
        JsonElement cols = o.get("columns");
        if (cols == null || !cols.isJsonArray()) {
            throw new CcsidBenchException("row shape " + source + ": field \"columns\" must be an array " + EXPECTED);
        }
        List<ColumnSpec> columns = new ArrayList<>();
        int i = 0;
        for (JsonElement e : cols.getAsJsonArray()) {
            i++;
            String where = "row shape " + source + ", column " + i;
            if (!e.isJsonObject()) {
                throw new CcsidBenchException(where + ": must be an object " + EXPECTED);
            }
            JsonObject c = e.getAsJsonObject();
            String name = string(c, "name", where);
            String typeName = string(c, "type", where);
            ColumnSpec.SqlType type = Arrays.stream(ColumnSpec.SqlType.values())
                    .filter(t -> t.name().equalsIgnoreCase(typeName)).findFirst()
                    .orElseThrow(() -> new CcsidBenchException(where + ": field \"type\" must be CHAR or VARCHAR, not '" + typeName + "'"));
            JsonElement len = c.get("length");
            if (len == null || !len.isJsonPrimitive() || !len.getAsJsonPrimitive().isNumber()
                    || len.getAsDouble() != Math.rint(len.getAsDouble()) || len.getAsDouble() < 1 || len.getAsDouble() > 32704) {
                throw new CcsidBenchException(where + ": field \"length\" must be a whole number of bytes from 1 to 32704");
            }
            ColumnSpec.Content content;
            try {
                content = content(string(c, "content", where));
            } catch (IllegalArgumentException x) {
                throw new CcsidBenchException(where + ": field \"content\": " + x.getMessage());
            }
            columns.add(new ColumnSpec(name, type, len.getAsInt(), content));
        }
        JsonElement n = o.get("name");
        JsonElement d = o.get("description");
        String name = n != null && n.isJsonPrimitive() ? n.getAsString() : source;
        return new RowShape(BUILT_IN.contains(source) ? source : source.equals(name) ? name : source,
                d != null && d.isJsonPrimitive() ? d.getAsString() : "", columns);
    }

    /** What a row shape looks like, for the messages. */
    private static final String EXPECTED = "({\"columns\": [{\"name\", \"type\": CHAR|VARCHAR, \"length\", \"content\"}]})";

    private static String string(JsonObject c, String field, String where) {
        JsonElement v = c.get(field);
        if (v == null || !v.isJsonPrimitive() || !v.getAsJsonPrimitive().isString()) {
            throw new CcsidBenchException(where + ": field \"" + field + "\" must be a string");
        }
        return v.getAsString();
    }

    private static ColumnSpec.Content content(String id) {
        return Arrays.stream(ColumnSpec.Content.values()).filter(c -> c != ColumnSpec.Content.DATA && c.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown content '" + id + "'; known: "
                        + Arrays.stream(ColumnSpec.Content.values()).filter(c -> c != ColumnSpec.Content.DATA)
                        .map(ColumnSpec.Content::id).toList()));
    }
}
