package io.github.ccsidbench.gate;

import io.github.ccsidbench.CcsidBenchException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * What a benchmarks jar holds, as one digest of its entries' names and contents (not their timestamps, which every
 * build writes anew): two commits whose jars have the same digest run the same code, so a bisection judges a commit that
 * only touched documentation or tests by its jar, without measuring it.
 */
final class JarDigest {

    private JarDigest() {
    }

    /** The SHA-256 of the jar's entries in name order: name, length, content. */
    static String of(Path jar) {
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
