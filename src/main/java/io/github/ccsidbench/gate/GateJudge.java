package io.github.ccsidbench.gate;

import io.github.ccsidbench.suite.ForkLauncher;
import io.github.ccsidbench.suite.RunFolder;
import io.github.ccsidbench.suite.Selection;
import io.github.ccsidbench.suite.Timing;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;

/** A bisection's comparisons as runs of the A/B gate, one jar against another, each run writing its own gate files. */
final class GateJudge implements Bisection.Judge {

    private final BiFunction<String, Path, ForkLauncher.Side> sides;
    private final Selection selection;
    private final Timing timing;
    private final GateThresholds thresholds;
    private final boolean duet;
    private final PrintStream err;
    private final Map<Path, Set<String>> methods = new HashMap<>();

    /**
     * @param sides the fork side that runs a jar, under a label (the base's starts with "base")
     * @param selection what the gate measures, before a step narrows it to one benchmark
     * @param timing the forks' stopping rule (the gate preset's)
     * @param thresholds when a comparison FAILs
     * @param duet the two forks of a pair at the same time
     * @param err where the gate's progress goes
     */
    GateJudge(BiFunction<String, Path, ForkLauncher.Side> sides, Selection selection, Timing timing, GateThresholds thresholds,
              boolean duet, PrintStream err) {
        this.sides = sides;
        this.selection = selection;
        this.timing = timing;
        this.thresholds = thresholds;
        this.duet = duet;
        this.err = err;
    }

    @Override
    public Bisection.Measured compare(Bisection.Probe base, String baseRole, Bisection.Probe candidate, String candidateRole,
                                      Set<String> keys, int pairs, int confirmationPairs, Duration budget, Path dir) {
        ForkLauncher.Side b = sides.apply("base " + base.commit().shortId() + " (" + baseRole + ")", base.jar());
        ForkLauncher.Side c = sides.apply("candidate " + candidate.commit().shortId() + " (" + candidateRole + ")", candidate.jar());
        // Only what both jars have is compared: a benchmark one of them lacks would be NEW or GONE, never a step's answer.
        Set<String> both = new TreeSet<>(methods(base.jar()));
        both.retainAll(methods(candidate.jar()));
        try {
            AbGate.Outcome o = new AbGate(err).run(new GateRequest(b, c, both, dir, selection, timing, thresholds, pairs,
                    confirmationPairs, duet, budget), keys);
            return new Bisection.Measured(o.result().comparisons(), o.result().pairsKept());
        } finally {
            // The forks' request and outcome files: the bisection's folder is held (and cleaned) as a whole, not each step's.
            ForkLauncher.deleteQuietly(dir.resolve(RunFolder.PRIVATE));
        }
    }

    private Set<String> methods(Path jar) {
        return methods.computeIfAbsent(jar, BaseSide::methods);
    }
}
