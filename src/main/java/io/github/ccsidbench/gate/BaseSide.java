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
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

/**
 * Turns a base benchmarks jar into the base side of an A/B gate run. The base's forks run this build's fork
 * driver ({@link #DRIVER_PACKAGES}, which depend on the JDK and JMH only) in front of the base jar, so
 * that both sides are measured and stopped by the same rules and write outcomes this build reads, whatever
 * the base's own version of the driver is, or whether it has one. The base's benchmark list says which
 * benchmarks it has (the others are NEW).
 */
public final class BaseSide {

    /**
     * The packages of the fork driver jar: the driver ({@code steady}), the machine probes whose machine ruler the
     * benchmarks' iteration hooks and the driver must share as one class, and the statistics they use. They depend on
     * the JDK and JMH only (the layering test holds them to it), so they run in front of any base jar.
     */
    static final List<String> DRIVER_PACKAGES = Stream.of(ForkDriver.class, MachineRuler.class, Stats.class)
            .map(c -> c.getPackageName().replace('.', '/') + "/").toList();

    private BaseSide() {
    }

    /** The base side for {@code baseJar}: this build's driver first, then the base jar. */
    public static ForkLauncher.Side of(String label, String java, List<String> jvmArgs, Path baseJar, Path cacheDir) {
        BaseBuild.checkBenchmarksJar(baseJar);
        Path driver = driverJar(cacheDir);
        return new ForkLauncher.Side(label, java, jvmArgs, driver + File.pathSeparator + baseJar.toAbsolutePath());
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
                for (String pkg : DRIVER_PACKAGES) {
                    copyPackage(source, pkg, out);
                }
            }
            byte[] content = bytes.toByteArray();
            Files.createDirectories(cacheDir);
            Path target = cacheDir.resolve("fork-driver-" + Integer.toHexString(java.util.Arrays.hashCode(content)) + ".jar");
            if (!Files.isRegularFile(target)) {
                AtomicFiles.write(target, content);
            }
            return target.toAbsolutePath();
        } catch (IOException | URISyntaxException e) {
            throw new CcsidBenchException("cannot make the fork driver jar for the base: " + e.getMessage());
        }
    }

    /** Copies the classes of one package (not its sub-packages) from a class directory or a jar into {@code out}. */
    private static void copyPackage(Path source, String pkg, JarOutputStream out) throws IOException {
        if (Files.isDirectory(source)) {
            try (Stream<Path> files = Files.list(source.resolve(pkg))) {
                for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                    out.putNextEntry(new JarEntry(pkg + f.getFileName()));
                    out.write(Files.readAllBytes(f));
                    out.closeEntry();
                }
            }
            return;
        }
        try (JarFile jar = new JarFile(source.toFile())) {
            for (JarEntry e : jar.stream().filter(e -> e.getName().startsWith(pkg) && !e.isDirectory()
                    && e.getName().indexOf('/', pkg.length()) < 0).sorted((a, b) -> a.getName().compareTo(b.getName())).toList()) {
                out.putNextEntry(new JarEntry(e.getName()));
                try (InputStream in = jar.getInputStream(e)) {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
        }
    }
}
