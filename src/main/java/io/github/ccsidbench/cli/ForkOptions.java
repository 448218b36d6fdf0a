package io.github.ccsidbench.cli;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.suite.SuiteRunner;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** How benchmark forks are started ({@code --jvm}, {@code --jvm-arg}), shared by every command that measures. */
final class ForkOptions {

    @Option(names = "--jvm", paramLabel = "JAVA", description = "java executable for the forks (default: this JVM's)")
    String jvm;

    @Option(names = "--jvm-arg", paramLabel = "ARG", description = "extra argument for every fork (repeatable)")
    List<String> jvmArgs = new ArrayList<>();

    /** The forks' java executable; one that is not executable is a one-line error. */
    String java() {
        return executable("--jvm", jvm != null ? jvm : Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /** {@code java}, given as {@code option}; one that is not executable is a one-line error. */
    static String executable(String option, String java) {
        if (!Files.isExecutable(Path.of(java))) {
            throw new CcsidBenchException(option + " " + java + " is not an executable java");
        }
        return java;
    }

    /** The system property through which Maven's profiles pass extra fork arguments (space-separated). */
    static final String MAVEN_JVM_ARGS = "ccsidbench.jvmArgs";

    /** The suite's default fork arguments, then the user's ({@code --jvm-arg}, then those Maven passed). */
    List<String> args() {
        List<String> args = new ArrayList<>(SuiteRunner.DEFAULT_JVM_ARGS);
        args.addAll(jvmArgs);
        args.addAll(fromMaven());
        return args;
    }

    /** The fork arguments Maven passed ({@link #MAVEN_JVM_ARGS}), none when it passed none. */
    static List<String> fromMaven() {
        String fromMaven = System.getProperty(MAVEN_JVM_ARGS, "").trim();
        return fromMaven.isEmpty() ? List.of() : List.of(fromMaven.split("\\s+"));
    }
}
