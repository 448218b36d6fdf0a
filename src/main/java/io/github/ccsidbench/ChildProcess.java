package io.github.ccsidbench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The one way this project runs a child process (git, Maven, a probe JVM, a benchmark fork): input closed, each piped
 * output read on a thread of its own, a timeout that fires, and the child killed with its own children on a timeout,
 * an interrupt or this JVM's exit (docs/architecture.md; a SIGKILLed run's forks end themselves, {@code steady.ForkDriver}).
 */
public final class ChildProcess {

    /** What a finished child returned: its exit status and what it wrote to the outputs that were piped (else ""). */
    public record Result(int exit, String out, String err) {
    }

    /** Why a child did not finish: it could not start, ran past its timeout, or the wait was interrupted. */
    public static class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Failure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The program could not be started (not installed, not executable). */
    public static final class StartFailure extends Failure {
        private static final long serialVersionUID = 1L;

        StartFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The child ran past its timeout and was killed. */
    public static final class TimedOut extends Failure {
        private static final long serialVersionUID = 1L;

        TimedOut(String message) {
            super(message, null);
        }
    }

    /** How long a finished child's outputs may still take to close (a grandchild may hold them open). */
    private static final Duration DRAIN = Duration.ofSeconds(10);

    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(ChildProcess::kill), "ccsid-bench-children"));
    }

    private ChildProcess() {
    }

    /**
     * Runs {@code pb} to its end within {@code timeout} ({@link Duration#ZERO}: no limit). Outputs {@code pb} pipes are
     * read and returned; outputs it sends to a file are left to the file.
     *
     * @throws StartFailure when the program cannot be started
     * @throws TimedOut when it runs past {@code timeout} (it is killed, with its children)
     * @throws Failure when the wait is interrupted (it is killed; the interrupt flag stays set)
     */
    public static Result run(ProcessBuilder pb, Duration timeout) {
        return run(pb, timeout, new CompletableFuture<>());
    }

    /**
     * As {@link #run(ProcessBuilder, Duration)}, but returns exit status 0 as soon as {@code finished} completes, leaving
     * the child to end on its own (a JVM's exit then overlaps the caller's next step); still killed with this process
     * and after {@code timeout}.
     */
    public static Result run(ProcessBuilder pb, Duration timeout, CompletableFuture<?> finished) {
        String name = pb.command().isEmpty() ? "a process" : pb.command().get(0);
        Process p;
        try {
            p = pb.redirectInput(Redirect.PIPE).start();
        } catch (IOException e) {
            throw new StartFailure("cannot run " + name + ": " + CcsidBenchException.reason(e), e);
        }
        LIVE.add(p);
        try {
            closeQuietly(p);
            CompletableFuture<String> out = pb.redirectOutput() == Redirect.PIPE ? read(p.getInputStream()) : done();
            CompletableFuture<String> err = pb.redirectErrorStream() || pb.redirectError() != Redirect.PIPE ? done() : read(p.getErrorStream());
            CompletableFuture<?> either = CompletableFuture.anyOf(p.onExit(), finished);
            try {
                if (timeout.isZero()) {
                    either.get();
                } else {
                    either.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
                }
            } catch (TimeoutException e) {
                kill(p);
                throw new TimedOut(String.join(" ", shortCommand(pb.command())) + " did not finish within " + describe(timeout));
            } catch (ExecutionException e) {
                // a failed signal counts as none: wait for the exit
                p.waitFor();
            }
            if (p.isAlive()) {
                Process left = p;
                left.onExit().orTimeout(Math.max(60_000, timeout.toMillis()), TimeUnit.MILLISECONDS)
                        .whenComplete((x, failure) -> {
                            if (failure != null) {
                                kill(left);
                            }
                            LIVE.remove(left);
                        });
                return new Result(0, "", "");
            }
            LIVE.remove(p);
            return new Result(p.exitValue(), drained(out), drained(err));
        } catch (InterruptedException e) {
            kill(p);
            LIVE.remove(p);
            Thread.currentThread().interrupt();
            throw new Failure("interrupted while running " + name, e);
        } catch (RuntimeException e) {
            LIVE.remove(p);
            throw e;
        }
    }

    /** Kills a process and every process it started. */
    public static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }

    private static void closeQuietly(Process p) {
        try {
            p.getOutputStream().close();
        } catch (IOException e) {
            // the child may have closed its input already
        }
    }

    private static CompletableFuture<String> done() {
        return CompletableFuture.completedFuture("");
    }

    /** Reads a stream to its end on a daemon thread of its own. */
    private static CompletableFuture<String> read(InputStream in) {
        CompletableFuture<String> text = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (in) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                in.transferTo(bytes);
                text.complete(bytes.toString(StandardCharsets.UTF_8));
            } catch (IOException e) {
                text.complete("");
            }
        }, "child-output");
        reader.setDaemon(true);
        reader.start();
        return text;
    }

    private static String drained(CompletableFuture<String> output) throws InterruptedException {
        try {
            return output.get(DRAIN.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            return "";
        }
    }

    /** The program and its first arguments, for a message. */
    private static List<String> shortCommand(List<String> command) {
        return command.size() <= 4 ? command : List.of(command.get(0), command.get(1), command.get(2), "...");
    }

    private static String describe(Duration d) {
        return d.toSeconds() >= 120 && d.toSeconds() % 60 == 0 ? d.toMinutes() + " minutes" : d.toSeconds() + " s";
    }
}
