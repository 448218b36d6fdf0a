package io.github.ccsidbench.cli;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.convert.ConversionException;
import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.fidelity.Characters;
import io.github.ccsidbench.fidelity.MalformedInput;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;

/**
 * {@code convert}: an iconv-like conversion of stdin (or a file) to stdout with the provider of one's choice, so users
 * see what a converter does to their bytes (docs/fidelity.md, "Converting: `convert`").
 */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = {"Convert bytes from one CCSID to another, like iconv: stdin (or FILE) to stdout.",
                "Example: ccsid-bench convert -f 37 -t 1208 --provider icu < ebcdic.dat > utf8.txt"})
final class ConvertCommand implements Callable<Integer> {

    /** What to do with input that does not survive the conversion. */
    enum OnUnmappable { substitute, fail }

    @Spec
    CommandSpec spec;

    @Option(names = {"-f", "--from"}, required = true, paramLabel = "CCSID", description = "CCSID of the input (number or name)")
    Ccsid from;

    @Option(names = {"-t", "--to"}, required = true, paramLabel = "CCSID", description = "CCSID of the output (number or name)")
    Ccsid to;

    @Option(names = {"-p", "--provider"}, defaultValue = "jdk", paramLabel = "NAME",
            description = "converter provider (default: ${DEFAULT-VALUE}); 'list providers' shows them")
    String provider;

    @Option(names = "--on-unmappable", defaultValue = "substitute", paramLabel = "ACTION",
            description = "substitute (default: write the provider's substitution, warn on stderr, also about input"
                    + " that is not valid in the --from CCSID) or fail (stop at the first byte or character that does not"
                    + " survive or input that is not valid, naming its position)")
    OnUnmappable onUnmappable;

    @Parameters(arity = "0..1", paramLabel = "FILE", description = "input file (default: stdin)")
    Path file;

    private final InputStream stdin;
    private final OutputStream stdout;

    ConvertCommand() {
        this(System.in, System.out);
    }

    ConvertCommand(InputStream stdin, OutputStream stdout) {
        this.stdin = stdin;
        this.stdout = stdout;
    }

    @Override
    public Integer call() throws IOException {
        // Options before files: an unknown provider or a conversion it lacks is refused before the input is read.
        ConverterProvider p = Providers.byName(provider);
        Converter source = p.open(from);
        Converter target = p.open(to);
        byte[] input = OptionValues.fileOrStdin(file, stdin);
        MalformedInput malformed = MalformedInput.scan(from, input);
        String text = source.decode(input);
        if (onUnmappable == OnUnmappable.fail) {
            checkDecoded(source, input, text, malformed);
            if (!malformed.valid()) {
                throw new ConversionException(malformed.describe());
            }
        }
        Unmappable first = Unmappable.find(to, text);
        if (first != null && onUnmappable == OnUnmappable.fail) {
            throw new ConversionException(String.format("%s at character %d (input byte %d) has no mapping in CCSID %d",
                    first.describe(), first.index(), source.encode(text.substring(0, first.index())).length, to.number()));
        }
        String wrongAtEnd = wrongAtEnd(p, text);
        if (wrongAtEnd != null && onUnmappable == OnUnmappable.fail) {
            throw new ConversionException(wrongAtEnd);
        }
        byte[] output = target.encode(text);
        stdout.write(output);
        stdout.flush();
        if (!malformed.valid()) {
            spec.commandLine().getErr().printf("ccsid-bench: warning: %s; converted as provider %s decodes it"
                    + " (--on-unmappable fail refuses it)%n", malformed.describe(), provider);
        }
        if (wrongAtEnd != null) {
            spec.commandLine().getErr().println("ccsid-bench: warning: " + wrongAtEnd);
        }
        if (first != null) {
            spec.commandLine().getErr().printf("ccsid-bench: warning: %d characters have no mapping in CCSID %d and were"
                    + " substituted by %s (first: %s at character %d)%n", Unmappable.count(to, text), to.number(),
                    provider, first.describe(), first.index());
        }
        return 0;
    }

    /** What the provider does wrong with the text's last character, by the catalogue of converter behaviour; null when nothing. */
    private String wrongAtEnd(ConverterProvider p, String text) {
        if (text.isEmpty() || !p.behaviour(to).writesWrongAtEnd(text.codePointBefore(text.length()))) {
            return null;
        }
        int cp = text.codePointBefore(text.length());
        return String.format("U+%04X, the last character, is written by provider %s as the substitution at the end of its"
                + " input (a known bug, docs/fidelity.md); ended by a line break it is written right", cp, provider);
    }

    /** Fails on the first input byte decoding does not preserve, saying too when the input is not valid in its CCSID. */
    private void checkDecoded(Converter source, byte[] input, String text, MalformedInput malformed) {
        String invalid = malformed.valid() ? "" : "; " + malformed.describe();
        byte[] again;
        try {
            again = source.encode(text);
        } catch (ConversionException e) {
            throw new ConversionException("the input is not valid CCSID " + from.number() + " for provider " + provider
                    + ": " + e.getMessage() + invalid);
        }
        int at = Arrays.mismatch(input, again);
        if (at >= 0) {
            String back = at < again.length ? String.format("0x%02X", again[at] & 0xFF) : "nothing";
            String was = at < input.length ? String.format("byte 0x%02X", input[at] & 0xFF) : "the end of the input";
            throw new ConversionException(String.format("%s at input byte %d does not survive decoding from CCSID %d"
                    + " with provider %s (decoding and re-encoding gives %s there)%s", was, at, from.number(), provider, back,
                    invalid));
        }
    }

    /** The first character of a text that a CCSID cannot hold. */
    private record Unmappable(int index, int codePoint) {

        static Unmappable find(Ccsid ccsid, String text) {
            for (int i = 0; i < text.length(); ) {
                int cp = text.codePointAt(i);
                if (!ccsid.canEncode(cp)) {
                    return new Unmappable(i, cp);
                }
                i += Character.charCount(cp);
            }
            return null;
        }

        static long count(Ccsid ccsid, String text) {
            return text.codePoints().filter(cp -> !ccsid.canEncode(cp)).count();
        }

        String describe() {
            return Characters.describe(codePoint);
        }
    }
}
