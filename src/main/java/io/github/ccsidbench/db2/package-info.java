/**
 * A model of the conversion paths of the article: what the type 4 JDBC driver sends (UTF-8), and what Db2 for z/OS
 * does on INSERT (store as sent, a minor table conversion into the host EBCDIC CCSID, or a major conversion through
 * UTF-16 by z/OS Unicode Services) and the driver on SELECT. Rows come from a row shape (JSON) and a flavour.
 *
 * <p>It depends on {@code convert}, {@code workload} and {@code ccsid}; the paths run on the JVM and model the
 * server's steps, they do not call a database.
 */
package io.github.ccsidbench.db2;
