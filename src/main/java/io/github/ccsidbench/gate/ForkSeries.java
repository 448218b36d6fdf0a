package io.github.ccsidbench.gate;

/**
 * One fork as measured, for {@code gate-forks.json}: a verdict checked fork by fork (docs/gate.md, "The files").
 *
 * @param benchmark the benchmark's key
 * @param round the pair's round (1 to the pairs, then the confirmation rounds)
 * @param side "base" or "candidate"
 * @param scores every iteration's ns/op, in order
 * @param availability per iteration, the CPU share its thread had (NaN: unknown)
 * @param rulerNanos per iteration, the machine ruler (NaN: the jar has no ruler hooks)
 * @param endMillis per iteration, the wall clock when it ended (epoch milliseconds)
 * @param kept the iterations the pair's ratio used (indices into scores)
 * @param steady whether the fork settled
 */
public record ForkSeries(String benchmark, int round, String side, double[] scores, double[] availability,
                         double[] rulerNanos, long[] endMillis, int[] kept, boolean steady) {
}
