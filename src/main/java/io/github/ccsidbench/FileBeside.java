package io.github.ccsidbench;

import com.google.gson.Gson;
import com.google.gson.JsonParseException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A JSON file a run writes beside its results.json, read one way by every package that owns one: absent is nothing, a
 * malformed one a one-line error. In the root package because its readers sit in layers that cannot use each other.
 */
public final class FileBeside {

    private FileBeside() {
    }

    /** The file {@code name} beside {@code results} as {@code type}, empty when none; {@code whole} checks its fields. */
    public static <T> Optional<T> read(Path results, String name, Class<T> type, Gson gson, Predicate<T> whole) {
        Path file = results.toAbsolutePath().resolveSibling(name);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CcsidBenchException(file + " is not a valid " + name + " (" + CcsidBenchException.reason(e) + ")");
        }
        try {
            T value = gson.fromJson(text, type);
            if (value == null || !whole.test(value)) {
                throw new JsonParseException("missing fields");
            }
            return Optional.of(value);
        } catch (RuntimeException e) {
            // a parse error, or a record constructor's at a missing field (Gson wraps it): not whole either way
            throw new CcsidBenchException(file + " is not a valid " + name + " ("
                    + (e instanceof JsonParseException ? CcsidBenchException.reason(e) : "missing fields") + ")");
        }
    }
}
