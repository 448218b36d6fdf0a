package io.github.ccsidbench.steady;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * What a profiled fork did, written by the fork beside its collapsed stacks so that the host can say how the profile
 * was taken, or why there is none.
 *
 * @param event the event sampled with, or null when none could start
 * @param refused "event: reason" for each event that could not start, in the order tried
 * @param samples the samples taken, in all threads
 * @param warmIterations iterations before sampling started
 * @param sampledIterations iterations sampled
 * @param failure why there is no profile, or null
 * @param profilerUnavailable true when the profiler itself cannot run here, rather than this benchmark
 */
public record ProfileOutcome(String event, List<String> refused, long samples, int warmIterations, int sampledIterations,
                             String failure, boolean profilerUnavailable) {

    public ProfileOutcome {
        refused = List.copyOf(refused);
    }

    /** Writes it whole under a temporary name, then renames it. */
    void write(Path file) throws IOException {
        Properties p = new Properties();
        if (event != null) {
            p.setProperty("event", event);
        }
        for (int i = 0; i < refused.size(); i++) {
            p.setProperty("refused." + i, refused.get(i));
        }
        p.setProperty("samples", Long.toString(samples));
        p.setProperty("warmIterations", Integer.toString(warmIterations));
        p.setProperty("sampledIterations", Integer.toString(sampledIterations));
        if (failure != null) {
            p.setProperty("failure", failure);
        }
        p.setProperty("profilerUnavailable", Boolean.toString(profilerUnavailable));
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            p.store(out, "ccsid-bench profiled fork");
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Reads what {@link #write} wrote. */
    public static ProfileOutcome read(Path file) throws IOException {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        }
        List<String> refused = new ArrayList<>();
        for (int i = 0; p.getProperty("refused." + i) != null; i++) {
            refused.add(p.getProperty("refused." + i));
        }
        return new ProfileOutcome(p.getProperty("event"), refused, Long.parseLong(p.getProperty("samples", "0")),
                Integer.parseInt(p.getProperty("warmIterations", "0")), Integer.parseInt(p.getProperty("sampledIterations", "0")),
                p.getProperty("failure"), Boolean.parseBoolean(p.getProperty("profilerUnavailable")));
    }
}
