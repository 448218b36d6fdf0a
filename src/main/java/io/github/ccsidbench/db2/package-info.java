/**
 * A model of the article's conversion paths, the JDBC driver's and Db2 for z/OS's, run on the JVM without a database
 * (docs/db2-model.md). It depends on {@code convert}, {@code workload} and {@code ccsid}.
 */
package io.github.ccsidbench.db2;
