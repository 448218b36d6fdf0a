/**
 * A user's own rows ({@code run --data FILE}): read as declared (CSV by RFC 4180, TSV or plain text, in UTF-8 or any
 * CCSID), streamed once into a seeded uniform sample whatever the file's size, checked (encoding, ragged rows, binary
 * content, values longer than a Db2 VARCHAR), and profiled per column choice and provider as aggregates only. The
 * sample reaches the benchmark forks through a file in the run's private space in its output folder; no value, row or substring of the data is written
 * to an output file, a log or a message unless the user asks for examples.
 *
 * <p>It depends on {@code db2} (the column choices and their paths), {@code fidelity}, {@code convert} and
 * {@code ccsid}; the benchmarks and the report read it.
 */
package io.github.ccsidbench.data;
