package io.github.ccsidbench.gate;

import io.github.ccsidbench.CcsidBenchException;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Narrows one range of commits (first-parent, or a merged branch's) to the first that made the followed benchmark
 * slower, skipping commits that do not build or run (docs/gate.md, "How it goes", steps 2 to 4).
 */
final class RangeNarrowing {

    /** What narrowing one range gave. */
    enum Kind { FOUND, FOUND_IN_RANGE, SPREAD, STOPPED }

    /** The kind, the log index of the answer's change (or a spread step's left side), a spread step's right (-1), why. */
    record Result(Kind kind, int change, int right, String why) {
    }

    private final StepLog log;
    private final CommitMeasurements bench;
    private final StepRule rule;
    private final String followed;
    private final Map<String, BisectResult.Skip> skips;
    private final Consumer<String> say;

    /**
     * @param followed the benchmark every comparison judges
     * @param skips where each skipped commit is recorded, by id
     * @param say where progress lines go
     */
    RangeNarrowing(StepLog log, CommitMeasurements bench, StepRule rule, String followed, Map<String, BisectResult.Skip> skips,
                   Consumer<String> say) {
        this.log = log;
        this.bench = bench;
        this.rule = rule;
        this.followed = followed;
        this.skips = skips;
        this.say = say;
    }

    /**
     * Narrows {@code r} until no untried commit is left between its last good and first bad commit, then shows the
     * answer is the first (its parent against the good end) and confirms its change on fresh pairs.
     */
    Result narrow(CommitRange r) {
        while (true) {
            int m = r.midpoint();
            if (m < 0) {
                int lo = r.lo();
                Boolean earlier = slowerBefore(r);
                if (earlier == null) {
                    return new Result(Kind.STOPPED, -1, -1, "could not tell whether " + r.at(lo).shortId()
                            + ", the last commit judged not slower, is slower than the good end " + r.at(0).shortId() + ": "
                            + BisectAnswers.describe(log.at(log.last())));
                }
                if (earlier) {
                    continue;
                }
                return confirm(r);
            }
            Bisection.Probe probe = probe(r, m);
            if (probe == null) {
                continue; // skipped: it did not build
            }
            int left = r.candidates();
            say.accept(String.format(Locale.ROOT, "step %d: %d commit(s) left between %s (good) and %s (bad), about %d step(s) to go;"
                            + " judging %s \"%s\"", log.number() + 1, left, r.at(r.lo()).shortId(), r.at(r.hi()).shortId(),
                    CommitRange.stepsFor(left), r.at(m).shortId(), r.at(m).subject()));
            log.next();
            if (probe.digest().equals(bench.probe(r.at(r.lo())).digest())) {
                bench.unmeasured("midpoint, the same jar as the good end", r.at(r.lo()), r.at(m), "not slower: the same jar as "
                        + r.at(r.lo()).shortId());
                r.good(m);
                continue;
            }
            if (probe.digest().equals(bench.probe(r.at(r.hi())).digest())) {
                bench.unmeasured("midpoint, the same jar as the bad end", r.at(r.hi()), r.at(m), "slower: the same jar as "
                        + r.at(r.hi()).shortId());
                r.bad(m);
                continue;
            }
            StepRule.Decision d;
            int lo = r.lo();
            int hi = r.hi();
            try {
                d = rule.decide((side, more) -> side == StepRule.Side.MIDPOINT_AGAINST_GOOD
                        ? bench.measure(r, followed, lo, m, "midpoint against the good end" + (more ? ", more pairs" : ""), key(), more,
                        more ? "mid-vs-good-again" : "mid-vs-good").index()
                        : bench.measure(r, followed, m, hi, "bad end against the midpoint" + (more ? ", more pairs" : ""), key(), more,
                        more ? "bad-vs-mid-again" : "bad-vs-mid").index(), log);
            } catch (CcsidBenchException e) {
                skip(r, m, "its benchmark could not be measured: " + e.getMessage());
                continue;
            }
            switch (d.kind()) {
                case GOOD -> r.good(m);
                case BAD -> r.bad(m);
                case SPREAD -> {
                    return new Result(Kind.SPREAD, d.left(), d.right(), d.why());
                }
                default -> {
                    return new Result(Kind.STOPPED, d.left(), d.right(), "a step stayed undecided: " + d.why());
                }
            }
        }
    }

    /** "First" shown: the last commit judged not slower against the good end; true FAIL, false not slower, null unknown. */
    private Boolean slowerBefore(CommitRange r) {
        int lo = r.lo();
        if (lo == 0) {
            return false;
        }
        FirstParentHistory.Commit parent = r.at(lo);
        log.next();
        if (bench.probe(parent).digest().equals(bench.probe(r.at(0)).digest())) {
            bench.unmeasured("the answer's parent, the same jar as the good end", r.at(0), parent, "not slower: the same jar as "
                    + r.at(0).shortId());
            return false;
        }
        say.accept("checking that " + r.at(r.hi()).shortId() + " is the first slower: its parent " + parent.shortId()
                + " against the good end " + r.at(0).shortId());
        int i = measureOnceMoreIfWorth(r, 0, lo, "the answer's parent against the good end", "parent-vs-good");
        if (log.failed(i)) {
            log.conclude(i, StepRule.SLOWER);
            say.accept(parent.shortId() + " is slower than the good end too: the first slower commit lies before it; going on in the"
                    + " " + lo + " commit(s) after " + r.at(0).shortId() + " up to " + parent.shortId());
            r.slowerBefore();
            return true;
        }
        if (rule.worthMorePairs(log.at(i))) {
            log.conclude(i, "undecided");
            return null;
        }
        log.conclude(i, "not slower by the failure threshold: the first slower commit is after it");
        return false;
    }

    /** One comparison, measured once more with twice the pairs when worth it (the step rule); the index that stands. */
    int measureOnceMoreIfWorth(CommitRange r, int base, int candidate, String what, String name) {
        int i = bench.measure(r, followed, base, candidate, what, key(), false, name).index();
        if (!log.failed(i) && rule.worthMorePairs(log.at(i))) {
            log.conclude(i, "undecided: more pairs");
            i = bench.measure(r, followed, base, candidate, what + ", more pairs", key(), true, name + "-again").index();
        }
        return i;
    }

    /** The answer's change against its parent (or across the skipped commits), confirmed on fresh pairs. */
    private Result confirm(CommitRange r) {
        int lo = r.lo();
        int hi = r.hi();
        boolean one = hi - lo == 1;
        String what = one ? "the answer against its parent, fresh pairs" : "the range's last commit against the last good, fresh pairs";
        log.next();
        int c = measureOnceMoreIfWorth(r, lo, hi, what, "answer-vs-parent");
        if (log.failed(c)) {
            log.conclude(c, "slower: the answer's change");
            return new Result(one ? Kind.FOUND : Kind.FOUND_IN_RANGE, c, -1, "");
        }
        if (!one && rule.significantlySlower(log.at(c))) {
            log.conclude(c, "slower, below the failure threshold");
            return new Result(Kind.SPREAD, c, -1, "");
        }
        log.conclude(c, "not confirmed");
        return new Result(Kind.STOPPED, c, -1, "the bisection narrowed it to " + (one ? r.at(hi).shortId()
                : "these commits") + ", but fresh pairs did not confirm the change against " + r.at(lo).shortId() + ": "
                + BisectAnswers.describe(log.at(c)));
    }

    /** Builds a midpoint; null (and skipped, named) when it does not build. */
    private Bisection.Probe probe(CommitRange r, int i) {
        bench.timeLeft();
        try {
            return bench.probe(r.at(i));
        } catch (CcsidBenchException e) {
            // BaseBuild's one line says why: it does not build, did not build in time, or built no benchmarks jar.
            skip(r, i, e.getMessage());
            return null;
        }
    }

    private void skip(CommitRange r, int i, String why) {
        FirstParentHistory.Commit c = r.at(i);
        r.skip(i);
        skips.put(c.id(), new BisectResult.Skip(c.id(), c.shortId(), c.subject(), why));
        say.accept("skipped " + c.shortId() + ": " + why);
    }

    private Set<String> key() {
        return Set.of(followed);
    }
}
