package io.github.ccsidbench.convert;

import io.github.ccsidbench.CcsidBenchException;

/** A conversion could not be completed: the library failed, or unmappable input was refused. */
public class ConversionException extends CcsidBenchException {
    public ConversionException(String message) {
        super(message, FAILED);
    }

    public ConversionException(String message, Throwable cause) {
        super(message, FAILED, cause);
    }
}
