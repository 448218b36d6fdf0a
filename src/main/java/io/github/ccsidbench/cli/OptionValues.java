package io.github.ccsidbench.cli;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/** Parses the values the commands share (CCSIDs, lists, an input file or stdin), errors as one line. */
final class OptionValues {

    private OptionValues() {
    }

    /** A CCSID by number or name; an unknown one is a one-line usage error. */
    static Ccsid ccsid(String value) {
        try {
            return CcsidRegistry.lookup(value);
        } catch (CcsidBenchException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }

    /** The {@code --include} value, checked: a regular expression, or a one-line error. */
    static String include(String value) {
        try {
            Pattern.compile(value);
            return value;
        } catch (PatternSyntaxException e) {
            throw new CcsidBenchException("--include is not a regular expression: " + e.getDescription());
        }
    }

    /** A string length option value: a whole number from 1 to 2^26, or a one-line error. */
    static Integer length(String value) {
        try {
            int n = Integer.parseInt(value);
            if (n < 1 || n > 1 << 26) {
                throw new NumberFormatException();
            }
            return n;
        } catch (NumberFormatException e) {
            throw new CcsidBenchException("length '" + value + "' is not a whole number from 1 to " + (1 << 26));
        }
    }

    /** A whole-number option's value, checked against its range where picocli parses it: a one-line usage error. */
    abstract static class WholeNumber implements CommandLine.ITypeConverter<Integer> {
        private final int min;
        private final int max;

        WholeNumber(int min, int max) {
            this.min = min;
            this.max = max;
        }

        @Override
        public Integer convert(String value) {
            try {
                int n = Integer.parseInt(value.trim());
                if (n >= min && n <= max) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // the message below says what is wanted
            }
            throw new CommandLine.TypeConversionException("'" + value + "' is not a whole number from " + min + " to " + max);
        }
    }

    /** {@code --forks} and {@code --max-forks}. */
    static final class Forks extends WholeNumber {
        Forks() {
            super(1, 1000);
        }
    }

    /** {@code --max-iterations}. */
    static final class MaxIterations extends WholeNumber {
        MaxIterations() {
            super(2, 10_000);
        }
    }

    /** {@code --iteration-ms}. */
    static final class IterationMillis extends WholeNumber {
        IterationMillis() {
            super(10, 60_000);
        }
    }

    /** {@code --rows}. */
    static final class SampleRows extends WholeNumber {
        SampleRows() {
            super(1, 1_000_000);
        }
    }

    /** A time budget in minutes ({@code --budget}): from 0 (none) to 100,000. */
    static final class Minutes implements CommandLine.ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            try {
                double m = Double.parseDouble(value.trim());
                if (m >= 0 && m <= 100_000) {
                    return m;
                }
            } catch (NumberFormatException e) {
                // the message below says what is wanted
            }
            throw new CommandLine.TypeConversionException("'" + value + "' is not a number of minutes from 0 to 100000 (0: none)");
        }
    }

    /** The items of a list option (picocli splits it at commas), trimmed, empty ones skipped, each parsed by {@code parse}. */
    static <T> List<T> each(List<String> items, Function<String, T> parse) {
        return items.stream().map(String::trim).filter(s -> !s.isEmpty()).map(parse).toList();
    }

    /** {@code file}, or one line saying that it does not exist, is a directory or cannot be read. */
    static Path existing(Path file, String what) {
        if (!Files.exists(file)) {
            throw new CcsidBenchException(what + " " + file + " does not exist");
        }
        if (Files.isDirectory(file)) {
            throw new CcsidBenchException(what + " " + file + " is a directory, not a file");
        }
        if (!Files.isReadable(file)) {
            throw new CcsidBenchException(what + " " + file + " cannot be read (permission denied)");
        }
        return file;
    }

    /** A stream of {@code file}, or {@code stdin} when no file was given; a file that cannot be read is a one-line error. */
    static InputStream openFileOrStdin(Path file, InputStream stdin) throws IOException {
        if (file == null) {
            return stdin;
        }
        return Files.newInputStream(existing(file, "input file"));
    }

    /** All of {@code file}, or of {@code stdin} when no file was given; a missing file is a one-line error. */
    static byte[] fileOrStdin(Path file, InputStream stdin) throws IOException {
        try (InputStream in = openFileOrStdin(file, stdin)) {
            return in.readAllBytes();
        }
    }
}
