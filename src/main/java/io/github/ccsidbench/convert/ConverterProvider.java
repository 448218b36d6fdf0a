package io.github.ccsidbench.convert;

import java.util.List;
import io.github.ccsidbench.ccsid.Ccsid;

import java.util.Optional;

/** A source of {@link Converter}s: one library, or one way of using one, found by name through {@link Providers}. */
public interface ConverterProvider {

    /** The short name users type: "jdk", "jdk-coder", "icu", "jt400", ... */
    String name();

    /** One line saying what is measured, e.g. "String.getBytes(Charset) / new String(byte[], Charset)". */
    String description();

    /** Why this provider cannot convert {@code ccsid}, or empty when it can: by default, whatever {@link #open} says. */
    default Optional<String> unsupportedReason(Ccsid ccsid) {
        try {
            open(ccsid);
            return Optional.empty();
        } catch (UnsupportedConversionException e) {
            return Optional.of(e.getMessage());
        }
    }

    /** True when this provider can convert {@code ccsid}. */
    default boolean supports(Ccsid ccsid) {
        return unsupportedReason(ccsid).isEmpty();
    }

    /** A new converter for {@code ccsid}; {@link UnsupportedConversionException}, saying why, when it cannot. */
    Converter open(Ccsid ccsid);

    /** What this provider does with line ends and with characters {@code ccsid} cannot hold. */
    ConverterBehaviour behaviour(Ccsid ccsid);

    /** JVM options a benchmark fork needs to run this provider at its best (the Vector API, say); none by default. */
    default List<String> forkJvmArgs() {
        return List.of();
    }
}
