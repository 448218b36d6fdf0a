package io.github.ccsidbench.cli;

import io.github.ccsidbench.report.Report;
import io.github.ccsidbench.report.ReportInputs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code report}: the report (Markdown, HTML, charts, CSV) from any JMH JSON results; several files compare JDKs. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write report.md, a self-contained report.html, charts (PNG, SVG) and CSV from JMH JSON results.",
                "Give several files (e.g. a JDK 17 and a JDK 25 run) to compare them. Writes beside the first file, or to --out DIR."})
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "RESULTS.json", description = "JMH JSON results (-rf json, or results.json of a run)")
    List<Path> results;

    @Mixin
    OutputOptions output;

    @Option(names = "--no-svg", description = "charts as PNG only, linked so (e.g. for a run committed to a repository)")
    boolean noSvg;

    @Option(names = "--readme", paramLabel = "FILE",
            description = "instead of the report, write what to choose, with the reference run's figures and how many runs"
                    + " rank the same, into FILE between its answer markers, e.g. README.md from docs/results/*/results.json")
    Path readme;

    @Option(names = "--runs-page", paramLabel = "FILE", defaultValue = "docs/results/README.md",
            description = "with --readme: the page of every run it links to, written too (default: ${DEFAULT-VALUE})")
    Path runsPage;

    @Mixin
    ZosOptions zos;

    @Override
    public Integer call() {
        var costs = zos.costs();
        ReportInputs inputs = ReportInputs.read(results);
        if (readme != null) {
            Report.writeReadmeAnswer(inputs, readme, runsPage);
            spec.commandLine().getErr().printf("ccsid-bench: wrote the answer of %d results files into %s and %s%n", results.size(),
                    readme, runsPage);
            return 0;
        }
        Path dir = output.dir(results.get(0).toAbsolutePath().getParent());
        List<Path> written = Report.write(Report.build(inputs, costs, dir), dir, !noSvg);
        spec.commandLine().getErr().printf("ccsid-bench: wrote %s and %s (%d files in all) to %s%n",
                Report.MARKDOWN, Report.HTML, written.size(), dir);
        return 0;
    }
}
