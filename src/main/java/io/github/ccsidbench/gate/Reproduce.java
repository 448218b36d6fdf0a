package io.github.ccsidbench.gate;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The one command a pull request's author pastes to measure again, on their own machine, the benchmarks a gate run did
 * not pass: the same base, narrowed to those benchmarks by method and by parameter. It may measure a few more
 * combinations than failed (the options narrow each parameter apart), never fewer.
 */
final class Reproduce {

    private static final Pattern KEY = Pattern.compile("^(\\w+)\\.(\\w+)(.*)$");
    private static final Pattern PARAM = Pattern.compile("(\\w+)=(\\S+)");

    private Reproduce() {
    }

    /** The command for {@code benchmarks} of {@code r} (all of the run's when empty). */
    static String command(GateResult r, List<PairedComparison> benchmarks) {
        StringBuilder cmd = new StringBuilder("java -jar target/benchmarks.jar gate ").append(base(r.base()));
        for (String plugin : r.candidatePlugins()) {
            cmd.append(" --plugin ").append(quote(plugin));
        }
        if (benchmarks.isEmpty()) {
            return cmd.toString();
        }
        Set<String> methods = new LinkedHashSet<>();
        Set<String> ccsids = new LinkedHashSet<>();
        Set<String> providers = new LinkedHashSet<>();
        Set<String> lengths = new LinkedHashSet<>();
        for (PairedComparison c : benchmarks) {
            Matcher m = KEY.matcher(c.key());
            if (!m.matches()) {
                continue;
            }
            methods.add(m.group(1) + "\\." + m.group(2) + "$");
            Matcher p = PARAM.matcher(m.group(3));
            while (p.find()) {
                switch (p.group(1)) {
                    case "ccsid" -> ccsids.add(p.group(2));
                    case "provider" -> providers.add(p.group(2));
                    case "length" -> lengths.add(p.group(2));
                    default -> { }
                }
            }
        }
        cmd.append(" --include ").append(quote(String.join("|", methods)));
        option(cmd, "--ccsid", ccsids);
        option(cmd, "--provider", providers);
        option(cmd, "--length", lengths);
        return cmd.toString();
    }

    /** The base option that names the same base: a commit, a jar or a JVM, from the base's label. */
    static String base(String label) {
        if (label.startsWith("base jar ")) {
            return "--base-jar " + quote(label.substring("base jar ".length()));
        }
        if (label.startsWith("base JVM ")) {
            return "--base-jvm " + quote(label.substring("base JVM ".length()));
        }
        if (label.startsWith("base ")) {
            String commit = label.substring("base ".length()).split(" ")[0];
            return "--base " + commit;
        }
        return "--base " + quote(label);
    }

    private static void option(StringBuilder cmd, String name, Set<String> values) {
        if (!values.isEmpty()) {
            cmd.append(' ').append(name).append(' ').append(values.stream().collect(Collectors.joining(",")));
        }
    }

    /** A word as a POSIX shell reads it back. */
    static String quote(String word) {
        return word.matches("[A-Za-z0-9_./:=@%+,-]+") ? word : "'" + word.replace("'", "'\\''") + "'";
    }
}
