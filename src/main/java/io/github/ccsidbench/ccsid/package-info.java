/**
 * The CCSID registry: the one place that knows each CCSID's number, names, encoding scheme, line-end convention and
 * the tables of the single-byte and mixed (double-byte) EBCDIC CCSIDs, loaded from this package's resources.
 *
 * <p>Every other layer looks a CCSID up here ({@link io.github.ccsidbench.ccsid.CcsidRegistry#lookup}); it depends on
 * the JDK and the root package only.
 */
package io.github.ccsidbench.ccsid;
