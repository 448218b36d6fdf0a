package io.github.ccsidbench.machine;

import io.github.ccsidbench.CcsidBenchException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * The disturbance, a test fixture run from the command line: a co-runner that loads this machine on a seeded on/off
 * schedule, beside {@code run} or {@code gate}, to check what they do on a busy machine in a state one chose, not the one
 * the host is in (docs/how-sure.md, "Rechecking the claims under a disturbance you command"). After {@code mvn package}:
 * {@code java -cp target/benchmarks.jar:target/test-classes io.github.ccsidbench.machine.Disturb --kind cpu --duty 25 &}.
 */
@Command(name = "disturb", mixinStandardHelpOptions = true,
        description = {"Disturb this machine on a seeded on/off schedule, beside a run or a gate, to check what they do on a",
                "busy machine. Example: ... Disturb --kind cpu --duty 25 --minutes 10 &",
                "A shared host's busy neighbour: ... Disturb --kind cpu --slowdown 1.5 --regular --duty 45 --slice-ms 300"})
public final class Disturb implements Callable<Integer> {

    /** Runs the disturbance; bad options get one line on stderr and exit status 2. */
    public static void main(String[] args) {
        CommandLine cli = new CommandLine(new Disturb());
        cli.setExecutionExceptionHandler((ex, c, parsed) -> {
            if (ex instanceof CcsidBenchException e) {
                c.getErr().println("disturb: " + e.getMessage());
                return e.exitCode();
            }
            throw ex;
        });
        System.exit(cli.execute(args));
    }

    @Spec
    CommandSpec spec;

    @Option(names = "--kind", defaultValue = "cpu", paramLabel = "KIND",
            description = "cpu (busy threads on every core: the benchmark's own core is taken) or cache (memory-bound work"
                    + " streaming through a buffer larger than the caches, on one thread) (default: ${DEFAULT-VALUE})")
    String kind;

    @Option(names = "--duty", defaultValue = "25", paramLabel = "PERCENT",
            description = "the share of time the disturbance is on (default: ${DEFAULT-VALUE})")
    double duty;

    @Option(names = "--slice-ms", defaultValue = "500", paramLabel = "MS",
            description = "the length of one on/off slice; on-phases last whole slices (default: ${DEFAULT-VALUE})")
    long sliceMillis;

    @Option(names = "--regular", description = "alternate on- and off-phases at a fixed length (on for a slice, off for as "
            + "long as the duty leaves) instead of drawing each slice: the switching of the shared hosts seen")
    boolean regular;

    @Option(names = "--slowdown", paramLabel = "FACTOR", description = "cpu kind: run round(cores x FACTOR) - 1 busy threads "
            + "while on, so that one more thread (the benchmark's) gets 1/FACTOR of a core, a whole number of shares (on 2 "
            + "cores: 1.5, 2, 2.5); default: one busy thread per core")
    Double slowdown;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N", description = "the schedule's seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--minutes", defaultValue = "10", paramLabel = "MINUTES",
            description = "how long to run (default: ${DEFAULT-VALUE})")
    double minutes;

    @Override
    public Integer call() throws InterruptedException {
        Disturbance.Kind k;
        try {
            k = Disturbance.Kind.valueOf(kind.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CcsidBenchException("unknown disturbance '" + kind + "'; known: cpu, cache");
        }
        if (!(duty >= 0 && duty <= 100)) {
            throw new CcsidBenchException("--duty must be a percentage from 0 to 100");
        }
        if (sliceMillis < 10 || !(minutes > 0) || minutes > 24 * 60) {
            throw new CcsidBenchException("--slice-ms must be at least 10 and --minutes from more than 0 to 1440");
        }
        if (slowdown != null && (k != Disturbance.Kind.CPU || !(slowdown > 1 && slowdown <= 10))) {
            throw new CcsidBenchException("--slowdown is a factor above 1 and at most 10, for --kind cpu");
        }
        Disturbance d = new Disturbance(k, new Disturbance.Schedule(seed, duty / 100, Duration.ofMillis(sliceMillis), regular),
                slowdown == null ? Double.NaN : slowdown);
        Runtime.getRuntime().addShutdownHook(new Thread(d::stop));
        d.run(Duration.ofMillis(Math.round(minutes * 60_000)), System.err);
        return 0;
    }
}
