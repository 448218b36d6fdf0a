package io.github.ccsidbench.gate;

import io.github.ccsidbench.CcsidBenchException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Goes into the branch a merge brought when the merge is a bisection's answer, narrowing it as the first-parent history
 * was; every way it ends keeps the merge as the answer and says where and why (docs/gate.md, "How it goes", step 5).
 */
final class MergeDescent {

    /** Where going into a merge ended: the commit inside (null: the merge), its parent and change, what was left, why. */
    record Descent(FirstParentHistory.Commit culprit, FirstParentHistory.Commit parent, int change,
                   List<FirstParentHistory.Commit> left, String line, String continueCommand) {
    }

    private final Path top;
    private final Bisection.Request q;
    private final StepLog log;
    private final CommitMeasurements bench;
    private final StepRule rule;
    private final RangeNarrowing narrowing;
    private final String followed;
    private final Consumer<String> say;

    /**
     * @param top the git work tree's top directory
     * @param narrowing how a branch's commits are narrowed, the followed benchmark's
     * @param followed the benchmark every comparison judges
     * @param say where progress lines go
     */
    MergeDescent(Path top, Bisection.Request q, StepLog log, CommitMeasurements bench, StepRule rule, RangeNarrowing narrowing,
                 String followed, Consumer<String> say) {
        this.top = top;
        this.q = q;
        this.log = log;
        this.bench = bench;
        this.rule = rule;
        this.narrowing = narrowing;
        this.followed = followed;
        this.say = say;
    }

    /** Goes into the branch {@code merge} brought; its tip not slower than where it left: the merge is the answer. */
    Descent descend(FirstParentHistory.Commit merge) {
        if (merge.parents().size() != 2) {
            return stop(merge, "an octopus merge of " + merge.parents().size() + " parents is not gone into", null);
        }
        CommitRange r = null;
        try {
            String tip = merge.parents().get(1);
            Optional<String> fork = FirstParentHistory.forkPoint(top, merge.parents().get(0), tip);
            if (fork.isEmpty()) {
                return stop(merge, "its second parent is already in its first parent's history", null);
            }
            List<FirstParentHistory.Commit> inner = new ArrayList<>();
            inner.add(FirstParentHistory.commit(top, fork.get()));
            inner.addAll(FirstParentHistory.between(top, fork.get(), tip, fork.get(), tip));
            r = new CommitRange(inner, true);
            int n = r.last();
            say.accept(String.format(Locale.ROOT, "the answer is the merge %s: going into its branch, %d commit(s) after %s (where it"
                    + " left) up to %s", merge.shortId(), n, r.at(0).shortId(), r.at(n).shortId()));
            Bisection.Probe base;
            Bisection.Probe branch;
            try {
                base = bench.probe(r.at(0));
                branch = bench.probe(r.at(n));
            } catch (CcsidBenchException e) {
                return stop(merge, "an end of its branch does not build: " + e.getMessage(), null);
            }
            log.next();
            if (base.digest().equals(branch.digest())) {
                bench.unmeasured("the merged branch's tip, the same jar as where it left", r.at(0), r.at(n),
                        "not slower: the same jar");
                return stop(merge, "its branch's tip " + r.at(n).shortId() + " builds the same jar as where it left, "
                        + r.at(0).shortId() + ": the slowdown comes from combining the two sides", null);
            }
            int i = narrowing.measureOnceMoreIfWorth(r, 0, n, "the merged branch's tip against where it left", "branch-vs-fork");
            if (!log.failed(i)) {
                BisectResult.Step s = log.at(i);
                if (rule.worthMorePairs(s)) {
                    log.conclude(i, "undecided");
                    return stop(merge, "could not tell whether its branch's tip " + r.at(n).shortId() + " is slower than where"
                            + " it left, " + r.at(0).shortId() + ": " + BisectAnswers.describe(s), null);
                }
                log.conclude(i, "not slower: the merge's two sides combined make the slowdown");
                return new Descent(null, null, -1, List.of(), BisectAnswers.combined(merge, r.at(n), r.at(0), s), null);
            }
            log.conclude(i, "slower: the bisection goes into the branch");
            RangeNarrowing.Result a = narrowing.narrow(r);
            switch (a.kind()) {
                case FOUND -> {
                    FirstParentHistory.Commit culprit = r.at(r.hi());
                    String line = BisectAnswers.descentFound(merge, culprit, r.at(0), n);
                    if (culprit.merge()) {
                        Descent deeper = descend(culprit);
                        if (deeper.culprit() != null) {
                            return new Descent(deeper.culprit(), deeper.parent(), deeper.change(), List.of(),
                                    line + " " + deeper.line(), null);
                        }
                        line = line + " " + deeper.line();
                        return new Descent(culprit, r.at(r.lo()), a.change(), deeper.left(), line, deeper.continueCommand());
                    }
                    return new Descent(culprit, r.at(r.lo()), a.change(), List.of(), line, null);
                }
                case FOUND_IN_RANGE -> {
                    return stop(merge, BisectAnswers.foundInRange(followed, r.hi() - r.lo(), r.at(r.lo()), r.at(r.hi()),
                            log.at(a.change())), r);
                }
                case SPREAD -> {
                    return stop(merge, BisectAnswers.spread(followed, r.hi() - r.lo(), r.at(r.lo()), r.at(r.hi()),
                            q.thresholds(), log.at(a.change()), log.at(a.right())), r);
                }
                default -> {
                    return stopWithCommand(merge, a.why(), r);
                }
            }
        } catch (CommitMeasurements.OutOfTime e) {
            return stopWithCommand(merge, e.getMessage(), r);
        } catch (RuntimeException e) {
            return stopWithCommand(merge, "a run failed: " + Bisection.oneLine(e), r);
        }
    }

    /** A descent that ended on the merge, saying why; the commits left inside when {@code r} is given. */
    private Descent stop(FirstParentHistory.Commit merge, String why, CommitRange r) {
        say.accept("inside the merge " + merge.shortId() + ": " + why);
        return new Descent(null, null, -1, r == null ? List.of() : r.left(),
                BisectAnswers.descentStopped(merge, Bisection.stripDot(why)), null);
    }

    /** A descent stopped before it could tell: the commits left and the command that goes on from them. */
    private Descent stopWithCommand(FirstParentHistory.Commit merge, String why, CommitRange r) {
        Descent d = stop(merge, "stopped: " + why, r);
        return new Descent(null, null, -1, d.left(), d.line(), r == null ? null : Bisection.continueCommand(r, q));
    }
}
