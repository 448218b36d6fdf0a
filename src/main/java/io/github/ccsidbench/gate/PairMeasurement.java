package io.github.ccsidbench.gate;

import io.github.ccsidbench.stats.Stats;
import io.github.ccsidbench.results.BenchmarkResult;
import io.github.ccsidbench.steady.ForkAnalysis;
import io.github.ccsidbench.steady.ForkOutcome;
import io.github.ccsidbench.steady.ForkRequest;
import io.github.ccsidbench.suite.BenchmarkCase;
import io.github.ccsidbench.suite.ForkLauncher;
import io.github.ccsidbench.suite.ForkRunner;
import io.github.ccsidbench.suite.Progress;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.stream.IntStream;

/**
 * Measures the gate's pairs of forks, base and candidate next to each other in time (interleaved, in alternating
 * order) or at the same time (duet), so that the pair's ratio cancels what the machine did meanwhile; a pair counts
 * only when both forks settled and the machine ruler referees it ({@link MachineRulerReferee}), else it is measured
 * again. Keeps every fork's series for {@code gate-forks.json} and the counts gate.md states.
 */
final class PairMeasurement {

    /** Tries per pair: a pair with a fork that never settled is measured again, at most this often in all. */
    static final int ATTEMPTS = 3;

    /**
     * One fork's figures: the kept iterations (ns/op), the machine ruler's level over them (NaN when the jar has no ruler
     * hooks), bytes per operation (NaN when not recorded), whether it settled.
     */
    private record Fork(double[] kept, double rulerLevel, double bytes, boolean steady) {
    }

    private final ForkLauncher launcher;
    private final ForkRunner runner;
    private final GateRequest gate;
    private final Progress progress;
    private final TimeBudget time;
    /** Duet or interleaved now, chosen by what a kept pair of each costs on this machine. */
    private final PairKind kind;
    /** Why the last pair was not kept, for the progress line. */
    private String rejection = "";
    /** Pairs given up per benchmark: a fork never settled in {@link #ATTEMPTS} tries. */
    private final Map<String, Integer> dropped = new LinkedHashMap<>();
    /** Pairs kept, and how many of them the machine ruler refereed (both jars have its hooks). */
    private int pairCount;
    private int refereedPairs;
    /** Pairs measured again (or given up) because their forks saw the machine ruler too far apart. */
    private int rulersApart;
    /** Those pairs per benchmark key: {the base fork's ruler read higher, the candidate fork's did}. */
    private final Map<String, int[]> apartBySide = new LinkedHashMap<>();
    /** Every fork measured, in the order they ended (duet forks end on two threads). */
    private final List<ForkSeries> forks = Collections.synchronizedList(new ArrayList<>());

    PairMeasurement(ForkLauncher launcher, GateRequest gate, Progress progress, TimeBudget time) {
        this.runner = new ForkRunner(launcher, gate.timing());
        this.launcher = launcher;
        this.gate = gate;
        this.progress = progress;
        this.time = time;
        this.kind = new PairKind(gate.duet());
    }

    /** Whether pairs are measured in duet now. */
    boolean duet() {
        return kind.duet();
    }

    /** Forks a pair takes on the progress count now: one line for a duet's two, two for an interleaved pair. */
    int forksPerPair() {
        return kind.duet() ? 1 : 2;
    }

    /** "; interleaved from the 23rd pair on, since ...", for gate.md's pairs line; "" while the pairs are as asked. */
    String modeSwitch() {
        return kind.switches();
    }

    /** Pairs given up per benchmark key. */
    Map<String, Integer> dropped() {
        return dropped;
    }

    /** Pairs kept. */
    int pairsKept() {
        return pairCount;
    }

    /** Pairs kept that the machine ruler refereed. */
    int pairsRefereed() {
        return refereedPairs;
    }

    /** Pairs measured again or given up because the machine ruler saw their forks apart. */
    int pairsRulersApart() {
        return rulersApart;
    }

    /**
     * Per benchmark key, the pairs sent back because their forks saw the machine ruler apart: {the base fork's ruler read
     * higher, the candidate fork's did}. A change that slows the machine ruler's samples too would send back its own pairs.
     */
    Map<String, int[]> apartBySide() {
        return apartBySide;
    }

    /** Every fork measured so far. */
    List<ForkSeries> forks() {
        return forks;
    }

    /** Measures a pair of every case, in a shuffled order; returns the pairs kept (a case given up has none). */
    Map<BenchmarkCase, PairedComparison.Pair> round(int round, List<BenchmarkCase> cases, Random random,
                                                    Map<BenchmarkCase, double[]> bytes) {
        List<BenchmarkCase> order = new ArrayList<>(cases);
        Collections.shuffle(order, random);
        Map<BenchmarkCase, PairedComparison.Pair> kept = new LinkedHashMap<>();
        for (BenchmarkCase c : order) {
            long t0 = System.nanoTime();
            int tries = 0;
            int apartBefore = rulersApart;
            for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
                tries++;
                PairedComparison.Pair p = measurePair(c, round, bytes);
                if (p != null) {
                    kept.put(c, p);
                    break;
                }
                // No further try once the time budget is used up: on a busy machine forks that do not settle would
                // otherwise be measured again and again, far past the budget. The pair is given up instead.
                if (attempt < ATTEMPTS && !time.usedUp()) {
                    progress.extend(forksPerPair());
                    progress.message("ccsid-bench gate: " + rejection + ": measuring pair " + round + " again");
                } else {
                    if (attempt < ATTEMPTS) {
                        progress.message("ccsid-bench gate: " + rejection + "; pair " + round
                                + " given up: the time budget is used up");
                    }
                    dropped.merge(c.key(), 1, Integer::sum);
                    break;
                }
            }
            if (kind.after(System.nanoTime() - t0, tries, kept.containsKey(c), rulersApart - apartBefore)) {
                int left = order.size() - order.indexOf(c) - 1; // an interleaved pair takes two lines of progress
                progress.extend(kind.duet() ? -left : left);
                progress.message("ccsid-bench gate: pairs " + kind.lastSwitch());
            }
        }
        return kept;
    }

    /** The wall time a kept pair is expected to take now ({@link PairKind#typical}). */
    Duration typicalPair() {
        return kind.typical();
    }

    /** Measures one pair; the pair when both forks settled, else null. */
    private PairedComparison.Pair measurePair(BenchmarkCase c, int round, Map<BenchmarkCase, double[]> bytes) {
        // A B in odd rounds, B A in even ones, starting with a per-benchmark coin: no side always goes first.
        boolean baseFirst = ((round + Math.floorMod(c.key().hashCode(), 2)) % 2) == 1;
        Fork base;
        Fork candidate;
        boolean duet = kind.duet();
        ForkLauncher.Side baseSide = duet ? beside(gate.base()) : gate.base();
        ForkLauncher.Side candidateSide = duet ? beside(gate.candidate()) : gate.candidate();
        if (duet) {
            progress.start(c.key() + " (pair " + round + ", base and candidate at once)");
            Path w1 = launcher.workDirectory();
            Path w2 = launcher.workDirectory();
            try {
                // Started in the same alternating order as interleaved pairs: neither side's JVM always starts first.
                CompletableFuture<Fork> a;
                CompletableFuture<Fork> b;
                if (baseFirst) {
                    a = CompletableFuture.supplyAsync(() -> fork(baseSide, c, round, w1));
                    b = CompletableFuture.supplyAsync(() -> fork(candidateSide, c, round, w2));
                } else {
                    b = CompletableFuture.supplyAsync(() -> fork(candidateSide, c, round, w2));
                    a = CompletableFuture.supplyAsync(() -> fork(baseSide, c, round, w1));
                }
                base = a.join();
                candidate = b.join();
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : e;
            } finally {
                ForkLauncher.deleteQuietly(w1);
                ForkLauncher.deleteQuietly(w2);
            }
            progress.end(describe(base, candidate));
        } else {
            Path w = launcher.workDirectory();
            try {
                ForkLauncher.Side first = baseFirst ? baseSide : candidateSide;
                ForkLauncher.Side second = baseFirst ? candidateSide : baseSide;
                progress.start(c.key() + " (pair " + round + ", " + first.label() + ")");
                Fork f1 = fork(first, c, round, w);
                progress.end(level(f1));
                progress.start(c.key() + " (pair " + round + ", " + second.label() + ")");
                Fork f2 = fork(second, c, round, w);
                progress.end(level(f2));
                base = baseFirst ? f1 : f2;
                candidate = baseFirst ? f2 : f1;
            } finally {
                ForkLauncher.deleteQuietly(w);
            }
        }
        if (!base.steady() || !candidate.steady()) {
            rejection = "a fork of " + c.key() + " did not settle (the machine took its CPU, or it was still warming up at its cap)";
            return null; // a fork that never settled compares the machine, not the code
        }
        double apart = MachineRulerReferee.rulersApart(base.rulerLevel(), candidate.rulerLevel());
        if (!MachineRulerReferee.rulersAgree(base.rulerLevel(), candidate.rulerLevel(),
                MachineRulerReferee.agreement(gate.thresholds()))) {
            rulersApart++;
            apartBySide.computeIfAbsent(c.key(), k -> new int[2])[base.rulerLevel() > candidate.rulerLevel() ? 0 : 1]++;
            rejection = String.format(Locale.ROOT, "the forks of %s saw the machine ruler %.2fx apart (one of them ran in a "
                    + "slow state of the machine: the pair would compare the machine, not the code)", c.key(), apart);
            return null;
        }
        PairedComparison.Pair pair = new PairedComparison.Pair(base.kept(), candidate.kept());
        pairCount++; // pairs are kept on the gate's own thread (only a duet's two forks run on others)
        refereedPairs += Double.isNaN(apart) ? 0 : 1;
        double[] b = bytes.computeIfAbsent(c, k -> new double[]{Double.NaN, Double.NaN});
        b[0] = Double.isNaN(b[0]) ? base.bytes() : Math.min(b[0], base.bytes());
        b[1] = Double.isNaN(b[1]) ? candidate.bytes() : Math.min(b[1], candidate.bytes());
        return pair;
    }

    /**
     * The side as a duet fork: JMH takes a machine-wide lock (/tmp/jmh.lock) so that two benchmark runs never share
     * a machine by accident; a duet shares it on purpose, so both forks of a pair ignore the lock.
     */
    private static ForkLauncher.Side beside(ForkLauncher.Side side) {
        List<String> args = new ArrayList<>(side.jvmArgs());
        args.add("-Djmh.ignoreLock=true");
        return side.withJvmArgs(args);
    }

    private Fork fork(ForkLauncher.Side side, BenchmarkCase c, int round, Path work) {
        // read by its quiet state (kept iterations), not the figure's window: it stops when the rule is done
        ForkRequest request = runner.request(c, gate.timing().steady().maxIterations(), true, Double.NaN).withoutWindow();
        ForkOutcome outcome = runner.launch(side, c, request, c.key() + " (" + side.label() + ", pair " + round + ")", work);
        // Judged by the CPU the fork had, as every fork is: the machine ruler flags iterations and excludes none.
        ForkRunner.Run run = runner.analyse(outcome, c.key() + " (" + side.label() + ")", c.key() + " (" + side.label() + "): ");
        boolean[] usable = outcome.usable();
        double[] series = run.series();
        ForkAnalysis a = run.analysis();
        int[] kept = a.kind().steady() ? a.kept()
                : IntStream.range(series.length / 2, series.length).filter(i -> usable[i]).toArray();
        if (kept.length == 0) {
            kept = IntStream.range(series.length / 2, series.length).toArray(); // the machine took the CPU throughout
        }
        double[] values = Arrays.stream(kept).mapToDouble(i -> series[i]).toArray();
        double[] alloc = outcome.select(kept).stream().mapToDouble(PairMeasurement::allocation).filter(x -> !Double.isNaN(x)).toArray();
        ForkSeries record = new ForkSeries(c.key(), round, side.label().startsWith("base") ? "base" : "candidate", series,
                outcome.availability(), outcome.rulerNanos(), outcome.endMillis(), kept, a.kind().steady());
        forks.add(record);
        return new Fork(values, MachineRulerReferee.rulerLevel(outcome.rulerNanos(), kept),
                alloc.length == 0 ? Double.NaN : Stats.median(alloc), a.kind().steady());
    }

    private String level(Fork f) {
        return String.format(Locale.ROOT, "%.1f ns/op%s", Stats.median(f.kept()), f.steady() ? "" : " (not steady)");
    }

    private String describe(Fork base, Fork candidate) {
        return "base " + level(base) + ", candidate " + level(candidate);
    }

    private static double allocation(IterationResult r) {
        Result<?> alloc = r.getSecondaryResults().get(BenchmarkResult.ALLOC_NORM);
        return alloc == null ? Double.NaN : alloc.getScore();
    }
}
