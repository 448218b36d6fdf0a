package io.github.ccsidbench.gate;

import java.util.SplittableRandom;

/**
 * Synthetic gate measurements with the noise measured on this project's 2-core machines (two
 * standard runs on JDK 17, one on JDK 25; 246 and 188 benchmarks, 2 forks x 4-5 iterations):
 * <ul>
 *   <li>iterations within a fork: log-normal, robust sigma 1.2-1.5%; 0.3-1% of iterations are
 *       outliers beyond 1.5x (here 0.6%, up to 10x);</li>
 *   <li>forks: robust sigma 2% between forks, and 4.4-4.8% of fork pairs differ by more than 15%
 *       (a fork that compiled differently: here 4.5% of forks land 15-60% slower);</li>
 *   <li>runs: the JDK 17 gate baseline's three passes put a benchmark's per-pass estimate 6.2%
 *       apart (pooled over its 93 benchmarks, log scale); here each run shifts each benchmark by a
 *       log-normal sigma of 5.5%, which with the rest gives that 6.2%;</li>
 *   <li>the machine: a run-wide speed factor (sigma 5%) that the rulers cancel; the rulers carry
 *       the same noise, six forks each, their level being the fastest fork's median.</li>
 * </ul>
 */
final class SyntheticRuns {

    static final double ITERATION_SIGMA = 0.013;
    static final double OUTLIER_RATE = 0.006;
    static final double FORK_SIGMA = 0.02;
    static final double BAD_FORK_RATE = 0.045;
    static final double RUN_SIGMA = 0.055;
    static final double MACHINE_SIGMA = 0.05;

    private final SplittableRandom random;

    SyntheticRuns(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** One benchmark's normalised samples from one run: [forks][iterations] of truth x noise / ruler. */
    double[][] normalisedRun(double truth, int forks, int iterations) {
        double machine = Math.exp(MACHINE_SIGMA * random.nextGaussian());
        double shift = Math.exp(RUN_SIGMA * random.nextGaussian());
        double[][] samples = measure(truth * machine * shift, forks, iterations);
        double ruler = Math.exp(BaselineStatistics.estimate(measure(machine, 6, iterations))); // the gate's ruler level
        for (double[] fork : samples) {
            for (int i = 0; i < fork.length; i++) {
                fork[i] /= ruler;
            }
        }
        return samples;
    }

    private double[][] measure(double level, int forks, int iterations) {
        double[][] out = new double[forks][iterations];
        for (int f = 0; f < forks; f++) {
            double fork = Math.exp(FORK_SIGMA * random.nextGaussian());
            if (random.nextDouble() < BAD_FORK_RATE) {
                fork *= 1.15 + 0.45 * random.nextDouble();
            }
            for (int i = 0; i < iterations; i++) {
                double x = level * fork * Math.exp(ITERATION_SIGMA * random.nextGaussian());
                if (random.nextDouble() < OUTLIER_RATE) {
                    x *= 1.5 + 8.5 * random.nextDouble();
                }
                out[f][i] = x;
            }
        }
        return out;
    }
}
