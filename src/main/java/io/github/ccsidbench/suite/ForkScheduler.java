package io.github.ccsidbench.suite;

import io.github.ccsidbench.machine.MachineRuler;
import io.github.ccsidbench.results.ProfileFile;
import io.github.ccsidbench.stats.LogLevel;
import io.github.ccsidbench.results.Steadiness;
import io.github.ccsidbench.steady.ForkAnalysis;
import io.github.ccsidbench.steady.ForkDriver;
import io.github.ccsidbench.steady.ForkModes;
import io.github.ccsidbench.steady.ForkOutcome;
import io.github.ccsidbench.steady.ForkRequest;
import org.openjdk.jmh.results.RunResult;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;

/**
 * Measures benchmarks fork by fork ({@link ForkDriver} JVMs, each until steady) in interleaved rounds, then extra forks
 * where figures want them while the budget lasts: docs/method.md, "Interleaved rounds" to "The time budget".
 */
final class ForkScheduler {

    /** Fork levels further apart than this are different modes (different JIT outcomes). */
    static final double MODE_GAP = 0.10;
    /** Extra forks go to benchmarks whose 95% interval is wider than this, relative, either way. */
    static final double WANTED_HALF_WIDTH = 0.05;

    /** Forks the answer's benchmarks get where extra forks are allowed (docs/method.md, "Extra forks: modes and wide intervals"). */
    static final int ANSWER_FORKS = 8;
    /** Forks after which the run says again, from its own forks, what the preset needs on this host. */
    static final int ESTIMATE_AFTER_FORKS = 10;

    /** What a measurement produced. */
    record Measured(List<RunResult> results, List<Steadiness> steadiness, int rounds, int forks, int wantedMore,
                    List<ForkOutcome> timed) {
    }

    /** Runs one fork of a benchmark with a cap on its iterations; the real one starts a JVM, tests give series. */
    interface Launcher {
        ForkOutcome run(BenchmarkCase c, ForkRequest request, String label);
    }

    private final Progress progress;
    private final SuiteRunner.Settings settings;
    private final Timing timing;
    private final ForkLauncher forkLauncher;
    /** The benchmarks the preset's answer rests on ({@link Preset#inTheAnswer}): their forks first and together. */
    private final Predicate<BenchmarkCase> answer;
    private final ForkRunner runner;
    private final ForkLauncher.Side side;
    private final Launcher launcher;
    private final ResultAssembly assembly;
    private Path work;
    /** The forks this run measured itself (not replayed from a journal): where their time went is reported. */
    private final List<ForkOutcome> timed = new ArrayList<>();
    private final ForkCosts costs;
    private final RunEstimate estimate;
    /** Whether to look at the host before the first fork (tests with scripted forks do not). */
    private final boolean look;
    /** Where finished forks are recorded (null: nowhere), and an interrupted run's forks to replay (null: none). */
    private final Journal journal;
    private final Journal.Read resumed;
    /** Every machine ruler sample of this run's forks so far (all on this scheduler's JVM): the run's fast level. */
    private final MachineLevel machine = new MachineLevel();

    /** A scheduler whose forks come from {@code launcher} (null: real JVMs), journalled and replayed (null: none). */
    ForkScheduler(Path logFile, PrintStream log, Progress progress, SuiteRunner.Settings settings, Timing timing,
                  Launcher launcher, Journal journal, Journal.Read resumed) {
        this.journal = journal;
        this.resumed = resumed;
        this.progress = progress;
        this.settings = settings;
        this.timing = timing;
        this.answer = Preset.byId(settings.preset())::inTheAnswer;
        this.forkLauncher = new ForkLauncher(logFile, log, settings.outDir().resolve(RunFolder.PRIVATE));
        this.runner = new ForkRunner(forkLauncher, timing);
        this.side = new ForkLauncher.Side("this build", settings.jvm(), settings.jvmArgs(), System.getProperty("java.class.path"));
        this.launcher = launcher != null ? launcher : (c, r, label) -> runner.launch(side, c, r, label, work);
        this.look = launcher == null && resumed == null;
        this.assembly = new ResultAssembly(timing);
        this.costs = new ForkCosts(timing);
        this.estimate = new RunEstimate(timing, settings.prepared());
    }

    Measured measure(List<BenchmarkCase> cases) {
        // A resumed run's budget counts the time the interrupted one spent on the forks it replays.
        Timing.Budget budget = timing.budgetFrom(System.nanoTime() - (resumed == null ? 0 : resumed.millis() * 1_000_000));
        Random random = new Random(ForkRunner.SEED);
        Map<BenchmarkCase, List<ForkRun>> forks = new LinkedHashMap<>();
        cases.forEach(c -> forks.put(c, new ArrayList<>()));
        work = forkLauncher.workDirectory();
        try {
            int required = cases.stream().mapToInt(this::requiredForks).sum();
            int requiredRounds = cases.stream().mapToInt(this::requiredForks).max().orElse(0);
            progress.extend(required - cases.size() * timing.forks()); // the answer's forks beyond the preset's
            if (look && timing.steady().busyStretch() > 1) {
                progress.message(estimate.lookLine(MachineRuler.look(RunEstimate.LOOK_MILLIS), required, expectedForks(cases), budget));
            }
            int count = 0;
            for (int round = 1; round <= requiredRounds; round++) {
                for (BenchmarkCase c : answerTogether(shuffled(cases, random), answer)) {
                    if (forks.get(c).size() < requiredForks(c)) {
                        // The answer's forks keep the preset's cap when the run falls behind: its figures need it most.
                        int cap = inTheAnswer(c) ? timing.steady().maxIterations() : costs.cap(budget, required - count);
                        forks.get(c).add(fork(c, forks.get(c).size() + 1, cap));
                        count++;
                        if (count == ESTIMATE_AFTER_FORKS && timing.steady().busyStretch() > 1 && required > 2 * count) {
                            progress.message(estimate.afterForks(costs, required, expectedForks(cases), budget));
                        }
                    }
                }
            }
            int rounds = requiredRounds;
            boolean outOfTime = false;
            for (int round = timing.forks() + 1; round <= timing.maxForks() && !outOfTime; round++) {
                ResultAssembly.Priors priors = assembly.priors(forks);
                List<BenchmarkCase> needing = cases.stream().filter(c -> wantsMore(c, forks.get(c), priors, null)).toList();
                if (needing.isEmpty()) {
                    break;
                }
                progress.extend(needing.size());
                progress.message(String.format(Locale.ROOT, "ccsid-bench: round %d: %d benchmarks get another fork "
                        + "(forks not steady, in modes, two with nothing to borrow, or interval wider than +-%.0f%%)", round, needing.size(), WANTED_HALF_WIDTH * 100));
                rounds = Math.max(rounds, round);
                int left = needing.size();
                List<BenchmarkCase> order = new ArrayList<>(shuffled(needing, random));
                // the answer's first, then the figures one more fork most likely makes decisive, while the budget lasts
                order.sort(Comparator.comparingInt(c -> priority(c, forks.get(c), priors)));
                for (BenchmarkCase c : order) {
                    if (!budget.fits(costs.leastFork())) {
                        progress.extend(-left);
                        progress.message("ccsid-bench: the run's time budget (" + Timing.format(timing.limit().get())
                                + ") is spent: no more extra forks");
                        outOfTime = true;
                        break;
                    }
                    forks.get(c).add(fork(c, forks.get(c).size() + 1, costs.extraCap(budget, left)));
                    left--;
                    count++;
                }
            }
            // Every fork judged again by the run's final fast level: an early fork flagged by a level not yet known.
            double fastLevel = machine.fastLevel();
            forks.replaceAll((c, runs) -> runs.stream().map(r -> r.judgedBy(fastLevel)).toList());
            List<RunResult> results = new ArrayList<>();
            List<Steadiness> steadiness = new ArrayList<>();
            int wantedMore = 0;
            ResultAssembly.Priors priors = assembly.priors(forks);
            for (BenchmarkCase c : cases) {
                ResultAssembly.Assembled a = assembly.assemble(c, forks.get(c), priors);
                results.add(a.result());
                steadiness.add(a.steadiness());
                if (wantsMore(c, forks.get(c), priors, a.steadiness())) {
                    wantedMore++;
                }
            }
            return new Measured(results, steadiness, rounds, count, wantedMore, List.copyOf(timed));
        } finally {
            ForkLauncher.deleteQuietly(work);
        }
    }

    /** {@code run --profile}: one profiled fork of each of {@code chosen} ({@link ProfiledForks}), its files in {@code staging}. */
    ProfileFile profile(List<BenchmarkCase> chosen, ProfiledForks.Settings s, Path staging) {
        work = forkLauncher.workDirectory();
        try {
            return ProfiledForks.profile(chosen, s, timing.iteration().toMillis(),
                    c -> runner.request(c, timing.steady().maxIterations(), false, machine.fastLevel()),
                    (c, r) -> launcher.run(c, r, "a profiled fork of " + c.key()), staging, progress);
        } finally {
            ForkLauncher.deleteQuietly(work);
        }
    }

    /** The forks a run of {@code cases} typically makes: each benchmark's required ones, or its {@link Timing#expectedForks()}. */
    private int expectedForks(List<BenchmarkCase> cases) {
        return cases.stream().mapToInt(c -> Math.max(requiredForks(c), timing.expectedForks())).sum();
    }

    /**
     * The round's order with the answer's benchmarks moved together to where the first of them fell, so that their ratios
     * pair within the round (docs/how-sure.md, "A busy host, reproduced, and what cancels its state").
     */
    static List<BenchmarkCase> answerTogether(List<BenchmarkCase> order, Predicate<BenchmarkCase> inTheAnswer) {
        List<BenchmarkCase> answer = order.stream().filter(inTheAnswer).toList();
        if (answer.size() < 2) {
            return order;
        }
        List<BenchmarkCase> out = new ArrayList<>(order.size());
        for (BenchmarkCase c : order) {
            if (!inTheAnswer.test(c)) {
                out.add(c);
            } else if (c == answer.get(0)) {
                out.addAll(answer);
            }
        }
        return out;
    }

    private static <T> List<T> shuffled(List<T> items, Random random) {
        List<T> copy = new ArrayList<>(items);
        Collections.shuffle(copy, random);
        return copy;
    }

    /** Measures (or replays from the journal) a benchmark's fork {@code number}, its key in the journal. */
    private ForkRun fork(BenchmarkCase c, int number, int cap) {
        Optional<Journal.Entry> replay = resumed == null ? Optional.empty() : resumed.fork(c.key(), number);
        String label = c.key() + " (fork " + number + (replay.isPresent() ? ", from the journal" : "") + ")";
        progress.start(label);
        long t0 = System.nanoTime();
        ForkOutcome outcome;
        if (replay.isPresent()) {
            outcome = replay.get().fork();
            t0 -= replay.get().millis() * 1_000_000;
        } else {
            outcome = launcher.run(c, runner.request(c, cap, settings.gcProfiler(), machine.fastLevel()), label);
            timed.add(outcome);
        }
        if (outcome.failure() == null && !outcome.iterations().isEmpty() && replay.isEmpty() && journal != null) {
            journal.append(Journal.Entry.of(c.key(), number, (System.nanoTime() - t0) / 1_000_000, outcome));
        }
        machine.add(outcome);
        double fastLevel = machine.fastLevel();
        ForkRunner.Run run = runner.analyse(outcome, c.key(), "");
        double[] series = run.series();
        ForkAnalysis analysis = run.analysis();
        long nanos = System.nanoTime() - t0;
        long millis = nanos / 1_000_000;
        boolean capped = !outcome.steadyStop();
        costs.add(series.length, capped, cap, nanos, outcome.usable());
        if (replay.isPresent()) {
            progress.endReplayed(run.describe(capped, fastLevel));
        } else {
            progress.end(run.describe(capped, fastLevel));
        }
        return new ForkRun(number, outcome, series, analysis, millis, capped, MachineRuler.lower(outcome.rulerFastLevel(), fastLevel));
    }

    /** The forks a benchmark gets whatever the budget: the preset's, or {@link #ANSWER_FORKS} for the answer's. */
    private int requiredForks(BenchmarkCase c) {
        return inTheAnswer(c) && timing.maxForks() > timing.forks() ? Math.max(timing.forks(), ANSWER_FORKS) : timing.forks();
    }

    /** The most forks a benchmark gets: the preset's maximum, or the answer's required forks where those are more. */
    private int maxForks(BenchmarkCase c) {
        return Math.max(timing.maxForks(), requiredForks(c));
    }

    /**
     * The order of a benchmark's next extra fork: 0 the answer's, 1 two agreeing steady forks with nothing to borrow, 2 the
     * rest (docs/method.md, "Extra forks: modes and wide intervals").
     */
    private int priority(BenchmarkCase c, List<ForkRun> runs, ResultAssembly.Priors priors) {
        if (inTheAnswer(c)) {
            return 0;
        }
        if (unsettled(runs)) {
            return 2;
        }
        double[] levels = ForkRun.levels(ForkRun.steady(runs));
        double spread = Arrays.stream(levels).max().orElse(1) / Arrays.stream(levels).min().orElse(1);
        Steadiness s = assembly.assemble(c, runs, priors).steadiness();
        return LogLevel.Variance.TWO_FORKS.label().equals(s.variance()) && spread <= 1 + WANTED_HALF_WIDTH ? 1 : 2;
    }

    /**
     * Whether fewer of a benchmark's forks are in its figure than the preset requires ({@link ForkRun#inFigure}), none
     * settled, or its steady forks fall into modes.
     */
    private boolean unsettled(List<ForkRun> runs) {
        List<ForkRun> steady = ForkRun.steady(runs);
        return steady.isEmpty() || ForkRun.inFigure(runs, timing.iteration().toMillis()).size() < timing.forks()
                || ForkModes.of(ForkRun.levels(steady), MODE_GAP).multimodal();
    }

    /** True for the benchmarks the preset's answer rests on. */
    private boolean inTheAnswer(BenchmarkCase c) {
        return answer.test(c);
    }

    /**
     * Whether a benchmark below its maximum wants another fork, by the rules of docs/method.md, "Extra forks: modes and
     * wide intervals" ({@code assembled}: its steadiness when already assembled, else null).
     */
    private boolean wantsMore(BenchmarkCase c, List<ForkRun> runs, ResultAssembly.Priors priors, Steadiness assembled) {
        if (runs.size() >= maxForks(c)) {
            return false;
        }
        if (runs.size() < requiredForks(c)) {
            return true;
        }
        if (unsettled(runs)) {
            return true;
        }
        Steadiness s = assembled != null ? assembled : assembly.assemble(c, runs, priors).steadiness();
        // Two forks with no family to borrow from are one degree of freedom, however narrow their interval looks.
        return s.relativeHalfWidth() > WANTED_HALF_WIDTH || LogLevel.Variance.TWO_FORKS.label().equals(s.variance());
    }

}
