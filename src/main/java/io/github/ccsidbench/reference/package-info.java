/**
 * The reference EBCDIC codec: a single-byte CCSID converted as an ISO-8859-1 copy plus one table pass, the pass done
 * with the Vector API where the CPU allows ({@link io.github.ccsidbench.reference.VectorTranslator}) and by a scalar
 * loop elsewhere. It exists to show how much of an EBCDIC converter's cost is necessary: its distance from the
 * ISO-8859-1 floor is the report's yardstick.
 *
 * <p>It depends on {@code ccsid} (the tables) and {@code machine} (which translator the CPU class calls for). The
 * Vector API classes are loaded only when the running JVM has {@code jdk.incubator.vector}.
 */
package io.github.ccsidbench.reference;
