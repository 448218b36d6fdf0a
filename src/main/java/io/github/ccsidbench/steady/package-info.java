/**
 * Where a JMH fork settled, measured as a series of short iterations from a cold start, and the fork driver that
 * runs a fork until it has.
 *
 * <p>A fork's series (ns/op per iteration) is cut into segments of constant level
 * ({@link io.github.ccsidbench.steady.Changepoints}), its last segment is its steady state and the fork is classified
 * ({@link io.github.ccsidbench.steady.ForkAnalysis}), the fork driver asks
 * {@link io.github.ccsidbench.steady.StoppingRule} after each iteration whether the fork has measured enough, and
 * {@link io.github.ccsidbench.steady.ForkModes} groups forks that settled at different levels; each class gives its
 * sources, and docs/method.md, "Steady state, measured rather than assumed", the whole method.
 *
 * <p>The package runs inside the measured JVM, so it depends on the JDK, JMH, {@code machine} and {@code stats}
 * only, and keeps its work per iteration small. The A/B gate copies these three packages in front of a base jar,
 * so both sides of a comparison are measured by the same driver.
 */
package io.github.ccsidbench.steady;
