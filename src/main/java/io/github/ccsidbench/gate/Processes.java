package io.github.ccsidbench.gate;

import io.github.ccsidbench.CcsidBenchException;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/**
 * Starting, reading and stopping the base build's child processes (git, Maven): a missing program is a one-line error
 * that offers {@code --base-jar}, neither pipe of a child can fill up and block it, and a child stopped for a timeout
 * takes its own children with it.
 */
final class Processes {

    private Processes() {
    }

    /** Starts {@code pb}; a one-line error naming {@code program} and what to install when it cannot be run. */
    static Process start(ProcessBuilder pb, String program, String what) {
        try {
            return pb.start();
        } catch (IOException e) {
            throw new CcsidBenchException(program + " is not on the PATH (or cannot be run): install " + what
                    + ", or pass --base-jar FILE instead");
        }
    }

    /** Reads a stream to its end on a thread of its own, so that neither of a process's pipes can fill up. */
    static CompletableFuture<String> readAsync(InputStream in) {
        CompletableFuture<String> text = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (in) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                in.transferTo(bytes);
                text.complete(bytes.toString(StandardCharsets.UTF_8));
            } catch (IOException e) {
                text.complete("");
            }
        }, "git-output");
        reader.setDaemon(true);
        reader.start();
        return text;
    }

    /** Stops a process and every process it started. */
    static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }
}
