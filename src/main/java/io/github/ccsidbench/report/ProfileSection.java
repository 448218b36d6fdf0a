package io.github.ccsidbench.report;

import io.github.ccsidbench.bench.AnswerBenchmarks;
import io.github.ccsidbench.bench.ConversionBenchmark;
import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.RowShape;
import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.ProfileFile;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * "Where the time goes": the frames and Db2 steps {@code run --profile} sampled, and the pivot's share two ways; it
 * explains a figure, never is one (docs/output.md, "What a sampled profile can and cannot show").
 */
final class ProfileSection {

    /** The frames shown per benchmark; those after the third only from {@code MIN_SHARE} on. */
    static final int TOP = 5;
    static final double MIN_SHARE = 0.01;

    private static final String SERVER = BenchmarkMethod.DB2_INSERT_SERVER.shortName();
    private static final List<String> COLUMNS = List.of("37", "367", "1208", "367-direct");

    private ProfileSection() {
    }

    /** The section for a report written to {@code reportFolder} (null: the results' own), flame graphs linked from there. */
    static Optional<ReportDocument.Section> build(ReportInputs in, Path reportFolder) {
        List<ReportInputs.Source> profiled = in.sources().stream().filter(s -> s.profiles().isPresent()).toList();
        if (profiled.isEmpty()) {
            return Optional.empty();
        }
        List<ReportDocument.Block> blocks = new ArrayList<>();
        int n = 0;
        for (ReportInputs.Source source : profiled) {
            n++;
            String suffix = profiled.size() > 1 ? "-" + n : "";
            if (profiled.size() > 1) {
                blocks.add(new ReportDocument.Paragraph("`" + source.file() + "`:"));
            }
            ProfileFile p = source.profiles().get();
            if (p.unavailable() != null) {
                blocks.add(new ReportDocument.Paragraph("**No profile:** " + p.unavailable() + " (events tried: "
                        + String.join(", ", p.events()) + refusals(p) + "). The figures are unaffected: a profile never feeds one."));
                continue;
            }
            blocks.add(new ReportDocument.Paragraph(how(p)));
            List<List<String>> summary = new ArrayList<>();
            List<List<String>> frames = new ArrayList<>();
            List<List<String>> steps = new ArrayList<>();
            Map<String, CollapsedProfile> db2 = new LinkedHashMap<>();
            for (ProfileFile.Entry e : p.benchmarks()) {
                String label = label(e.key());
                Optional<DerivedFigures> figure = in.figuresOf(source).stream().filter(f -> f.result().key().equals(e.key())).findFirst();
                Optional<CollapsedProfile> profile = e.failure() == null ? in.collapsed(source, e) : Optional.empty();
                if (profile.isEmpty() || profile.get().benchmarkSamples() == 0) {
                    String why = e.failure() != null ? e.failure() : profile.isEmpty() ? "no collapsed stacks recorded"
                            : "no sample in the benchmark's thread";
                    summary.add(List.of(label, figure.map(ProfileSection::level).orElse("–"), "–", "–", "no profile: " + why, "–"));
                    continue;
                }
                CollapsedProfile c = profile.get();
                long all = c.benchmarkSamples();
                summary.add(List.of(label, figure.map(ProfileSection::level).orElse("–"), String.format(Locale.ROOT, "%,d", all),
                        percent(c.otherThreadsShare()), components(c), link(e.flameGraph(), source, reportFolder)));
                List<CollapsedProfile.Frame> top = c.topFrames(TOP);
                for (int i = 0; i < top.size(); i++) {
                    CollapsedProfile.Frame f = top.get(i);
                    if (i >= 3 && f.share() < MIN_SHARE) {
                        break;
                    }
                    frames.add(List.of(label, "`" + f.frame() + "`", percent(f.share()), f.known().reader()));
                }
                if (e.key().startsWith(SERVER + " ")) {
                    db2.put(ProfileFile.paramsOfKey(e.key()).getOrDefault("column", "?"), c);
                }
            }
            blocks.add(new ReportDocument.Table("profiles" + suffix, List.of("benchmark", "figure", "samples (its thread)",
                    "other threads", "by component", "flame graph"), summary));
            blocks.add(new ReportDocument.Paragraph("The frames each benchmark's thread was sampled in (self, the leaf of the "
                    + "stack), with their share of its samples and what the code is. Every row is in `csv/profile-frames"
                    + suffix + ".csv`."));
            blocks.add(new ReportDocument.Table("profile-frames" + suffix, List.of("benchmark", "frame", "share",
                    "as a reader knows it"), frames));
            if (!db2.isEmpty()) {
                db2Blocks(in, source, db2, suffix, blocks);
            }
        }
        return Optional.of(new ReportDocument.Section("profiles", "Where the time goes", blocks));
    }

    /** The opening paragraph: the event, the events refused and why, the interval, and what a profiled fork is. */
    static String how(ProfileFile p) {
        return "Sampled by async-profiler with event `" + p.eventUsed().orElse("none") + "`" + refusals(p) + ", every "
                + interval(p.intervalNanos()) + ", per thread. Each benchmark below ran one extra fork after its measured "
                + "ones, sampled from the point its series was steady; that fork feeds no figure, the gate or a calibration. "
                + "A share is of the samples of the benchmark's own thread; the JIT compiler's and the collector's threads are "
                + "counted apart (\"other threads\", of all samples)." + margin(p)
                + " (docs/method.md: what a sampled profile can and cannot show).";
    }

    /** The widest 95% sampling margin of a share, 1.96·sqrt(0.25/n), for the profile with the fewest samples. */
    static String margin(ProfileFile p) {
        long fewest = p.benchmarks().stream().mapToLong(ProfileFile.Entry::samples).filter(n -> n > 0).min().orElse(0);
        if (fewest == 0) {
            return "";
        }
        return String.format(Locale.ROOT, " With %,d samples in the profile that has the fewest, a share is good to ±%.1f points"
                + " or better (95%%, binomial)", fewest, 100 * 1.96 * Math.sqrt(0.25 / fewest));
    }

    private static String refusals(ProfileFile p) {
        return p.refused().isEmpty() ? "" : "; " + p.refused().stream().map(r -> "`" + r.event() + "` refused (" + r.reason() + ")")
                .collect(Collectors.joining(", "));
    }

    /** "1 ms", "500 µs". */
    static String interval(long nanos) {
        return nanos % 1_000_000 == 0 ? nanos / 1_000_000 + " ms" : nanos % 1_000 == 0 ? nanos / 1_000 + " µs" : nanos + " ns";
    }

    /** "encode 37 `jdk`, 4,096 chars", "INSERT into 367-direct"; other benchmarks by their key. */
    static String label(String key) {
        Map<String, String> params = ProfileFile.paramsOfKey(key);
        String benchmark = key.contains(" ") ? key.substring(0, key.indexOf(' ')) : key;
        if (benchmark.startsWith(ConversionBenchmark.class.getSimpleName() + ".") && params.containsKey("ccsid") && params.containsKey("provider")) {
            String length = params.getOrDefault("length", "");
            String workload = params.getOrDefault("workload", AnswerBenchmarks.WORKLOAD);
            return benchmark.substring(benchmark.indexOf('.') + 1) + " " + params.get("ccsid") + " `" + params.get("provider") + "`"
                    + (length.matches("[0-9]+") ? String.format(Locale.ROOT, ", %,d chars", Integer.parseInt(length)) : "")
                    + (workload.equals(AnswerBenchmarks.WORKLOAD) ? "" : ", " + workload);
        }
        if (benchmark.equals(SERVER) && params.containsKey("column")) {
            boolean article = params.getOrDefault("rows", "ascii").equals("ascii") && params.getOrDefault("shape", "article").equals("article");
            return "INSERT into " + params.get("column") + (article ? "" : " (" + params.get("rows") + " rows, " + params.get("shape") + ")");
        }
        return key;
    }

    /** "1,234 ns/op, 2.9x floor", or "456 ns/op". */
    private static String level(DerivedFigures f) {
        return Numbers.format(f.level()) + " ns/op" + (f.xFloor().isPresent() ? ", " + Answer.floor(f) + " floor" : "");
    }

    /** The components of a profile's self frames from 5% on, largest first: "JDK charset code 97%". */
    private static String components(CollapsedProfile c) {
        return c.components().entrySet().stream().filter(e -> e.getValue() >= 0.05)
                .sorted(Map.Entry.comparingByValue(Comparator.reverseOrder()))
                .map(e -> e.getKey().label() + " " + percent(e.getValue())).collect(Collectors.joining(", "));
    }

    private static String link(String flameGraph, ReportInputs.Source source, Path reportFolder) {
        // A flame graph left out of a committed copy of a run is not linked: the collapsed stacks beside it give the table.
        if (flameGraph == null || source.folder().filter(f -> !Files.exists(f.resolve(flameGraph))).isPresent()) {
            return "–";
        }
        String target = flameGraph;
        if (reportFolder != null && source.folder().isPresent()) {
            Path from = reportFolder.toAbsolutePath().normalize();
            Path to = source.folder().get().toAbsolutePath().normalize().resolve(flameGraph);
            target = from.getRoot() != null && from.getRoot().equals(to.getRoot())
                    ? from.relativize(to).toString().replace(File.separatorChar, '/') : to.toUri().toString();
        }
        return "[flame graph](" + target + ")";
    }

    /** "90%", "<1%" for a share that is there but rounds to nothing. */
    static String percent(double share) {
        return share > 0 && share < 0.005 ? "<1%" : Math.round(share * 100) + "%";
    }

    /** The Db2 steps table and the what-if direct table two ways. */
    private static void db2Blocks(ReportInputs in, ReportInputs.Source source, Map<String, CollapsedProfile> db2, String suffix,
                                  List<ReportDocument.Block> blocks) {
        List<String> columns = new ArrayList<>(COLUMNS.stream().filter(db2::containsKey).toList());
        db2.keySet().stream().filter(c -> !columns.contains(c)).forEach(columns::add);
        Map<String, Map<String, Double>> shares = new LinkedHashMap<>();
        columns.forEach(c -> shares.put(c, db2.get(c).db2Steps()));
        List<String> used = CollapsedProfile.STEPS.stream()
                .filter(s -> s.equals("row handling") || shares.values().stream().anyMatch(m -> m.get(s) > 0)).toList();
        List<String> header = new ArrayList<>(List.of("INSERT into"));
        header.addAll(used);
        header.add("the pivot through UTF-16");
        List<List<String>> rows = new ArrayList<>();
        for (String column : columns) {
            List<String> row = new ArrayList<>(List.of(column));
            used.forEach(s -> row.add(percent(shares.get(column).get(s))));
            row.add(percent(db2.get(column).pivotShare()));
            rows.add(row);
        }
        blocks.add(new ReportDocument.Paragraph("The Db2 model's steps on the server, each one's share of the INSERT's samples: "
                + "a sample counts for the deepest step in its stack (a major conversion calls Utf8ToUtf16, then "
                + "Utf16ToSingleByte), one in no step for the row handling around them (RowConversion, ServerInsert's "
                + "padding, InsertTally, the benchmark loop). The pivot is Utf8ToUtf16, Utf16ToSingleByte (or Utf16ToMixed) "
                + "and MajorConversion's own work."));
        blocks.add(new ReportDocument.Table("profile-steps" + suffix, header, rows));
        CollapsedProfile u367 = db2.get(ColumnType.UNICODE_SBCS.id());
        Optional<DerivedFigures> f367 = figure(in, source, ColumnType.UNICODE_SBCS);
        Optional<DerivedFigures> fDirect = figure(in, source, ColumnType.UNICODE_SBCS_DIRECT);
        List<String> ways = new ArrayList<>();
        if (u367 != null) {
            ways.add("sampled, the pivot is " + percent(u367.pivotShare()) + " of the 367 path's samples");
        }
        if (f367.isPresent() && fDirect.isPresent()) {
            Comparison c = Comparison.of("367 with a direct table", fDirect.get(), "367", f367.get());
            ways.add("measured, a direct 1208-to-367 table costs " + c.change() + " against 367 ("
                    + (c.supported() ? c.sureness() : "not rankable: " + c.reasons()) + "), so by the levels the pivot is "
                    + percent(ArticleReading.pivotShare(fDirect.get(), f367.get())) + " of 367's server cost");
        }
        if (!ways.isEmpty()) {
            blocks.add(new ReportDocument.Paragraph("**The what-if direct table, two ways:** " + String.join("; ", ways) + "."
                    + (ways.size() == 2 ? " The two need not agree: the sampled share is all of the pivot's work, the "
                    + "measured difference what is left of it once a direct table's own pass replaces it." : "")));
        }
    }

    private static Optional<DerivedFigures> figure(ReportInputs in, ReportInputs.Source source, ColumnType column) {
        return in.figuresOf(source).stream().filter(f -> f.result().shortName().equals(SERVER)
                && f.result().params().equals(AnswerBenchmarks.serverParams(RowShape.ARTICLE, column))).findFirst();
    }
}
