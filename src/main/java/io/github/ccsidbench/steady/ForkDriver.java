package io.github.ccsidbench.steady;

import io.github.ccsidbench.machine.MachineRuler;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The main class of one fork: runs JMH inside its JVM and stops as soon as the {@link StoppingRule} says the series is
 * steady (or at the cap), which JMH's own forks cannot (docs/method.md, "The fork driver"). Usage:
 * {@code ForkDriver REQUEST OUTCOME}: reads a {@link ForkRequest}, writes a {@link ForkOutcome}; exit status 0 when the
 * outcome was written (even for a failed benchmark), 2 otherwise. Uses only the JDK, JMH, {@code machine} and
 * {@code stats}, since it also drives jars built from other commits (docs/architecture.md, "Two JVMs, one protocol").
 */
public final class ForkDriver {

    private ForkDriver() {
    }

    public static void main(String[] args) {
        long[] timeline = ForkTimeline.empty();
        timeline[ForkTimeline.MAIN] = ForkTimeline.now();
        if (args.length != 2) {
            System.err.println("usage: ForkDriver REQUEST OUTCOME");
            System.exit(2);
        }
        // A host killed outright runs no exit hook: the fork ends itself when its host is gone.
        ProcessHandle.current().parent().ifPresent(host -> host.onExit().thenRun(() -> Runtime.getRuntime().halt(3)));
        try {
            ForkOutcome outcome = run(ForkRequest.read(Path.of(args[0])), timeline);
            outcome.write(Path.of(args[1]));
        } catch (IOException | RuntimeException e) {
            System.err.println("fork driver: " + e);
            System.exit(2);
        }
        System.out.flush();
        // JMH's embedded runner may leave non-daemon threads behind when stopped early.
        System.exit(0);
    }

    /** Measures the requested benchmark in this JVM until the stopping rule is satisfied. */
    static ForkOutcome run(ForkRequest request, long[] timeline) {
        // JMH's own output stays silent: its String.format code would be compiled mid-measurement (docs/method.md, "The
        // fork driver"). A profiled fork loads the profiler before the benchmark's code is compiled.
        ForkProfiler profiler = request.profile() == null ? null : ForkProfiler.load(request.profile());
        IterationRecorder recorder = new IterationRecorder(OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT),
                request.steady(), request.iterationMillis(), request.rulerFastLevel(), timeline, profiler, request.window());
        // Compiled before the benchmark starts, so that its compilation does not fall into a measured iteration.
        MachineRuler.warmUntilCompiled();
        timeline[ForkTimeline.RULER_WARM] = ForkTimeline.now();
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(request.include())
                .forks(0)
                .warmupIterations(0)
                // The rule stops the fork; this count is only an upper bound JMH needs.
                .measurementIterations(request.steady().boundIterations() + 1
                        + (profiler == null ? 0 : profiler.sampledIterations()))
                .measurementTime(TimeValue.milliseconds(request.iterationMillis()))
                .timeUnit(TimeUnit.NANOSECONDS)
                .shouldFailOnError(true);
        request.params().forEach((k, v) -> options.param(k, v));
        if (request.gcProfiler()) {
            options.addProfiler(GCProfiler.class);
        }
        String failure = null;
        try {
            Collection<RunResult> results = new Runner(options.build(), recorder).run();
            if (results.isEmpty() && recorder.iterations().isEmpty()) {
                failure = "no benchmark matched " + request.include() + " " + request.params();
            }
        } catch (RunnerException | RuntimeException e) {
            if (!stoppedByUs(e)) {
                failure = failureMessage(e);
                e.printStackTrace(System.out); // JMH's own output is silent in the fork: the log keeps the trace
            }
        }
        if (failure == null && recorder.params() == null) {
            failure = "the benchmark " + request.include() + " ran no iteration";
        }
        if (profiler != null) {
            try {
                profiler.finish(recorder.iterations().size() - recorder.sampledIterations(), recorder.sampledIterations(), failure);
            } catch (IOException e) {
                failure = failure != null ? failure : "cannot write the profile: " + e.getMessage();
            }
        }
        return new ForkOutcome(recorder.params(), new ArrayList<>(recorder.iterations()), failure, recorder.steady(),
                recorder.availability(), recorder.compileMillis(), recorder.ruler(), recorder.rulerFastLevel(), recorder.endMillis(),
                timeline);
    }

    private static boolean stoppedByUs(Throwable failure) {
        boolean ours = false;
        for (Throwable t : causes(failure)) {
            if (t instanceof IterationRecorder.EnoughMeasured) {
                ours = true;
            } else if (t.getClass().getName().startsWith("io.github.ccsidbench")) {
                return false; // a benchmark's own failure wins
            }
        }
        return ours;
    }

    /** The most useful line of a failure: the project's own exception's message when a benchmark threw one, else the deepest. */
    static String failureMessage(Throwable failure) {
        String fallback = String.valueOf(failure.getMessage());
        for (Throwable t : causes(failure)) {
            if (t.getClass().getName().startsWith("io.github.ccsidbench") && t.getMessage() != null) {
                return t.getMessage();
            }
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                fallback = t.getClass().getSimpleName() + ": " + t.getMessage().lines().findFirst().orElse("");
            }
        }
        return fallback;
    }

    /** {@code failure} and its causes and suppressed ones, depth first, at most 100 (a cycle of causes ends there). */
    private static List<Throwable> causes(Throwable failure) {
        Deque<Throwable> todo = new ArrayDeque<>(List.of(failure));
        List<Throwable> seen = new ArrayList<>();
        while (!todo.isEmpty() && seen.size() < 100) {
            Throwable t = todo.pop();
            seen.add(t);
            if (t.getCause() != null) {
                todo.push(t.getCause());
            }
            for (Throwable x : t.getSuppressed()) {
                todo.push(x);
            }
        }
        return seen;
    }
}
