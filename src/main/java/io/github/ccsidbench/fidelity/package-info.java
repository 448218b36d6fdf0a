/**
 * What a conversion loses or changes, malformed input, and where libraries and ecosystems disagree (docs/fidelity.md).
 * It depends on {@code convert} and {@code ccsid}.
 */
package io.github.ccsidbench.fidelity;
