package io.github.ccsidbench.cli;

import io.github.ccsidbench.report.Accuracy;
import io.github.ccsidbench.suite.AccuracyPlan;
import io.github.ccsidbench.suite.AccuracyRun;
import io.github.ccsidbench.suite.PlainJmhRuns;
import io.github.ccsidbench.suite.RunFolder;
import io.github.ccsidbench.suite.SuiteRunner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code accuracy}: the suite's figures held against long plain JMH runs of the same benchmarks on this jar, java, JVM
 * options and machine, the runs interleaved (docs/method.md, "Accuracy: the suite against long plain JMH runs"). It
 * exists because a calibration shows only that the suite agrees with itself; this shows whether it agrees with JMH
 * run the long, plain way.
 */
@Command(name = "accuracy", mixinStandardHelpOptions = true,
        description = {"Hold the suite's figures against long plain JMH runs of the same benchmarks, on this machine, jar and java:",
                "suite runs (run --preset ...) and long JMH runs interleaved (suite 1, long 1, long 2, suite 2 by default), then,",
                "per figure, whether the suite's 95% interval holds the long runs' level, the suite's level over it, and the",
                "answer's ratios. Writes accuracy.md and accuracy.json to target/ccsid-bench-accuracy (or --out DIR), each run's",
                "own files in its folder (suite-1, long-1, ...). The default 24 figures and long runs take about 1.5 hours:",
                "--dry-run shows the plan and its time."})
final class AccuracyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    /** Where the check writes unless {@code --out} says otherwise. */
    static final Path DEFAULT_OUT = Path.of("target", "ccsid-bench-accuracy");

    @Option(names = "--preset", paramLabel = "NAME", defaultValue = AccuracyPlan.DEFAULT_PRESET,
            description = "the suite runs' preset (default: ${DEFAULT-VALUE})")
    String preset;

    @Option(names = "--include", paramLabel = "REGEX",
            description = "only the figures whose key this finds, e.g. 'ConversionBenchmark.encode ccsid=37' or 'insertServer'"
                    + " (default: all 24; --dry-run lists them)")
    String include;

    @Option(names = "--long", paramLabel = "\"JMH OPTIONS\"", defaultValue = PlainJmhRuns.DEFAULT_OPTIONS,
            description = "the long runs' JMH options: forks, warm-up and measured iterations and their time"
                    + " (default: those of OpenJDK's own String encode and decode micro-benchmarks, \"${DEFAULT-VALUE}\")")
    String longOptions;

    @Option(names = "--long-runs", paramLabel = "N", defaultValue = "" + AccuracyPlan.DEFAULT_LONG_RUNS,
            description = "long plain JMH runs, at least 2 (default: ${DEFAULT-VALUE})")
    int longRuns;

    @Option(names = "--suite-runs", paramLabel = "N", defaultValue = "" + AccuracyPlan.DEFAULT_SUITE_RUNS,
            description = "suite runs, at least 1 (default: ${DEFAULT-VALUE})")
    int suiteRuns;

    @Mixin
    ForkOptions forkJvm;

    @Mixin
    OutputOptions output;

    @Option(names = "--dry-run", description = "print the plan (figures, order, commands) and its estimated time, run nothing")
    boolean dryRun;

    @Override
    public Integer call() {
        String java = forkJvm.java();
        List<String> all = forkJvm.args();
        List<String> extra = all.subList(SuiteRunner.DEFAULT_JVM_ARGS.size(), all.size());
        AccuracyPlan plan = AccuracyPlan.of(new AccuracyPlan.Request(preset, include, longOptions, longRuns, suiteRuns, java,
                program(), extra));
        Path out = output.dir(DEFAULT_OUT).toAbsolutePath();
        if (dryRun) {
            spec.commandLine().getOut().print(plan.describe(out));
            spec.commandLine().getOut().flush();
            return 0;
        }
        Accuracy a;
        try (RunFolder folder = RunFolder.hold(out, System.err)) {
            a = new AccuracyRun(System.err).run(plan, out);
        }
        spec.commandLine().getOut().println("ccsid-bench accuracy (" + a.cpu() + ", " + a.cpuClass() + ", JDK " + a.jdk() + "): "
                + a.verdict().line());
        spec.commandLine().getErr().printf("ccsid-bench: wrote %s and %s to %s, each run's files in %s%n", Accuracy.MARKDOWN,
                Accuracy.JSON, out, String.join(", ", plan.order().stream().map(s -> s.folder()).toList()));
        return 0;
    }

    /**
     * How a java starts this program, as the gate and the suite's forks find it: this JVM's class path, which is the jar
     * itself when run with {@code java -jar} ({@code -jar JAR}), or a class path of folders in a build ({@code -cp PATH
     * Main}).
     */
    static List<String> program() {
        String cp = System.getProperty("java.class.path");
        List<String> program = new ArrayList<>();
        if (!cp.contains(File.pathSeparator) && cp.endsWith(".jar")) {
            program.addAll(List.of("-jar", Path.of(cp).toAbsolutePath().toString()));
        } else {
            program.addAll(List.of("-cp", cp, Main.class.getName()));
        }
        return program;
    }
}
