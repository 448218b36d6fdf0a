package io.github.ccsidbench.gate;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.machine.MachineRuler;
import io.github.ccsidbench.results.AtomicFiles;
import io.github.ccsidbench.stats.Stats;
import io.github.ccsidbench.steady.ForkDriver;
import io.github.ccsidbench.suite.ForkLauncher;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

/**
 * Turns a base benchmarks jar into the base side of a gate run, its forks running this build's fork driver in front of
 * it so both sides follow the same rules (docs/gate.md, "The base"; docs/architecture.md, "Two JVMs, one protocol").
 */
public final class BaseSide {

    /**
     * What the fork driver jar holds, as class-name prefixes: {@code steady}, {@code machine} (one machine ruler class
     * for hooks and driver) and {@link Stats}; JDK and JMH only, so they run in front of any base jar.
     */
    static final List<String> DRIVER_CONTENT = List.of(packagePrefix(ForkDriver.class), packagePrefix(MachineRuler.class),
            Stats.class.getName().replace('.', '/'));

    private BaseSide() {
    }

    /**
     * The side for a commit's built jar: this build's driver, the jar and {@code plugins}; or, when the jar holds no
     * benchmarks (a codec's plug-in), this build's benchmarks with that jar as the only plug-in.
     */
    public static ForkLauncher.Side ofBuilt(String label, String java, List<String> jvmArgs, Path built, Path cacheDir,
                                            List<Path> plugins) {
        if (BenchmarksJar.holdsBenchmarks(built)) {
            return new ForkLauncher.Side(label, java, jvmArgs, driverJar(cacheDir) + File.pathSeparator + built.toAbsolutePath())
                    .withPlugins(plugins);
        }
        return new ForkLauncher.Side(label + ", its plug-in", java, jvmArgs, System.getProperty("java.class.path"))
                .withPlugins(List.of(built));
    }

    /** The benchmark methods ("io...ConversionBenchmark.encode") of a benchmarks jar. */
    public static Set<String> methods(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            ZipEntry entry = file.getEntry(BenchmarkList.BENCHMARK_LIST.replaceFirst("^/", ""));
            if (entry == null) {
                throw new CcsidBenchException(jar + " is not a benchmarks jar (it has no " + BenchmarkList.BENCHMARK_LIST + ")");
            }
            try (InputStream in = file.getInputStream(entry)) {
                Set<String> methods = new TreeSet<>();
                for (BenchmarkListEntry e : BenchmarkList.readBenchmarkList(in)) {
                    methods.add(e.getUsername());
                }
                return methods;
            }
        } catch (IOException e) {
            throw new CcsidBenchException("cannot read the benchmark list of " + jar + ": " + e.getMessage());
        }
    }

    /** A jar with this build's fork driver package only, made once per build under {@code cacheDir}. */
    static Path driverJar(Path cacheDir) {
        try {
            Path source = Path.of(ForkDriver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (JarOutputStream out = new JarOutputStream(bytes)) {
                for (String prefix : DRIVER_CONTENT) {
                    copyClasses(source, prefix, out);
                }
            }
            byte[] content = bytes.toByteArray();
            Files.createDirectories(cacheDir);
            Path target = cacheDir.resolve("fork-driver-" + Integer.toHexString(Arrays.hashCode(content)) + ".jar");
            if (!Files.isRegularFile(target)) {
                AtomicFiles.write(target, content);
            }
            return target.toAbsolutePath();
        } catch (IOException | URISyntaxException e) {
            throw new CcsidBenchException("cannot make the fork driver jar for the base: " + e.getMessage());
        }
    }

    /** "io/github/ccsidbench/steady/" for a class of that package. */
    private static String packagePrefix(Class<?> c) {
        return c.getPackageName().replace('.', '/') + "/";
    }

    /** Copies the class files under {@code prefix} (a package "a/b/", or a class "a/b/C" with its nested ones) into {@code out}. */
    private static void copyClasses(Path source, String prefix, JarOutputStream out) throws IOException {
        String pkg = prefix.substring(0, prefix.lastIndexOf('/') + 1);
        String name = prefix.substring(pkg.length());
        if (Files.isDirectory(source)) {
            try (Stream<Path> files = Files.list(source.resolve(pkg))) {
                for (Path f : files.filter(f -> Files.isRegularFile(f) && matches(f.getFileName().toString(), name)).sorted().toList()) {
                    out.putNextEntry(new JarEntry(pkg + f.getFileName()));
                    out.write(Files.readAllBytes(f));
                    out.closeEntry();
                }
            }
            return;
        }
        try (JarFile jar = new JarFile(source.toFile())) {
            for (JarEntry e : jar.stream().filter(e -> e.getName().startsWith(pkg) && !e.isDirectory()
                    && e.getName().indexOf('/', pkg.length()) < 0 && matches(e.getName().substring(pkg.length()), name))
                    .sorted((a, b) -> a.getName().compareTo(b.getName())).toList()) {
                out.putNextEntry(new JarEntry(e.getName()));
                try (InputStream in = jar.getInputStream(e)) {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
        }
    }

    /** Whether a file of the package is taken: every file for a package prefix, else the class and its nested classes. */
    private static boolean matches(String file, String className) {
        return className.isEmpty() || file.equals(className + ".class") || file.startsWith(className + "$");
    }
}
