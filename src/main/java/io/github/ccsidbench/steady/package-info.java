/**
 * Where a JMH fork settled, measured as a series of short iterations from a cold start, and the fork driver that runs
 * a fork until it has (docs/method.md, "Steady state, measured rather than assumed"). It runs inside the measured JVM,
 * so it uses the JDK, JMH, {@code machine} and {@code stats} only, and keeps its work per iteration small.
 */
package io.github.ccsidbench.steady;
