/**
 * A run's results as files: JMH's JSON (read and refused in one line when malformed), the steadiness record, the
 * environment record (CPU, JDK, vector class, commit), the figures derived from them (levels, intervals, ns/char,
 * MB/s, multiples of the floor, decisive or not), and atomic writing, so no good file is ever replaced by a partial one.
 *
 * <p>It depends on {@code bench} (benchmark names and parameters), {@code workload}, {@code ccsid}, {@code machine}
 * and {@code stats}.
 */
package io.github.ccsidbench.results;
