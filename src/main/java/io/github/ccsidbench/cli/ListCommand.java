package io.github.ccsidbench.cli;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.report.ReportDocument;
import io.github.ccsidbench.report.ReportRenderers;
import io.github.ccsidbench.suite.BenchmarkPlan;
import io.github.ccsidbench.suite.Timing;
import io.github.ccsidbench.suite.Preset;
import io.github.ccsidbench.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** {@code list}: what the tool knows: CCSIDs, providers, workloads and presets, as Markdown tables. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "List the supported CCSIDs, providers, workloads and presets.")
final class ListCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", defaultValue = "all", paramLabel = "WHAT",
            description = "ccsids, providers, workloads, presets or all (default)")
    String what;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        switch (what) {
            case "ccsids" -> out.print(ReportRenderers.markdown(List.of(ccsids())));
            case "providers" -> out.print(ReportRenderers.markdown(List.of(providers())));
            case "workloads" -> out.print(ReportRenderers.markdown(List.of(workloads())));
            case "presets" -> out.print(ReportRenderers.markdown(List.of(presets())));
            case "all" -> out.print(Stream.of(new ReportDocument.Section("ccsids", "CCSIDs", List.of(ccsids())),
                    new ReportDocument.Section("providers", "Providers", List.of(providers())),
                    new ReportDocument.Section("workloads", "Workloads", List.of(workloads())),
                    new ReportDocument.Section("presets", "Presets", List.of(presets())))
                    .map(ReportRenderers::markdown).collect(Collectors.joining()).stripTrailing() + "\n");
            default -> throw new CcsidBenchException("cannot list '" + what + "'; choose ccsids, providers, workloads, presets or all");
        }
        out.flush();
        return 0;
    }

    static ReportDocument.Table ccsids() {
        List<List<String>> rows = new ArrayList<>();
        ConverterProvider jt400 = Providers.byName("jt400");
        for (Ccsid c : CcsidRegistry.all()) {
            String scheme = c.scheme().label() + c.mixed().map(m -> " (" + m.components() + ")").orElse("");
            String substitution = c.mixed().map(m -> m.substitutions())
                    .orElseGet(() -> HexFormat.ofDelimiter(" ").withUpperCase().formatHex(c.substitution()));
            rows.add(List.of(Integer.toString(c.number()), c.description(), scheme, c.jdkName().orElse("none"), c.icuName(),
                    jt400.supports(c) ? "CharConverter(" + c.jt400Ccsid() + ")" : "none", substitution));
        }
        return new ReportDocument.Table("ccsids", List.of("CCSID", "description", "scheme", "JDK charset", "ICU4J converter", "JTOpen",
                "substitution"), rows);
    }

    static ReportDocument.Table providers() {
        List<List<String>> rows = new ArrayList<>();
        for (ConverterProvider p : Providers.all()) {
            List<String> missing = CcsidRegistry.all().stream().filter(c -> !p.supports(c))
                    .map(c -> Integer.toString(c.number())).toList();
            rows.add(List.of(p.name(), p.description(), missing.isEmpty() ? "all" : "all but " + String.join(", ", missing)));
        }
        return new ReportDocument.Table("providers", List.of("provider", "what it measures", "CCSIDs"), rows);
    }

    static ReportDocument.Table workloads() {
        List<List<String>> rows = new ArrayList<>();
        for (Workload w : Workload.values()) {
            String lossless = CcsidRegistry.all().stream().filter(w::losslessIn)
                    .map(c -> Integer.toString(c.number())).collect(Collectors.joining(", "));
            rows.add(List.of(w.id(), w.description(), w.repertoire().description(), lossless));
        }
        return new ReportDocument.Table("workloads", List.of("workload", "shape", "repertoire", "lossless in"), rows);
    }

    static ReportDocument.Table presets() {
        List<List<String>> rows = new ArrayList<>();
        for (Preset p : Preset.values()) {
            BenchmarkPlan plan = BenchmarkPlan.of(p);
            rows.add(List.of(p.id(), p.description(), Integer.toString(plan.size()), p.timing().describe(),
                    "~" + Timing.format(plan.estimate())));
        }
        return new ReportDocument.Table("presets", List.of("preset", "what", "benchmarks", "each", "time"), rows);
    }
}
