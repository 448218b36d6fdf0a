/**
 * A run's results as files (docs/output.md, "The output files of a run"): JMH's JSON, the steadiness and environment
 * records, the figures derived from them, and atomic writing. It depends on {@code bench}, {@code workload},
 * {@code ccsid}, {@code machine} and {@code stats}.
 */
package io.github.ccsidbench.results;
