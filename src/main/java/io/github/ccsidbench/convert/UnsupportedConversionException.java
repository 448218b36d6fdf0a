package io.github.ccsidbench.convert;

import io.github.ccsidbench.CcsidBenchException;

/** A provider was asked for a CCSID it cannot convert; the message names both and says why. */
public class UnsupportedConversionException extends CcsidBenchException {
    public UnsupportedConversionException(String message) {
        super(message);
    }
}
