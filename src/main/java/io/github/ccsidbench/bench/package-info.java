/**
 * The JMH benchmarks, each proving in {@code @Setup} ({@link io.github.ccsidbench.bench.VerifiedInputs}) that its
 * converter is byte-exact (docs/method.md, "Benchmarks"). It depends on {@code db2}, {@code workload}, {@code convert},
 * {@code ccsid} and {@code machine}.
 */
package io.github.ccsidbench.bench;
