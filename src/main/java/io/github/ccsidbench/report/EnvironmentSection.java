package io.github.ccsidbench.report;

import io.github.ccsidbench.results.BenchmarkResult;
import io.github.ccsidbench.results.RunEnvironment;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Where and how the results were measured: JDK, VM, OS, CPU, cores, JMH settings, date and commit, per results file. */
final class EnvironmentSection {

    private EnvironmentSection() {
    }

    static ReportDocument.Section build(ReportInputs in) {
        List<List<String>> rows = new ArrayList<>();
        for (ReportInputs.Source source : in.sources()) {
            Set<String> jvms = new LinkedHashSet<>();
            Set<String> jmh = new LinkedHashSet<>();
            for (BenchmarkResult r : source.results()) {
                BenchmarkResult.JvmInfo j = r.jvm();
                jvms.add(j.vmName() + " " + j.vmVersion() + " (JDK " + j.jdkVersion() + ", " + j.jvm() + ")");
                jmh.add(j.forks() + " forks x (" + j.warmupIterations() + " x " + j.warmupTime() + " warm-up + "
                        + j.measurementIterations() + " x " + j.measurementTime() + ")");
            }
            RunEnvironment env = source.environment().orElse(null);
            rows.add(List.of(source.file(), String.join("; ", jvms),
                    env == null ? "–" : env.forkJavaVendor(),
                    env == null ? "–" : env.os(), env == null ? "–" : env.cpu() + ", " + env.cores() + " cores; " + SummaryMarkdown.vectorLine(env),
                    // Runs measured until steady record their timing in environment.json; per result it varies.
                    env != null && env.timing() != null && !env.timing().isBlank() ? env.timing() : String.join("; ", jmh),
                    env == null ? "–" : env.preset(), env == null ? "–" : env.date(),
                    env == null ? "–" : env.wallTime(), env == null ? "–" : env.commit(),
                    env == null ? "–" : "JMH " + env.jmhVersion() + ", ICU4J " + env.icu4jVersion() + ", JTOpen " + env.jt400Version()));
        }
        return new ReportDocument.Section("environment", "Environment", List.of(
                new ReportDocument.Paragraph("As recorded by JMH in each results file and by ccsid-bench in the "
                        + "`environment.json` beside it (\"–\" where a file has none)."),
                new ReportDocument.Table("environment", List.of("results", "JVM of the forks", "vendor", "OS", "CPU", "JMH",
                        "preset", "date", "wall time", "commit", "libraries"), rows)));
    }
}
