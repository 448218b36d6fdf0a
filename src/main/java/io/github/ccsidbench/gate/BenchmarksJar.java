package io.github.ccsidbench.gate;

import io.github.ccsidbench.CcsidBenchException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * A benchmarks jar: whether a file is one (JMH's benchmark list inside) or a plug-in's jar, and a digest of its entries'
 * names and contents (no timestamps), by which a bisection judges a docs- or tests-only commit unmeasured.
 */
public final class BenchmarksJar {

    /** The entry JMH's annotation processor writes: what makes a jar a benchmarks jar. */
    static final String BENCHMARK_LIST = "META-INF/BenchmarkList";

    private BenchmarksJar() {
    }

    /** Checks that {@code jar} is a benchmarks jar ({@link #BENCHMARK_LIST}); a one-line {@link CcsidBenchException} if not. */
    public static void checkBenchmarksJar(Path jar) {
        if (!Files.exists(jar)) {
            throw new CcsidBenchException("no file " + jar + ": pass the base's target/benchmarks.jar");
        }
        if (!Files.isRegularFile(jar)) {
            throw new CcsidBenchException(jar + " is not a file: pass the base's target/benchmarks.jar");
        }
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            if (zip.getEntry(BENCHMARK_LIST) == null) {
                throw new CcsidBenchException(jar + " is not a benchmarks jar: it has no " + BENCHMARK_LIST
                        + " (build one with mvn package: target/benchmarks.jar)");
            }
        } catch (ZipException e) {
            throw new CcsidBenchException(jar + " is not a jar file: pass the base's target/benchmarks.jar");
        } catch (IOException e) {
            throw new CcsidBenchException("cannot read " + jar + ": " + CcsidBenchException.reason(e));
        }
    }

    static boolean isJar(Path jar) {
        try (ZipFile ignored = new ZipFile(jar.toFile())) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** True when {@code jar} holds JMH's benchmark list: a benchmarks jar, not a plug-in. */
    public static boolean holdsBenchmarks(Path jar) {
        try {
            checkBenchmarksJar(jar);
            return true;
        } catch (CcsidBenchException e) {
            return false;
        }
    }

    /** The SHA-256 of the jar's entries in name order: name, length, content. */
    static String digest(Path jar) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (ZipEntry e : zip.stream().filter(e -> !e.isDirectory()).sorted((a, b) -> a.getName().compareTo(b.getName())).toList()) {
                sha.update(e.getName().getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
                long size = 0;
                try (InputStream in = zip.getInputStream(e)) {
                    for (int n; (n = in.read(buffer)) > 0; ) {
                        sha.update(buffer, 0, n);
                        size += n;
                    }
                }
                sha.update(Long.toString(size).getBytes(StandardCharsets.US_ASCII));
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (IOException e) {
            throw new CcsidBenchException("cannot read " + jar + ": " + CcsidBenchException.reason(e));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
