package io.github.ccsidbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fidelity} on a file four times the size of its JVM's whole heap ({@code -Xmx32m}, 128 MB of Polish and
 * German words): reading it whole would end in an OutOfMemoryError, so only a reader that streams passes. The counts it
 * prints are held against the counts the test wrote: every letter outside US-ASCII is lost in 367, and in 37 the
 * letters CCSID 37 does not hold (the Polish ones; German's are in Latin-1, which 37 covers).
 */
class FidelityLargeInputIT {

    private static final String[] WORDS = {"zażółć", "gęślą", "jaźń", "Straße", "Übergröße", "mañana", "plain", "ASCII",
            "Łódź", "naïve"};
    private static final long SIZE = 128L << 20;

    @Test
    void aFileFourTimesTheHeapStreamsToItsTable(@TempDir Path dir) throws IOException, InterruptedException {
        Path file = dir.resolve("words.txt");
        long nonAscii = 0;
        long notIn37 = 0;
        long characters = 0;
        Random random = new Random(49);
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            long bytes = 0;
            while (bytes < SIZE) {
                String word = WORDS[random.nextInt(WORDS.length)];
                w.write(word);
                w.write('\n');
                bytes += word.getBytes(StandardCharsets.UTF_8).length + 1;
                characters += word.length() + 1;
                for (char c : word.toCharArray()) {
                    if (c > 0x7F) {
                        nonAscii++;
                        if (c > 0xFF) {
                            notIn37++;
                        }
                    }
                }
            }
        }
        BenchmarksJarIT.Result r = BenchmarksJarIT.jar(List.of("-Xmx32m"), new byte[0], "fidelity", file.toString(),
                "--provider", "jdk");
        assertEquals(3, r.status(), r.err() + r.text());
        String out = r.text();
        assertTrue(out.startsWith(String.format(Locale.ROOT, "%,d characters (", characters)), out);
        assertTrue(out.contains(String.format(Locale.ROOT, "| 367 | jdk | %,d |", nonAscii)), out);
        assertTrue(out.contains(String.format(Locale.ROOT, "| 37 | jdk | %,d |", notIn37)), out);
        assertTrue(out.contains("| 1208 | jdk | 0 | 0 | lossless |"), out);
        assertTrue(out.contains("at line 1, column"), out);
    }
}
