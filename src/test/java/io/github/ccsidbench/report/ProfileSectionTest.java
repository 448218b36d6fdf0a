package io.github.ccsidbench.report;

import io.github.ccsidbench.results.ProfileFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.github.ccsidbench.report.CollapsedProfileTest.ENCODE_1208_JDK;
import static io.github.ccsidbench.report.CollapsedProfileTest.ENCODE_37_JDK;
import static io.github.ccsidbench.report.CollapsedProfileTest.INSERT_367;
import static io.github.ccsidbench.report.CollapsedProfileTest.INSERT_37;
import static io.github.ccsidbench.report.CollapsedProfileTest.INSERT_DIRECT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * "Where the time goes" built from a run on disk as {@code run --profile} leaves it: results.json, profiles.json and
 * the collapsed stacks under profiles/ (the real fixtures of {@link CollapsedProfileTest}), read by
 * {@link ReportInputs#read}. The shares expected are the fixture's counts recounted apart (see that test).
 */
class ProfileSectionTest {

    static final String ENCODE = "ConversionBenchmark.encode";
    static final String SERVER = "Db2PathBenchmark.insertServer";

    static Map<String, String> jdk(String ccsid) {
        return Map.of("ccsid", ccsid, "provider", "jdk", "workload", "ascii-text", "length", "4096");
    }

    /** The answer's benchmarks at 4,096 characters, with the what-if direct table; 367-direct costs 240 of 367's 400. */
    static SyntheticRun run() {
        SyntheticRun run = new SyntheticRun()
                .article(new double[]{200, 201}, new double[]{400, 401}, new double[]{130, 131})
                .result(SERVER, SyntheticRun.server("367-direct"), 240, 241)
                .result("FloorBenchmark.isoEncode", Map.of("length", "4096"), 100, 100)
                .result("FloorBenchmark.isoDecode", Map.of("length", "4096"), 100, 100)
                .result(ENCODE, jdk("37"), 300, 300).result("ConversionBenchmark.decode", jdk("37"), 250, 250);
        for (String ccsid : List.of("367", "1208")) {
            run.result(ENCODE, jdk(ccsid), 110, 110).result("ConversionBenchmark.decode", jdk(ccsid), 105, 105);
        }
        return run;
    }

    static ProfileFile.Entry entry(String benchmark, Map<String, String> params, String fixture) {
        String base = "profiles/" + fixture.replace(".collapsed", "");
        return new ProfileFile.Entry(SyntheticRun.key(benchmark, params), SyntheticRun.JDK, "cpu", base + ".collapsed",
                base + ".html", 1000, 12, 40, null);
    }

    static List<ProfileFile.Entry> entries() {
        return List.of(entry(ENCODE, jdk("37"), ENCODE_37_JDK), entry(ENCODE, jdk("1208"), ENCODE_1208_JDK),
                entry(SERVER, SyntheticRun.server("37"), INSERT_37), entry(SERVER, SyntheticRun.server("367"), INSERT_367),
                entry(SERVER, SyntheticRun.server("367-direct"), INSERT_DIRECT));
    }

    /** Writes the run, {@code profiles} (when given) and the fixtures into {@code dir}; returns its results.json. */
    static Path write(Path dir, SyntheticRun run, ProfileFile profiles) throws IOException {
        Path results = dir.resolve("results.json");
        Files.writeString(results, run.resultsJson());
        if (profiles != null) {
            Files.writeString(dir.resolve(ProfileFile.FILE), profiles.toJson());
            Files.createDirectories(dir.resolve(ProfileFile.DIR));
            for (String f : List.of(ENCODE_37_JDK, ENCODE_1208_JDK, INSERT_37, INSERT_367, INSERT_DIRECT)) {
                Files.writeString(dir.resolve(ProfileFile.DIR).resolve(f), CollapsedProfileTest.fixture(f));
            }
            for (ProfileFile.Entry e : profiles.benchmarks()) {
                if (e.flameGraph() != null) {
                    Files.writeString(dir.resolve(e.flameGraph()), "<html></html>");
                }
            }
        }
        return results;
    }

    static ProfileFile profiled(List<ProfileFile.Refusal> refused) {
        return new ProfileFile(List.of("cpu", "ctimer", "itimer"), refused, 1_000_000, null, entries());
    }

    private static ReportDocument.Section section(ReportDocument doc) {
        return doc.sections().stream().filter(s -> s.id().equals("profiles")).findFirst().orElseThrow();
    }

    private static String text(ReportDocument.Section s) {
        StringBuilder sb = new StringBuilder();
        s.blocks().forEach(b -> sb.append(b instanceof ReportDocument.Paragraph p ? p.text() : "").append('\n'));
        return sb.toString();
    }

    private static ReportDocument.Table table(ReportDocument.Section s, String id) {
        return s.blocks().stream().filter(b -> b instanceof ReportDocument.Table t && t.id().equals(id))
                .map(ReportDocument.Table.class::cast).findFirst().orElseThrow();
    }

    /** A committed copy of a run may leave its flame graphs out: the row keeps its figures and links to nothing. */
    @Test
    void aFlameGraphThatIsNotThereIsNotLinked(@TempDir Path dir) throws IOException {
        Path results = write(dir, run(), profiled(List.of()));
        Files.delete(dir.resolve(ProfileFile.DIR).resolve(ENCODE_37_JDK.replace(".collapsed", ".html")));
        List<String> encode37 = table(section(Report.build(ReportInputs.read(List.of(results)), ZosEstimate.Costs.of(null, null))), "profiles").rows().get(0);
        assertEquals("encode 37 `jdk`, 4,096 chars", encode37.get(0));
        assertEquals("–", encode37.get(5));
    }

    @Test
    void theSectionNamesTheFramesTheStepsAndThePivotTwoWays(@TempDir Path dir) throws IOException {
        ReportInputs in = ReportInputs.read(List.of(write(dir, run(), profiled(List.of()))));
        ReportDocument doc = Report.build(in, ZosEstimate.Costs.of(null, null));
        ReportDocument.Section s = section(doc);
        assertEquals("Where the time goes", s.title());
        String text = text(s);
        assertTrue(text.startsWith("Sampled by async-profiler with event `cpu`, every 1 ms"), text);

        ReportDocument.Table summary = table(s, "profiles");
        List<String> encode37 = summary.rows().get(0);
        assertEquals("encode 37 `jdk`, 4,096 chars", encode37.get(0));
        assertEquals("300 ns/op, 3.0x floor", encode37.get(1));
        assertEquals("991", encode37.get(2));
        assertEquals(Math.round(100.0 * 30 / 1021) + "%", encode37.get(3));
        assertEquals("[flame graph](profiles/" + ENCODE_37_JDK.replace(".collapsed", ".html") + ")", encode37.get(5));

        ReportDocument.Table frames = table(s, "profile-frames");
        List<String> first = frames.rows().get(0);
        assertEquals(List.of("encode 37 `jdk`, 4,096 chars", "`sun.nio.cs.SingleByte$Encoder.encode`",
                Math.round(100.0 * 551 / 991) + "%", "the JDK's single-byte table loop (sun.nio.cs.SingleByte$Encoder)"), first);

        ReportDocument.Table steps = table(s, "profile-steps");
        List<String> header = steps.header();
        List<String> s367 = steps.rows().stream().filter(r -> r.get(0).equals("367")).findFirst().orElseThrow();
        assertEquals(Math.round(100.0 * 157 / 984) + "%", s367.get(header.indexOf("Utf8ToUtf16")));
        assertEquals(Math.round(100.0 * 491 / 984) + "%", s367.get(header.indexOf("Utf16ToSingleByte")));
        assertEquals(Math.round(100.0 * 294 / 984) + "%", s367.get(header.indexOf("row handling")));
        assertEquals(Math.round(100.0 * (157 + 491 + 42) / 984) + "%", s367.get(header.indexOf("the pivot through UTF-16")));
        assertEquals(List.of("37", "367", "367-direct"), steps.rows().stream().map(r -> r.get(0)).toList());

        assertTrue(text.contains("**The what-if direct table, two ways:** sampled, the pivot is 70% of the 367 path's samples; "
                + "measured, a direct 1208-to-367 table costs -40% ["), text);
        assertTrue(text.contains("so by the levels the pivot is 40% of 367's server cost."), text);

        String md = ReportRenderers.markdown(doc, true);
        assertTrue(md.contains("## Where the time goes"), md);
        String html = ReportRenderers.html(doc, true);
        assertTrue(html.contains("<a href=\"profiles/" + ENCODE_37_JDK.replace(".collapsed", ".html") + "\">flame graph</a>"));
        String csv = new String(ReportRenderers.csv(doc).get("profile-frames.csv"), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(csv.startsWith("benchmark,frame,share,as a reader knows it\r\nencode 37 jdk, 4,096 chars"
                .replace("encode 37 jdk, 4,096 chars", "\"encode 37 jdk, 4,096 chars\"")), csv);
        assertEquals(frames.rows().size() + 1, csv.split("\r\n").length);
        String summaryCsv = new String(ReportRenderers.csv(doc).get("profiles.csv"), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(summaryCsv.contains(",profiles/" + ENCODE_37_JDK.replace(".collapsed", ".html")), summaryCsv);
    }

    @Test
    void aReportWrittenElsewhereLinksBackToTheFlameGraphs(@TempDir Path dir) throws IOException {
        Path results = write(java.nio.file.Files.createDirectories(dir.resolve("run")), run(), profiled(List.of()));
        ReportDocument doc = Report.build(ReportInputs.read(List.of(results)), ZosEstimate.Costs.of(null, null),
                dir.resolve("elsewhere"));
        String summaryCsv = new String(ReportRenderers.csv(doc).get("profiles.csv"), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(summaryCsv.contains(",../run/profiles/" + ENCODE_37_JDK.replace(".collapsed", ".html")), summaryCsv);
    }

    @Test
    void aRefusedEventIsNamedBesideTheOneUsed(@TempDir Path dir) throws IOException {
        List<ProfileFile.Refusal> refused = List.of(new ProfileFile.Refusal("cpu", "No access to perf events. Try --fdtransfer"));
        List<ProfileFile.Entry> ctimer = entries().stream().map(e -> new ProfileFile.Entry(e.key(), e.jdkVersion(), "ctimer",
                e.collapsed(), e.flameGraph(), e.samples(), e.warmIterations(), e.sampledIterations(), null)).toList();
        ProfileFile file = new ProfileFile(List.of("cpu", "ctimer", "itimer"), refused, 1_000_000, null, ctimer);
        String text = text(section(Report.build(ReportInputs.read(List.of(write(dir, run(), file))), ZosEstimate.Costs.of(null, null))));
        assertTrue(text.startsWith("Sampled by async-profiler with event `ctimer`; `cpu` refused (No access to perf events. "
                + "Try --fdtransfer), every 1 ms"), text);
    }

    @Test
    void anUnavailableProfilerIsOneParagraph(@TempDir Path dir) throws IOException {
        ProfileFile none = new ProfileFile(List.of("cpu", "ctimer", "itimer"), List.of(), 1_000_000,
                "no async-profiler library for linux-aarch64", List.of());
        ReportDocument.Section s = section(Report.build(ReportInputs.read(List.of(write(dir, run(), none))), ZosEstimate.Costs.of(null, null)));
        assertEquals(1, s.blocks().size());
        assertEquals("**No profile:** no async-profiler library for linux-aarch64 (events tried: cpu, ctimer, itimer). The "
                + "figures are unaffected: a profile never feeds one.", ((ReportDocument.Paragraph) s.blocks().get(0)).text());
    }

    @Test
    void aBenchmarkThatFailedToProfileSaysWhy(@TempDir Path dir) throws IOException {
        List<ProfileFile.Entry> list = new ArrayList<>(entries());
        list.set(1, new ProfileFile.Entry(list.get(1).key(), SyntheticRun.JDK, null, null, null, 0, 0, 0, "the fork exited with 1"));
        ProfileFile file = new ProfileFile(List.of("cpu"), List.of(), 1_000_000, null, list);
        ReportDocument.Section s = section(Report.build(ReportInputs.read(List.of(write(dir, run(), file))), ZosEstimate.Costs.of(null, null)));
        assertEquals("no profile: the fork exited with 1", table(s, "profiles").rows().get(1).get(4));
    }

    @Test
    void aRunWithoutProfilesHasNoSectionAndTheSameReport(@TempDir Path dir) throws IOException {
        ReportDocument doc = Report.build(ReportInputs.read(List.of(write(dir, run(), null))), ZosEstimate.Costs.of(null, null));
        assertFalse(doc.sections().stream().anyMatch(s -> s.id().equals("profiles")));
        ReportInputs inMemory = new ReportInputs(List.of(new ReportInputs.Source(dir.resolve("results.json").toString(),
                Optional.empty(), run().results(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty())));
        assertEquals(ReportRenderers.markdown(Report.build(inMemory, ZosEstimate.Costs.of(null, null)), true), ReportRenderers.markdown(doc, true));
    }
}
