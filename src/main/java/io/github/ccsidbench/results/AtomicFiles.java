package io.github.ccsidbench.results;

import io.github.ccsidbench.CcsidBenchException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes files so that a reader only ever sees a complete one: a temporary file in the same directory replaces the
 * target in one move (docs/output.md, "The output files of a run").
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /** Replaces {@code target} with {@code text} (UTF-8) atomically. */
    public static void writeString(Path target, String text) {
        write(target, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Replaces {@code target} with {@code bytes} atomically. */
    public static void write(Path target, byte[] bytes) {
        Path dir = target.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
            // A sibling name, not createTempFile: that would leave the result readable by its owner only.
            Path temp = dir.resolve("." + target.getFileName() + "." + ProcessHandle.current().pid() + "."
                    + System.nanoTime() + ".tmp");
            try {
                Files.write(temp, bytes);
                move(temp, target);
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new CcsidBenchException("cannot write " + target + ": " + e.getMessage(), CcsidBenchException.FAILED, e);
        }
    }

    /** Moves a finished temporary file over {@code target} atomically where the file system allows. */
    public static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
