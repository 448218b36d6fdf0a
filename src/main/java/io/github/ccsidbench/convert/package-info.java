/**
 * One converter interface ({@link io.github.ccsidbench.convert.Converter}) serving every provider: the JDK, ICU4J,
 * JTOpen, the reference codec, and plug-ins found through {@link java.util.ServiceLoader}. It also holds each
 * provider's documented behaviour beyond the plain table and the oracle that predicts the exact bytes a provider
 * must produce ({@link io.github.ccsidbench.convert.ExpectedEncoding}), which every benchmark checks in its set-up.
 *
 * <p>It depends on {@code ccsid}, {@code reference} and the libraries it wraps.
 */
package io.github.ccsidbench.convert;
