package io.github.ccsidbench.report;

import io.github.ccsidbench.results.AtomicFiles;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Builds the report from results and writes it: {@code report.md}, a self-contained
 * {@code report.html}, the charts as PNG and SVG under {@code charts/}, and every table as CSV
 * under {@code csv/}. Everything is built in memory first; each file then replaces its
 * predecessor atomically, so a failure never leaves a half-written report.
 */
public final class Report {

    public static final String MARKDOWN = "report.md";
    public static final String HTML = "report.html";

    private Report() {
    }

    /** The report's content for these inputs. */
    public static ReportDocument build(ReportInputs in) {
        List<ReportDocument.Section> sections = new ArrayList<>();
        sections.add(ArticleSection.build(in));
        sections.add(JvmSection.build(in));
        MixedSection.build(in).ifPresent(sections::add);
        sections.add(CostModelSection.build(in));
        ReferenceSection.build(in).ifPresent(sections::add);
        sections.add(FidelitySection.build());
        sections.add(SteadinessSection.build(in));
        sections.add(EnvironmentSection.build(in));
        return new ReportDocument("ccsid-bench report: what conversion to CCSID 37, 367 and 1208 costs", sections);
    }

    /** Writes every file of {@code doc} into {@code outDir}; returns the files written. */
    public static List<Path> write(ReportDocument doc, Path outDir) {
        String markdown = ReportRenderers.markdown(doc);
        String html = ReportRenderers.html(doc);
        Map<String, byte[]> csv = ReportRenderers.csv(doc);
        List<Path> written = new ArrayList<>();
        for (ReportDocument.Chart chart : doc.charts()) {
            written.add(write(outDir.resolve(ReportRenderers.CHARTS).resolve(chart.id() + ".png"), chart.png()));
            written.add(write(outDir.resolve(ReportRenderers.CHARTS).resolve(chart.id() + ".svg"), chart.svg()));
        }
        csv.forEach((name, bytes) -> written.add(write(outDir.resolve(ReportRenderers.CSV).resolve(name), bytes)));
        written.add(write(outDir.resolve(MARKDOWN), markdown.getBytes(StandardCharsets.UTF_8)));
        written.add(write(outDir.resolve(HTML), html.getBytes(StandardCharsets.UTF_8)));
        return written;
    }

    private static Path write(Path file, byte[] bytes) {
        AtomicFiles.write(file, bytes);
        return file;
    }
}
