package io.github.ccsidbench.report;

import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.stats.LogLevel;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ComparisonTest {

    private static final String SERVER = "Db2PathBenchmark.insertServer";

    /**
     * Eight rounds in which the machine's state moves both sides alike (a shared factor of +-6% per round) and each
     * side has its own 1% noise: the paired ratio over rounds cancels the shared factor, Welch's interval on the two
     * levels does not. Same centre; the paired standard error is a fraction of Welch's.
     */
    @Test
    void aRatioOfFiguresMeasuredInTheSameRoundsIsPaired() {
        SplittableRandom r = new SplittableRandom(44);
        double[] s37 = new double[8];
        double[] s367 = new double[8];
        double[] s1208 = new double[8];
        for (int i = 0; i < 8; i++) {
            double shared = Math.exp(0.06 * r.nextGaussian());
            s37[i] = 1000 * shared * Math.exp(0.01 * r.nextGaussian());
            s367[i] = 1150 * shared * Math.exp(0.01 * r.nextGaussian());
            s1208[i] = 600 * shared * Math.exp(0.01 * r.nextGaussian());
        }
        SyntheticRun run = new SyntheticRun().article(s37, s367, s1208);
        for (String column : List.of("37", "367", "1208")) {
            run.steadinessOfForks(SyntheticRun.key(SERVER, SyntheticRun.server(column)),
                    column.equals("37") ? s37 : column.equals("367") ? s367 : s1208);
        }
        List<DerivedFigures> figures = run.inputs().jvms().get(0).figures();
        DerivedFigures f37 = find(figures, "37");
        DerivedFigures f367 = find(figures, "367");
        Comparison c = Comparison.of("367", f367, "37", f37);
        LogLevel welch = f367.estimate().over(f37.estimate());
        assertEquals(LogLevel.Variance.PAIRED, c.estimate().variance());
        assertEquals(7, c.estimate().dof());
        assertEquals(welch.centre(), c.estimate().centre(), 1e-9, "every fork paired: the same centre");
        assertTrue(c.estimate().standardError() < welch.standardError() / 3, c.estimate() + " against " + welch);
        assertTrue(c.supported() && c.ratio() > 1.1 && c.ratio() < 1.2, c.change());
    }

    /** The paired t of eight log ratios, against scipy 1.17: mean 0.13625, stats.sem 0.005957438327718669. */
    @Test
    void thePairedEstimateIsStudentsPairedT() {
        LogLevel p = LogLevel.paired(new double[]{0.12, 0.15, 0.13, 0.16, 0.14, 0.11, 0.15, 0.13});
        assertEquals(0.13625, p.centre(), 1e-12);
        assertEquals(0.005957438327718669, p.standardError(), 1e-12);
        assertEquals(7, p.dof());
        assertEquals(LogLevel.Variance.PAIRED, p.variance());
    }

    /** Two or three forks a side, or rounds that do not match, keep Welch's interval on the two levels. */
    @Test
    void fewForksOrUnmatchedRoundsKeepWelch() {
        SyntheticRun run = new SyntheticRun().article(new double[]{1000, 1010}, new double[]{1200, 1190}, new double[]{600, 605});
        for (String column : List.of("37", "367", "1208")) {
            run.steadinessOfForks(SyntheticRun.key(SERVER, SyntheticRun.server(column)), 1000, 1010, 1005);
        }
        List<DerivedFigures> figures = run.inputs().jvms().get(0).figures();
        assertEquals(LogLevel.Variance.RATIO, Comparison.of("367", find(figures, "367"), "37", find(figures, "37")).estimate().variance());
    }

    private static DerivedFigures find(List<DerivedFigures> figures, String column) {
        return figures.stream().filter(f -> f.result().key().equals(SyntheticRun.key(SERVER, SyntheticRun.server(column))))
                .findFirst().orElseThrow();
    }
}
