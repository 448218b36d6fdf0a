package io.github.ccsidbench.results;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StatsTest {

    @Test
    void medianAndPercentiles() {
        assertEquals(2.0, Stats.median(new double[]{3, 1, 2}));
        assertEquals(2.5, Stats.median(new double[]{4, 1, 2, 3}));
        assertEquals(1.0, Stats.percentile(new double[]{1, 2, 3}, 0));
        assertEquals(3.0, Stats.percentile(new double[]{1, 2, 3}, 100));
        assertTrue(Double.isNaN(Stats.median(new double[0])));
    }

    @Test
    void bootstrapIntervalIsDeterministicAndCoversTheTrueMedianMostOfTheTime() {
        SplittableRandom random = new SplittableRandom(1);
        int covered = 0;
        int trials = 200;
        for (int t = 0; t < trials; t++) {
            double[][] forks = new double[3][10];
            for (double[] fork : forks) {
                double forkShift = random.nextGaussian() * 0.5; // forks differ, as JIT decisions do
                for (int i = 0; i < fork.length; i++) {
                    fork[i] = 100 + forkShift + random.nextGaussian();
                }
            }
            Stats.Interval ci = Stats.bootstrapMedian(forks, 0.95, t);
            assertEquals(ci, Stats.bootstrapMedian(forks, 0.95, t), "same data and seed, same interval");
            if (ci.contains(100)) {
                covered++;
            }
        }
        // With 3 forks the fork-level resampling is coarse: demand a reasonable, not nominal, coverage.
        assertTrue(covered > trials * 0.75, "covered " + covered + " of " + trials);
    }
}
