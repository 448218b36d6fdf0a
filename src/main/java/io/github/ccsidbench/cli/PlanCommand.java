package io.github.ccsidbench.cli;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.data.DataShape;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.db2.RowShape;
import io.github.ccsidbench.report.CapacityPlan;
import io.github.ccsidbench.report.ReportInputs;
import io.github.ccsidbench.report.ZosEstimate;
import io.github.ccsidbench.report.ZosFigure;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;

/**
 * {@code plan}: CPU seconds per day per column choice, from rows per day: the z/OS estimate ({@link ZosFigure}), then
 * the measured per-row costs ({@link CapacityPlan}; docs/db2-model.md, "Capacity planning: `plan`").
 */
@Command(name = "plan", mixinStandardHelpOptions = true,
        description = {"CPU seconds per day each column choice costs: first the z/OS estimate (IBM's cost per conversion x the"
                + " model's conversions per row), then this machine's: rows/day x measured µs/row, the mean per operation, GC included.",
                "Example: ccsid-bench plan --rows-per-day 5000000 --chart zos.png"})
final class PlanCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--rows-per-day", required = true, paramLabel = "N", description = "rows inserted per day")
    long rowsPerDay;

    /** Where {@code run} writes its results. */
    static final Path DEFAULT_RESULTS = Path.of("target", "ccsid-bench", "results.json");

    @Option(names = "--results", paramLabel = "FILE",
            description = "results with Db2PathBenchmark figures (default: target/ccsid-bench/results.json; without them,"
                    + " the z/OS estimate alone)")
    Path results;

    @Option(names = "--shape", paramLabel = "NAME|FILE",
            description = "the row shape measured (default: the flavour's: article, japan, korea or china); 'data' for your own rows measured"
                    + " by run --data")
    String shape;

    @Option(names = "--rows", defaultValue = "ascii", paramLabel = "FLAVOUR",
            description = "ascii (default), accented, german, french, japanese, korean, chinese-simplified or chinese-traditional")
    String flavour;

    @Option(names = "--bytes-per-row", paramLabel = "B",
            description = "your rows' size in UTF-8 bytes: scales the shape's per-row costs linearly")
    Double bytesPerRow;

    @Option(names = "--java-version", paramLabel = "VERSION",
            description = "which Java version's figures, when the results hold several (e.g. 25)")
    String javaVersion;

    @Option(names = "--chart", paramLabel = "FILE",
            description = "also write the z/OS estimate's chart (CPU s/day per column choice) to FILE: .png or .svg")
    Path chart;

    @picocli.CommandLine.Mixin
    ZosOptions zos;

    @Override
    public Integer call() {
        if (bytesPerRow != null && !(bytesPerRow > 0)) {
            throw new CcsidBenchException("--bytes-per-row must be more than 0");
        }
        if (rowsPerDay < 1) {
            throw new CcsidBenchException("--rows-per-day must be a positive number of rows (at least 1), not " + rowsPerDay);
        }
        ZosEstimate.Costs costs = zos.costs();
        if (chart != null) {
            ZosFigure.isSvg(chart);
        }
        // Options before files: a flavour or shape that is no such thing is refused before the results are opened.
        RowFlavour named = RowFlavour.byId(flavour);
        if (shape == null) {
            shape = named.shape();
        }
        RowFlavour rows = DataShape.NAME.equals(shape) ? RowFlavour.ASCII : named;
        if (!DataShape.NAME.equals(shape)) {
            RowShape.named(shape);
        }
        ZosEstimate zos;
        CapacityPlan plan = null;
        String unmeasured = null;
        Path file = results == null ? DEFAULT_RESULTS : results;
        if (results == null && !Files.exists(file) && !DataShape.NAME.equals(shape)) {
            // The z/OS estimate needs no measurement: a DBA without a run still gets it.
            unmeasured = "no results at " + file + ", so no costs measured on this machine; measure them with: "
                    + CapacityPlan.measureCommand(shape, rows);
            zos = ZosEstimate.forShape(shape, rows, rowsPerDay, costs);
        } else {
            ReportInputs inputs = ReportInputs.read(List.of(file));
            try {
                plan = CapacityPlan.compute(inputs, shape, rows,
                        rowsPerDay, bytesPerRow == null ? OptionalDouble.empty() : OptionalDouble.of(bytesPerRow), javaVersion);
            } catch (CapacityPlan.NotMeasured e) {
                unmeasured = e.getMessage();
            }
            zos = DataShape.NAME.equals(shape)
                    ? ZosEstimate.forData(inputs.sources().stream().flatMap(s -> s.data().stream()).findFirst().orElseThrow(), rowsPerDay, costs)
                    : ZosEstimate.forShape(shape, rows, rowsPerDay, costs);
        }
        // The z/OS figure first, as in the report: the figure a DBA plans with; this machine's measured costs after it.
        ZosFigure figure = ZosFigure.of(zos);
        if (chart != null) {
            figure.writeChart(chart);
        }
        spec.commandLine().getOut().print(figure.render() + (plan == null ? "" : "\n" + plan.render()));
        spec.commandLine().getOut().print("\n" + zos.render());
        spec.commandLine().getOut().flush();
        if (unmeasured != null) {
            spec.commandLine().getErr().println("ccsid-bench: the z/OS estimate only: " + unmeasured);
        }
        if (chart != null) {
            spec.commandLine().getErr().printf("ccsid-bench: wrote the z/OS chart to %s%n", chart);
        }
        return 0;
    }
}
