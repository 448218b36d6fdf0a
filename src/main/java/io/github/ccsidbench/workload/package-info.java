/**
 * The benchmarks' inputs: seeded text generators with documented repertoires, and the CCSIDs each can be held in. It
 * depends on {@code ccsid} and {@code fidelity} (what a mixed CCSID's converters agree on).
 */
package io.github.ccsidbench.workload;
