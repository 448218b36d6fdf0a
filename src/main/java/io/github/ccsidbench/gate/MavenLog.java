package io.github.ccsidbench.gate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a failed Maven build's log: for the one line that says what failed (the gate's error for a base that does not
 * build is one line, and Maven's own last lines are boilerplate: help links, "re-run with -e"), and for the artifacts
 * Maven could not resolve (a base that does not build offline only because the local repository lacks them is built
 * again online).
 */
final class MavenLog {

    private static final Pattern ANSI_ESCAPE = Pattern.compile("\\x1B\\[[0-9;]*[A-Za-z]");

    /** groupId:artifactId:type[:classifier]:version, as Maven's resolver prints an artifact. */
    private static final String COORDINATES = "[A-Za-z0-9_.\\-]+(?::[A-Za-z0-9_.\\-+]+){3,4}";

    /**
     * The phrases in which Maven 3.8 and 3.9 name an artifact they could not resolve (docs/gate.md, "The base"; the
     * exact lines are MavenLogTest's fixtures): offline, a missing one; online, one the registry lacks, one it lacked
     * at an earlier attempt (a failure cached in the local repository), one it could not be reached for.
     */
    private static final List<Pattern> MISSING = List.of(
            Pattern.compile("in offline mode and the artifact (" + COORDINATES + ") has not been downloaded from it before"),
            Pattern.compile("Could not find artifact (" + COORDINATES + ")"),
            Pattern.compile("(" + COORDINATES + ") was not found in \\S+ during a previous attempt"),
            Pattern.compile("Failure to find (" + COORDINATES + ") in "),
            Pattern.compile("Could not transfer artifact (" + COORDINATES + ") from/to "));

    /** Maven's list of every artifact a resolution lacked ("a, b: ..."; 3.9 adds "(absent)" and the like to each). */
    private static final Pattern LIST = Pattern.compile("The following artifacts could not be resolved: ");
    private static final Pattern LIST_ITEM = Pattern.compile("\\G(" + COORDINATES + ")(?: \\([^)]*\\))?(?:, )?");

    private MavenLog() {
    }

    /**
     * The line of a build log that says what failed: the last line with ERROR that is not Maven's
     * boilerplate (help links, "re-run with -e"), else the last line.
     */
    static String failureLine(Path log) {
        List<String> lines = lines(log);
        if (lines == null) {
            return "(no readable output)";
        }
        String error = null;
        String last = null;
        for (String line : lines) {
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

    /**
     * The artifacts a failed build could not resolve, as Maven names them ({@code net.sf.jt400:jt400:jar:20.0.8}), in
     * the order the log names them, each once; empty when it failed for another reason (or the log cannot be read).
     * Only Maven's {@code [ERROR]} and {@code [FATAL]} lines are read, so that a build's other output cannot pass for a
     * resolution failure.
     */
    static List<String> missingArtifacts(Path log) {
        List<String> lines = lines(log);
        if (lines == null) {
            return List.of();
        }
        Set<String> found = new LinkedHashSet<>();
        for (String line : lines) {
            if (!line.startsWith("[ERROR]") && !line.startsWith("[FATAL]")) {
                continue;
            }
            List<Map.Entry<Integer, String>> inLine = new ArrayList<>();
            for (Pattern p : MISSING) {
                Matcher m = p.matcher(line);
                while (m.find()) {
                    inLine.add(Map.entry(m.start(1), m.group(1)));
                }
            }
            Matcher list = LIST.matcher(line);
            while (list.find()) {
                Matcher item = LIST_ITEM.matcher(line);
                item.region(list.end(), line.length());
                while (item.find()) {
                    inLine.add(Map.entry(item.start(1), item.group(1)));
                }
            }
            inLine.sort(Map.Entry.comparingByKey(Comparator.naturalOrder()));
            inLine.forEach(e -> found.add(e.getValue()));
        }
        return List.copyOf(found);
    }

    /** The log's lines without colours and surrounding blanks; null when it cannot be read. */
    private static List<String> lines(Path log) {
        try {
            // Decoded leniently: a build's output need not be UTF-8.
            return new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines()
                    .map(raw -> ANSI_ESCAPE.matcher(raw).replaceAll("").strip())
                    .toList();
        } catch (IOException e) {
            return null;
        }
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
