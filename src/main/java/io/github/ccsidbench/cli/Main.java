package io.github.ccsidbench.cli;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.BuildInfo;
import io.github.ccsidbench.CcsidBenchException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The one entry point, also the benchmarks jar's main class: ccsid-bench's own commands through picocli, anything else
 * to JMH's command line, so every JMH option keeps working ({@code java -jar target/benchmarks.jar -lp}).
 */
@Command(name = "ccsid-bench", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        subcommands = {RunCommand.class, ListCommand.class, ConvertCommand.class, ReportCommand.class, PlanCommand.class,
                FidelityCommand.class, GateCommand.class, CommandLine.HelpCommand.class},
        description = "What does it cost the CPU to turn Java Strings into CCSID 37 (EBCDIC), 367 (US-ASCII) "
                + "and 1208 (UTF-8) bytes and back?",
        footer = {"", "Any other arguments go to JMH unchanged, e.g.:",
                "  java -jar target/benchmarks.jar -lp",
                "  java -jar target/benchmarks.jar ConversionBenchmark.encode -p ccsid=37 -p provider=icu -f 2 -prof gc -rf json"},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:success", "1:a benchmark or conversion failed; gate: a regression",
                "2:bad input or usage", "3:fidelity: some character is lost or changed"})
public final class Main implements Runnable {

    /** The first arguments that name a ccsid-bench command, read off the subcommands; anything else goes to JMH. */
    static final Set<String> OWN = Stream.concat(Stream.of("-h", "--help", "-V", "--version"),
            Arrays.stream(Main.class.getAnnotation(Command.class).subcommands()).map(c -> c.getAnnotation(Command.class).name()))
            .collect(Collectors.toUnmodifiableSet());

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && !OWN.contains(args[0])) {
            org.openjdk.jmh.Main.main(args);
            return;
        }
        System.exit(execute(args, System.in, System.out, new PrintWriter(System.err, true)));
    }

    /** Runs ccsid-bench's own commands; the exit status. {@code stdin}/{@code stdout} carry bytes and text, {@code err} messages. */
    public static int execute(String[] args, InputStream stdin, OutputStream stdout, PrintWriter err) {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), true);
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> cls) throws Exception {
                if (cls == ConvertCommand.class) {
                    return cls.cast(new ConvertCommand(stdin, stdout));
                }
                if (cls == FidelityCommand.class) {
                    return cls.cast(new FidelityCommand(stdin));
                }
                return CommandLine.defaultFactory().create(cls);
            }
        };
        int status;
        try {
            status = commandLine(out, err, factory).execute(args);
        } catch (OutOfMemoryError e) {
            // No command holds an input whole but convert; whatever ran out, the user gets one line, not a stack trace.
            err.printf("ccsid-bench: out of memory (a heap of %d MB): give the JVM more with java -Xmx...%n",
                    Runtime.getRuntime().maxMemory() >> 20);
            status = CcsidBenchException.FAILED;
        }
        out.flush();
        err.flush();
        return status;
    }

    static CommandLine commandLine(PrintWriter out, PrintWriter err, CommandLine.IFactory factory) {
        CommandLine cli = new CommandLine(new Main(), factory);
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((ex, args) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println("ccsid-bench: " + ex.getMessage().lines().findFirst().orElse("")
                    + " (see '" + c.getCommandSpec().qualifiedName() + " --help')");
            return CcsidBenchException.BAD_INPUT;
        });
        cli.setExecutionExceptionHandler((ex, c, parseResult) -> {
            if (ex instanceof CcsidBenchException e) {
                c.getErr().println("ccsid-bench: " + e.getMessage());
                return e.exitCode();
            }
            if (System.getenv("CCSID_BENCH_DEBUG") != null) {
                ex.printStackTrace(new PrintWriter(c.getErr(), true));
            }
            c.getErr().println("ccsid-bench: internal error: " + ex
                    + " (set CCSID_BENCH_DEBUG=1 for the stack trace)");
            return CcsidBenchException.FAILED;
        });
        cli.registerConverter(Ccsid.class, OptionValues::ccsid);
        return cli;
    }

    /** Prints the version with the library versions it measures. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[]{"ccsid-bench " + BuildInfo.version(),
                    "JMH " + BuildInfo.jmhVersion() + ", ICU4J " + BuildInfo.icu4jVersion()
                            + ", JTOpen " + BuildInfo.jt400Version(),
                    "Java " + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor") + ")"};
        }
    }
}
