/**
 * The reference EBCDIC codec: a single-byte CCSID converted as an ISO-8859-1 copy plus one table pass, vectorised
 * where the CPU allows, to show how much of a converter's cost is necessary (docs/reference-codec.md). It depends on
 * {@code ccsid} and {@code machine}.
 */
package io.github.ccsidbench.reference;
