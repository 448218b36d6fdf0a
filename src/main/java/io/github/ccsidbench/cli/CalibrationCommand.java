package io.github.ccsidbench.cli;

import io.github.ccsidbench.report.Calibration;
import io.github.ccsidbench.report.ReportInputs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code calibration}: whether two runs of one preset on one machine and JDK agree within their 95% intervals, the
 * check that the intervals mean what they say (docs/how-sure.md, "How sure an interval is").
 */
@Command(name = "calibration", mixinStandardHelpOptions = true,
        description = {"Compare two runs of the same preset on one machine and JDK: the share of figures (and of the answer's ratios)",
                "whose levels agree within their combined 95% uncertainty (Welch's test on the log levels, from each figure's",
                "standard error and degrees of freedom). About 95% means the intervals hold.",
                "Writes calibration.md and calibration.json beside the second file, or to --out DIR, where it also keeps both",
                "runs (first/ and second/: results.json, steadiness.json, environment.json) so the calibration can be computed again."})
final class CalibrationCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "2", paramLabel = "RESULTS.json", description = "the two runs' results.json, measured back to back")
    List<Path> results;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() {
        ReportInputs inputs = ReportInputs.read(results);
        Calibration c = Calibration.of(inputs.sources().get(0), inputs.sources().get(1));
        Path dir = output.dir(results.get(1).toAbsolutePath().getParent());
        if (output.out != null) {
            c = c.keepRuns(dir, results.get(0), results.get(1));
        }
        c.write(dir);
        spec.commandLine().getOut().println("ccsid-bench calibration (" + c.cpu() + ", " + c.cpuClass() + ", JDK " + c.jdk() + "): "
                + c.headline());
        spec.commandLine().getErr().printf("ccsid-bench: wrote %s and %s to %s%s%n", Calibration.MARKDOWN, Calibration.JSON, dir,
                output.out != null ? ", with both runs in " + String.join(" and ", Calibration.RUNS) : "");
        return 0;
    }
}
