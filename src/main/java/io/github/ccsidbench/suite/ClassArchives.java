package io.github.ccsidbench.suite;

import io.github.ccsidbench.ChildProcess;
import io.github.ccsidbench.steady.ForkDriver;
import io.github.ccsidbench.steady.ForkRequest;
import io.github.ccsidbench.steady.SteadySettings;
import org.openjdk.jmh.runner.CompilerHints;

import java.io.File;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Class archives for forks: the classes a fork loads from the benchmarks jar (JMH's, the converters', ICU4J's, JTOpen's),
 * parsed and verified once and mapped into every later fork, as the JDK's own classes already are from its default
 * archive. JDK 25 and later get an AOT cache (JEP 483, {@code -XX:AOTCache}) without method profiles: the training run
 * records none ({@code -XX:-AOTRecordTraining}) and the forks replay none ({@code -XX:-AOTReplayTraining}), so the JIT
 * compiles from each fork's own profile as it does without the cache (JEP 515 would otherwise carry the training run's
 * profiles into the measurement); older JDKs get a dynamic CDS archive ({@code -XX:ArchiveClassesAtExit}).
 *
 * <p>An archive is made once per java, class path (each entry's path, size and time) and JVM options, by a training
 * run of a few of the run's benchmarks ({@code ForkDriver --train}), kept in the cache directory and checked by the JVM
 * itself ({@code -Xshare:on} or {@code -XX:AOTMode=on}, which refuse an archive they cannot use) before its first fork of
 * a run. When it cannot be made or used (another JVM, a changed jar, a read-only cache), forks start as without one and
 * one line says so, once.
 */
public final class ClassArchives {

    /** The system property that moves the cache directory (tests keep theirs apart). */
    static final String DIRECTORY_PROPERTY = "ccsidbench.classArchives";
    /**
     * The fewest forks a side must be going to start for an archive to be made for it: a training run costs about as much
     * as this many forks save (docs/method.md, "Where a fork's time goes"); a bisection's few forks per commit start
     * without one. An archive already made is used whatever the count.
     */
    static final int WORTH_FORKS = 40;
    /** How many benchmarks the training run runs: one per benchmark class and provider, as far as these go. */
    static final int TRAINING_CASES = 12;
    private static final Duration TRAINING_TIMEOUT = Duration.ofMinutes(3);
    private static final Duration CHECK_TIMEOUT = Duration.ofMinutes(1);

    /** The JVM options that give forks an archive, or none. */
    private record Archive(List<String> args) {
    }

    private final Path directory;
    private final Path work;
    private final Path logFile;
    private final Consumer<String> notice;
    private final Map<String, Archive> known = new HashMap<>();
    private List<BenchmarkCase> trainingCases = List.of();
    private int plannedForks = Integer.MAX_VALUE;

    /**
     * @param directory where archives are kept between runs
     * @param work a private directory for the training run's requests
     * @param logFile where the training run's output goes (the run's JMH log)
     * @param notice where the one line goes when forks must start without an archive, and when one is made
     */
    ClassArchives(Path directory, Path work, Path logFile, Consumer<String> notice) {
        this.directory = directory;
        this.work = work;
        this.logFile = logFile;
        this.notice = notice;
    }

    /** The cache directory: {@value #DIRECTORY_PROPERTY}, else $XDG_CACHE_HOME/ccsid-bench/class-archives, else ~/.cache/... */
    public static Path defaultDirectory() {
        String property = System.getProperty(DIRECTORY_PROPERTY);
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("ccsid-bench").resolve("class-archives");
    }

    /**
     * The benchmarks a training run may run (the run's own, of which it picks a few) and how many forks each side is going
     * to start: fewer than {@link #WORTH_FORKS}, and no archive is made.
     */
    synchronized void trainWith(List<BenchmarkCase> cases, int forksPerSide) {
        trainingCases = List.copyOf(cases);
        plannedForks = forksPerSide;
    }

    /**
     * The JVM options that give a fork of {@code c} on {@code side} its class archive, making and checking it on first use;
     * none when the side's setup has no archive, or it cannot be made or used (said once).
     */
    synchronized List<String> argsFor(ForkLauncher.Side side, BenchmarkCase c) {
        if (!side.setup().classArchive()) {
            return List.of();
        }
        List<String> options = options(side, c);
        String name = name(side, options);
        return known.computeIfAbsent(name, n -> prepare(side, c, options, n)).args();
    }

    private Archive prepare(ForkLauncher.Side side, BenchmarkCase c, List<String> options, String name) {
        boolean aot = featureVersion(side.java()) >= 25;
        Path archive = directory.resolve(name + (aot ? ".aot" : ".jsa"));
        List<String> use = aot
                ? List.of("-XX:AOTCache=" + archive, "-XX:+UnlockDiagnosticVMOptions", "-XX:-AOTReplayTraining")
                : List.of("-XX:SharedArchiveFile=" + archive);
        try {
            if (!Files.isRegularFile(archive)) {
                if (plannedForks < WORTH_FORKS) {
                    return new Archive(List.of()); // not worth a training run; said nowhere, as nothing is lost
                }
                long t0 = System.nanoTime();
                make(side, c, options, archive, aot);
                notice.accept(String.format(Locale.ROOT, "ccsid-bench: made a class archive for the forks of %s in %.1f s: %s",
                        side.label(), (System.nanoTime() - t0) / 1e9, archive));
            }
            check(side, options, archive, use, aot);
            return new Archive(use);
        } catch (Unusable e) {
            notice.accept("ccsid-bench: the forks of " + side.label() + " start without a class archive: " + e.getMessage());
            return new Archive(List.of());
        }
    }

    /** Why an archive cannot be made or used, in a few words. */
    private static final class Unusable extends Exception {
        private static final long serialVersionUID = 1L;

        Unusable(String message) {
            super(message);
        }
    }

    private void make(ForkLauncher.Side side, BenchmarkCase c, List<String> options, Path archive, boolean aot) throws Unusable {
        Path tmp;
        try {
            Files.createDirectories(directory);
            Files.createDirectories(work);
            tmp = Files.createTempFile(directory, ".making-", aot ? ".aot" : ".jsa");
            Files.delete(tmp); // the JVM writes it
        } catch (IOException e) {
            throw new Unusable("cannot write to " + directory + " (" + e.getMessage() + ")");
        }
        List<Path> requests = new ArrayList<>();
        try {
            for (BenchmarkCase t : training(c)) {
                Path r = Files.createTempFile(work, "train-", ".properties");
                new ForkRequest(t.includeRegex(), t.params(), 20, TRAINING, false, Double.NaN, false).write(r);
                requests.add(r);
            }
            List<String> command = new ArrayList<>();
            command.add(side.java());
            command.addAll(options);
            if (aot) {
                command.addAll(List.of("-XX:AOTCacheOutput=" + tmp, "-XX:+UnlockDiagnosticVMOptions", "-XX:-AOTRecordTraining"));
            } else {
                command.add("-XX:ArchiveClassesAtExit=" + tmp);
            }
            // JMH's machine-wide lock keeps two measurements apart; the training run measures nothing, and taking the lock
            // would make a run beside it (another test, another user's run) fail rather than wait.
            command.add("-Djmh.ignoreLock=true");
            CompilerHints.addCompilerHints(command);
            command.addAll(List.of("-cp", side.classpath(), ForkDriver.class.getName(), ForkDriver.TRAIN));
            requests.forEach(r -> command.add(r.toString()));
            ChildProcess.Result r = ChildProcess.run(new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(Redirect.appendTo(logFile.toFile())), TRAINING_TIMEOUT);
            if (r.exit() != 0 || !Files.isRegularFile(tmp)) {
                throw new Unusable("its training run exited with status " + r.exit() + " and wrote no archive (see " + logFile + ")");
            }
            Files.move(tmp, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            removeOutdated(archive);
        } catch (ChildProcess.TimedOut e) {
            throw new Unusable("its training run took more than " + TRAINING_TIMEOUT.toMinutes() + " minutes");
        } catch (ChildProcess.Failure | IOException e) {
            throw new Unusable("its training run failed (" + e.getMessage() + ")");
        } finally {
            requests.forEach(ClassArchives::deleteQuietly);
            deleteQuietly(tmp);
        }
    }

    /** The JVM itself says whether it can use the archive: strict sharing refuses to start with one it cannot map. */
    private void check(ForkLauncher.Side side, List<String> options, Path archive, List<String> use, boolean aot) throws Unusable {
        List<String> command = new ArrayList<>();
        command.add(side.java());
        command.addAll(options);
        command.addAll(use);
        command.add(aot ? "-XX:AOTMode=on" : "-Xshare:on");
        command.addAll(List.of("-cp", side.classpath(), "-version"));
        try {
            ChildProcess.Result r = ChildProcess.run(new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(Redirect.appendTo(logFile.toFile())), CHECK_TIMEOUT);
            if (r.exit() != 0) {
                deleteQuietly(archive); // made by another JVM or for another jar: the next run makes it again
                throw new Unusable(side.java() + " cannot use " + archive + " (see " + logFile + ")");
            }
        } catch (ChildProcess.Failure e) {
            throw new Unusable("cannot check " + archive + " (" + e.getMessage() + ")");
        }
    }

    /** The training run's stopping rule: two iterations, enough to load what a fork loads. */
    private static final SteadySettings TRAINING = new SteadySettings(0.03, 2, 0.05, 2, 2, 0.10, 4.0, 1);

    /**
     * A few of the run's benchmarks with {@code c}'s JVM options, {@code c} first: one of each benchmark class, then one per
     * benchmark method and provider, so that every class's code and as many converters as fit are archived.
     */
    List<BenchmarkCase> training(BenchmarkCase c) {
        Map<String, BenchmarkCase> picked = new LinkedHashMap<>();
        picked.put(trainingKey(c), c);
        List<BenchmarkCase> same = trainingCases.stream().filter(t -> t.jvmArgs().equals(c.jvmArgs())).toList();
        java.util.Set<String> classes = new java.util.HashSet<>(List.of(c.benchmark()));
        for (BenchmarkCase t : same) {
            if (picked.size() < TRAINING_CASES && classes.add(t.benchmark())) {
                picked.putIfAbsent(trainingKey(t), t);
            }
        }
        for (BenchmarkCase t : same) {
            if (picked.size() < TRAINING_CASES) {
                picked.putIfAbsent(trainingKey(t), t);
            }
        }
        return List.copyOf(picked.values());
    }

    private static String trainingKey(BenchmarkCase c) {
        return c.benchmark() + "." + c.method() + "|" + c.params().getOrDefault("provider", "");
    }

    /** The options a fork of {@code c} on {@code side} starts with, which its archive must be made with too. */
    private static List<String> options(ForkLauncher.Side side, BenchmarkCase c) {
        List<String> options = new ArrayList<>(side.jvmArgs());
        options.addAll(c.jvmArgs());
        return options;
    }

    /**
     * The archive's file name: a digest of what must match for the JVM to use it (the java, the class path, the options
     * other than system properties), then one of the files' sizes and times, so that a rebuilt jar or an updated JDK gets
     * a new archive and the old one is removed ({@link #removeOutdated}). System properties and logging options do not
     * matter to an archive and are left out.
     */
    static String name(ForkLauncher.Side side, List<String> options) {
        StringBuilder what = new StringBuilder();
        StringBuilder state = new StringBuilder();
        Path java = realPath(Path.of(side.java()));
        what.append(java).append('\n');
        Path home = java.getParent() == null ? null : java.getParent().getParent();
        if (home != null) {
            state.append(fileState(home.resolve("lib").resolve("modules")));
        }
        for (String entry : side.classpath().split(File.pathSeparator)) {
            Path p = Path.of(entry).toAbsolutePath().normalize();
            what.append(p).append('\n');
            state.append(fileState(p));
        }
        options.stream().filter(o -> !o.startsWith("-D") && !o.startsWith("-Xlog")).forEach(o -> what.append(o).append('\n'));
        return digest(what.toString()).substring(0, 16) + "-" + digest(state.toString()).substring(0, 12);
    }

    private static String fileState(Path p) {
        try {
            return p + " " + Files.size(p) + " " + Files.getLastModifiedTime(p).toMillis() + "\n";
        } catch (IOException e) {
            return p + " missing\n";
        }
    }

    private static Path realPath(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    private static String digest(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Removes the archives made for the same java, class path and options from files that have changed since. */
    private void removeOutdated(Path archive) {
        String name = archive.getFileName().toString();
        String stable = name.substring(0, name.indexOf('-') + 1);
        try (Stream<Path> files = Files.list(directory)) {
            files.filter(f -> f.getFileName().toString().startsWith(stable) && !f.equals(archive))
                    .forEach(ClassArchives::deleteQuietly);
        } catch (IOException e) {
            // an outdated archive left behind costs disk space only
        }
    }

    /** The feature release of the JDK a java executable belongs to, from its {@code release} file (0: unknown). */
    static int featureVersion(String java) {
        Path home = realPath(Path.of(java)).getParent();
        home = home == null ? null : home.getParent();
        if (home == null) {
            return 0;
        }
        Properties release = new Properties();
        try (var in = Files.newBufferedReader(home.resolve("release"), StandardCharsets.UTF_8)) {
            release.load(in);
        } catch (IOException | IllegalArgumentException e) {
            return 0;
        }
        String version = Optional.ofNullable(release.getProperty("JAVA_VERSION")).orElse("").replace("\"", "");
        String feature = version.startsWith("1.") ? version.substring(2) : version;
        feature = feature.split("[.+-]")[0];
        try {
            return Integer.parseInt(feature);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // a leftover in the run's private space goes with it
        }
    }
}
