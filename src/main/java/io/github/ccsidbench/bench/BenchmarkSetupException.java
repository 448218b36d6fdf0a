package io.github.ccsidbench.bench;

import io.github.ccsidbench.CcsidBenchException;

/** A benchmark refused to measure: a wrong output, or a combination it is not named for; the message names the case. */
public class BenchmarkSetupException extends CcsidBenchException {
    public BenchmarkSetupException(String message) {
        super(message, FAILED);
    }
}
