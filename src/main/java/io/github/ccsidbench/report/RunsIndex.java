package io.github.ccsidbench.report;

import io.github.ccsidbench.bench.AnswerBenchmarks;
import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.RunEnvironment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The page of every committed run (docs/results/README.md), where a reader checks the runs the README does not quote:
 * each run, whether it ranks as the recommendation, the answer's figures side by side, and the other records.
 */
final class RunsIndex {

    private RunsIndex() {
    }

    /** The line under the page's title: how it was written, so nobody edits it by hand. */
    static final String WRITTEN = "<!-- Written by `java -jar target/benchmarks.jar report --readme README.md --runs-page"
            + " docs/results/README.md docs/results/*/results.json` -->";

    /** The page for {@code answers} and the runs that answer a shop's own question, its links relative to {@code dir}. */
    static String page(List<Answer> answers, List<ReportInputs.Source> shopRuns, Path dir) {
        Answer ref = Recommendation.reference(answers);
        List<List<String>> rows = new ArrayList<>();
        for (Answer a : answers) {
            Optional<RunEnvironment> e = a.environment();
            List<String> disagree = Recommendation.disagreements(a);
            rows.add(List.of(a.folder().map(f -> "[" + f.getFileName() + "](" + link(dir, f.resolve(Report.MARKDOWN)) + ")").orElse(a.label()),
                    a.cpu().isEmpty() ? "(not recorded)" : a.cpu(), e.map(RunEnvironment::cpu).orElse("–"), a.jdk(),
                    Recommendation.day(a).orElse("–"),
                    e.map(RunEnvironment::preset).orElse("–"), e.map(RunEnvironment::wallTime).orElse("–"),
                    (disagree.isEmpty() ? "yes" : "no: " + String.join(", ", disagree)) + (a == ref ? " (the README's reference run)" : "")));
        }
        List<ReportDocument.Section> sections = new ArrayList<>();
        sections.add(new ReportDocument.Section("runs", "", List.of(new ReportDocument.Paragraph(WRITTEN),
                Recommendation.paragraph("Each run folder holds one run as `run` writes it: report.md, its charts, results.json,"
                        + " steadiness.json, environment.json. Compare ratios within a run, never figures across rows: each row is"
                        + " its own machine and JDK. The README quotes the reference run: the newest on the vector class most runs"
                        + " share, on the oldest JDK measured. Runs no longer here, and the raw runs behind a calibration or an"
                        + " accuracy check, are in git history: `git log --diff-filter=D --stat -- docs/results`."),
                new ReportDocument.Table("runs", List.of("run", "CPU", "as /proc/cpuinfo names it", "JDK", "date", "preset",
                        "wall time", "ranks as the README"), rows, 8))));
        sections.add(new ReportDocument.Section("answer", "The answer in every run", tables(answers)));
        if (!shopRuns.isEmpty()) {
            List<List<String>> shops = new ArrayList<>();
            for (ReportInputs.Source s : shopRuns) {
                Optional<RunEnvironment> e = s.environment();
                shops.add(List.of(s.folder().map(f -> "[" + f.getFileName() + "](" + link(dir, f.resolve(Report.MARKDOWN)) + ")")
                                .orElse(s.file()), e.map(x -> io.github.ccsidbench.machine.CpuNames.readable(x.cpu(), x.vectorClass()))
                                .orElse("(not recorded)"), s.results().isEmpty() ? "–" : s.results().get(0).jvm().jdkVersion(),
                        Recommendation.day(e).orElse("–"),
                        e.map(RunEnvironment::preset).orElse("–"), e.map(RunEnvironment::wallTime).orElse("–")));
            }
            sections.add(new ReportDocument.Section("shops", "The shops' runs", List.of(Recommendation.paragraph("Runs that"
                    + " answer a shop's own question: a Japanese, Korean or Chinese shop's (the `dbcs` preset), a German or French"
                    + " shop's (the `countries` preset). Per preset, the README quotes the oldest JDK's newest run; its report"
                    + " opens with each shop's answer."), new ReportDocument.Table("shops", List.of("run", "CPU", "JDK", "date",
                    "preset", "wall time"), shops, 6))));
        }
        List<Path> listed = new ArrayList<>(answers.stream().flatMap(a -> a.folder().stream()).toList());
        shopRuns.forEach(s -> s.folder().ifPresent(listed::add));
        List<String> others = otherRecords(dir, listed);
        if (!others.isEmpty()) {
            sections.add(new ReportDocument.Section("others", "Other records", List.of(new ReportDocument.Paragraph(
                    String.join("\n", others.stream().map(o -> "- " + o).toList())))));
        }
        // The bullets under the answer link the docs from the README's place; this page is in docs/results.
        return ReportRenderers.markdown(new ReportDocument("Committed runs", sections), false).replace("](docs/", "](../")
                .stripTrailing() + "\n";
    }

    /** A link from {@code dir} to {@code target}, with forward slashes. */
    static String link(Path dir, Path target) {
        return dir.toAbsolutePath().normalize().relativize(target.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }

    /** The folders beside the runs that are not runs: "[calibration/](calibration/README.md): a, b", sorted. */
    private static List<String> otherRecords(Path dir, List<Path> folders) {
        List<Path> runs = folders.stream().map(f -> f.toAbsolutePath().normalize()).toList();
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Files::isDirectory).filter(p -> !runs.contains(p.toAbsolutePath().normalize())).sorted().map(p -> {
                String name = p.getFileName().toString();
                String target = Files.exists(p.resolve("README.md")) ? name + "/README.md" : name + "/";
                List<String> inside;
                try (Stream<Path> sub = Files.list(p)) {
                    inside = sub.filter(Files::isDirectory).map(q -> q.getFileName().toString()).sorted().toList();
                } catch (IOException e) {
                    inside = List.of();
                }
                return "[" + name + "/](" + target + ")" + (inside.isEmpty() ? "" : ": " + String.join(", ", inside));
            }).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The two tables of every run, a row each, and the bullets under them. */
    static List<ReportDocument.Block> tables(List<Answer> answers) {
        List<List<String>> server = new ArrayList<>();
        List<List<String>> jvm = new ArrayList<>();
        for (Answer a : answers) {
            String cpu = a.cpu().isEmpty() ? "(not recorded)" : a.cpu();
            server.add(List.of(cpu, a.jdk(),
                    a.server37().map(f -> Numbers.format(f.level()) + SteadinessText.mark(f)).orElse("–"),
                    a.sbcs367().map(Recommendation::cell).orElse("–"), a.mixed1208().map(Recommendation::cell).orElse("–")));
            List<String> row = new ArrayList<>(List.of(cpu, a.jdk(),
                    a.jvm().map(j -> String.format(Locale.ROOT, "%,d", j.length())).orElse("–")));
            for (Map<Integer, DerivedFigures> m : a.jvm().map(j -> List.of(j.encode(), j.decode()))
                    .orElse(List.of(Map.of(), Map.of()))) {
                for (int ccsid : AnswerBenchmarks.CCSIDS) {
                    DerivedFigures f = m.get(ccsid);
                    row.add(f == null ? "–" : Recommendation.times(f));
                }
            }
            jvm.add(row);
        }
        return List.of(new ReportDocument.Paragraph("**On the server:** converting an INSERT of the article's rows (ASCII), level"
                        + " per row and the change of 367 and 1208 against 37 with its 95% interval."),
                new ReportDocument.Table("server", List.of("measured on", "JDK", "INSERT into 37, ns/row", "367 against 37",
                        "1208 against 37"), server, 2),
                new ReportDocument.Paragraph("**In the JVM:** the JDK's String API on English text, as a multiple of the"
                        + " ISO-8859-1 floor (the copy of the same text), level [95% interval]."),
                new ReportDocument.Table("jvm", List.of("measured on", "JDK", "characters", "encode 37", "encode 367", "encode 1208",
                        "decode 37", "decode 367", "decode 1208"), jvm, 2),
                new ReportDocument.Paragraph(bullets(answers)));
    }

    /** The bullets under the tables: each claim as far as the runs support it, then the article against the model. */
    static String bullets(List<Answer> answers) {
        int runs = answers.size();
        long dear367 = answers.stream().filter(a -> a.sbcs367().filter(c -> c.supported() && c.direction() > 0).isPresent()).count();
        boolean mixedNeverDearer = answers.stream().noneMatch(a -> a.mixed1208().filter(c -> c.supported() && c.direction() > 0)
                .isPresent());
        long turned = answers.stream().filter(a -> a.jvm().filter(j -> j.encode1208().direction() > 0).isPresent()).count();
        StringBuilder sb = new StringBuilder();
        sb.append("- **On the server, `FOR SBCS DATA` (367) is the dear choice** ").append(inRuns(dear367, runs))
                .append(". The article measured about +50% of Db2 DDF CPU for 367 and no penalty for `FOR MIXED DATA` (1208)."
                        + " The model reproduces that ranking and its mechanism (a current type 4 driver sends UTF-8: 1208 stores it as"
                        + " sent, 37 takes one table pass when the text is simple, 367, by inference, a major conversion through UTF-16"
                        + measured(answers, a -> a.profiled().pivot(), "; measured%s: MajorConversion, Utf8ToUtf16 then Utf16ToSingleByte, %s of the 367 path's samples") + "),"
                        + " not the size, which on z/OS comes from Unicode Services' cost per call: the report's z/OS estimate does"
                        + " that arithmetic with IBM's published cost ([the Db2 model](docs/db2-model.md)).")
                .append(dear367 == runs && mixedNeverDearer ? " Choose MIXED for a Unicode table.\n" : "\n");
        sb.append("- **Inside the JVM on x86 the ranking is turned around** ").append(inRuns(turned, runs))
                .append(": the JDK converts UTF-8 (and US-ASCII, fully from JDK 25 on) with intrinsics close to the cost of a"
                        + " copy").append(measured(answers, a -> Optional.ofNullable(a.profiled().intrinsic().get(1208))
                                .map(OptionalDouble::of).orElse(OptionalDouble.empty()),
                        " (measured%s: %s of the JDK's UTF-8" + Answer.Profiled.INTRINSIC + ")"))
                .append(", while EBCDIC (IBM037) is a per-character table loop").append(measured(answers, a -> a.profiled().ebcdicLoop(),
                        " (measured%s: %s" + Answer.Profiled.LOOP + ")"))
                .append(", several times dearer, wherever the application converts. On z, IBM Semeru turns such loops into translate instructions, which nothing"
                        + " here measures.\n");
        sb.append("- **The fastest converter** of English text at the answer's length, named where a run ranks it ahead of the"
                + " next by its interval:");
        for (int ccsid : AnswerBenchmarks.CCSIDS) {
            sb.append(" CCSID ").append(ccsid).append(' ').append(fastestIn(answers, "encode " + ccsid)).append(", decode ")
                    .append(fastestIn(answers, "decode " + ccsid)).append(ccsid == 1208 ? "." : ";");
        }
        sb.append("\n");
        sb.append("- **Not everything survives:** 367 loses every accented character (substituted, with a warning), and \"the"
                + " same\" CCSID 37 maps line ends differently in the JDK, ICU4J and JTOpen ([fidelity](docs/fidelity.md)).\n");
        return ReportRenderers.wrap(sb.toString());
    }

    /** A share over the runs that profiled it in {@code format} (%s " in 2 of 3 runs", %s "68% to 72%"); "" when none did. */
    private static String measured(List<Answer> answers, Function<Answer, OptionalDouble> share,
                                   String format) {
        double[] v = answers.stream().map(share).filter(OptionalDouble::isPresent)
                .mapToDouble(OptionalDouble::getAsDouble).sorted().toArray();
        if (v.length == 0) {
            return "";
        }
        String lo = ProfileSection.percent(v[0]);
        String hi = ProfileSection.percent(v[v.length - 1]);
        return String.format(Locale.ROOT, format, answers.size() > 1 ? " in " + v.length + " of " + answers.size() + " runs" : "",
                lo.equals(hi) ? lo : lo + " to " + hi);
    }

    /** "encode `reference` (4 of 4 runs, 0.11 to 0.15 ns/char)", or "encode: no run ranks one". */
    private static String fastestIn(List<Answer> answers, String key) {
        Map<String, List<Answer.Fastest>> byProvider = new LinkedHashMap<>();
        for (Answer a : answers) {
            Answer.Fastest f = a.fastest().get(key);
            if (f != null) {
                byProvider.computeIfAbsent(f.provider(), k -> new ArrayList<>()).add(f);
            }
        }
        String op = key.substring(0, key.indexOf(' '));
        if (byProvider.isEmpty()) {
            return op.equals("encode") ? "encode: no run ranks one" : "none ranked";
        }
        List<String> parts = new ArrayList<>();
        byProvider.forEach((p, fs) -> {
            double lo = fs.stream().mapToDouble(Answer.Fastest::nsPerChar).min().orElse(Double.NaN);
            double hi = fs.stream().mapToDouble(Answer.Fastest::nsPerChar).max().orElse(Double.NaN);
            parts.add("`" + p + "` (" + fs.size() + " of " + answers.size() + " runs, " + (lo == hi ? Numbers.format(lo)
                    : Numbers.format(lo) + " to " + Numbers.format(hi)) + " ns/char)");
        });
        return (op.equals("encode") ? "encode " : "") + String.join(" or ", parts);
    }

    private static String inRuns(long k, int n) {
        return k == n ? (n == 1 ? "in the run above" : "in every run above (" + n + " of " + n + " by its interval)")
                : "in " + k + " of the " + n + " runs above (the others cannot rank it)";
    }
}
