package io.github.ccsidbench.bench;

import io.github.ccsidbench.CcsidBenchException;

/**
 * A benchmark refused to measure: the converter's output was wrong, or the combination asked for
 * would measure something other than what the benchmark is named for. The message says which
 * converter, CCSID and input.
 */
public class BenchmarkSetupException extends CcsidBenchException {
    public BenchmarkSetupException(String message) {
        super(message, FAILED);
    }
}
