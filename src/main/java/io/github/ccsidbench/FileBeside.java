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
 * A JSON file a run writes beside its results.json (environment.json, steadiness.json, model.json, data.json), read
 * one way by every package that owns one: absent is nothing, and a malformed or incomplete file is one line naming the
 * file and what is wrong, never a stack trace. It lives in the root package because its readers sit in layers that
 * cannot use each other (the data profile below the results).
 */
public final class FileBeside {

    private FileBeside() {
    }

    /**
     * The file {@code name} beside {@code results}, read by {@code gson} as {@code type}; empty when there is none.
     * {@code whole} says whether what was read holds the fields the reader needs.
     */
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
            // JsonParseException, and what a record's constructor throws at a missing field (Gson wraps it in a plain
            // RuntimeException): either way the file is not whole.
            throw new CcsidBenchException(file + " is not a valid " + name + " ("
                    + (e instanceof JsonParseException ? CcsidBenchException.reason(e) : "missing fields") + ")");
        }
    }
}
