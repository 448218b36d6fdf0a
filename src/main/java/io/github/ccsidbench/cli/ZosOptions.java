package io.github.ccsidbench.cli;

import io.github.ccsidbench.report.ZosEstimate;
import picocli.CommandLine.Option;

/**
 * The costs per conversion a z/OS estimate multiplies by: IBM's published figures unless the user has measured their
 * own. One mixin for every command that writes the estimate.
 */
final class ZosOptions {

    @Option(names = "--zos-major-us", paramLabel = "µS",
            description = "µs of z/OS CPU per major conversion for the z/OS estimate (default: 2.3, IBM's z900 figure in SG24-6465)")
    Double majorUs;

    @Option(names = "--zos-minor-us", paramLabel = "µS",
            description = "µs per minor conversion (default: a range from 0 to the major cost; IBM publishes no figure)")
    Double minorUs;

    ZosEstimate.Costs costs() {
        return ZosEstimate.Costs.of(majorUs, minorUs);
    }
}
