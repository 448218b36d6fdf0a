/**
 * The one statistics helper of the project: medians, percentiles, the distribution-free interval of a median, and
 * bootstrap intervals that treat forks as the independent samples they are.
 *
 * <p>It depends on the JDK only, because the fork driver ({@code steady}) uses it inside the measured JVM and is
 * copied, with it, in front of older base jars by the A/B gate.
 */
package io.github.ccsidbench.stats;
