package io.github.ccsidbench.cli;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.gate.BaseBuild;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * How the gate builds a commit: this project's Maven build, or a repository's own command and the jar it leaves
 * ({@code --build}, {@code --build-output}; docs/gate.md, "The base").
 */
final class BuildRecipeOptions {

    @Option(names = "--build", paramLabel = "COMMAND", description = "how to build a commit, run by the shell in its checkout"
            + " (e.g. './gradlew -q jar'); default: this project's Maven build, offline first, tests skipped")
    String command;

    @Option(names = "--build-output", paramLabel = "PATH", description = "the jar --build leaves, relative to the checkout"
            + " (default: target/benchmarks.jar); a jar without benchmarks is that commit's plug-in, run on this jar's benchmarks")
    String output;

    boolean given() {
        return command != null || output != null;
    }

    /** The builder these options name, for the git work tree that holds {@code repository}. */
    BaseBuild builder(Path repository, Path cache, PrintStream progress) {
        if (!given()) {
            return new BaseBuild(repository, cache, progress);
        }
        // --build-output alone: this project's Maven build, taking the jar it names.
        return BaseBuild.custom(repository, cache, progress, command == null ? BaseBuild.MAVEN_COMMAND : command, output);
    }

    /** Refuses the options where no commit is built (a base jar, another JVM or a plug-in alone is the base). */
    void onlyWith(boolean building) {
        if (given() && !building) {
            throw new CcsidBenchException("--build and --build-output build the base commit: drop them, or --base-jar,"
                    + " --base-jvm and --base-plugin");
        }
    }
}
