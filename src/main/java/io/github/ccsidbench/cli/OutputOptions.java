package io.github.ccsidbench.cli;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * {@code --out DIR}, where a command writes its files, declared once for {@code run}, {@code gate} and
 * {@code report}; each command names its own default directory in its description.
 */
final class OutputOptions {

    @Option(names = "--out", paramLabel = "DIR", description = "output directory (default: see above)")
    Path out;

    /** The directory given, or {@code otherwise}. */
    Path dir(Path otherwise) {
        return out != null ? out : otherwise;
    }
}
