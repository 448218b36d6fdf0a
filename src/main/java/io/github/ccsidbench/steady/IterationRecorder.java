package io.github.ccsidbench.steady;

import io.github.ccsidbench.machine.MachineRuler;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/** JMH's output format inside a fork: records each iteration, prints a plain line, and ends the loop when the rule says. */
final class IterationRecorder implements OutputFormat {

    /** Thrown from the output format to end JMH's measurement loop once the fork has measured enough. */
    static final class EnoughMeasured extends RuntimeException {
        private static final long serialVersionUID = 1L;

        EnoughMeasured() {
            super("the fork is steady or at its cap: measurement stopped", null, false, false);
        }
    }

    private final OutputFormat out;
    private final StoppingRule rule;
    private final SteadySettings settings;
    private final List<IterationResult> iterations = new ArrayList<>();
    /** Per iteration, what the recorder measured beside JMH's result, in order. */
    private final List<Sample> samples = new ArrayList<>();
    private final double runRulerFastLevel;
    private final long iterationMillis;
    /** Whether the fork runs until its figure's window is complete ({@link ForkRequest#window()}). */
    private final boolean window;
    private final CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    private long jitBefore = -1;
    private BenchmarkParams params;
    private boolean steady;
    private boolean stopping;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private long workerCpuBefore = -1;
    private long wallBefore;
    private long gcBefore;
    /** The profiler of a profiled fork, or null. */
    private final ForkProfiler profiler;
    /** The iteration after which a profiled fork stops sampling (0: not sampling). */
    private int sampleUntil;
    /** The fork's timeline ({@link ForkTimeline}): the recorder writes down when JMH started the first iteration. */
    private final long[] timeline;

    /** One iteration as the recorder saw it: score, CPU share, JIT ms (NaN: unknown), ruler sample, wall clock at its end. */
    private record Sample(double score, double available, double compiled, double ruler, long ended) {
    }

    /** Milliseconds the collectors have paused the application so far (docs/method.md, "CPU availability"). */
    private static long gcPauseMillis() {
        long sum = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (!gc.getName().contains("Concurrent") && gc.getCollectionTime() > 0) {
                sum += gc.getCollectionTime();
            }
        }
        return sum;
    }

    /** CPU time of JMH's worker threads so far, or -1 when there are none yet (the first iteration) or the JVM cannot tell. */
    private long workerCpu() {
        if (!threads.isThreadCpuTimeSupported()) {
            return -1;
        }
        long sum = 0;
        boolean found = false;
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && info.getThreadName().contains("-jmh-worker-")) {
                long t = threads.getThreadCpuTime(info.getThreadId());
                if (t >= 0) {
                    sum += t;
                    found = true;
                }
            }
        }
        return found ? sum : -1;
    }

    /** Every iteration measured so far, in order. */
    List<IterationResult> iterations() {
        return iterations;
    }

    /** JMH's parameters of the benchmark, null until an iteration has ended. */
    BenchmarkParams params() {
        return params;
    }

    /** Iterations a profiled fork sampled so far. */
    int sampledIterations() {
        return sampleUntil == 0 ? 0 : iterations.size() - (sampleUntil - profiler.sampledIterations());
    }

    /** Whether the stopping rule ended the fork steady (false when it ended at its cap unsteady, or never ended it). */
    boolean steady() {
        return steady;
    }

    double[] availability() {
        return samples.stream().mapToDouble(Sample::available).toArray();
    }

    double[] compileMillis() {
        return samples.stream().mapToDouble(Sample::compiled).toArray();
    }

    double[] ruler() {
        return samples.stream().mapToDouble(Sample::ruler).toArray();
    }

    long[] endMillis() {
        return samples.stream().mapToLong(Sample::ended).toArray();
    }

    /** The lower of the run's fast level handed in and this fork's own so far. */
    double rulerFastLevel() {
        return MachineRuler.lower(runRulerFastLevel, MachineRuler.fastLevel(ruler()));
    }

    /** Milliseconds the JIT compilers have spent so far (all threads, counted when a compilation ends); -1: unknown. */
    private long jitMillis() {
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
    }

    /** A recorder that, once the rule is done, samples {@code profiler}'s iterations before it ends the fork (null: none). */
    IterationRecorder(OutputFormat out, SteadySettings settings, long iterationMillis, double rulerFastLevel,
                      long[] timeline, ForkProfiler profiler, boolean window) {
        this.window = window;
        this.profiler = profiler;
        this.timeline = timeline;
        this.runRulerFastLevel = rulerFastLevel;
        this.out = out;
        this.rule = new StoppingRule(settings);
        this.settings = settings;
        this.iterationMillis = iterationMillis;
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams iterParams, int iteration, IterationResult data) {
        long wall = System.nanoTime() - wallBefore - (gcPauseMillis() - gcBefore) * 1_000_000L;
        long cpu = workerCpu();
        long jitNow = jitMillis();
        params = benchParams;
        iterations.add(data);
        int n = iterations.size();
        long ended = System.currentTimeMillis();
        Sample s = new Sample(data.getPrimaryResult().getScore(),
                workerCpuBefore >= 0 && cpu >= 0 && wall > 0 ? (double) (cpu - workerCpuBefore) / wall : Double.NaN,
                jitBefore >= 0 && jitNow >= 0 ? jitNow - jitBefore : Double.NaN, MachineRuler.take(), ended);
        samples.add(s);
        System.out.println("Iteration " + n + ": " + Math.round(s.score() * 10) / 10.0 + " "
                + data.getPrimaryResult().getScoreUnit() + "  (CPU " + shown(100 * s.available(), "%")
                + ", JIT " + shown(s.compiled(), " ms") + ", ruler " + shown(s.ruler(), " ns") + ")");
        if (sampleUntil > 0) {
            if (n >= sampleUntil) {
                profiler.stop();
                System.out.println("# ccsid-bench: sampled " + sampledIterations() + " iterations");
                System.out.flush();
                stopping = true;
                throw new EnoughMeasured();
            }
            return;
        }
        // plain loops, not streams: code the JIT has yet to compile competes with the benchmark's own compilations
        double[] series = new double[n];
        double[] available = new double[n];
        double[] jitShare = new double[n];
        for (int i = 0; i < n; i++) {
            series[i] = samples.get(i).score();
            available[i] = samples.get(i).available();
            jitShare[i] = samples.get(i).compiled() / iterationMillis;
        }
        boolean[] usable = ForkOutcome.usable(available, n);
        if (window ? rule.forkDone(series, usable, jitShare) : rule.done(series, usable, jitShare)) {
            steady = !rule.atCap(n, usable) || ForkAnalysis.of(series, usable, settings).kind().steady();
            System.out.println("# ccsid-bench: " + (steady ? "steady" : "at its cap") + " after " + n + " iterations");
            System.out.flush();
            if (profiler != null && profiler.start()) {
                sampleUntil = n + profiler.sampledIterations();
                return; // warm-up is never sampled: sampling starts here
            }
            stopping = true; // JMH reports the exception below as a failure: that is not for the log
            throw new EnoughMeasured();
        }
    }

    /** A value of the iteration's line, rounded, or "?" where unknown. */
    private static String shown(double value, String unit) {
        return Double.isNaN(value) ? "?" : Math.round(value) + unit;
    }

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        if (iterations.isEmpty() && timeline[ForkTimeline.FIRST_ITERATION] < 0) {
            timeline[ForkTimeline.FIRST_ITERATION] = ForkTimeline.now();
        }
        out.iteration(benchParams, params, iteration);
        jitBefore = jitMillis();
        workerCpuBefore = workerCpu();
        gcBefore = gcPauseMillis();
        wallBefore = System.nanoTime();
    }

    @Override
    public void startBenchmark(BenchmarkParams benchParams) {
        System.out.println("# Benchmark: " + benchParams.getBenchmark() + " " + benchParams.getParamsKeys().stream()
                .map(k -> k + "=" + benchParams.getParam(k)).collect(Collectors.joining(", "))
                + "; " + iterationMillis + " ms iterations, no warm-up iterations: the series is analysed instead");
        out.startBenchmark(benchParams);
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        if (!stopping) {
            out.endBenchmark(result);
        }
    }

    @Override
    public void startRun() {
        out.startRun();
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        out.endRun(result);
    }

    @Override
    public void print(String s) {
        if (!stopping) {
            out.print(s);
        }
    }

    @Override
    public void println(String s) {
        if (!stopping) {
            out.println(s);
        }
    }

    @Override
    public void flush() {
        out.flush();
    }

    @Override
    public void close() {
        out.flush();
    }

    @Override
    public void verbosePrintln(String s) {
        if (!stopping) {
            out.verbosePrintln(s);
        }
    }

    @Override
    public void write(int b) {
        out.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        out.write(b);
    }
}
