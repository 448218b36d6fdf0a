/**
 * The command line ({@code java -jar benchmarks.jar}): run, list, convert, fidelity, plan, report,
 * calibration, accuracy, gate and disturb, built with
 * picocli, with the options several commands share as mixins; anything that is not a ccsid-bench command goes to JMH
 * unchanged. Errors are one line and an exit status, never a stack trace.
 *
 * <p>It is the top layer: it may use every package, and none uses it.
 */
package io.github.ccsidbench.cli;
