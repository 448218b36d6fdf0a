package io.github.ccsidbench.cli;

import io.github.ccsidbench.suite.Selection;
import picocli.CommandLine.Option;

import java.util.List;

/**
 * {@code --length} and {@code --include}, the options that narrow a benchmark matrix to some string lengths and
 * benchmark names, declared once for the commands that run benchmarks ({@code run}, {@code gate}).
 */
final class SubsetOptions {

    @Option(names = "--length", paramLabel = "LIST", split = ",",
            description = "string lengths in characters instead of the default ones, e.g. 8,1024,65536 (run: the preset's; gate: 1024)")
    List<String> lengths;

    @Option(names = "--include", paramLabel = "REGEX",
            description = "only benchmarks whose JMH name matches, e.g. 'encode' or 'ConversionBenchmark.decode'")
    String include;

    /** {@code selection} with the lengths and the include pattern given (each checked; untouched where not given). */
    Selection narrow(Selection selection) {
        Selection s = lengths == null ? selection : selection.withLengths(OptionValues.each(lengths, OptionValues::length));
        return include == null ? s : s.withInclude(OptionValues.include(include));
    }
}
