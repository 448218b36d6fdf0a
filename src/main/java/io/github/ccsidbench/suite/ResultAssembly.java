package io.github.ccsidbench.suite;

import io.github.ccsidbench.machine.MachineRuler;
import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.Steadiness;
import io.github.ccsidbench.stats.BetweenForkVariance;
import io.github.ccsidbench.stats.LogLevel;
import io.github.ccsidbench.stats.RulerAdjustment;
import io.github.ccsidbench.stats.Stats;
import io.github.ccsidbench.steady.FigureWindow;
import io.github.ccsidbench.steady.ForkAnalysis;
import io.github.ccsidbench.steady.ForkModes;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static io.github.ccsidbench.results.BenchmarkResult.ALLOC_NORM;

/**
 * Builds what a benchmark reports from the forks {@link ForkScheduler} ran: JMH's result (every fork, the iterations of
 * its {@link FigureWindow}) and the steadiness record of every fork with the
 * iterations its figure keeps ({@link Steadiness.Fork#keptIndices()}, {@link Steadiness#bytesPerOp()}). What each file
 * then holds: docs/output.md, "The output files of a run".
 */
final class ResultAssembly {

    /** What a benchmark reports: JMH's result, its steadiness, and each reported fork's window of iterations. */
    record Assembled(RunResult result, Steadiness steadiness, double[][] kept) {
    }

    /**
     * What a run's forks so far say about every figure's interval, as {@link DerivedFigures} later derives it from the
     * files: the ruler's adjustment of each fork and the families' priors, fitted to the adjusted forks.
     */
    record Priors(RulerAdjustment ruler, BetweenForkVariance.Families families) {

        /** No adjustment and nothing to borrow. */
        static final Priors NONE = new Priors(RulerAdjustment.NONE, new BetweenForkVariance.Families(Map.of()));
    }

    private final Timing timing;

    ResultAssembly(Timing timing) {
        this.timing = timing;
    }

    /** The second half of a fork that never settled: its iterations after the warm-up JMH's result holds for it. */
    private static int[] secondHalf(ForkRun r) {
        int n = r.series().length;
        return IntStream.range(n / 2, n).toArray();
    }

    /**
     * A benchmark's result: every fork in the figure ({@link ForkRun#inFigure}: steady, or its window closed by the JIT),
     * interval by {@code priors}; when none settled, each fork's second half.
     */
    Assembled assemble(BenchmarkCase c, List<ForkRun> runs, Priors priors) {
        List<ForkRun> steady = ForkRun.steady(runs);
        List<ForkRun> reported;
        String modes = "";
        String because;
        if (!steady.isEmpty()) {
            ForkModes m = ForkModes.of(ForkRun.levels(steady), ForkScheduler.MODE_GAP);
            // Every fork in the figure, modes and all (docs/method.md, "Extra forks: modes and wide intervals").
            reported = ForkRun.inFigure(runs, timing.iteration().toMillis());
            modes = m.describe();
            int unsteadyIn = reported.size() - steady.size();
            int left = runs.size() - reported.size();
            List<String> parts = new ArrayList<>();
            parts.add(m.multimodal() ? "every steady fork, the modes in its interval"
                    : unsteadyIn + left == 0 ? "every fork steady, one mode" : "the steady forks, one mode");
            if (unsteadyIn > 0) {
                parts.add(unsteadyIn + " of " + runs.size() + " forks never steady, in by their windows");
            }
            if (left > 0) {
                parts.add(left + " of " + runs.size() + " forks never steady, the JIT still busy: left out");
            }
            because = String.join("; ", parts);
        } else {
            reported = runs;
            because = "no fork reached a steady state: each fork's second half, not decisive";
        }
        // The figure's iterations: each reported fork's window, which no level chose (FigureWindow).
        Map<ForkRun, FigureWindow> windows = new LinkedHashMap<>();
        runs.forEach(r -> windows.put(r, window(r)));
        Map<ForkRun, int[]> kept = new LinkedHashMap<>();
        for (ForkRun r : reported) {
            kept.put(r, steady.isEmpty() ? secondHalf(r)
                    : r.analysis().kind().steady() ? r.analysis().kept() : windowIndices(windows.get(r)));
        }
        kept.values().removeIf(k -> k.length == 0);
        BenchmarkParams first = runs.get(0).outcome().params();
        // The figure's iterations: the kept ones of the reported forks.
        BenchmarkParams keptParams = asRun(first, kept.size(), 0, kept.values().stream().mapToInt(k -> k.length).max().orElse(0));
        List<BenchmarkResult> keptPerFork = new ArrayList<>();
        for (Map.Entry<ForkRun, int[]> e : kept.entrySet()) {
            keptPerFork.add(new BenchmarkResult(keptParams, e.getKey().outcome().select(e.getValue())));
        }
        double[][] raw = kept.keySet().stream().map(r -> Arrays.copyOfRange(r.series(), windows.get(r).from(), windows.get(r).to()))
                .filter(a -> a.length > 0).toArray(double[][]::new);
        Double bytesPerOp = bytesPerOp(new RunResult(keptParams, keptPerFork));
        // JMH's result: every fork as run, each with the iterations of its window.
        int[][] after = new int[runs.size()][];
        double[] warmups = new double[runs.size()];
        for (int k = 0; k < runs.size(); k++) {
            FigureWindow w = windows.get(runs.get(k));
            after[k] = windowIndices(w);
            warmups[k] = w.from();
        }
        BenchmarkParams params = asRun(first, runs.size(), (int) Math.round(Stats.median(warmups)),
                Arrays.stream(after).mapToInt(a -> a.length).max().orElse(0));
        List<BenchmarkResult> perFork = new ArrayList<>();
        for (int k = 0; k < runs.size(); k++) {
            perFork.add(new BenchmarkResult(params, runs.get(k).outcome().select(after[k])));
        }
        RunResult result = new RunResult(params, perFork);

        String key = c.key();
        List<Steadiness.Fork> forkRecords = new ArrayList<>();
        int measured = 0;
        int warmup = 0;
        int slow = 0;
        int unavailableAll = 0;
        int machineSlowAll = 0;
        for (ForkRun r : runs) {
            ForkAnalysis a = r.analysis();
            int machineSlow = r.outcome().machineSlow(r.rulerFastLevel());
            int unavailable = r.outcome().withoutCpu();
            forkRecords.add(new Steadiness.Fork(r.round(), a.kind().label(), a.warmup(), a.kept().length, a.slowPhase(), unavailable,
                    machineSlow, a.level(), a.halfWidth(), kept.containsKey(r), r.capped(), r.millis(), r.series(),
                    kept.getOrDefault(r, a.kept()), r.outcome().availability(), r.outcome().compileMillis(), r.outcome().rulerNanos(),
                    windows.get(r).from(), windows.get(r).to()));
            unavailableAll += unavailable;
            machineSlowAll += machineSlow;
            measured += r.series().length;
            warmup += a.warmup();
            slow += a.slowPhase();
        }
        LogLevel estimate = priors.families().of(key).estimate(priors.ruler().adjust(key, raw, Steadiness.reportedRulers(forkRecords)));
        boolean confirmed = reported.size() >= Math.min(ForkModes.CONFIRMED, timing.forks());
        boolean decisive = Steadiness.decisive(!steady.isEmpty(), confirmed, estimate);
        int keptCount = kept.values().stream().mapToInt(k -> k.length).sum();
        List<String> notes = new ArrayList<>();
        if (steady.isEmpty()) {
            notes.add("no fork reached a steady state");
        } else if (steady.size() < runs.size()) {
            notes.add((runs.size() - steady.size()) + " of " + runs.size() + " forks never steady");
        }
        if (!modes.isEmpty()) {
            notes.add(modes + "; reported: " + because);
        }
        if (!steady.isEmpty() && !confirmed) {
            notes.add("only one fork at the reported level");
        }
        if (unavailableAll > 0) {
            notes.add(unavailableAll + " iterations in which the machine took the CPU excluded");
        }
        if (machineSlowAll > 0) {
            notes.add(machineSlowAll + " of " + measured + " iterations measured while the machine ruler read "
                    + Math.round(MachineRuler.SLOW * 100) + "% or more above the run's fast level: " + Steadiness.FLAGGED_IN_FIGURE);
        }
        if (slow > unavailableAll) {
            notes.add((slow - unavailableAll) + " slow-phase or outlier iterations excluded");
        }
        if (!decisive) {
            notes.add("not decisive");
        }
        Steadiness s = Steadiness.of(key, first.getJdkVersion(), forkRecords, steady.size(), reported.size(), modes, because,
                keptCount, measured, warmup, slow, machineSlowAll, estimate, decisive, String.join("; ", notes)).withBytesPerOp(bytesPerOp);
        return new Assembled(result, s, raw);
    }

    private static int[] windowIndices(FigureWindow w) {
        return IntStream.range(w.from(), w.to()).toArray();
    }

    /** The iterations of a fork its figure and JMH's result read ({@link FigureWindow#ofFork}). */
    FigureWindow window(ForkRun r) {
        return FigureWindow.ofFork(r.outcome(), r.series().length, timing.iteration().toMillis(), r.analysis());
    }

    /** The gc profiler's bytes per operation over a result's iterations (0 when nothing allocated), null without the gc profiler. */
    static Double bytesPerOp(RunResult result) {
        Double gc = null;
        for (Map.Entry<String, Result> e : result.getSecondaryResults().entrySet()) {
            String name = e.getKey().replace("\u00b7", "");
            if (name.equals(ALLOC_NORM)) {
                return e.getValue().getScore();
            }
            if (name.startsWith("gc.")) {
                gc = 0.0;
            }
        }
        return gc;
    }

    /** The {@link Priors} of {@code forks} as reported now, from the forks {@link DerivedFigures} later derives them from. */
    Priors priors(Map<BenchmarkCase, List<ForkRun>> forks) {
        Map<BenchmarkCase, Assembled> plain = new LinkedHashMap<>();
        Map<String, List<double[]>> rulerForks = new LinkedHashMap<>();
        forks.forEach((c, runs) -> {
            if (!runs.isEmpty()) {
                Assembled a = assemble(c, runs, Priors.NONE);
                plain.put(c, a);
                List<double[]> byFork = RulerAdjustment.forks(a.kept(), a.steadiness().reportedRulers());
                if (!byFork.isEmpty()) {
                    rulerForks.put(c.key(), byFork);
                }
            }
        });
        RulerAdjustment ruler = RulerAdjustment.fit(rulerForks);
        Map<String, double[]> levels = new LinkedHashMap<>();
        plain.forEach((c, a) -> levels.put(c.key(), BetweenForkVariance.forkLevels(
                ruler.adjust(c.key(), a.kept(), a.steadiness().reportedRulers()))));
        return new Priors(ruler, BetweenForkVariance.Families.fit(levels));
    }

    /** JMH's parameters of {@code forks} forks of {@code warmup} warm-up and at most {@code iterations} measured iterations. */
    private BenchmarkParams asRun(BenchmarkParams p, int forks, int warmup, int iterations) {
        WorkloadParams workload = new WorkloadParams();
        int order = 0;
        for (String k : p.getParamsKeys()) {
            workload.put(k, p.getParam(k), order++);
        }
        TimeValue time = TimeValue.milliseconds(timing.iteration().toMillis());
        return new BenchmarkParams(p.getBenchmark(), p.generatedBenchmark(), p.shouldSynchIterations(), p.getThreads(),
                p.getThreadGroups(), p.getThreadGroupLabels(), forks, 0,
                new IterationParams(IterationType.WARMUP, warmup, time, 1),
                new IterationParams(IterationType.MEASUREMENT, iterations, time, 1),
                p.getMode(), workload, p.getTimeUnit(), p.getOpsPerInvocation(), p.getJvm(), p.getJvmArgs(),
                p.getJdkVersion(), p.getVmName(), p.getVmVersion(), p.getJmhVersion(), p.getTimeout());
    }
}
