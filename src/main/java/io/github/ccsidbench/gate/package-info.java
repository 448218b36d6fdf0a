/**
 * The CI regression gate as an A/B experiment, and {@code gate bisect} on top of it (docs/gate.md). It depends on
 * {@code suite} and the packages below it; only the command line uses it.
 */
package io.github.ccsidbench.gate;
