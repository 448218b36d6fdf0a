/**
 * What a conversion loses or changes, character by character: round trips through a provider, malformed input of
 * the declared encoding, where IBM's tables and other ecosystems disagree, and the full behaviour of each provider
 * in the mixed EBCDIC CCSIDs. The {@code fidelity} and {@code convert} commands and the report read it.
 *
 * <p>It depends on {@code convert} and {@code ccsid}.
 */
package io.github.ccsidbench.fidelity;
