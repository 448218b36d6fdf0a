/**
 * The benchmarks' inputs: seeded, deterministic text generators with documented repertoires (English prose, accented
 * Latin, database rows, Japanese, Korean and Chinese text, script-switch densities), and the CCSIDs each can be held
 * in without substitution.
 *
 * <p>It depends on {@code ccsid} and {@code fidelity} (what a mixed CCSID's converters agree on).
 */
package io.github.ccsidbench.workload;
