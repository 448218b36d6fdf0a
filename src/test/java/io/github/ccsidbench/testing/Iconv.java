package io.github.ccsidbench.testing;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.MixedEbcdic;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * glibc's {@code iconv}, an implementation of IBM's EBCDIC tables that shares no code with the JDK, ICU4J or JTOpen:
 * the independent oracle the corpus tests hold the project's own oracle to. Values go through one process call per
 * direction (joined by line feeds, through files, so no pipe can fill up), under a timeout that kills it.
 */
public final class Iconv {

    private static final long TIMEOUT_SECONDS = 60;
    /** The line feed in every EBCDIC CCSID here, as glibc writes it. */
    private static final byte EBCDIC_LF = 0x25;

    private Iconv() {
    }

    /** glibc's name for the CCSID ("IBM037", "IBM1399"), when {@code iconv -l} lists it. */
    public static Optional<String> name(Ccsid ccsid) {
        String name = String.format("IBM%03d", ccsid.number());
        return available().contains(name) ? Optional.of(name) : Optional.empty();
    }

    private static volatile List<String> available;

    private static List<String> available() {
        List<String> names = available;
        if (names == null) {
            try {
                names = Arrays.stream(new String(run(List.of("iconv", "-l"), new byte[0]), StandardCharsets.UTF_8).split("[,\\s]+"))
                        .map(n -> n.replace("//", "")).toList();
            } catch (RuntimeException e) {
                names = List.of();
            }
            available = names;
        }
        return names;
    }

    /**
     * Each value's bytes in the CCSID as iconv writes them, for the values it converts without loss (a round trip
     * through iconv gives the value back); the others are absent. Values must hold no line feed.
     */
    public static Map<String, byte[]> encode(Ccsid ccsid, List<String> values) {
        String name = name(ccsid).orElseThrow(() -> new IllegalArgumentException("iconv has no " + ccsid));
        String joined = String.join("\n", values) + "\n";
        byte[] ebcdic = run(List.of("iconv", "-c", "-f", "UTF-8", "-t", name), joined.getBytes(StandardCharsets.UTF_8));
        List<byte[]> lines = splitLines(ebcdic, ccsid.scheme().mixed());
        String[] back = new String(run(List.of("iconv", "-f", name, "-t", "UTF-8"), ebcdic), StandardCharsets.UTF_8).split("\n", -1);
        if (lines.size() != values.size() || back.length != values.size() + 1) {
            throw new IllegalStateException("iconv " + name + " gave " + lines.size() + " lines for " + values.size() + " values");
        }
        Map<String, byte[]> out = new HashMap<>();
        for (int i = 0; i < values.size(); i++) {
            if (back[i].equals(values.get(i))) {
                out.put(values.get(i), lines.get(i));
            }
        }
        return out;
    }

    /**
     * The code point iconv decodes each byte 0x00..0xFF of a single-byte CCSID to, all 256 in one call; fails when
     * iconv does not give exactly one character a byte.
     */
    public static int[] decodeAllBytes(Ccsid ccsid) {
        String name = name(ccsid).orElseThrow(() -> new IllegalArgumentException("iconv has no " + ccsid));
        byte[] all = new byte[256];
        for (int b = 0; b < 256; b++) {
            all[b] = (byte) b;
        }
        byte[] utf32 = run(List.of("iconv", "-f", name, "-t", "UTF-32BE"), all);
        if (utf32.length != 4 * 256) {
            throw new IllegalStateException("iconv -f " + name + " gave " + utf32.length / 4 + " characters for 256 bytes");
        }
        java.nio.IntBuffer cps = java.nio.ByteBuffer.wrap(utf32).asIntBuffer();
        int[] out = new int[256];
        cps.get(out);
        return out;
    }

    /** Splits at each line feed written in single-byte state (glibc closes a double-byte run before it). */
    private static List<byte[]> splitLines(byte[] bytes, boolean mixed) {
        List<byte[]> lines = new ArrayList<>();
        boolean doubleByte = false;
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (mixed && (bytes[i] == MixedEbcdic.SHIFT_OUT || bytes[i] == MixedEbcdic.SHIFT_IN)) {
                doubleByte = bytes[i] == MixedEbcdic.SHIFT_OUT;
            } else if (doubleByte) {
                i++;
            } else if (bytes[i] == EBCDIC_LF) {
                lines.add(Arrays.copyOfRange(bytes, start, i));
                start = i + 1;
            }
        }
        return lines;
    }

    private static byte[] run(List<String> command, byte[] input) {
        Path in = null;
        Path out = null;
        try {
            in = Files.createTempFile("iconv-in", ".bin");
            out = Files.createTempFile("iconv-out", ".bin");
            Files.write(in, input);
            Process p = new ProcessBuilder(command).redirectInput(in.toFile()).redirectOutput(out.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " did not finish in " + TIMEOUT_SECONDS + " s");
            }
            return Files.readAllBytes(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } finally {
            delete(in);
            delete(out);
        }
    }

    private static void delete(Path f) {
        try {
            if (f != null) {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            // a temporary file of the test's
        }
    }
}
