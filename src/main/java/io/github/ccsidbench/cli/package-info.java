/**
 * The command line ({@code java -jar benchmarks.jar}), built with picocli; anything that is not a ccsid-bench command
 * goes to JMH unchanged, and errors are one line and an exit status. The top layer: it may use every package.
 */
package io.github.ccsidbench.cli;
