package io.github.ccsidbench.cli;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.UnsupportedConversionException;
import io.github.ccsidbench.fidelity.DecodingReader;
import io.github.ccsidbench.fidelity.MalformedInput;
import io.github.ccsidbench.fidelity.ReadProgress;
import io.github.ccsidbench.fidelity.RoundTripAnalysis;
import io.github.ccsidbench.fidelity.TextCensus;
import io.github.ccsidbench.report.ReportDocument;
import io.github.ccsidbench.report.ReportRenderers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * {@code fidelity}: reads a user's text and tells, per CCSID and provider, which characters would be lost or changed,
 * with counts and first examples (docs/fidelity.md, "Checking your own data: `fidelity`" and "Exit statuses").
 */
@Command(name = "fidelity", mixinStandardHelpOptions = true,
        description = {"Which characters of your text would not survive each CCSID and provider.",
                "Exit status: 0 lossless everywhere asked, 3 something is lost or changed,"
                        + " 2 the text is not valid in its --encoding (unless --allow-malformed)."})
final class FidelityCommand implements Callable<Integer> {

    /** Exit status when some character does not survive. */
    static final int LOSSY = 3;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "FILE", description = "the text (default: stdin)")
    Path file;

    @Option(names = "--encoding", defaultValue = "1208", paramLabel = "CCSID",
            description = "the CCSID the text is in (default: ${DEFAULT-VALUE}, UTF-8)")
    Ccsid encoding;

    @Mixin
    CcsidProviderOptions matrix;

    /** The CCSIDs checked unless {@code --ccsid} says otherwise: the article's three. */
    static final List<Ccsid> DEFAULT_CCSIDS = List.of(CcsidRegistry.lookup("37"), CcsidRegistry.lookup("367"),
            CcsidRegistry.lookup("1208"));

    @Option(names = "--examples", defaultValue = "3", paramLabel = "N", description = "examples per line (default: ${DEFAULT-VALUE})")
    int examples;

    @Option(names = "--allow-malformed",
            description = "analyse text that is not valid in its --encoding anyway (each malformed sequence read as U+FFFD),"
                    + " with a warning on stderr; without it such text is refused (exit status 2)")
    boolean allowMalformed;

    private final InputStream stdin;

    FidelityCommand() {
        this(System.in);
    }

    FidelityCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public Integer call() throws IOException {
        List<Ccsid> targets = matrix.ccsids(DEFAULT_CCSIDS);
        List<ConverterProvider> checked = matrix.providers();
        if (examples < 0 || examples > 1000) {
            throw new CcsidBenchException("--examples must be from 0 to 1000");
        }
        // one pass over input of any size: counts per distinct character, never the text; bytes checked as read
        TextCensus census = new TextCensus(examples);
        MalformedInput malformed;
        long size = file == null ? -1 : Files.size(OptionValues.existing(file, "input file"));
        try (DecodingReader reader = new DecodingReader(OptionValues.openFileOrStdin(file, stdin), encoding)) {
            char[] chunk = new char[1 << 16];
            ReadProgress progress = new ReadProgress(file == null ? "stdin" : file.toString(), size,
                    spec.commandLine().getErr()::println);
            for (int n = reader.read(chunk, 0, chunk.length); n >= 0; n = reader.read(chunk, 0, chunk.length)) {
                census.accept(chunk, 0, n);
                progress.tick(reader.bytesRead());
            }
            census.finish();
            malformed = reader.malformed();
        }
        if (!malformed.valid()) {
            if (!allowMalformed) {
                throw new CcsidBenchException(malformed.describe() + "; --allow-malformed analyses it anyway");
            }
            spec.commandLine().getErr().printf("ccsid-bench: warning: %s; each was read as U+FFFD%n", malformed.describe());
            spec.commandLine().getErr().flush();
        }
        List<List<String>> rows = new ArrayList<>();
        boolean lossless = true;
        for (Ccsid ccsid : targets) {
            for (ConverterProvider provider : checked) {
                Optional<String> unsupported = provider.unsupportedReason(ccsid);
                if (unsupported.isPresent()) {
                    if (matrix.providersGiven()) {
                        throw new UnsupportedConversionException(unsupported.get());
                    }
                    rows.add(List.of(Integer.toString(ccsid.number()), provider.name(), "–", "–", "no converter: " + unsupported.get()));
                    continue;
                }
                RoundTripAnalysis.Result r = new RoundTripAnalysis(provider, ccsid).analyse(census, examples);
                lossless &= r.lossless();
                rows.add(List.of(Integer.toString(ccsid.number()), provider.name(), String.format(Locale.ROOT, "%,d", r.lost()),
                        String.format(Locale.ROOT, "%,d", r.changed()), r.lossless() ? "lossless"
                                : r.examples().stream().map(RoundTripAnalysis.Example::describe).collect(Collectors.joining("; "))));
            }
        }
        spec.commandLine().getOut().printf(Locale.ROOT, "%,d characters (%,d distinct) read from %s as CCSID %d%s.%n%n",
                census.characters(), census.distinct(), file == null ? "stdin" : file, encoding.number(),
                malformed.valid() ? "" : String.format(Locale.ROOT, ", %,d of them U+FFFD for malformed input", malformed.count()));
        spec.commandLine().getOut().print(ReportRenderers.markdown(List.of(new ReportDocument.Table("fidelity",
                List.of("CCSID", "provider", "lost", "changed", "first examples"), rows))));
        spec.commandLine().getOut().printf("%n%s%n", lossless ? "Lossless everywhere asked."
                : "Something is lost or changed: exit status " + LOSSY + ".");
        spec.commandLine().getOut().flush();
        return lossless ? 0 : LOSSY;
    }
}
