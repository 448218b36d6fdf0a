package io.github.ccsidbench.cli;

import io.github.ccsidbench.gate.GateResult;
import io.github.ccsidbench.gate.GateThresholds;
import io.github.ccsidbench.gate.PairedComparison;
import io.github.ccsidbench.gate.Reproduce;
import io.github.ccsidbench.results.RunEnvironment;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reproduce command rebuilds the gate that ran: parse a gate's options, write the command a pull request's author
 * pastes, read it as a shell would, parse it again, and the options are the same (the base a commit label resolved to,
 * and the benchmarks narrowed to the one that did not pass).
 */
class GateReproduceTest {

    private static final String KEY = "ConversionBenchmark.encode ccsid=37 length=1024 provider=share-codec workload=ascii-text";

    static Stream<List<String>> gates() {
        return Stream.of(
                List.of("--base-plugin", "old codec/codec.jar", "--plugin", "new.jar", "--provider", "share-codec", "--ccsid", "37"),
                List.of("--base", "main", "--build", "./gradlew -q jar", "--build-output", "build/libs/codec.jar", "--plugin", "x.jar"),
                List.of("--base-jvm", "/opt/jdk25/bin/java", "--jvm", "/usr/bin/java", "--jvm-arg", "-XX:UseAVX=2",
                        "--jvm-arg", "-Xmx1g"),
                List.of("--base-jar", "base.jar", "--include", "encode$", "--length", "1024,4096", "--provider", "jdk,icu",
                        "--ccsid", "37,1208", "--interleaved", "--pairs", "4", "--confirmation-pairs", "24", "--budget", "20",
                        "--strict", "--fail", "10", "--out", "target/somewhere"));
    }

    @ParameterizedTest
    @MethodSource("gates")
    void theReproduceCommandParsesBackToTheSameGate(List<String> args) {
        ParseResult first = parse(args);
        // A --build that leaves a plug-in labels the base side by its commit and ", its plug-in".
        String base = args.contains("--build") ? "base 1a2b3c4d5e6f, its plug-in" : args.contains("--base") ? "base 1a2b3c4d5e6f (main)"
                : args.contains("--base-jar") ? "base jar base.jar"
                : args.contains("--base-jvm") ? "base JVM /opt/jdk25/bin/java" : "base (this build, its own plug-in)";
        PairedComparison open = PairedComparison.disturbed(KEY, 1, 2);
        GateResult r = new GateResult("CANNOT_TELL", 3, base, "candidate (this build)", "duet",
                RunEnvironment.capture("gate", "steady", "java"), GateThresholds.AB, 3, 16, List.of(open), List.of(), List.of(),
                Map.of("CANNOT_TELL", 1), 1, 1, 0, List.of(), List.of(), 1, 0, GateCommand.given(first));
        String command = Reproduce.command(r, List.of(open));
        List<String> words = shellWords(command);
        assertEquals(List.of("java", "-jar", "target/benchmarks.jar", "gate"), words.subList(0, 4), command);
        Map<String, List<String>> again = options(parse(words.subList(4, words.size())));
        Map<String, List<String>> expected = options(first);
        expected.remove("--out");
        if (expected.containsKey("--base")) {
            expected.put("--base", List.of("1a2b3c4d5e6f"));
        }
        expected.put("--ccsid", List.of("37"));
        expected.put("--provider", List.of("share-codec"));
        expected.put("--length", List.of("1024"));
        expected.put("--include", List.of("ConversionBenchmark\\.encode$"));
        assertEquals(expected, again, command);
        assertTrue(!command.contains("--out"), command);
    }

    private static ParseResult parse(List<String> args) {
        return new CommandLine(new GateCommand()).parseArgs(args.toArray(String[]::new));
    }

    /** Each matched option's values as typed, in order, keyed by its longest name. */
    private static Map<String, List<String>> options(ParseResult parsed) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        for (OptionSpec o : parsed.matchedOptions()) {
            m.put(o.longestName(), o.arity().max() == 0 ? List.of("true") : List.copyOf(o.originalStringValues()));
        }
        return m;
    }

    /** Words as a POSIX shell reads them, for the quoting {@code Reproduce} writes: bare words and single quotes. */
    private static List<String> shellWords(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '\'') {
                    quoted = false;
                } else {
                    w.append(c);
                }
            } else if (c == '\'') {
                quoted = true;
                any = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                w.append(line.charAt(++i));
                any = true;
            } else if (c == ' ') {
                if (any || w.length() > 0) {
                    words.add(w.toString());
                }
                w.setLength(0);
                any = false;
            } else {
                w.append(c);
            }
        }
        if (any || w.length() > 0) {
            words.add(w.toString());
        }
        return words;
    }
}
