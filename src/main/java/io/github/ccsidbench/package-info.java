/**
 * ccsid-bench: what it costs the CPU to turn Java Strings into EBCDIC, ASCII or UTF-8 bytes and back, measured
 * with JMH, and which storage encoding a Db2 table should use.
 *
 * <p>This root package holds only what every layer shares: {@link io.github.ccsidbench.CcsidBenchException}, the
 * one-line error a user can act on, and {@link io.github.ccsidbench.BuildInfo}. It depends on the JDK alone; every
 * other package may use it. The layers above it are listed, top to bottom, in the architecture table of the README,
 * and {@code ArchitectureTest} holds the code to that order.
 */
package io.github.ccsidbench;
