package io.github.ccsidbench.gate;

import io.github.ccsidbench.suite.RunFolder;
import io.github.ccsidbench.suite.Timing;
import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ChildProcess;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Builds the gate's base side: a git ref's benchmarks jar, in a temporary {@code git worktree} (or by {@link #custom}),
 * cached under the commit; errors are one-line {@link CcsidBenchException}s (docs/gate.md, "The base").
 */
public final class BaseBuild {

    /**
     * A base's benchmarks jar.
     *
     * @param jar the base's benchmarks jar
     * @param commit the base's full commit id
     * @param cached true when taken from the cache without building
     */
    public record Built(Path jar, String commit, boolean cached) {
    }

    private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(15);
    private static final String PREFIX = "ccsid-bench gate: ";
    /** How much of a failed build's log is shown: enough for Maven's error and the lines that lead to it. */
    private static final int TAIL_LINES = 20;

    private final Path repository;
    private final Path cacheDir;
    private final PrintStream progress;
    private final List<String> offlineCommand;
    private final List<String> onlineCommand;
    /** Where the build leaves its jar, relative to the worktree. */
    private final String artifact;
    /** The user's own command (tried once, any jar), not this project's Maven build; its cache key's suffix. */
    private final String recipe;

    /**
     * A builder that runs the {@code mvn} on the PATH.
     *
     * @param repository any directory inside the git work tree
     * @param cacheDir where built jars are kept, e.g. {@code target/gate-base}
     * @param progress where progress lines go, e.g. {@code System.err}
     */
    public BaseBuild(Path repository, Path cacheDir, PrintStream progress) {
        this(repository, cacheDir, progress, defaultBuildCommand());
    }

    /** For tests: {@code buildCommand} instead of mvn, leaving target/benchmarks.jar; online with {@code -U}. */
    BaseBuild(Path repository, Path cacheDir, PrintStream progress, List<String> buildCommand) {
        this(repository, cacheDir, progress, buildCommand, online(buildCommand));
    }

    /** For tests: {@code offlineCommand} first, {@code onlineCommand} when it fails; each leaves target/benchmarks.jar. */
    BaseBuild(Path repository, Path cacheDir, PrintStream progress, List<String> offlineCommand, List<String> onlineCommand) {
        this(repository, cacheDir, progress, offlineCommand, onlineCommand, DEFAULT_ARTIFACT, null);
    }

    private BaseBuild(Path repository, Path cacheDir, PrintStream progress, List<String> offlineCommand,
                      List<String> onlineCommand, String artifact, String recipe) {
        this.artifact = artifact;
        this.recipe = recipe;
        this.repository = repository.toAbsolutePath().normalize();
        this.cacheDir = cacheDir.toAbsolutePath().normalize();
        this.progress = Objects.requireNonNull(progress, "progress");
        this.offlineCommand = List.copyOf(offlineCommand);
        this.onlineCommand = List.copyOf(onlineCommand);
        if (this.offlineCommand.isEmpty() || this.onlineCommand.isEmpty()) {
            throw new IllegalArgumentException("empty build command");
        }
    }

    /** Where this project's build leaves the benchmarks jar. */
    static final String DEFAULT_ARTIFACT = "target/benchmarks.jar";

    /** This project's build, tests skipped: offline ({@code -o}) then online ({@code -U}); as a custom command, as written. */
    public static final String MAVEN_COMMAND = "mvn -q -B -Dmaven.test.skip=true package";

    /**
     * A builder that runs {@code command} with the shell in the base's worktree and takes {@code artifact} (relative to
     * it): the base's benchmarks jar, or its plug-in jar; cached under the commit and a digest of the recipe.
     */
    public static BaseBuild custom(Path repository, Path cacheDir, PrintStream progress, String command, String artifact) {
        if (command == null || command.isBlank()) {
            throw new CcsidBenchException("--build needs a command, e.g. --build './gradlew -q jar'");
        }
        String file = artifact == null || artifact.isBlank() ? DEFAULT_ARTIFACT : artifact;
        if (Path.of(file).isAbsolute() || Path.of(file).normalize().startsWith("..")) {
            throw new CcsidBenchException("--build-output " + file + " must be a path inside the checkout, e.g. build/libs/codec.jar");
        }
        List<String> shell = windows() ? List.of("cmd", "/c", command) : List.of("sh", "-c", command);
        return new BaseBuild(repository, cacheDir, progress, shell, shell, file, digest(command + "\n" + file));
    }

    /** The first 8 hex digits of the SHA-256 of {@code text}. */
    private static String digest(String text) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** {@link #MAVEN_COMMAND} offline, as a program and its arguments (no shell: on Windows the program is mvn.cmd). */
    private static List<String> defaultBuildCommand() {
        List<String> command = new ArrayList<>(List.of(MAVEN_COMMAND.split(" ")));
        command.set(0, windows() ? "mvn.cmd" : "mvn");
        command.add(1, "-o");
        return command;
    }

    private static boolean windows() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
    }

    private static List<String> online(List<String> offline) {
        // -U in place of -o: a miss that an earlier attempt cached (a registry down at the time) is asked for again.
        boolean update = offline.contains("-U");
        return offline.stream().filter(a -> !(update && (a.equals("-o") || a.equals("--offline"))))
                .map(a -> a.equals("-o") || a.equals("--offline") ? "-U" : a).toList();
    }

    /** The base's benchmarks jar for {@code ref}: from the cache when a valid jar for its commit is there, else built. */
    public Built build(String ref) {
        long start = System.nanoTime();
        Path top = Git.topLevel(repository).orElseThrow(() -> new CcsidBenchException(
                repository + " is not in a git repository: pass --base-jar FILE instead"));
        String commit = Git.resolve(top, ref);
        String shortId = commit.substring(0, Math.min(7, commit.length()));
        String key = recipe == null ? commit : commit + "-" + recipe;
        Path jar = cacheDir.resolve(key + ".jar");
        if (Files.isRegularFile(jar) && (recipe == null ? BenchmarksJar.holdsBenchmarks(jar) : BenchmarksJar.isJar(jar))) {
            progress.println(PREFIX + "the base " + shortId + " is already built: " + jar);
            return new Built(jar, commit, true);
        }
        Path log = cacheDir.resolve(key + ".build.log");
        Path onlineLog = cacheDir.resolve(key + ".online.build.log");
        Path worktree;
        try {
            Files.createDirectories(cacheDir);
            Files.deleteIfExists(onlineLog); // an earlier attempt's: it would pass for this build's
            worktree = Files.createTempDirectory(cacheDir, "worktree-" + shortId + "-");
        } catch (IOException e) {
            throw new CcsidBenchException("cannot create " + cacheDir + " for the base build: "
                    + CcsidBenchException.reason(e));
        }
        try {
            Git.Result add = Git.run(top, "worktree", "add", "--detach", worktree.toString(), commit);
            if (add.exit() != 0) {
                throw new CcsidBenchException("cannot check out the base " + shortId + " in a git worktree: "
                        + Git.firstLine(add.err(), "git worktree add failed"));
            }
            progress.println(PREFIX + "building the base " + shortId + (recipe == null ? " (offline Maven, tests skipped)..."
                    : " with: " + shown(offlineCommand) + " ..."));
            if (runBuild(offlineCommand, worktree, log, shortId) != 0) {
                if (recipe != null) { // the user's own build: tried once
                    throw doesNotBuild(shortId, offlineCommand, log);
                }
                progress.println(PREFIX + "the base " + shortId + " does not build offline: building online, in case the"
                        + " local Maven repository lacks an artifact it needs");
                log = onlineLog;
                if (runBuild(onlineCommand, worktree, log, shortId) != 0) {
                    throw doesNotBuild(shortId, onlineCommand, log);
                }
            }
            Path built = worktree.resolve(artifact);
            if (!Files.isRegularFile(built)) {
                throw new CcsidBenchException("the base commit " + shortId
                        + " built but left no " + artifact + "; full log: " + log);
            }
            if (recipe != null && !BenchmarksJar.isJar(built)) {
                throw new CcsidBenchException("the base commit " + shortId + " built " + artifact + ", which is not a jar"
                        + " file; full log: " + log);
            }
            if (recipe == null && !BenchmarksJar.holdsBenchmarks(built)) {
                throw new CcsidBenchException("the base commit " + shortId
                        + " built a target/benchmarks.jar without " + BenchmarksJar.BENCHMARK_LIST + "; full log: " + log);
            }
            store(built, jar);
        } finally {
            removeWorktree(top, worktree);
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        progress.println(PREFIX + "built the base " + shortId + " in " + Timing.format(took) + ": " + jar);
        return new Built(jar, commit, false);
    }

    /** The merge-base of HEAD and origin/main (else origin/master, else origin/HEAD's); empty when none or outside git. */
    public static Optional<String> defaultBase(Path repository) {
        Optional<Path> top = Git.topLevel(repository.toAbsolutePath().normalize());
        if (top.isEmpty()) {
            return Optional.empty();
        }
        List<String> candidates = new ArrayList<>(List.of("refs/remotes/origin/main", "refs/remotes/origin/master"));
        Git.Result head = Git.run(top.get(), "symbolic-ref", "--quiet", "refs/remotes/origin/HEAD");
        if (head.exit() == 0 && !head.out().isBlank()) {
            candidates.add(head.out().strip());
        }
        for (String upstream : candidates) {
            Git.Result exists = Git.run(top.get(), "rev-parse", "--verify", "--quiet", upstream + "^{commit}");
            if (exists.exit() != 0) {
                continue;
            }
            Git.Result base = Git.run(top.get(), "merge-base", "HEAD", upstream);
            if (base.exit() == 0 && !base.out().isBlank()) {
                return Optional.of(base.out().strip());
            }
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** Runs {@code command} in the worktree, its output to {@code log}; its exit status. */
    private static int runBuild(List<String> command, Path worktree, Path log, String shortId) {
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(worktree.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        // Found again by mvn from the worktree; inherited values would point at this checkout.
        pb.environment().remove("MAVEN_PROJECTBASEDIR");
        pb.environment().remove("MAVEN_BASEDIR");
        ChildProcess.Result r;
        try {
            r = ChildProcess.run(pb, BUILD_TIMEOUT);
        } catch (ChildProcess.StartFailure e) {
            throw new CcsidBenchException(command.get(0) + " is not on the PATH (or cannot be run): install Maven, or pass"
                    + " --base-jar FILE instead");
        } catch (ChildProcess.TimedOut e) {
            throw new CcsidBenchException("the base commit " + shortId + " did not build within "
                    + BUILD_TIMEOUT.toMinutes() + " minutes; full log: " + log);
        } catch (ChildProcess.Failure e) {
            throw new CcsidBenchException("interrupted while building the base " + shortId);
        }
        return r.exit();
    }

    /** The error for a failed build; the log's last {@link #TAIL_LINES} lines go to the progress stream first. */
    private CcsidBenchException doesNotBuild(String shortId, List<String> command, Path log) {
        List<String> tail = tail(log);
        if (!tail.isEmpty()) {
            progress.println(PREFIX + "the last lines of " + log + ":");
            tail.forEach(line -> progress.println("    " + line));
        }
        return new CcsidBenchException("the base commit " + shortId + " does not build with: " + shown(command)
                + "; full log: " + log);
    }

    /** The command as the user would type it: the user's own for {@link #custom}, else the Maven command line. */
    private String shown(List<String> command) {
        return recipe == null ? String.join(" ", command) : String.join(" ", command.subList(2, command.size()));
    }

    /** The log's last {@link #TAIL_LINES} lines; none when it cannot be read. */
    private static List<String> tail(Path log) {
        try {
            // Decoded leniently: a build's output need not be UTF-8.
            List<String> lines = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines().toList();
            return lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size());
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Copies the built jar next to its final name, then moves it there in one step. */
    private void store(Path built, Path jar) {
        Path tmp = cacheDir.resolve(jar.getFileName() + ".tmp");
        try {
            Files.copy(built, tmp, StandardCopyOption.REPLACE_EXISTING);
            try {
                Files.move(tmp, jar, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new CcsidBenchException("cannot store the base's jar as " + jar + ": " + CcsidBenchException.reason(e));
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the final name is what matters; a stray .tmp is replaced next time
            }
        }
    }

    /** Removes the worktree and its directory; never throws, so that it cannot hide the build's own error. */
    private void removeWorktree(Path top, Path worktree) {
        try {
            Git.Result removed = Git.run(top, "worktree", "remove", "--force", worktree.toString());
            Git.run(top, "worktree", "prune");
            if (Files.exists(worktree)) {
                RunFolder.deleteTree(worktree);
                Git.run(top, "worktree", "prune");
            }
            if (removed.exit() != 0 && Files.exists(worktree)) {
                progress.println(PREFIX + "could not remove the base's worktree " + worktree);
            }
        } catch (IOException | RuntimeException e) {
            progress.println(PREFIX + "could not remove the base's worktree " + worktree + ": "
                    + CcsidBenchException.reason(e));
        }
    }
}
