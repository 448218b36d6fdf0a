package io.github.ccsidbench.gate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads a failed Maven build's log for the one line that says what failed: the gate's error for a base that does not
 * build is one line, and Maven's own last lines are boilerplate (help links, "re-run with -e").
 */
final class MavenLog {

    private static final Pattern ANSI_ESCAPE = Pattern.compile("\\x1B\\[[0-9;]*[A-Za-z]");

    private MavenLog() {
    }

    /**
     * The line of a build log that says what failed: the last line with ERROR that is not Maven's
     * boilerplate (help links, "re-run with -e"), else the last line.
     */
    static String failureLine(Path log) {
        List<String> lines;
        try {
            // Decoded leniently: a build's output need not be UTF-8.
            lines = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            return "(no readable output)";
        }
        String error = null;
        String last = null;
        for (String raw : lines) {
            String line = ANSI_ESCAPE.matcher(raw).replaceAll("").strip();
            if (line.isEmpty()) {
                continue;
            }
            last = line;
            if (line.contains("ERROR") && !isMavenBoilerplate(line)) {
                error = line;
            }
        }
        String chosen = error != null ? error : last;
        if (chosen == null) {
            return "(no output)";
        }
        return chosen.length() > 400 ? chosen.substring(0, 400) + "..." : chosen;
    }

    private static boolean isMavenBoilerplate(String line) {
        String rest = line.replaceFirst("^\\[ERROR\\]\\s*", "");
        return rest.isEmpty()
                || rest.startsWith("-> [Help")
                || rest.startsWith("[Help")
                || rest.startsWith("To see the full stack trace")
                || rest.startsWith("Re-run Maven")
                || rest.startsWith("For more information about the errors")
                || rest.startsWith("After correcting the problems");
    }
}
