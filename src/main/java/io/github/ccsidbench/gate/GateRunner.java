package io.github.ccsidbench.gate;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.bench.FloorBenchmark;
import io.github.ccsidbench.results.AtomicFiles;
import io.github.ccsidbench.results.BenchmarkResult;
import io.github.ccsidbench.results.JmhResults;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.suite.BenchmarkPlan;
import io.github.ccsidbench.suite.Durations;
import io.github.ccsidbench.suite.PlannedRun;
import io.github.ccsidbench.suite.Preset;
import io.github.ccsidbench.suite.Selection;
import io.github.ccsidbench.suite.SuiteRunner;
import io.github.ccsidbench.suite.Timing;
import org.openjdk.jmh.results.RunResult;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The CI regression gate: measures the gate preset between two sets of rulers, re-runs once when
 * the rulers moved (and gives up with INCONCLUSIVE when they move again), compares every benchmark
 * with the committed baseline for this JDK and preset (several passes, so the machine's run-to-run
 * spread is known), re-measures every failure once to confirm it, and writes {@code gate.json} and
 * {@code gate.md}. With {@code updateBaseline} it measures the baseline's passes instead. Exit status: 0 pass, 1 regression, 2 inconclusive
 * or bad input.
 */
public final class GateRunner {

    /** The gate measures these: every conversion of the preset and the INSERT paths (client and server together). */
    static final String INCLUDE = "ConversionBenchmark\\.|Db2PathBenchmark\\.insert$";
    /**
     * Rulers get six forks: every benchmark is divided by them and their drift decides whether the
     * machine was stable, so their level (the fastest fork's median) must be robust. Measured here,
     * three-fork rulers of 1 KiB moved 4-10% between the start and the end of a quiet pass.
     */
    public static final int RULER_FORKS = 6;

    /** Re-runs a timing failure must survive, each failing it again, before it fails the gate. */
    static final int CONFIRMATIONS = 2;

    public static final String GATE_JSON = "gate.json";
    public static final String GATE_MD = "gate.md";
    public static final String RESULTS = "gate-results.json";

    /**
     * What to gate and how.
     *
     * @param baseline a baseline file, or a directory holding {@code gate-jdk<N>.json}
     * @param out output directory
     * @param jvm java executable for the forks
     * @param jvmArgs arguments for every fork
     * @param selection CCSIDs and providers (narrowing the preset; tests use it)
     * @param timing how long to measure (the gate preset's by default)
     * @param thresholds when to warn and fail
     * @param updateBaseline write a new baseline from this run instead of comparing
     * @param allowJdkChange compare with a baseline from another JDK major version on purpose
     * @param baselinePasses how many passes a new baseline measures (at least 2; 3 by default)
     * @param rulerForks forks of each ruler ({@link #RULER_FORKS} by default)
     * @param allowMachineChange compare with a baseline measured on another CPU, core count or JDK build on purpose
     */
    public record Options(Path baseline, Path out, String jvm, List<String> jvmArgs, Selection selection, Timing timing,
                          GateThresholds thresholds, boolean updateBaseline, boolean allowJdkChange, int baselinePasses,
                          int rulerForks, boolean allowMachineChange) {

        /** Options that refuse a baseline from another machine. */
        public Options(Path baseline, Path out, String jvm, List<String> jvmArgs, Selection selection, Timing timing,
                       GateThresholds thresholds, boolean updateBaseline, boolean allowJdkChange, int baselinePasses,
                       int rulerForks) {
            this(baseline, out, jvm, jvmArgs, selection, timing, thresholds, updateBaseline, allowJdkChange, baselinePasses,
                    rulerForks, false);
        }

        /** Options with the default ruler forks. */
        public Options(Path baseline, Path out, String jvm, List<String> jvmArgs, Selection selection, Timing timing,
                       GateThresholds thresholds, boolean updateBaseline, boolean allowJdkChange, int baselinePasses) {
            this(baseline, out, jvm, jvmArgs, selection, timing, thresholds, updateBaseline, allowJdkChange, baselinePasses,
                    RULER_FORKS);
        }
    }

    /** The gate's answer. */
    public record Outcome(Verdict verdict, int exitCode, GateResult result, Path markdown) {
    }

    private final PrintStream err;

    public GateRunner(PrintStream err) {
        this.err = err;
    }

    public Outcome run(Options o) {
        if (o.updateBaseline() && o.baselinePasses() < 2) {
            throw new CcsidBenchException("a baseline needs at least 2 passes to know this machine's run-to-run spread");
        }
        int major = RunEnvironment.javaMajor(o.jvm());
        String preset = Preset.GATE.id();
        Path baselineFile = baselineFile(o.baseline(), major);
        String update = "mvn -Pgate verify -Dgate.update-baseline=true";
        GateBaseline baseline = null;
        if (!o.updateBaseline()) {
            baseline = o.allowJdkChange() ? GateBaseline.readAnyJdk(baselineFile, preset, major, update)
                    : GateBaseline.read(baselineFile, preset, major, update);
        }
        RunEnvironment here = RunEnvironment.capture(preset, o.timing().describe(), o.jvm());
        if (baseline != null && !o.allowMachineChange()) {
            checkSameMachine(baselineFile, baseline.environment(), here);
        }
        try {
            Files.createDirectories(o.out());
        } catch (IOException e) {
            throw new CcsidBenchException("cannot create output directory " + o.out() + ": " + e.getMessage());
        }
        BenchmarkPlan plan = BenchmarkPlan.of(Preset.GATE, o.timing(), o.selection().withInclude(INCLUDE));
        List<PlannedRun> benchmarks = plan.runs().stream().filter(r -> r.benchmark() != FloorBenchmark.class).toList();
        List<String> lengths = plan.runs().stream().filter(r -> r.benchmark() == FloorBenchmark.class).findFirst()
                .map(r -> r.params().get("length")).orElseThrow(() -> new CcsidBenchException("the gate has nothing to measure"));
        Phases phases = new Phases(List.of(new PlannedRun(FloorBenchmark.class, List.of("isoRoundTrip"), Map.of("length", lengths))),
                o.timing().withForks(Math.max(o.rulerForks(), o.timing().forks())), benchmarks, o.timing(),
                new SuiteRunner.Settings(preset, o.out(), o.jvm(), o.jvmArgs(), true));
        int perPass = benchmarks.stream().mapToInt(PlannedRun::size).sum() + 2 * lengths.size();
        int passes = o.updateBaseline() ? o.baselinePasses() : 1;
        RunEnvironment environment = here;
        err.printf("ccsid-bench gate: %d benchmarks per pass (rulers at start and end), %d %s, JDK %d, about %s; JMH log: %s%n",
                perPass, passes, passes == 1 ? "pass" : "passes for the baseline", major,
                Durations.format(o.timing().perBenchmark().multipliedBy((long) perPass * passes)), o.out().resolve(SuiteRunner.LOG));

        try (SuiteRunner.Session session = new SuiteRunner.Session(o.out().resolve(SuiteRunner.LOG), err,
                perPass * passes * o.timing().forks(), o.timing().typicalFork())) {
            List<Double> drifts = new ArrayList<>();
            List<Measured> measured = new ArrayList<>();
            for (int i = 0; i < passes; i++) {
                Measured pass = measureStable(session, phases, o.thresholds(), drifts, perPass);
                if (pass == null) {
                    RunEnvironment env = environment.withWallTime(Durations.format(session.elapsed()));
                    return finish(GateResult.inconclusive(env, baselineFile, o.thresholds(), drifts, "the rulers moved more than "
                            + Math.round(o.thresholds().rulerTolerance() * 100) + "% together in two runs"), o.out(),
                            Verdict.INCONCLUSIVE, 2);
                }
                measured.add(pass);
            }
            Measured pass = measured.get(measured.size() - 1);
            AtomicFiles.writeString(o.out().resolve(RESULTS), pass.benchmarksJson());
            RunEnvironment env = environment.withWallTime(Durations.format(session.elapsed()));
            if (o.updateBaseline()) {
                GateBaseline.write(baselineFile, preset, major, env, measured.stream()
                        .map(m -> new GateBaseline.PassJson(m.rulersStartJson(), m.benchmarksJson(), m.rulersEndJson())).toList());
                err.printf("ccsid-bench gate: wrote the baseline %s (%d passes of %d benchmarks); commit it%n", baselineFile,
                        passes, pass.pass().benchmarks().size());
                return finish(GateResult.baselineWritten(env, baselineFile, o.thresholds(), drifts, pass.pass().benchmarks().size()),
                        o.out(), Verdict.PASS, 0);
            }
            BaselineStatistics stats = baseline.statistics();
            List<BenchmarkComparison> comparisons = compare(stats, pass.pass(), o.thresholds());
            // A timing FAIL stands only if two more passes over the suspects fail it again: a pass's
            // estimate moves about 6% on this machine, so one unlucky pass must not fail a build.
            for (int round = 1; round <= CONFIRMATIONS; round++) {
                List<BenchmarkComparison> failed = comparisons.stream().filter(BenchmarkComparison::timingFailure).toList();
                if (failed.isEmpty()) {
                    break;
                }
                session.message("ccsid-bench gate: " + failed.size() + " benchmarks look slower; measuring them again to confirm ("
                        + round + " of " + CONFIRMATIONS + ")");
                GatePass first = pass.pass();
                Phases again = phases.only(failed.stream().map(c -> rerun(first, c.key())).toList());
                session.extend(again.size() * o.timing().forks());
                Measured confirmation = measureStable(session, again, o.thresholds(), drifts, again.size());
                if (confirmation == null) {
                    env = env.withWallTime(Durations.format(session.elapsed()));
                    return finish(GateResult.inconclusive(env, baselineFile, o.thresholds(), drifts,
                            "the rulers moved while re-measuring " + failed.size() + " apparent regressions"), o.out(),
                            Verdict.INCONCLUSIVE, 2);
                }
                Map<String, BenchmarkComparison> rechecked = new LinkedHashMap<>();
                compare(stats, confirmation.pass(), o.thresholds()).forEach(c -> rechecked.put(c.key(), c));
                List<BenchmarkComparison> updated = new ArrayList<>();
                for (BenchmarkComparison c : comparisons) {
                    BenchmarkComparison re = failed.contains(c) ? rechecked.get(c.key()) : null;
                    updated.add(re == null ? c : re.verdict() == Verdict.FAIL ? c.confirmedAgain(re, round == CONFIRMATIONS)
                            : c.unconfirmed(re));
                }
                comparisons = updated;
            }
            env = env.withWallTime(Durations.format(session.elapsed()));
            List<String> notInBaseline = pass.pass().benchmarks().stream().map(BenchmarkResult::key)
                    .filter(k -> !stats.entries().containsKey(k)).toList();
            GateResult result = GateResult.compared(env, baselineFile, baseline, o.thresholds(), drifts, comparisons, notInBaseline);
            boolean regression = comparisons.stream().anyMatch(c -> c.verdict() == Verdict.FAIL);
            return finish(result, o.out(), regression ? Verdict.FAIL : Verdict.PASS, regression ? 1 : 0);
        }
    }

    /**
     * A stored baseline holds only on the machine that measured it: another CPU model, core count or JDK build
     * moves benchmarks by different amounts (measured: -43% to +65% on unchanged code), which no ruler cancels.
     */
    static void checkSameMachine(Path file, RunEnvironment then, RunEnvironment now) {
        if (then == null) {
            throw new CcsidBenchException("the baseline " + file + " does not say which machine measured it: use the A/B gate"
                    + " (--base REF), or --allow-machine-change to compare anyway");
        }
        List<String> differences = new ArrayList<>();
        if (!java.util.Objects.equals(then.cpu(), now.cpu())) {
            differences.add("CPU '" + then.cpu() + "', here '" + now.cpu() + "'");
        }
        if (then.cores() != now.cores()) {
            differences.add(then.cores() + " cores, here " + now.cores());
        }
        if (!java.util.Objects.equals(then.forkJavaVendor(), now.forkJavaVendor())) {
            differences.add("JDK '" + then.forkJavaVendor() + "', here '" + now.forkJavaVendor() + "'");
        }
        if (!differences.isEmpty()) {
            throw new CcsidBenchException("the baseline " + file + " was measured on another machine (" + String.join("; ", differences)
                    + "): a stored baseline only holds on its own machine; use the A/B gate (--base REF), or"
                    + " --allow-machine-change to compare anyway");
        }
    }

    /** What one pass measures: rulers, benchmarks, rulers again. */
    private record Phases(List<PlannedRun> rulers, Timing rulerTiming, List<PlannedRun> benchmarks, Timing timing,
                          SuiteRunner.Settings settings) {
        Phases only(List<PlannedRun> subset) {
            return new Phases(rulers, rulerTiming, subset, timing, settings);
        }

        int size() {
            return 2 * rulers.stream().mapToInt(PlannedRun::size).sum() + benchmarks.stream().mapToInt(PlannedRun::size).sum();
        }
    }

    /**
     * Measures a pass; when its rulers moved more than the tolerance, says so and measures it once
     * more. Returns null when the second pass is unstable too.
     */
    private Measured measureStable(SuiteRunner.Session session, Phases phases, GateThresholds t, List<Double> drifts, int size) {
        Measured pass = measure(session, phases);
        drifts.add(pass.pass().machineDrift());
        if (!pass.pass().unstable(t.rulerTolerance())) {
            return pass;
        }
        session.message(String.format(Locale.ROOT, "ccsid-bench gate: the rulers moved %.1f%% together (%.1f%% the most) during"
                        + " the pass (tolerance %.0f%%): the machine was unstable; measuring once more",
                pass.pass().machineDrift() * 100, pass.pass().maxDrift() * 100, t.rulerTolerance() * 100));
        session.extend(size * phases.timing().forks());
        pass = measure(session, phases);
        drifts.add(pass.pass().machineDrift());
        return pass.pass().unstable(t.rulerTolerance()) ? null : pass;
    }

    /** One pass's results, parsed and as JMH's JSON (kept for the baseline file). */
    private record Measured(GatePass pass, String rulersStartJson, String benchmarksJson, String rulersEndJson) {
    }

    private static Measured measure(SuiteRunner.Session session, Phases p) {
        List<RunResult> start = session.measure(p.rulers(), p.rulerTiming(), p.settings());
        List<RunResult> main = session.measure(p.benchmarks(), p.timing(), p.settings());
        List<RunResult> end = session.measure(p.rulers(), p.rulerTiming(), p.settings());
        String s = SuiteRunner.toJson(start);
        String m = SuiteRunner.toJson(main);
        String e = SuiteRunner.toJson(end);
        return new Measured(new GatePass(JmhResults.parse(s, "rulers"), JmhResults.parse(m, "benchmarks"),
                JmhResults.parse(e, "rulers")), s, m, e);
    }

    /** Compares every benchmark of the candidate pass that the baseline has. */
    static List<BenchmarkComparison> compare(BaselineStatistics baseline, GatePass candidate, GateThresholds t) {
        List<BenchmarkComparison> out = new ArrayList<>();
        candidate.normalised().forEach((key, samples) -> {
            BaselineStatistics.Entry entry = baseline.entries().get(key);
            if (entry != null) {
                out.add(BenchmarkComparison.compare(key, entry, samples, candidate.bytesPerOp(key), t));
            }
        });
        return out;
    }

    /** A one-benchmark run that measures {@code key} again. */
    private static PlannedRun rerun(GatePass pass, String key) {
        BenchmarkResult r = pass.benchmarks().stream().filter(b -> b.key().equals(key)).findFirst().orElseThrow();
        Map<String, List<String>> params = new LinkedHashMap<>();
        r.params().forEach((k, v) -> params.put(k, List.of(v)));
        try {
            return new PlannedRun(Class.forName(r.benchmark().substring(0, r.benchmark().lastIndexOf('.'))), List.of(r.method()), params);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("benchmark class of " + key + " not found", e);
        }
    }

    private Outcome finish(GateResult result, Path out, Verdict verdict, int exitCode) {
        GateResult finished = result.withVerdict(verdict, exitCode);
        AtomicFiles.writeString(out.resolve(GATE_JSON), finished.toJson());
        String md = finished.toMarkdown();
        AtomicFiles.writeString(out.resolve(GATE_MD), md);
        err.printf("ccsid-bench gate: %s (exit %d); wrote %s and %s%n", verdict, exitCode, out.resolve(GATE_MD), out.resolve(GATE_JSON));
        return new Outcome(verdict, exitCode, finished, out.resolve(GATE_MD));
    }

    /** The baseline file a run with these options would compare with (or write). */
    public static Path baselineFile(Path baseline, int major) {
        return Files.isDirectory(baseline) || !baseline.toString().endsWith(".json")
                ? GateBaseline.fileIn(baseline, Preset.GATE.id(), major) : baseline;
    }
}
