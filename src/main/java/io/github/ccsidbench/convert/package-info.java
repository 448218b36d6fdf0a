/**
 * One converter interface ({@link io.github.ccsidbench.convert.Converter}) for every provider and plug-in, their
 * behaviour beyond the plain table, and the oracles. It depends on {@code ccsid}, {@code reference} and its libraries.
 */
package io.github.ccsidbench.convert;
