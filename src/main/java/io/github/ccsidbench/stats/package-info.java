/**
 * The one statistics helper of the project: medians, percentiles, the distribution-free interval of a median, and a
 * hierarchical bootstrap (forks, then iterations), the interval of a figure measured in a single fork. A figure with
 * forks to compare takes its interval over forks from {@code results.BetweenForkVariance}, which needs a t
 * distribution from a library this package, loaded inside the measured JVM, must not depend on.
 *
 * <p>It depends on the JDK only, because the fork driver ({@code steady}) uses it inside the measured JVM and is
 * copied, with it, in front of older base jars by the A/B gate.
 */
package io.github.ccsidbench.stats;
