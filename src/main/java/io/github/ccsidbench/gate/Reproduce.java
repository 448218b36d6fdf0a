package io.github.ccsidbench.gate;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The one command that measures again, on the reader's machine, the benchmarks a gate run did not pass: the same base,
 * narrowed to them (perhaps a few more combinations, never fewer). See docs/gate.md, "What a failure shows".
 */
public final class Reproduce {

    private static final Pattern KEY = Pattern.compile("^(\\w+)\\.(\\w+)(.*)$");
    private static final Pattern PARAM = Pattern.compile("(\\w+)=(\\S+)");
    /** A base side built from a commit: "base 1a2b3c4d5e6f (main)", "base 1a2b3c4d5e6f, its plug-in". */
    private static final Pattern COMMIT_LABEL = Pattern.compile("base [0-9a-f]{7,40}([ ,].*)?");

    private Reproduce() {
    }

    /** The options {@link #command} narrows: the user's own are replaced by the benchmarks' values. */
    private static final Set<String> NARROWED = Set.of("--include", "--ccsid", "--provider", "--length");

    /** The command for {@code benchmarks} of {@code r} (all when empty): the gate's options, {@code --out} left out, narrowed. */
    public static String command(GateResult r, List<PairedComparison> benchmarks) {
        StringBuilder cmd = new StringBuilder("java -jar target/benchmarks.jar gate");
        boolean narrow = !benchmarks.isEmpty();
        if (r.command().isEmpty()) {
            cmd.append(' ').append(base(r.base(), r.basePlugins()));
            for (String plugin : r.candidatePlugins()) {
                cmd.append(" --plugin ").append(quote(plugin));
            }
        } else {
            if (COMMIT_LABEL.matcher(r.base()).matches()) {
                cmd.append(' ').append(base(r.base(), List.of())); // the commit it resolved to, not a ref that moves on
            }
            List<String> given = r.command();
            for (int i = 0; i < given.size(); i++) {
                String word = given.get(i);
                String name = word.startsWith("--") && word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
                boolean joined = !name.equals(word);
                if (narrow && NARROWED.contains(name) || name.equals("--base")) {
                    i += joined ? 0 : 1; // its value goes too
                    continue;
                }
                cmd.append(' ').append(quote(word));
            }
        }
        if (!narrow) {
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

    /** The base option naming the same base, from its label (a commit, a jar, a JVM) or the base side's plug-ins. */
    static String base(String label, List<String> basePlugins) {
        if (label.startsWith("base jar ")) {
            return "--base-jar " + quote(label.substring("base jar ".length()));
        }
        if (label.startsWith("base JVM ")) {
            return "--base-jvm " + quote(label.substring("base JVM ".length()));
        }
        if (label.startsWith("base (this build")) {
            return basePlugins.stream().map(p -> "--base-plugin " + quote(p)).collect(Collectors.joining(" "));
        }
        if (label.startsWith("base ")) {
            String commit = label.substring("base ".length()).split("[ ,]")[0];
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
