/**
 * Every statistical routine of the project, in one place, each naming its source and its edge cases: medians,
 * percentiles and the distribution-free interval of a median ({@code Stats}); the between-fork variance of a family of
 * figures and a figure's level with its standard error and degrees of freedom ({@code BetweenForkVariance},
 * {@code LogLevel}); the test a calibration counts ({@code RepeatAgreement}); the gate's exact signed-rank test and its
 * confirmation looks ({@code SignedRank}, {@code ConfirmationPlan}).
 *
 * <p>It is the bottom layer: it uses no other package of the project. {@code Stats} depends on the JDK only, because
 * the fork driver ({@code steady}) uses it inside the measured JVM and the A/B gate copies it, alone of this package, in
 * front of older base jars; the other classes run on the host and may use Apache Commons Statistics and Numbers (the t
 * distribution, digamma and trigamma).
 */
package io.github.ccsidbench.stats;
