package io.github.ccsidbench.cli;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.suite.SuiteRunner;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The options that say how benchmark forks are started ({@code --jvm}, {@code --jvm-arg}), shared
 * by every command that measures, so they read and are checked the same everywhere.
 */
final class ForkOptions {

    @Option(names = "--jvm", paramLabel = "JAVA", description = "java executable for the forks (default: this JVM's)")
    String jvm;

    @Option(names = "--jvm-arg", paramLabel = "ARG", description = "extra argument for every fork (repeatable)")
    List<String> jvmArgs = new ArrayList<>();

    /** The forks' java executable; one that is not executable is a one-line error. */
    String java() {
        String java = jvm != null ? jvm : Path.of(System.getProperty("java.home"), "bin", "java").toString();
        if (!Files.isExecutable(Path.of(java))) {
            throw new CcsidBenchException("--jvm " + java + " is not an executable java");
        }
        return java;
    }

    /**
     * The system property through which Maven's profiles pass extra fork arguments ({@code -Dbench.jvm-args=...},
     * {@code -Dgate.jvm-args=...}, space-separated), since an exec of the jar cannot repeat {@code --jvm-arg} for them.
     */
    static final String MAVEN_JVM_ARGS = "ccsidbench.jvmArgs";

    /** The suite's default fork arguments, then the user's ({@code --jvm-arg}, then those Maven passed). */
    List<String> args() {
        List<String> args = new ArrayList<>(SuiteRunner.DEFAULT_JVM_ARGS);
        args.addAll(jvmArgs);
        String fromMaven = System.getProperty(MAVEN_JVM_ARGS, "").trim();
        if (!fromMaven.isEmpty()) {
            args.addAll(Arrays.asList(fromMaven.split("\\s+")));
        }
        return args;
    }
}
