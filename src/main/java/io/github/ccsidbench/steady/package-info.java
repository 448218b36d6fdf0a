/**
 * Where a JMH fork settled, measured as a series of short iterations from a cold start, and the fork driver that
 * runs a fork until it has.
 *
 * <p>A fork's series (ns/op per iteration) is cut into segments of constant level by changepoint
 * analysis ({@link io.github.ccsidbench.steady.Changepoints}: PELT, Killick, Fearnhead and Eckley,
 * "Optimal detection of changepoints with a linear computational cost", JASA 107(500), 2012). The last
 * segment is the fork's steady state and the fork is classified as Barrett, Bolz-Tereick, Killick, Mount
 * and Tratt do ("Virtual Machine Warmup Blows Hot and Cold", OOPSLA 2017): flat, warm-up, slowdown or no
 * steady state ({@link io.github.ccsidbench.steady.ForkAnalysis}). Slow phases of the machine (the series
 * leaves its level for a few seconds and comes back) and single outliers are excluded and counted rather
 * than averaged into the result. The fork driver asks {@link io.github.ccsidbench.steady.StoppingRule}
 * after each iteration whether the fork has measured enough (after Laaber, Würsten, Gall and Leitner,
 * "Dynamically reconfiguring software microbenchmarks: reducing execution time without sacrificing result
 * quality", ESEC/FSE 2020), and {@link io.github.ccsidbench.steady.ForkModes} groups forks that settled at
 * different levels (different JIT outcomes).
 *
 * <p>The package runs inside the measured JVM, so it depends on the JDK, JMH, {@code machine} and {@code stats}
 * only, and keeps its work per iteration small. The A/B gate copies these three packages in front of a base jar,
 * so both sides of a comparison are measured by the same driver.
 */
package io.github.ccsidbench.steady;
