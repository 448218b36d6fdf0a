package io.github.ccsidbench.steady;

import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * What a profiled fork is to sample, part of its {@link ForkRequest}; a fork without one is a measured fork.
 *
 * @param events async-profiler events to try in order (the first that starts is used)
 * @param intervalNanos the sampling interval
 * @param sampledIterations iterations sampled once the stopping rule says the series is steady
 * @param dir where the fork writes its files
 * @param stem the files' name without extension: {@code stem.collapsed}, {@code stem.html}, {@code stem.properties}
 */
public record ProfileRequest(List<String> events, long intervalNanos, int sampledIterations, Path dir, String stem) {

    /** The events tried when none are given: the most accurate the machine allows first. */
    public static final List<String> DEFAULT_EVENTS = List.of("cpu", "ctimer", "itimer");
    /** One sample per millisecond of CPU time: about a thousand samples per second profiled. */
    public static final long DEFAULT_INTERVAL_NANOS = 1_000_000L;

    public ProfileRequest {
        events = List.copyOf(events);
        if (events.isEmpty() || sampledIterations < 1) {
            throw new IllegalArgumentException("a profile needs an event and an iteration to sample");
        }
    }

    /** The collapsed stacks' file. */
    public Path collapsed() {
        return dir.resolve(stem + ".collapsed");
    }

    /** The flame graph's file. */
    public Path flameGraph() {
        return dir.resolve(stem + ".html");
    }

    /** The file the fork writes what happened into ({@link ProfileOutcome}). */
    public Path outcome() {
        return dir.resolve(stem + ".properties");
    }

    void write(Properties p) {
        p.setProperty("profile.events", String.join(",", events));
        p.setProperty("profile.intervalNanos", Long.toString(intervalNanos));
        p.setProperty("profile.sampledIterations", Integer.toString(sampledIterations));
        p.setProperty("profile.dir", dir.toString());
        p.setProperty("profile.stem", stem);
    }

    /** The profile a request file names, or null when it names none. */
    static ProfileRequest read(Properties p) {
        String events = p.getProperty("profile.events");
        if (events == null) {
            return null;
        }
        return new ProfileRequest(List.of(events.split(",")), Long.parseLong(p.getProperty("profile.intervalNanos")),
                Integer.parseInt(p.getProperty("profile.sampledIterations")), Path.of(p.getProperty("profile.dir")),
                p.getProperty("profile.stem"));
    }
}
