package io.github.ccsidbench.report;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.bench.AnswerBenchmarks;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.db2.RowShape;
import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.RunEnvironment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * What to choose, in the reader's words (a Unicode table, an EBCDIC table, the Java side by JDBC driver), with one run's
 * figures and the z/OS estimate: the opening of every report, and of the README for a reference run of the committed ones.
 */
final class Recommendation {

    /** Every word and mark the table uses, said before the table. */
    static final String WORDS = "Words: *ns/row*, nanoseconds per row of the Db2 model's INSERT conversion, measured in Java on"
            + " x86; *x copy*, a multiple of the cost of copying the same text into ISO-8859-1 bytes (the cheapest work of"
            + " the same length); `[a, b]`, the 95% interval over the run's forks; *(base)*, what the column compares"
            + " with; `*` after a figure, not *decisive*: its interval is wider than ±10% or too few of its forks reached a"
            + " steady state (the interval counts the bias and spread the committed accuracy check found on the run's CPU,"
            + " where there is one, and a multiple of a copy is decisive when both its figures are); *cannot rank*, the run"
            + " cannot say which of two costs more, and the cell says why.";

    private Recommendation() {
    }

    /** The README's reference run: the newest on the most common vector class and oldest JDK (docs/results/README.md). */
    static Answer reference(List<Answer> answers) {
        Map<String, Long> perClass = new HashMap<>();
        answers.forEach(a -> perClass.merge(vectorClass(a), 1L, Long::sum));
        long most = perClass.values().stream().mapToLong(Long::longValue).max().orElse(0);
        List<Answer> common = answers.stream().filter(a -> perClass.get(vectorClass(a)) == most).toList();
        int oldest = common.stream().mapToInt(Recommendation::feature).min().orElse(0);
        return common.stream().filter(a -> feature(a) == oldest)
                .max(Comparator.comparing(a -> a.environment().map(RunEnvironment::date).orElse(""))).orElseThrow();
    }

    private static String vectorClass(Answer a) {
        return a.environment().map(RunEnvironment::vectorClass).orElse("");
    }

    /** The run's Java feature release; unknown ones last. */
    private static int feature(Answer a) {
        int v = io.github.ccsidbench.results.BenchmarkResult.JvmInfo.majorVersion(a.jdk());
        return v == 0 ? Integer.MAX_VALUE : v;
    }

    /** Each comparison a run does not rank as the recommendation does (367 dearer, 1208 cheaper, IBM037 dearer); or empty. */
    static List<String> disagreements(Answer a) {
        List<String> out = new ArrayList<>();
        a.sbcs367().filter(c -> c.direction() <= 0).ifPresent(c -> out.add(why("367 against 37 on the server", c)));
        a.mixed1208().filter(c -> c.direction() >= 0).ifPresent(c -> out.add(why("1208 against 37 on the server", c)));
        a.jvm().map(Answer.Jvm::encode1208).filter(c -> c.direction() <= 0).ifPresent(c -> out.add(why("encode 37 against 1208", c)));
        a.jvm().map(Answer.Jvm::decode1208).filter(c -> c.direction() <= 0).ifPresent(c -> out.add(why("decode 37 against 1208", c)));
        return out;
    }

    private static String why(String what, Comparison c) {
        return c.direction() == 0 ? "cannot rank " + what + " (" + cannotRankReason(c) + ")" : what + " ranks the other way";
    }

    /**
     * The reason in a cell: "its interval excludes 0%, but too few of 937's forks reached a steady state to claim it"
     * (the side that cannot rank, by name where it has one) or "its interval includes 0%".
     */
    static String cannotRankReason(Comparison c) {
        String side = !c.x().rankable() ? c.name() : !c.base().rankable() ? c.baseName() : "";
        return c.excludesNoChange() ? "its interval excludes 0%, but too few of " + (side.isEmpty() ? "its" : side + "'s")
                + " forks reached a steady state to claim it" : "its interval includes 0%";
    }

    /** The bullets of what to choose with {@code a}'s figures; {@code docs}: link the docs (a README), else name them. */
    static String bullets(Answer a, boolean docs) {
        Map<Integer, ZosEstimate.Line> zos = new HashMap<>();
        ZosEstimate.forShape(RowShape.ARTICLE, RowFlavour.ASCII, ZosEstimate.ROWS_PER_DAY, ZosEstimate.Costs.of(null, null))
                .lines().forEach(l -> zos.putIfAbsent(l.ccsid(), l));
        ZosEstimate.Line l367 = zos.get(367);
        String perDay = String.format(Locale.ROOT, "%,d", ZosEstimate.ROWS_PER_DAY);
        StringBuilder sb = new StringBuilder();
        sb.append("- **A Unicode table: `FOR MIXED DATA` (CCSID 1208), never `FOR SBCS DATA` (367).** Into 1208 the type 4"
                + " driver's UTF-8 is stored as sent; into 367 each value takes a *major conversion*, a call to z/OS Unicode Services"
                + " through UTF-16 (an inference from IBM's documentation: ")
                .append(docs ? "[the Db2 model](docs/db2-model.md)" : "the Db2 model, docs/db2-model.md").append("). On z/OS, at ")
                .append(perDay).append(" of the article's rows a day (").append(count(l367.major()))
                .append(" values a row): ").append(seconds(l367)).append(" CPU seconds a day into 367, none into 1208")
                .append(" (IBM's 2.3 µs per major conversion, SG24-6465, on a z900).");
        a.sbcs367().ifPresent(c367 -> sb.append(" The model's INSERT, measured: 367 ").append(cell(c367)).append(" against 37,")
                .append(a.mixed1208().map(c -> " 1208 " + cell(c) + " (the model's own per-row work: 1208 stores as sent)").orElse("")).append('.'));
        sb.append(" And 367 loses every accented character: each is stored as a substitution character, with a warning.\n");
        sb.append("- **An EBCDIC table (37)** costs Db2 at most what 367 does, and likely far less, while the text is simple"
                + " (7-bit): each value takes a *minor conversion*, one translate pass, ").append(seconds(zos.get(37)))
                .append(" CPU seconds a day (IBM gives no cost for it, only that it is much faster than a major one: from free to"
                        + " a major one's cost)."
                        + " A value with an accented character fails Db2's scan for simple characters and takes a major"
                        + " conversion, as every value into 367 does (minor conversion exists only for the host's own EBCDIC"
                        + " CCSID).\n");
        a.jvm().ifPresent(j -> {
            sb.append("- **Java, type 4 driver** (the current IBM Data Server Driver for JDBC and SQLJ, over the network): it"
                    + " sends UTF-8 whatever the column (the V8-era Universal Driver did so only on its first insert, then"
                    + " converted as type 2 does: ").append(docs ? "[the driver](docs/db2-model.md#why-the-documented-paths)"
                            : "docs/db2-model.md").append("), so the application's INSERT costs the same for every choice above and"
                    + " Db2 does the converting (the server column). Only SELECT differs, where the JVM decodes the column's"
                    + " bytes: IBM037 at ").append(times(j.decode().get(37)))
                    .append(" a copy, UTF-8 at ").append(times(j.decode().get(1208))).append(".\n");
            sb.append("- **Java, type 2 driver** (a JVM on the z/OS itself): by default (`sendCharInputsUTF8` NO) the driver"
                    + " converts each value to the column's CCSID in the JVM and Db2 stores the bytes as sent, so the JVM pays"
                    + " INSERT's conversion *instead of* Db2, not as well: encoding IBM037 costs ")
                    .append(times(j.encode().get(37))).append(" a copy, UTF-8 ").append(times(j.encode().get(1208)))
                    .append(" (the JDK's String API, ").append(String.format(Locale.ROOT, "%,d", j.length()))
                    .append(" characters of English text, a JVM on x86). Do not add it to the server column: that one is"
                    + " type 4's.\n");
        });
        return sb.toString();
    }

    /** "7.1x [6.8x, 7.4x]", with the mark of a figure that is not decisive. */
    static String times(DerivedFigures f) {
        return Answer.floor(f) + Answer.floorInterval(f) + (f.xFloorDecisive() ? "" : SteadinessText.MARK);
    }

    /** "+14% [+13%, +15%]", or with its reason when the run cannot rank the two. */
    static String cell(Comparison c) {
        return c.change() + (c.supported() ? "" : " (cannot rank: " + cannotRankReason(c) + ")");
    }

    /** "12" or "11.5": values per row. */
    private static String count(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v) : Numbers.format(v);
    }

    /** "about 138" or "0 to 138", from a z/OS line's two ends. */
    private static String seconds(ZosEstimate.Line l) {
        String lo = String.format(Locale.ROOT, "%,.0f", l.secondsLow());
        String hi = String.format(Locale.ROOT, "%,.0f", l.secondsHigh());
        return lo.equals(hi) ? "about " + lo : lo + " to " + hi;
    }

    /** The table's header: one row per column choice. */
    static final List<String> HEADER = List.of("column choice", "INSERT on the server (type 4), ns/row", "against 37",
            "Java encode (type 2 INSERT, instead of the server's), x copy", "Java decode (SELECT), x copy");

    /** One row per column choice: the model's INSERT per row, its change against 37, the JDK's encode and decode. */
    static List<List<String>> rows(Answer a) {
        List<List<String>> rows = new ArrayList<>();
        Map<Integer, String> names = Map.of(37, "EBCDIC (37)", 367, "Unicode `FOR SBCS DATA` (367)",
                1208, "Unicode `FOR MIXED DATA` (1208)");
        for (int ccsid : AnswerBenchmarks.CCSIDS) {
            Optional<Comparison> c = ccsid == 367 ? a.sbcs367() : ccsid == 1208 ? a.mixed1208() : Optional.empty();
            Optional<DerivedFigures> server = ccsid == 37 ? a.server37() : c.map(Comparison::x);
            rows.add(List.of(names.get(ccsid),
                    server.map(f -> Numbers.format(f.level()) + " " + Numbers.interval(f.levelCi().low(), f.levelCi().high())
                            + SteadinessText.mark(f)).orElse("–"),
                    ccsid == 37 ? (a.server37().isPresent() ? "(base)" : "–") : c.map(Recommendation::cell).orElse("–"),
                    a.jvm().map(j -> times(j.encode().get(ccsid))).orElse("–"),
                    a.jvm().map(j -> times(j.decode().get(ccsid))).orElse("–")));
        }
        return rows;
    }

    /** The README's answer: the reference run's recommendation, how many committed runs agree, the words and table. */
    static String readme(List<Answer> answers, String runsPage, Function<Answer, String> reportLink) {
        Answer ref = reference(answers);
        List<Answer> others = answers.stream().filter(a -> !disagreements(a).isEmpty()).toList();
        List<ReportDocument.Block> b = new ArrayList<>();
        b.add(paragraph("**In short:** for a Unicode table `FOR MIXED DATA` (1208), never `FOR SBCS DATA` (367); EBCDIC (37)"
                + " takes only a minor conversion while the text stays 7-bit, whose cost on z/OS IBM does not publish (from none to"
                + " that of 367's major one)." + ref.jvm().map(j -> " Where the JVM converts (type 2's"
                + " INSERT, your own code; type 4 sends UTF-8), encoding EBCDIC costs "
                + Answer.times(j.encode1208()) + " what UTF-8 does on English text (the table's Java encode, 37's over"
                + " 1208's) in a JVM on x86 (a JVM on z/OS is not measured).").orElse("")));
        b.add(paragraph(bullets(ref, true)));
        b.add(paragraph("Measured on the reference run: " + runName(ref) + " ([its report](" + reportLink.apply(ref) + ")). The"
                + " same ranking in " + (answers.size() - others.size()) + " of " + answers.size() + " committed runs"
                + (others.isEmpty() ? "" : "; the other " + others.size() + " (" + String.join("; ", others.stream()
                        .map(o -> o.cpu() + ", JDK " + o.jdk()).toList()) + ") cannot rank every choice")
                + " ([every run, and why](" + runsPage + "))."));
        b.add(paragraph(WORDS));
        b.add(new ReportDocument.Table("answer", HEADER, rows(ref), 1));
        return "## What to choose\n\n" + ReportRenderers.markdown(b);
    }

    /** A paragraph as the README's source holds it, wrapped at 120 characters. */
    static ReportDocument.Paragraph paragraph(String text) {
        return new ReportDocument.Paragraph(ReportRenderers.wrap(text));
    }

    /** The day a run was measured, "YYYY-MM-DD" of its environment record's date, when it has one. */
    static Optional<String> day(Answer a) {
        return day(a.environment());
    }

    /** The day a run was measured, by its environment record. */
    static Optional<String> day(Optional<RunEnvironment> environment) {
        return environment.map(RunEnvironment::date).filter(d -> d.length() >= 10).map(d -> d.substring(0, 10));
    }

    /** The run as the README names it: "CPU, vector class, JDK 17.0.x, YYYY-MM-DD", the day it was measured. */
    static String runName(Answer a) {
        String date = day(a).map(d -> ", " + d).orElse("");
        return (a.cpu().isEmpty() ? "(CPU not recorded)" : a.cpu()) + ", JDK " + a.jdk() + date;
    }

    /** The lines around the README's answer. */
    static final String BEGIN = "<!-- answer: begin, written by `report --readme` from the committed runs -->";
    static final String END = "<!-- answer: end -->";

    /** {@code readme} with the text between its answer markers replaced, links relative to {@code readmeDir}. */
    static String intoReadme(String readme, List<Answer> answers, Path readmeDir, Path runsPage) {
        int begin = readme.indexOf(BEGIN);
        int end = readme.indexOf(END);
        if (begin < 0 || end < begin) {
            throw new CcsidBenchException("the README has no answer markers (a line '" + BEGIN + "' and, after it, '" + END + "')");
        }
        if (answers.isEmpty()) {
            throw new CcsidBenchException("these results hold no answer (neither the article's INSERT paths nor the JDK's"
                    + " encode and decode of ASCII text): run the standard preset");
        }
        String text = readme(answers, RunsIndex.link(readmeDir, runsPage),
                a -> a.folder().map(f -> RunsIndex.link(readmeDir, f.resolve(Report.MARKDOWN))).orElse(runsPage.toString()));
        return readme.substring(0, begin + BEGIN.length()) + "\n" + text + readme.substring(end);
    }

    /** The answer section of {@code readme}, markers excluded, or empty when it has none. */
    static Optional<String> inReadme(String readme) {
        int begin = readme.indexOf(BEGIN);
        int end = readme.indexOf(END);
        return begin < 0 || end < begin ? Optional.empty() : Optional.of(readme.substring(begin + BEGIN.length() + 1, end));
    }
}
