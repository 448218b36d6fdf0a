/**
 * Everything that probes or loads the machine the benchmarks run on: the CPU's model and vector class, CPU steal, the
 * machine ruler, and a disturbance one can command (docs/architecture.md). It depends on the JDK only: the machine
 * ruler runs inside every benchmark fork, on the benchmark's thread.
 */
package io.github.ccsidbench.machine;
