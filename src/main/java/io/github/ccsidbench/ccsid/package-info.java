/**
 * The CCSID registry: the one place that knows each CCSID, its names, scheme, line ends and tables
 * ({@link io.github.ccsidbench.ccsid.CcsidRegistry#lookup}). It depends on the JDK and the root package only.
 */
package io.github.ccsidbench.ccsid;
