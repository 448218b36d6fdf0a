package io.github.ccsidbench.suite;

import java.time.Duration;

/** Formats durations for progress lines and estimates: "42s", "12m05s", "3h20m". */
public final class Durations {

    private Durations() {
    }

    public static String format(Duration d) {
        long s = Math.max(0, d.toSeconds());
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return String.format("%dm%02ds", s / 60, s % 60);
        }
        return String.format("%dh%02dm", s / 3600, s % 3600 / 60);
    }
}
