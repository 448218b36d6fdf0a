package io.github.ccsidbench.report;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.results.AtomicFiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Map;

/**
 * Builds the report from results and writes its files, each atomically once all is built in memory (docs/output.md,
 * "The output files of a run").
 */
public final class Report {

    public static final String MARKDOWN = "report.md";
    public static final String HTML = "report.html";

    private Report() {
    }

    /** The report's content for these inputs, its z/OS estimate at {@code zos}'s costs per conversion. */
    public static ReportDocument build(ReportInputs in, ZosEstimate.Costs zos) {
        return build(in, zos, null);
    }

    /** The same, for a report written to {@code folder} (null: the first results' own), its links leading from there. */
    public static ReportDocument build(ReportInputs in, ZosEstimate.Costs zos, Path folder) {
        List<ReportDocument.Section> sections = new ArrayList<>();
        Optional<ReportDocument.Section> data = DataSection.build(in, zos);
        data.ifPresent(sections::add);
        List<Answer> answers = Answer.of(in);
        if (data.isEmpty() || !answers.isEmpty()) {
            sections.add(Answer.section(in, answers, zos));
        }
        sections.add(ArticleSection.build(in, answers, zos));
        sections.add(JvmSection.build(in, answers));
        MixedSection.build(in).ifPresent(sections::add);
        sections.add(CostModelSection.build(in));
        ReferenceSection.build(in).ifPresent(sections::add);
        ProfileSection.build(in, folder).ifPresent(sections::add);
        sections.add(FidelitySection.build());
        sections.add(SteadinessSection.build(in));
        sections.add(EnvironmentSection.build(in));
        return new ReportDocument("ccsid-bench report: what conversion to CCSID 37, 367 and 1208 costs", sections);
    }

    /** Rewrites a README's answer between its markers from {@code in}, and, with {@code runsPage}, the page of every run. */
    public static void writeReadmeAnswer(ReportInputs in, Path readme, Path runsPage) {
        String text;
        try {
            text = Files.readString(readme);
        } catch (IOException e) {
            throw new CcsidBenchException("cannot read " + readme + ": " + e.getMessage());
        }
        List<Answer> answers = Answer.ofEachRun(in);
        List<ShopsInReadme.Answered> shops = ShopsInReadme.answered(in.sources());
        String written = ShopsInReadme.intoReadme(Recommendation.intoReadme(text, answers, readme.toAbsolutePath().getParent(), runsPage),
                shops, readme.toAbsolutePath().getParent());
        if (runsPage != null) {
            AtomicFiles.writeString(runsPage, RunsIndex.page(answers, ShopsInReadme.sources(shops), runsPage.toAbsolutePath().getParent()));
        }
        AtomicFiles.writeString(readme, written);
    }

    /** The README's answer as {@code in} gives it, for a README in {@code readmeDir} linking to {@code runsPage}. */
    public static String readmeAnswer(ReportInputs in, Path readmeDir, Path runsPage) {
        String empty = Recommendation.BEGIN + "\n" + Recommendation.END;
        return Recommendation.inReadme(Recommendation.intoReadme(empty, Answer.ofEachRun(in), readmeDir, runsPage)).orElseThrow();
    }

    /** The README's shops' answer as {@code in} gives it, for a README in {@code readmeDir}. */
    public static String readmeShops(ReportInputs in, Path readmeDir) {
        return ShopsInReadme.readme(in.sources(), readmeDir);
    }

    /** The shops' answer a README holds between its markers, or empty when it has none. */
    public static Optional<String> readmeShopsIn(String readme) {
        return ShopsInReadme.inReadme(readme);
    }

    /** The page of every run as {@code in} gives it, written into {@code dir}. */
    public static String runsPage(ReportInputs in, Path dir) {
        return RunsIndex.page(Answer.ofEachRun(in), ShopsInReadme.runs(in.sources()), dir);
    }

    /** The answer a README holds between its markers, or empty when it has none. */
    public static Optional<String> readmeAnswerIn(String readme) {
        return Recommendation.inReadme(readme);
    }

    /** Writes every file of {@code doc} into {@code outDir}, charts as PNG and SVG; returns them. */
    public static List<Path> write(ReportDocument doc, Path outDir) {
        return write(doc, outDir, true);
    }

    /** The same, charts as SVG too only with {@code svg} (a committed run keeps one format). */
    public static List<Path> write(ReportDocument doc, Path outDir, boolean svg) {
        String markdown = ReportRenderers.markdown(doc, svg);
        String html = ReportRenderers.html(doc, svg);
        Map<String, byte[]> csv = ReportRenderers.csv(doc);
        List<Path> written = new ArrayList<>();
        for (ReportDocument.Chart chart : doc.charts()) {
            written.add(write(outDir.resolve(ReportRenderers.CHARTS).resolve(chart.id() + ".png"), chart.png()));
            if (svg) {
                written.add(write(outDir.resolve(ReportRenderers.CHARTS).resolve(chart.id() + ".svg"), chart.svg()));
            }
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
