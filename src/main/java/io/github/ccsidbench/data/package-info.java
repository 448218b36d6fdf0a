/**
 * A user's own rows ({@code run --data FILE}): read, sampled, checked and profiled as aggregates, never echoed
 * (docs/your-data.md). It depends on {@code db2}, {@code fidelity}, {@code convert} and {@code ccsid}.
 */
package io.github.ccsidbench.data;
