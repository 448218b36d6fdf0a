package io.github.ccsidbench.suite;

import io.github.ccsidbench.ChildProcess;
import io.github.ccsidbench.steady.ForkDriver;
import io.github.ccsidbench.steady.ForkOutcome;
import io.github.ccsidbench.steady.ForkRequest;
import io.github.ccsidbench.steady.ForkTimeline;
import org.openjdk.jmh.runner.CompilerHints;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/** Starts one fork ({@link ForkDriver}) on one side of a comparison, so that the suite and the gate start forks alike. */
public final class ForkLauncher {

    /**
     * What a fork runs on.
     *
     * @param label what the side is, for messages ("base 1a2b3c4", "candidate")
     * @param java the java executable
     * @param jvmArgs options for every fork of this side
     * @param classpath the class path: a benchmarks jar, with {@link ForkDriver} first when the jar may lack it
     */
    public record Side(String label, String java, List<String> jvmArgs, String classpath, List<String> plugins) {
        public Side {
            jvmArgs = List.copyOf(jvmArgs);
            plugins = List.copyOf(plugins);
        }

        /** A side without plug-ins. */
        public Side(String label, String java, List<String> jvmArgs, String classpath) {
            this(label, java, jvmArgs, classpath, List.of());
        }

        /** The same side with other options. */
        public Side withJvmArgs(List<String> args) {
            return new Side(label, java, args, classpath, plugins);
        }

        /** The same side with plug-in jars (or class folders) on its class path, as the gate puts on both sides. */
        public Side withPlugins(List<Path> paths) {
            if (paths.isEmpty()) {
                return this;
            }
            List<String> all = new ArrayList<>(plugins);
            StringBuilder cp = new StringBuilder(classpath);
            for (Path p : paths) {
                String abs = p.toAbsolutePath().normalize().toString();
                all.add(abs);
                cp.append(File.pathSeparator).append(abs);
            }
            return new Side(label, java, jvmArgs, cp.toString(), all);
        }
    }

    /** A fork that failed, with its one-line reason. */
    public static final class ForkFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public ForkFailure(String message) {
            super(message);
        }
    }

    private final Path logFile;
    private final PrintStream log;
    private final Path workParent;

    /** A launcher whose forks log to {@code logFile} (announced on {@code log}), their files under {@code workParent}. */
    public ForkLauncher(Path logFile, PrintStream log, Path workParent) {
        this.logFile = logFile;
        this.log = log;
        this.workParent = workParent;
    }

    /** Runs one fork of {@code c} on {@code side}; {@code work} holds its files (concurrent forks need different ones). */
    public ForkOutcome launch(Side side, BenchmarkCase c, ForkRequest request, String label, Path work, Duration timeout) {
        Path requestFile = work.resolve("request.properties");
        Path outcomeFile = work.resolve("outcome.bin");
        try {
            Files.deleteIfExists(outcomeFile);
            request.write(requestFile);
            List<String> command = command(side, c, request.profile() == null ? List.of() : profiledForkArgs(work), requestFile,
                    outcomeFile);
            synchronized (log) {
                log.println();
                log.println("# ccsid-bench: " + label + ", at most " + request.steady().maxIterations() + " iterations"
                        + (request.steady().busyStretch() > 1 ? " at full speed, " + request.steady().boundIterations() + " in all" : "")
                        + ": " + String.join(" ", command));
                log.flush();
            }
            ChildProcess.Result r;
            long launched;
            long exited;
            // The outcome is taken as soon as its name appears; the JVM exits while the next fork starts (docs/decisions.md,
            // "Forks start one way, measured").
            try (WatchService watch = work.getFileSystem().newWatchService()) {
                work.register(watch, StandardWatchEventKinds.ENTRY_CREATE);
                CompletableFuture<Void> written = CompletableFuture.runAsync(() -> awaitFile(watch, outcomeFile), WATCHERS);
                launched = ForkTimeline.now();
                r = ChildProcess.run(new ProcessBuilder(command).redirectErrorStream(true)
                        .redirectOutput(Redirect.appendTo(logFile.toFile())), timeout, written);
                exited = ForkTimeline.now();
            }
            if (r.exit() != 0 || !Files.isRegularFile(outcomeFile)) {
                throw new ForkFailure("a fork of " + c.key() + " (" + side.label() + ", " + side.java() + ") exited with status "
                        + r.exit());
            }
            return ForkOutcome.read(outcomeFile).withHostMoments(launched, exited);
        } catch (ChildProcess.TimedOut e) {
            throw new ForkFailure("a fork of " + c.key() + " (" + side.label() + ") did not finish in " + timeout.toSeconds() + " s");
        } catch (ChildProcess.StartFailure | IOException e) {
            throw new ForkFailure("cannot run a fork of " + c.key() + " (" + side.label() + "): " + e.getMessage());
        } catch (ChildProcess.Failure e) {
            throw new ForkFailure("interrupted");
        }
    }

    /** The options a profiled fork adds: debug information at every instruction, the profiler's library in its directory. */
    static List<String> profiledForkArgs(Path work) {
        return List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+DebugNonSafepoints", "-Done.profiler.extractPath=" + work);
    }

    static List<String> command(Side side, BenchmarkCase c, List<String> profiled, Path request, Path outcome) {
        List<String> options = new ArrayList<>(c.jvmArgs());
        options.addAll(profiled);
        return command(side, options, ForkDriver.class.getName(), List.of(request.toString(), outcome.toString()));
    }

    /**
     * A fork's command line with another main class than {@link ForkDriver} (the accuracy check's instruments run the
     * suite's fork inside a longer one): the side's java and options, then {@code options}, JMH's compiler hints, the
     * side's class path, {@code mainClass} and its {@code args}.
     */
    public static List<String> command(Side side, List<String> options, String mainClass, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(side.java());
        command.addAll(side.jvmArgs());
        command.addAll(options);
        // The compiler hints and blackhole options JMH gives its own forks.
        CompilerHints.addCompilerHints(command);
        command.add("-cp");
        command.add(side.classpath());
        command.add(mainClass);
        command.addAll(args);
        return command;
    }

    /** Daemon threads that wait for outcome files, so that a stuck wait never keeps the host from exiting. */
    private static final Executor WATCHERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fork-outcome-watch");
        t.setDaemon(true);
        return t;
    });

    /** Returns when {@code file} appears in the watched directory; fails, unread, when the watch is closed first. */
    private static void awaitFile(WatchService watch, Path file) {
        try {
            while (!Files.exists(file)) {
                WatchKey key = watch.take();
                key.pollEvents();
                if (!key.reset()) {
                    return;
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            throw new CompletionException(e);
        }
    }

    /** A new directory for one fork's files, in the run's private space. */
    public Path workDirectory() {
        try {
            Files.createDirectories(workParent);
            return Files.createTempDirectory(workParent, "forks-");
        } catch (IOException e) {
            throw new ForkFailure("cannot create a directory for fork files in " + workParent + ": " + e.getMessage());
        }
    }

    /** Deletes a directory and all in it, such as one made by {@link #workDirectory}; a leftover goes with the private space. */
    public static void deleteQuietly(Path dir) {
        try {
            RunFolder.deleteTree(dir);
        } catch (IOException e) {
            // the private space is deleted when the run ends
        }
    }
}
