package io.github.ccsidbench.stats;

import org.junit.jupiter.api.Tag;
import io.github.ccsidbench.steady.ForkModes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How often the tool's 95% intervals hold the true level, on runs simulated from known levels: the test that chose the
 * variance rule ({@link BetweenForkVariance#estimate}), the family size it is fitted from ({@link
 * BetweenForkVariance#MIN_MEMBERS}) and the floor side of "x floor" (all the floor's forks), and that holds them.
 *
 * <p>The model: a figure has a true level L. Each fork (one JVM) runs at L exp(sigma_b Z), Z standard normal, sigma_b
 * the figure's between-fork spread; a fork's iterations (10 to 20 of them) scatter around its level by a factor
 * exp(0.02 Z) each, as the committed runs' iterations do, and make its median about as uncertain as the spread between
 * forks, so that the within-fork lower bound matters as it does in real runs. The figures of a family share a spread scale: sigma_b^2 is drawn from a
 * scaled inverse chi-square with {@link #FAMILY_DOF} degrees of freedom and scale {@link #SPREAD}^2, the model Smyth's
 * prior assumes, so the figures of a family differ in spread as real ones do. A fork's level is the median of its
 * iterations, a figure's level the geometric mean of its forks' levels, and the truth an interval is held to is L, the
 * level the forks scatter around on the log scale (the geometric mean of the population of forks). Coverage is the
 * share of intervals, over draws and the figures of a case, that hold L. Every case has 2,000 draws or more, seeded.
 */
@Tag("slow")
class IntervalCoverageTest {

    /** Draws per case. */
    static final int DRAWS = 2000;
    /** The scale of a family's between-fork spread of a fork's log level. */
    static final double SPREAD = 0.010;
    /** How much the figures of a family differ in spread: the degrees of freedom of their scaled inverse chi-square. */
    static final int FAMILY_DOF = 8;
    /** The scatter of one iteration around its fork's level, on the log scale. */
    static final double ITERATION_NOISE = 0.02;

    /** Coverage must lie in this range: 95% with room for the simulation's own error and a conservative rule. */
    static final double LOW = 0.93;
    static final double HIGH = 0.975;

    /** One simulated figure: its true log level and its forks' iterations. */
    record Figure(double truth, double[][] forks) {
    }

    static double gaussian(SplittableRandom r) {
        return r.nextGaussian();
    }

    /** A figure's between-fork spread, drawn from its family's scaled inverse chi-square. */
    static double spread(SplittableRandom r, double scale) {
        double chi2 = 0;
        for (int i = 0; i < FAMILY_DOF; i++) {
            double g = gaussian(r);
            chi2 += g * g;
        }
        return scale * Math.sqrt(FAMILY_DOF / chi2);
    }

    /** The iterations of one fork at {@code level}: 10 to 20, each off by exp(ITERATION_NOISE Z); rounded to {@code grain} when > 0. */
    static double[] fork(SplittableRandom r, double level, double grain) {
        double[] it = new double[10 + r.nextInt(11)];
        for (int i = 0; i < it.length; i++) {
            double x = level * Math.exp(ITERATION_NOISE * gaussian(r));
            it[i] = grain > 0 ? Math.max(grain, Math.round(x / grain) * grain) : x;
        }
        return it;
    }

    /** A figure of {@code k} forks around the true level exp(truth) with between-fork spread {@code sigma}. */
    static Figure figure(SplittableRandom r, double truth, double sigma, int k, double grain) {
        double[][] forks = new double[k][];
        for (int f = 0; f < k; f++) {
            forks[f] = fork(r, Math.exp(truth + sigma * gaussian(r)), grain);
        }
        return new Figure(truth, forks);
    }

    /** A family of {@code members} figures of {@code k} forks each, at true levels between 20 and 2,000 ns. */
    static List<Figure> family(SplittableRandom r, int members, int k, double scale) {
        List<Figure> out = new ArrayList<>();
        for (int m = 0; m < members; m++) {
            out.add(figure(r, Math.log(20 + 1980 * r.nextDouble()), spread(r, scale), k, 0));
        }
        return out;
    }

    /**
     * A figure whose forks each sit, with probability 1/2, in one of two modes 20% apart (ln 1.2 between them), each
     * fork's iterations around its mode; the truth is the modes' geometric mean, the level the forks scatter around on
     * the log scale.
     */
    static Figure modes(SplittableRandom r, int k) {
        double truth = Math.log(20 + 1980 * r.nextDouble());
        double[][] forks = new double[k][];
        for (int f = 0; f < k; f++) {
            forks[f] = fork(r, Math.exp(truth + (r.nextBoolean() ? 0.5 : -0.5) * Math.log(1.2) + 0.003 * gaussian(r)), 0);
        }
        return new Figure(truth, forks);
    }

    /** The estimates of a run's figures as the tool makes them: families fitted by name, each figure from its forks. */
    static Map<String, LogLevel> estimates(Map<String, Figure> run) {
        Map<String, double[]> levels = new LinkedHashMap<>();
        run.forEach((key, f) -> levels.put(key, BetweenForkVariance.forkLevels(f.forks())));
        BetweenForkVariance.Families families = BetweenForkVariance.Families.fit(levels);
        Map<String, LogLevel> out = new LinkedHashMap<>();
        run.forEach((key, f) -> out.put(key, families.of(key).estimate(f.forks())));
        return out;
    }

    static Map<String, Figure> named(String family, List<Figure> figures) {
        Map<String, Figure> run = new LinkedHashMap<>();
        for (int i = 0; i < figures.size(); i++) {
            run.put(family + " i=" + i, figures.get(i));
        }
        return run;
    }

    /** Counts intervals and those that hold their truth; t quantiles are looked up once per degrees of freedom. */
    static final class Tally {
        private final Map<Double, Double> quantiles = new HashMap<>();
        long covered;
        long all;

        /** Whether exp(truth) lies in e's 95% interval, exp(centre +- t se), counted. */
        boolean add(LogLevel e, double truth) {
            double t = quantiles.computeIfAbsent(e.dof(), d -> LogLevel.quantile(d, 0.95));
            boolean in = Math.abs(e.centre() - truth) <= t * e.standardError();
            covered += in ? 1 : 0;
            all++;
            return in;
        }

        double share() {
            return (double) covered / all;
        }
    }

    /**
     * A family of 3, 10 or 60 members, 2 to 5 forks each: the share of its figures' intervals that hold their level. A
     * family of 3 borrows nothing; with 2 forks each its figures have one degree of freedom of their own, and whether
     * their own spread or their iterations' gives the variance, such intervals cannot hold 93% (forks that agree by
     * chance are narrow, and a t of 1 dof makes the others far too wide): every such figure is marked, never decisive,
     * and the scheduler gives it another fork.
     */
    @ParameterizedTest(name = "{0} members x {1} forks")
    @CsvSource({"3, 2", "3, 3", "3, 4", "3, 5", "10, 2", "10, 3", "10, 4", "10, 5", "60, 2", "60, 3", "60, 4", "60, 5"})
    void aFamilysIntervalsHoldTheirTrueLevels(int members, int k) {
        SplittableRandom r = new SplittableRandom(members * 100L + k);
        Tally tally = new Tally();
        boolean marked = true;
        for (int d = 0; d < DRAWS; d++) {
            Map<String, Figure> run = named("Sim.family", family(r, members, k, SPREAD));
            Map<String, LogLevel> e = estimates(run);
            for (Map.Entry<String, Figure> f : run.entrySet()) {
                tally.add(e.get(f.getKey()), f.getValue().truth());
                marked &= !e.get(f.getKey()).canDecide();
            }
        }
        if (members < BetweenForkVariance.MIN_MEMBERS && k == 2) {
            assertTrue(marked, "every figure of two forks with nothing to borrow is marked");
            assertTrue(tally.share() < LOW, "the mark is needed: coverage " + tally.share());
        } else {
            assertCoverage(tally.share(), members + " members x " + k + " forks");
        }
    }

    /**
     * One figure in two JIT modes in a family of 19 tight ones, 2 to 5 forks each. Whenever its forks show both modes
     * the report marks it (forks in modes, {@link ForkModes#multimodal()}) and its interval, its own forks' t interval,
     * holds the truth; a figure whose forks all fell into one mode (probability 2^(1-k)) looks like a tight one and
     * cannot be marked or held: the coverage is 1 - 2^(1-k), below 93% for fewer than 5 forks, and every miss is such a
     * figure. That is why the scheduler gives a figure in modes more forks, and why docs/method.md says a figure with
     * few forks may not have shown a mode.
     */
    @ParameterizedTest(name = "{0} forks")
    @ValueSource(ints = {2, 3, 4, 5})
    void aFigureInModesIsHeldWheneverItsForksShowTheModes(int k) {
        SplittableRandom r = new SplittableRandom(700 + k);
        Tally seen = new Tally();
        Tally tight = new Tally();
        int unseen = 0;
        int missedUnseen = 0;
        for (int d = 0; d < DRAWS; d++) {
            List<Figure> figures = family(r, 19, k, 0.006);
            figures.add(modes(r, k));
            Map<String, Figure> run = named("Sim.modes", figures);
            Map<String, LogLevel> e = estimates(run);
            String key = "Sim.modes i=19";
            double[] levels = BetweenForkVariance.forkLevels(run.get(key).forks());
            boolean marked = ForkModes.of(levels, 0.10).multimodal();
            boolean bothModes = Arrays.stream(levels).anyMatch(l -> l > Math.exp(run.get(key).truth()))
                    && Arrays.stream(levels).anyMatch(l -> l < Math.exp(run.get(key).truth()));
            assertEquals(bothModes, marked, "the mark is exactly the figures whose forks show both modes");
            if (marked) {
                seen.add(e.get(key), run.get(key).truth());
            } else {
                unseen++;
                missedUnseen += new Tally().add(e.get(key), run.get(key).truth()) ? 0 : 1;
            }
            for (int i = 0; i < 19; i++) {
                tight.add(e.get("Sim.modes i=" + i), run.get("Sim.modes i=" + i).truth());
            }
        }
        assertTrue(seen.share() >= LOW, "marked: coverage " + seen.share());
        double expectedUnseen = Math.pow(2, 1 - k);
        assertEquals(expectedUnseen, (double) unseen / DRAWS, 4 * Math.sqrt(expectedUnseen * (1 - expectedUnseen) / DRAWS),
                "figures whose forks all fell into one mode");
        assertTrue(missedUnseen >= 0.9 * unseen, "a figure seen in one mode does not hold the modes' mean: " + missedUnseen + " of " + unseen);
        assertCoverage(tight.share(), "the tight figures beside it, " + k + " forks");
    }

    /**
     * Quantised timings: 3 forks of figures between 15 and 25 ns whose iterations are rounded to 0.75 ns. A fork's
     * level is the mean of its iterations, which averages the grid away in most figures, but some figures' forks still
     * have equal levels and no spread between them at all. An iteration rounded to a grid is off by up to half a step,
     * the same way in every fork: the resolution of the grid keeps such intervals from collapsing, and they hold their
     * level, more often than 95% (about 98%): a mean of rounded iterations is rarely off by the half step the floor
     * allows, so the floor errs wide, never narrow.
     */
    @Test
    void figuresOfQuantisedTimingsHoldTheirLevels() {
        SplittableRandom r = new SplittableRandom(31);
        Tally tally = new Tally();
        long equal = 0;
        long resolution = 0;
        for (int d = 0; d < DRAWS; d++) {
            Map<String, Figure> run = new LinkedHashMap<>();
            for (int m = 0; m < 60; m++) {
                run.put("Sim.grid i=" + m, figure(r, Math.log(15 + 10 * r.nextDouble()), spread(r, SPREAD), 3, 0.75));
            }
            Map<String, LogLevel> e = estimates(run);
            for (Map.Entry<String, Figure> f : run.entrySet()) {
                double[] levels = BetweenForkVariance.forkLevels(f.getValue().forks());
                equal += Arrays.stream(levels).distinct().count() == 1 ? 1 : 0;
                LogLevel estimate = e.get(f.getKey());
                assertTrue(estimate.standardError() > 0, "never a zero-width interval");
                resolution += estimate.variance() == LogLevel.Variance.RESOLUTION ? 1 : 0;
                tally.add(estimate, f.getValue().truth());
            }
        }
        assertTrue(equal > 0, "figures with equal fork levels: " + equal + " of " + tally.all);
        assertTrue(resolution > 0, "the grid's resolution gives some intervals");
        assertTrue(tally.share() >= LOW && tally.share() <= 0.99, "quantised timings: coverage " + tally.share());
    }

    /**
     * A figure of a single fork borrows its family's prior (10 of 60 figures with one fork, the others with 3): it
     * holds its level. A run of single forks has nothing to borrow: each interval sees only its fork's iterations and
     * cannot hold a level that moves between JVMs, and every such figure is marked as seeing one fork only.
     */
    @Test
    void aSingleForkBorrowsItsFamilysPriorAndAloneIsMarked() {
        SplittableRandom r = new SplittableRandom(41);
        Tally borrowed = new Tally();
        Tally alone = new Tally();
        for (int d = 0; d < DRAWS; d++) {
            Map<String, Figure> run = new LinkedHashMap<>();
            for (int m = 0; m < 60; m++) {
                run.put("Sim.single i=" + m, figure(r, Math.log(20 + 1980 * r.nextDouble()), spread(r, SPREAD), m < 10 ? 1 : 3, 0));
            }
            Map<String, LogLevel> e = estimates(run);
            for (int m = 0; m < 10; m++) {
                assertTrue(e.get("Sim.single i=" + m).canDecide(), "borrowed: " + e.get("Sim.single i=" + m).describe());
                borrowed.add(e.get("Sim.single i=" + m), run.get("Sim.single i=" + m).truth());
            }
            Map<String, Figure> singles = named("Sim.alone", family(r, 10, 1, SPREAD));
            Map<String, LogLevel> a = estimates(singles);
            singles.forEach((key, f) -> {
                assertFalse(a.get(key).canDecide(), "marked: one fork and nothing to borrow");
                alone.add(a.get(key), f.truth());
            });
        }
        assertCoverage(borrowed.share(), "one fork with its family's prior");
        assertTrue(alone.share() < LOW, "one fork alone holds its level only " + alone.share() + " of the time: hence the mark");
    }

    /**
     * "x floor": a conversion of a family of 20 over the floor of its length, one of a floor family of 3 whose forks
     * scatter twice as much, both with k forks. The ratio's truth is the ratio of the true levels; its interval is the
     * Welch interval of the two levels, the floor's over all its forks. With 2 forks a floor has one degree of freedom
     * and nothing to borrow: the ratio cannot hold 93%, and every such floor is marked (its "x floor" is not decisive).
     */
    @ParameterizedTest(name = "{0} forks")
    @ValueSource(ints = {2, 3, 4, 5})
    void xFloorHoldsTheTrueRatio(int k) {
        SplittableRandom r = new SplittableRandom(900 + k);
        Tally tally = new Tally();
        boolean marked = true;
        for (int d = 0; d < DRAWS; d++) {
            Map<String, Figure> run = named("Sim.encode", family(r, 20, k, SPREAD));
            List<Figure> floors = family(r, 3, k, 2 * SPREAD);
            run.putAll(named("Sim.isoEncode", floors));
            Map<String, LogLevel> e = estimates(run);
            for (int i = 0; i < 20; i++) {
                String floor = "Sim.isoEncode i=" + i % 3;
                tally.add(e.get("Sim.encode i=" + i).over(e.get(floor)), run.get("Sim.encode i=" + i).truth() - run.get(floor).truth());
                marked &= !e.get(floor).canDecide();
            }
        }
        if (k == 2) {
            assertTrue(marked, "every floor of two forks is marked");
            assertTrue(tally.share() < LOW, "the mark is needed: coverage " + tally.share());
        } else {
            assertCoverage(tally.share(), "x floor, " + k + " forks");
        }
    }

    /**
     * The calibration's test on pairs of runs whose truth is equal (the same 20 figures of a family, each run its own
     * forks): about 95% of the figures agree, 95% +- 1.5%.
     */
    @ParameterizedTest(name = "{0} forks")
    @ValueSource(ints = {2, 3, 4, 5})
    void twoRunsOfTheSameTruthAgreeNinetyFivePercentOfTheTime(int k) {
        SplittableRandom r = new SplittableRandom(1100 + k);
        long agree = 0;
        long all = 0;
        for (int d = 0; d < DRAWS; d++) {
            double[] truth = new double[20];
            double[] sigma = new double[20];
            for (int i = 0; i < 20; i++) {
                truth[i] = Math.log(20 + 1980 * r.nextDouble());
                sigma[i] = spread(r, SPREAD);
            }
            List<Map<String, LogLevel>> runs = new ArrayList<>();
            for (int run = 0; run < 2; run++) {
                List<Figure> figures = new ArrayList<>();
                for (int i = 0; i < 20; i++) {
                    figures.add(figure(r, truth[i], sigma[i], k, 0));
                }
                runs.add(estimates(named("Sim.calibration", figures)));
            }
            for (String key : runs.get(0).keySet()) {
                agree += RepeatAgreement.of(runs.get(0).get(key), runs.get(1).get(key), 0.95).agrees() ? 1 : 0;
                all++;
            }
        }
        double share = (double) agree / all;
        assertTrue(Math.abs(share - 0.95) <= 0.015, k + " forks: " + share + " agree");
    }

    static void assertCoverage(double coverage, String what) {
        assertTrue(coverage >= LOW && coverage <= HIGH, what + ": coverage " + coverage);
    }
}
