package io.github.ccsidbench.report;

import io.github.ccsidbench.bench.ConversionBenchmark;
import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.db2.RowShape;
import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.RunEnvironment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The project's question answered in a few figures of one run: what an INSERT of the article's ASCII rows costs the
 * server in CCSID 367 and 1208 against 37, and what encoding and decoding ASCII text through the JDK's String API
 * costs in 37, 367 and 1208 as a multiple of the ISO-8859-1 floor, at the longest length the run measured all six. The report opens with it in three
 * lines, and the README's answer table is written from it ({@code report --readme}), so the front page carries
 * exactly what committed results hold.
 *
 * @param label the JVM the figures come from ("JDK 17.x (...)")
 * @param cpu the CPU the run measured on, as its environment record names it ("" when not recorded)
 * @param jdk the JDK's version ("17.x")
 * @param server37 the server's INSERT conversion into 37, per row (empty when the run has no Db2 paths)
 * @param sbcs367 367 against 37 on the server
 * @param mixed1208 1208 against 37 on the server
 * @param length the text length of the JVM side, in characters (0 when not measured)
 * @param encode the JDK's encode per CCSID (37, 367, 1208) at that length
 * @param decode the JDK's decode per CCSID at that length
 * @param fastest per "encode 37", "decode 1208" and so on: the provider the run ranks fastest at that length (absent
 *                where its ratio to the next provider does not exclude no change)
 * @param profiled what the run's profiles measured of the reasons the lines give (empty without {@code run --profile})
 */
record Answer(String label, String cpu, String jdk, Optional<DerivedFigures> server37, Optional<Comparison> sbcs367,
              Optional<Comparison> mixed1208, int length, Map<Integer, DerivedFigures> encode, Map<Integer, DerivedFigures> decode,
              Map<String, Fastest> fastest, Profiled profiled) {

    /**
     * The "why" of the answer, measured in the run's profiled forks ({@link CollapsedProfile}): shares of the benchmark
     * thread's samples, each empty where the benchmark was not profiled.
     *
     * @param ebcdicLoop the JDK's encode into 37: the samples in its single-byte table loop (sun.nio.cs.SingleByte$Encoder)
     * @param intrinsic the JDK's encode into 367 and 1208: the samples in its intrinsic String coding and what it called
     * @param intrinsicKernel of the same, the samples in the kernel zeroing fresh pages
     * @param pivot the server's INSERT into 367: the samples in the pivot through UTF-16
     */
    record Profiled(java.util.OptionalDouble ebcdicLoop, Map<Integer, Double> intrinsic, Map<Integer, Double> intrinsicKernel,
                    java.util.OptionalDouble pivot) {

        static final Profiled NONE = new Profiled(java.util.OptionalDouble.empty(), Map.of(), Map.of(), java.util.OptionalDouble.empty());

        /** What the profiles beside the figures measured; {@link #NONE} when the run has none. */
        static Profiled of(ReportInputs in, Optional<DerivedFigures> server367, Map<Integer, DerivedFigures> encode) {
            java.util.OptionalDouble loop = Optional.ofNullable(encode.get(37)).flatMap(f -> profile(in, f))
                    .map(p -> java.util.OptionalDouble.of(p.selfShare(k -> k.reader().contains("sun.nio.cs.SingleByte$Encoder"))))
                    .orElse(java.util.OptionalDouble.empty());
            Map<Integer, Double> intrinsic = new java.util.TreeMap<>();
            Map<Integer, Double> kernel = new java.util.TreeMap<>();
            for (int ccsid : List.of(367, 1208)) {
                Optional.ofNullable(encode.get(ccsid)).flatMap(f -> profile(in, f)).ifPresent(p -> {
                    intrinsic.put(ccsid, p.inclusiveShare(f -> KnownFrames.of(f, false).component() == KnownFrames.Component.JDK_INTRINSIC));
                    kernel.put(ccsid, p.components().getOrDefault(KnownFrames.Component.KERNEL, 0.0));
                });
            }
            java.util.OptionalDouble pivot = server367.flatMap(f -> profile(in, f)).map(p -> java.util.OptionalDouble.of(p.pivotShare()))
                    .orElse(java.util.OptionalDouble.empty());
            return new Profiled(loop, intrinsic, kernel, pivot);
        }

        /** The profile of the benchmark a figure measures, when its run profiled it. */
        private static Optional<CollapsedProfile> profile(ReportInputs in, DerivedFigures f) {
            return in.sourceOf(f.result()).flatMap(s -> s.profiles().flatMap(p -> p.entry(f.result().key()))
                    .filter(e -> e.failure() == null).flatMap(e -> in.collapsed(s, e)))
                    .filter(p -> p.benchmarkSamples() > 0);
        }

        /** " (measured: ...)" after the server's ranking, or "". */
        String serverWhy() {
            return pivot.isPresent() ? " (measured: the major conversion through UTF-16 (MajorConversion: Utf8ToUtf16, then Utf16ToSingleByte), "
                    + ProfileSection.percent(pivot.getAsDouble()) + " of the 367 path's samples)" : "";
        }

        /** " (measured: ...)" after the JVM's ranking, or "". */
        String jvmWhy() {
            List<String> parts = new ArrayList<>();
            ebcdicLoop.ifPresent(v -> parts.add(loopText(v)));
            intrinsic.forEach((ccsid, v) -> parts.add(intrinsicText(ccsid, v, intrinsicKernel.get(ccsid))));
            return parts.isEmpty() ? "" : " (measured: " + String.join("; ", parts) + ")";
        }

        static String loopText(double share) {
            return ProfileSection.percent(share) + " of the JDK's IBM037 encode samples in the single-byte table loop, "
                    + "sun.nio.cs.SingleByte$Encoder";
        }

        static String intrinsicText(int ccsid, double share, Double kernel) {
            return ProfileSection.percent(share) + " of its " + (ccsid == 367 ? "US-ASCII" : "UTF-8") + " encode samples in the "
                    + "intrinsic String coding and the copy under it" + (kernel != null && kernel >= 0.2
                    ? ", " + ProfileSection.percent(kernel) + " in the kernel zeroing the fresh pages that copy writes" : "");
        }
    }

    /**
     * The fastest provider of one operation and CCSID at the answer's length and workload, kept only when the ratio to
     * the next provider excludes no change.
     *
     * @param provider the fastest provider
     * @param nsPerChar its level per character
     * @param next the next provider
     */
    record Fastest(String provider, double nsPerChar, String next) {
    }

    /** The CCSIDs of the article, in its order. */
    static final List<Integer> ARTICLE = List.of(37, 367, 1208);


    /** One answer per JVM of the inputs. */
    static List<Answer> of(ReportInputs in) {
        List<Answer> out = new ArrayList<>();
        for (ReportInputs.JvmGroup g : in.jvms()) {
            Map<String, String> p37 = server(ColumnType.EBCDIC_SBCS);
            Optional<DerivedFigures> s37 = g.find(BenchmarkMethod.DB2_INSERT_SERVER.shortName(), p37);
            Optional<Comparison> c367 = s37.flatMap(base -> g.find(BenchmarkMethod.DB2_INSERT_SERVER.shortName(), server(ColumnType.UNICODE_SBCS))
                    .map(x -> Comparison.of("367", x, "37", base)));
            Optional<Comparison> c1208 = s37.flatMap(base -> g.find(BenchmarkMethod.DB2_INSERT_SERVER.shortName(), server(ColumnType.UNICODE_MIXED))
                    .map(x -> Comparison.of("1208", x, "37", base)));
            // The longest length at which all six figures were measured: the per-call overhead hides the conversion least.
            int length = 0;
            Map<Integer, DerivedFigures> encode = new LinkedHashMap<>();
            Map<Integer, DerivedFigures> decode = new LinkedHashMap<>();
            for (int candidate : lengths(g)) {
                Map<Integer, DerivedFigures> e = new LinkedHashMap<>();
                Map<Integer, DerivedFigures> d = new LinkedHashMap<>();
                for (int ccsid : ARTICLE) {
                    g.find(BenchmarkMethod.CONVERSION_ENCODE.shortName(), jvm(ccsid, candidate)).filter(f -> f.xFloor().isPresent()).ifPresent(f -> e.put(ccsid, f));
                    g.find(BenchmarkMethod.CONVERSION_DECODE.shortName(), jvm(ccsid, candidate)).filter(f -> f.xFloor().isPresent()).ifPresent(f -> d.put(ccsid, f));
                }
                if (e.size() == ARTICLE.size() && d.size() == ARTICLE.size()) {
                    length = candidate;
                    encode = e;
                    decode = d;
                    break;
                }
            }
            List<DerivedFigures> measured = new ArrayList<>();
            s37.ifPresent(measured::add);
            measured.addAll(encode.values());
            if (measured.isEmpty()) {
                continue;
            }
            DerivedFigures any = measured.get(0);
            String cpu = in.sourceOf(any.result()).flatMap(ReportInputs.Source::environment)
                    .map(e -> io.github.ccsidbench.machine.CpuNames.readable(e.cpu(), e.vectorClass())).orElse("");
            out.add(new Answer(g.label(), cpu == null ? "" : cpu, any.result().jvm().jdkVersion(), s37, c367, c1208, length,
                    encode, decode, fastest(g, length), Profiled.of(in, c367.map(Comparison::x), encode)));
        }
        return out;
    }

    /** Per operation and CCSID of the article, the provider ranked fastest at {@code length} on ASCII text. */
    private static Map<String, Fastest> fastest(ReportInputs.JvmGroup g, int length) {
        Map<String, Fastest> out = new LinkedHashMap<>();
        if (length == 0) {
            return out;
        }
        for (BenchmarkMethod op : List.of(BenchmarkMethod.CONVERSION_ENCODE, BenchmarkMethod.CONVERSION_DECODE)) {
            for (int ccsid : ARTICLE) {
                List<DerivedFigures> all = g.of(op.shortName()).stream()
                        .filter(f -> f.result().param("ccsid").orElse("").equals(Integer.toString(ccsid))
                                && f.result().param("workload").orElse("").equals("ascii-text")
                                && f.result().param("length").orElse("").equals(Integer.toString(length)))
                        .sorted(java.util.Comparator.comparingDouble(DerivedFigures::level)).toList();
                if (all.size() < 2) {
                    continue;
                }
                DerivedFigures first = all.get(0);
                DerivedFigures second = all.get(1);
                String p1 = first.result().param("provider").orElse("?");
                String p2 = second.result().param("provider").orElse("?");
                Comparison c = Comparison.of(p1, first, p2, second);
                if (c.supported() && c.direction() < 0) {
                    out.put(op.shortName().replace("ConversionBenchmark.", "") + " " + ccsid, new Fastest(p1, first.nsPerChar().orElse(Double.NaN), p2));
                }
            }
        }
        return out;
    }

    /** The parameters of the article's server INSERT of ASCII rows into {@code column}. */
    static Map<String, String> server(ColumnType column) {
        return Map.of("shape", RowShape.ARTICLE, "rows", RowFlavour.ASCII.id(), "column", column.id());
    }

    private static Map<String, String> jvm(int ccsid, int length) {
        return Map.of("ccsid", Integer.toString(ccsid), "provider", "jdk", "workload", "ascii-text", "length", Integer.toString(length));
    }

    /** The lengths the JDK's conversions of ASCII text were measured at, longest first. */
    private static List<Integer> lengths(ReportInputs.JvmGroup g) {
        return g.figures().stream().filter(f -> f.result().shortName().startsWith(ConversionBenchmark.class.getSimpleName() + ".")
                        && f.result().param("provider").orElse("").equals("jdk")
                        && f.result().param("workload").orElse("").equals("ascii-text"))
                .map(f -> Integer.parseInt(f.result().param("length").orElse("0"))).distinct()
                .sorted(java.util.Comparator.reverseOrder()).toList();
    }

    /** Every figure the answer rests on. */
    List<DerivedFigures> figures() {
        List<DerivedFigures> all = new ArrayList<>();
        server37.ifPresent(all::add);
        sbcs367.ifPresent(c -> all.add(c.x()));
        mixed1208.ifPresent(c -> all.add(c.x()));
        all.addAll(encode.values());
        all.addAll(decode.values());
        return all;
    }

    /**
     * The first line: which column choice costs the server more, by how much, with the intervals; or why the run
     * cannot rank them.
     */
    String serverLine() {
        if (sbcs367.isEmpty() || mixed1208.isEmpty()) {
            return "The server side (the article's INSERT paths) was not measured in these results.";
        }
        Comparison a = sbcs367.get();
        Comparison b = mixed1208.get();
        String verdict = a.direction() > 0 && b.direction() < 0 ? "as the article found, `FOR SBCS DATA` (367) is the dear choice"
                : a.direction() == 0 || b.direction() == 0 ? "this run cannot rank every choice (see the article's table below)"
                : "the article's ranking does not hold here";
        return String.format(Locale.ROOT, "**On the server**, converting an INSERT of ASCII rows costs %s in CCSID 367 and %s in "
                + "1208 against 37 (%s per row): %s%s.", a.change(), b.change(), Numbers.format(server37.get().level()) + " ns", verdict,
                profiled.serverWhy());
    }

    /** The second line: the JVM side through the JDK, as multiples of the floor. */
    String jvmLine() {
        if (length == 0) {
            return "The JVM side (the JDK's encode and decode of ASCII text in 37, 367 and 1208) was not measured in these results.";
        }
        Comparison e367 = Comparison.of("37", encode.get(37), "367", encode.get(367));
        Comparison e1208 = Comparison.of("37", encode.get(37), "1208", encode.get(1208));
        String verdict = e367.direction() > 0 && e1208.direction() > 0 ? "inside the JVM the ranking is turned around: EBCDIC is the dear one"
                : "inside the JVM this run does not rank 37 above both";
        return String.format(Locale.ROOT, "**In the JVM**, the JDK's String API encodes %,d characters of ASCII text at %s "
                + "the ISO-8859-1 floor in 37, %s in 367 and %s in 1208, and decodes them at %s, %s and %s: %s%s.", length,
                floor(encode.get(37)), floor(encode.get(367)), floor(encode.get(1208)),
                floor(decode.get(37)), floor(decode.get(367)), floor(decode.get(1208)), verdict, profiled.jvmWhy());
    }

    /**
     * The line after the server's and the JVM's: each comparison the answer rests on, claimed or not, with its ratio, 95%
     * interval and how sure the run is of it: "367 dearer than 37 on the server: +12% [+10%, +15%], p < 0.001 (t on 21
     * df)". A claim is made when the ratio's interval excludes no change ({@link Comparison#supported}), however wide
     * the figures it compares; one that is not says why.
     */
    String claimsLine() {
        List<String> claims = new ArrayList<>();
        sbcs367.ifPresent(c -> claims.add(claim(c, "on the server")));
        mixed1208.ifPresent(c -> claims.add(claim(c, "on the server")));
        if (length > 0) {
            claims.add(claim(Comparison.of("37", encode.get(37), "367", encode.get(367)), "in the JVM's encode"));
            claims.add(claim(Comparison.of("37", encode.get(37), "1208", encode.get(1208)), "in the JVM's encode"));
        }
        return claims.isEmpty() ? "" : "**Each claim, and how sure:** " + String.join("; ", claims) + ".";
    }

    private static String claim(Comparison c, String where) {
        String change = c.ratio() >= 2 || c.ratio() <= 0.5 ? times(c) : c.change();
        if (!c.supported()) {
            return c.name() + " against " + c.baseName() + " " + where + ": " + change + ", not claimed (" + c.reasons() + ")";
        }
        return c.name() + (c.ratio() > 1 ? " dearer" : " cheaper") + " than " + c.baseName() + " " + where + ": " + change
                + " (" + c.sureness() + ")";
    }

    /** "7.8x [7.1x, 8.6x]": a ratio far from 1, as a multiple. */
    private static String times(Comparison c) {
        return String.format(Locale.ROOT, "%.1fx", c.ratio()) + (Double.isInfinite(c.ci().high()) ? " [no interval]"
                : String.format(Locale.ROOT, " [%.1fx, %.1fx]", c.ci().low(), c.ci().high()));
    }

    /**
     * The report's opening: per JVM, the server line and the JVM line (after the first, the z/OS figure at
     * {@code zos}'s costs), then how sure the run is (how often the machine ran slow, what was left out, whether every
     * figure is decisive).
     */
    static ReportDocument.Section section(ReportInputs in, ZosEstimate.Costs zos) {
        List<ReportDocument.Block> blocks = new ArrayList<>();
        List<Answer> answers = of(in);
        for (Answer a : answers) {
            String who = in.severalJvms() ? " (" + a.label() + ")" : "";
            blocks.add(new ReportDocument.Paragraph(a.serverLine() + who));
            blocks.add(new ReportDocument.Paragraph(a.jvmLine() + who));
            if (a == answers.get(0) && answers.stream().anyMatch(x -> x.server37().isPresent())) {
                blocks.addAll(ZosFigure.forArticle(zos).blocks()); // once: z/OS's figure depends on no JVM
            }
            String claims = a.claimsLine();
            if (!claims.isEmpty()) {
                blocks.add(new ReportDocument.Paragraph(claims + who));
            }
        }
        if (answers.isEmpty()) {
            blocks.add(new ReportDocument.Paragraph("These results hold neither the article's INSERT paths nor the JDK's encode "
                    + "and decode of ASCII text in 37, 367 and 1208: the tables below show what they hold."));
        }
        List<DerivedFigures> focus = answers.stream().flatMap(a -> a.figures().stream()).toList();
        // Steadiness is recorded by run (steadiness.json); figures without it are judged by nothing, and "every figure is
        // decisive" is never said of no figures.
        boolean judged = in.jvms().stream().flatMap(g -> g.figures().stream()).anyMatch(f -> f.steadiness().isPresent());
        String sure = !judged ? "these results record no steadiness (no steadiness.json beside them): nothing says whether the"
                + " machine ran slow, and no figure is called decisive."
                : SteadinessSection.disturbedNote(in, focus)
                .orElse("the machine did not run slow, no fork fell into modes, and every figure is decisive.");
        blocks.add(new ReportDocument.Paragraph((sure.startsWith("**") ? sure : "**How sure:** " + sure)
                + " Intervals are 95% intervals with forks as the samples; each ratio is measured within one run." + calibrationNote(in)));
        return new ReportDocument.Section("answer", "The answer", blocks);
    }

    /**
     * What the committed calibration of each run's machine measured (docs/results/calibration/): how often a repeat of
     * the run agreed within these intervals, and how busy that calibration's host was; or that none is committed for
     * this CPU and how to make one. A calibration holds for the machine it was measured on, so only one of the same CPU
     * model, JDK feature release and vector class is quoted ({@link Calibration#committed}).
     */
    static String calibrationNote(ReportInputs in) {
        return calibrationNote(in, Calibration::committed, Accuracy::committed);
    }

    /** The same, with the committed calibrations looked up by {@code committed} (cpu, class, jdk). */
    static String calibrationNote(ReportInputs in, Committed committed) {
        return calibrationNote(in, committed, Accuracy::committed);
    }

    /**
     * The same, with the committed accuracy checks (docs/results/accuracy/: the suite against long plain JMH runs) looked
     * up by {@code accuracy}: after the calibration, how many figures such a check found within the suite's intervals and
     * its largest difference, or that none is committed for this CPU and JDK.
     */
    static String calibrationNote(ReportInputs in, Committed committed, CommittedAccuracy accuracy) {
        java.util.Set<String> notes = new java.util.LinkedHashSet<>();
        for (ReportInputs.Source s : in.sources()) {
            if (s.environment().isEmpty() || s.results().isEmpty()) {
                continue;
            }
            String cpu = s.environment().get().cpu();
            String cpuClass = s.environment().get().vectorClass();
            String jdk = s.results().get(0).jvm().jdkVersion();
            String feature = jdk.split("[.+-]")[0];
            notes.add(committed.find(cpu, cpuClass, jdk).map(c -> String.format(Locale.ROOT,
                    "On this CPU (%s, %s) with JDK %s, two back-to-back %s runs agreed within their intervals on %d of %d figures (%.0f%%) and "
                    + "%d of %d of the answer's ratios%s.", c.cpu(), c.cpuClass(), c.jdk(), c.preset(), Calibration.agreeing(c.benchmarks()),
                    c.benchmarks().size(), 100 * Calibration.share(c.benchmarks()), Calibration.agreeing(c.ratios()), c.ratios().size(),
                    c.busy().map(b -> "; " + b).orElse("; how busy their host was is not recorded")))
                    .orElse("No calibration is committed for this CPU (" + cpu + ", " + cpuClass + ") with JDK " + feature
                            + ": how often a repeat lands in these intervals here is unmeasured; two back-to-back runs and "
                            + "`calibration A/results.json B/results.json --out DIR` measure it (docs/method.md)."));
            notes.add(accuracy.find(cpu, cpuClass, jdk).map(a -> "Against long plain JMH runs on this CPU and JDK: " + a.headline()
                    + (a.betweenRun().present() ? String.format(Locale.ROOT, "; the levels' intervals include the spread between runs it"
                    + " measured (%.1f%% at one sigma)", 100 * a.betweenRun().relative()) : "") + ".")
                    .orElse("No check against long plain JMH runs is committed for this CPU and JDK (`accuracy`, docs/method.md)."));
        }
        return notes.isEmpty() ? "" : " " + String.join(" ", notes);
    }

    /** The lookup of a committed accuracy check by CPU model, vector class and JDK version. */
    @FunctionalInterface
    interface CommittedAccuracy {
        Optional<Accuracy> find(String cpu, String cpuClass, String jdk);
    }

    /** The lookup of a committed calibration by CPU model, vector class and JDK version. */
    @FunctionalInterface
    interface Committed {
        Optional<Calibration> find(String cpu, String cpuClass, String jdk);
    }

    /** "2.9x". */
    static String floor(DerivedFigures f) {
        return String.format(Locale.ROOT, "%.1fx", f.xFloor().getAsDouble());
    }

    /** "[2.7x, 3.1x]" or "" when the run recorded no interval. */
    static String floorInterval(DerivedFigures f) {
        return f.xFloorCi().map(ci -> String.format(Locale.ROOT, " [%.1fx, %.1fx]", ci.low(), ci.high())).orElse("");
    }

    /**
     * The README's answer: a table of the server side and one of the JVM side, a row per run, each naming the CPU and
     * the JDK the figures come from. Written by {@code report --readme}; a test holds the README to it.
     */
    static String readmeMarkdown(List<Answer> answers) {
        return readmeRecommendation(answers) + "\n" + readmeTables(answers);
    }

    /** Rows a day the README's z/OS figure is for: the order of the article's "millions of rows a day". */
    static final long README_ROWS_PER_DAY = 5_000_000L;

    /**
     * The README's first answer: what to choose, by table kind and by JDBC driver, each claim with the figures behind it
     * and how many of the committed runs support it. The server's figures are the Db2 model's (its INSERT of the
     * article's rows, measured on x86) and IBM's cost per conversion times the model's path counts (z/OS CPU seconds a
     * day); the Java side's are the JDK's String API as a multiple of the ISO-8859-1 copy.
     */
    static String readmeRecommendation(List<Answer> answers) {
        int runs = answers.size();
        List<Comparison> sbcs = answers.stream().flatMap(a -> a.sbcs367().stream()).toList();
        long dear367 = sbcs.stream().filter(c -> c.supported() && c.direction() > 0).count();
        long mixedDear = answers.stream().filter(a -> a.mixed1208().filter(c -> c.supported() && c.direction() > 0).isPresent())
                .count();
        ZosEstimate zos = ZosEstimate.forShape("article", io.github.ccsidbench.db2.RowFlavour.ASCII, README_ROWS_PER_DAY,
                ZosEstimate.Costs.of(null, null));
        Map<Integer, ZosEstimate.Line> line = new java.util.HashMap<>();
        zos.lines().forEach(l -> line.putIfAbsent(l.ccsid(), l));
        StringBuilder sb = new StringBuilder();
        sb.append("**What to choose.** The advice below is the Db2 model's and the JDK's, as measured in the ")
                .append(runs).append(" committed runs further down; the z/OS CPU seconds are IBM's published cost per conversion")
                .append(" (SG24-6465: 2.3 µs per major conversion, on 2000-era hardware) times the conversions the model counts,")
                .append(" at ").append(String.format(Locale.ROOT, "%,d", README_ROWS_PER_DAY)).append(" rows a day of the article's")
                .append(" rows.\n\n");
        sb.append("- **A Unicode table: `FOR MIXED DATA` (CCSID 1208), never `FOR SBCS DATA` (367).** Into 1208 the driver's")
                .append(" UTF-8 is stored as sent; into 367 every value takes a major conversion through UTF-16 (an inference from")
                .append(" IBM's documentation, [the Db2 model](docs/db2-model.md)). The model's INSERT into 367 costs ")
                .append(range(sbcs.stream().mapToDouble(Comparison::ratio).toArray())).append(" against 37 (dearer ")
                .append(countText(dear367, runs)).append("), into 1208 ")
                .append(range(answers.stream().flatMap(a -> a.mixed1208().stream()).mapToDouble(Comparison::ratio).toArray()))
                .append(mixedDear == 0 ? " (never dearer)" : " (dearer in " + mixedDear + " of " + runs + " runs)")
                .append(". On z/OS that is ").append(seconds(line.get(367))).append(" CPU seconds a day into 367, ")
                .append(line.get(1208) != null && line.get(1208).secondsHigh() == 0 ? "none" : seconds(line.get(1208)))
                .append(" into 1208 (no conversion). And 367 loses every accented character (each becomes")
                .append(" a substitution character, with a warning).\n");
        sb.append("- **An EBCDIC table (37)** cost the article's author no more than 1208 on z/OS. While the text is simple")
                .append(" (7-bit), each value takes one translate pass, a minor conversion: ").append(seconds(line.get(37)))
                .append(" CPU seconds a day, a range because IBM gives no cost for it, only that it is much faster than a")
                .append(" major one. Every value with an accented or other non-simple character takes a major conversion, as")
                .append(" into 367; minor conversion exists only for the host's own EBCDIC CCSID.\n");
        sb.append("- **In Java, by driver.** A type 4 driver (current IBM Data Server Driver for JDBC and SQLJ) sends UTF-8")
                .append(" whatever the column: the application's INSERT costs the same for every choice above, and only SELECT")
                .append(" differs, where the JVM decodes the column's bytes: IBM037 at ").append(jvmRange(answers, false, 37))
                .append(" the cost of a plain copy, UTF-8 at ").append(jvmRange(answers, false, 1208))
                .append(". A type 2 driver converts in the JVM on INSERT too: encoding IBM037 costs ")
                .append(jvmRange(answers, true, 37)).append(" a copy, UTF-8 ").append(jvmRange(answers, true, 1208))
                .append(" (the JDK's String API on x86, ").append(runs).append(" runs).\n");
        return wrap(sb.toString());
    }

    /** "between +14% and +31%" (or one figure) over {@code ratios}, "–" when there is none. */
    private static String range(double[] ratios) {
        if (ratios.length == 0) {
            return "–";
        }
        double lo = java.util.Arrays.stream(ratios).min().getAsDouble();
        double hi = java.util.Arrays.stream(ratios).max().getAsDouble();
        return Comparison.percent(lo).equals(Comparison.percent(hi)) ? Comparison.percent(lo)
                : "between " + Comparison.percent(lo) + " and " + Comparison.percent(hi);
    }

    private static String countText(long k, int n) {
        return k == n ? (n == 1 ? "in the run, by its interval" : "in all " + n + " runs, by its interval") : "in " + k + " of " + n + " runs by its interval; the others cannot rank it";
    }

    /** "about 8,050" or "0 to 8,050", from a line's two ends. */
    private static String seconds(ZosEstimate.Line l) {
        if (l == null) {
            return "–";
        }
        String lo = String.format(Locale.ROOT, "%,.0f", l.secondsLow());
        String hi = String.format(Locale.ROOT, "%,.0f", l.secondsHigh());
        return lo.equals(hi) ? "about " + lo : lo + " to " + hi;
    }

    /** "4.2x to 9.3x": the JDK's multiple of the floor for {@code ccsid} over the runs that have it. */
    private static String jvmRange(List<Answer> answers, boolean encode, int ccsid) {
        double[] x = answers.stream().map(a -> (encode ? a.encode() : a.decode()).get(ccsid))
                .filter(f -> f != null && f.xFloor().isPresent()).mapToDouble(f -> f.xFloor().getAsDouble()).toArray();
        if (x.length == 0) {
            return "–";
        }
        String lo = String.format(Locale.ROOT, "%.1fx", java.util.Arrays.stream(x).min().getAsDouble());
        String hi = String.format(Locale.ROOT, "%.1fx", java.util.Arrays.stream(x).max().getAsDouble());
        return lo.equals(hi) ? lo : lo + " to " + hi;
    }

    /** The README's two tables, a row per run, and the bullets under them. */
    static String readmeTables(List<Answer> answers) {
        List<List<String>> server = new ArrayList<>();
        List<List<String>> jvm = new ArrayList<>();
        for (Answer a : answers) {
            String cpu = a.cpu().isEmpty() ? "(not recorded)" : a.cpu();
            server.add(List.of(cpu, a.jdk(),
                    a.server37().map(f -> Numbers.format(f.level()) + SteadinessText.mark(f)).orElse("–"),
                    a.sbcs367().map(Answer::cell).orElse("–"), a.mixed1208().map(Answer::cell).orElse("–")));
            List<String> row = new ArrayList<>(List.of(cpu, a.jdk(),
                    a.length() == 0 ? "–" : String.format(Locale.ROOT, "%,d", a.length())));
            for (Map<Integer, DerivedFigures> m : List.of(a.encode(), a.decode())) {
                for (int ccsid : ARTICLE) {
                    DerivedFigures f = m.get(ccsid);
                    row.add(f == null ? "–" : floor(f) + floorInterval(f) + (f.xFloorDecisive() ? "" : SteadinessText.MARK));
                }
            }
            jvm.add(row);
        }
        java.util.function.IntPredicate figures = c -> c >= 2;
        return "**On the server:** converting an INSERT of the article's rows (ASCII), level per row and the change of "
                + "367 and 1208 against 37 with its 95% interval.\n\n"
                + MarkdownTable.render(List.of("measured on", "JDK", "INSERT into 37, ns/row", "367 against 37", "1208 against 37"),
                        server, figures)
                + "\n**In the JVM:** the JDK's String API on English text, as a multiple of the ISO-8859-1 floor (the copy of the "
                + "same text), level [95% interval].\n\n"
                + MarkdownTable.render(List.of("measured on", "JDK", "characters", "encode 37", "encode 367", "encode 1208",
                        "decode 37", "decode 367", "decode 1208"), jvm, figures)
                + "\n" + readmeBullets(answers);
    }

    /**
     * The README's bullets under the tables: each claim said only as far as the runs above support it (how many of them
     * rank it by its interval), then what the article measured, what the model reproduces and what it cannot.
     */
    static String readmeBullets(List<Answer> answers) {
        int runs = answers.size();
        long dear367 = answers.stream().filter(a -> a.sbcs367().filter(c -> c.supported() && c.direction() > 0).isPresent()).count();
        boolean mixedNeverDearer = answers.stream().noneMatch(a -> a.mixed1208().filter(c -> c.supported() && c.direction() > 0)
                .isPresent());
        long turned = answers.stream().filter(a -> a.encode().containsKey(37) && a.encode().containsKey(1208))
                .map(a -> Comparison.of("37", a.encode().get(37), "1208", a.encode().get(1208)))
                .filter(c -> c.supported() && c.direction() > 0).count();
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
                                .map(java.util.OptionalDouble::of).orElse(java.util.OptionalDouble.empty()),
                        " (measured%s: %s of the JDK's UTF-8 encode samples in the intrinsic String coding and the copy under it)"))
                .append(", while EBCDIC (IBM037) is a per-character table loop").append(measured(answers, a -> a.profiled().ebcdicLoop(),
                        " (measured%s: %s of the JDK's IBM037 encode samples in the single-byte table loop,"
                                + " sun.nio.cs.SingleByte$Encoder)"))
                .append(", several times dearer, wherever the application converts. On z, IBM Semeru turns such loops into translate instructions, which nothing"
                        + " here measures.\n");
        sb.append("- **The fastest converter** of English text at the answer's length, named where a run ranks it ahead of the"
                + " next by its interval:");
        for (int ccsid : ARTICLE) {
            sb.append(" CCSID ").append(ccsid).append(' ').append(fastestIn(answers, "encode " + ccsid)).append(", decode ")
                    .append(fastestIn(answers, "decode " + ccsid)).append(ccsid == 1208 ? "." : ";");
        }
        sb.append("\n");
        sb.append("- **Not everything survives:** 367 loses every accented character (substituted, with a warning), and \"the"
                + " same\" CCSID 37 maps line ends differently in the JDK, ICU4J and JTOpen ([fidelity](docs/fidelity.md)).\n");
        return wrap(sb.toString());
    }

    /**
     * A measured share over the runs that profiled it, in {@code format} (its first %s " in 2 of 3 runs" when not every
     * run profiled it or there are several, its second the share, "70%" or "68% to 72%"), or "" when no run did: a
     * README of runs without profiles reads as before.
     */
    private static String measured(List<Answer> answers, java.util.function.Function<Answer, java.util.OptionalDouble> share,
                                   String format) {
        double[] v = answers.stream().map(share).filter(java.util.OptionalDouble::isPresent)
                .mapToDouble(java.util.OptionalDouble::getAsDouble).sorted().toArray();
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
        Map<String, List<Fastest>> byProvider = new LinkedHashMap<>();
        for (Answer a : answers) {
            Fastest f = a.fastest().get(key);
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
            double lo = fs.stream().mapToDouble(Fastest::nsPerChar).min().orElse(Double.NaN);
            double hi = fs.stream().mapToDouble(Fastest::nsPerChar).max().orElse(Double.NaN);
            parts.add("`" + p + "` (" + fs.size() + " of " + answers.size() + " runs, " + (lo == hi ? Numbers.format(lo)
                    : Numbers.format(lo) + " to " + Numbers.format(hi)) + " ns/char)");
        });
        return (op.equals("encode") ? "encode " : "") + String.join(" or ", parts);
    }

    private static String inRuns(long k, int n) {
        return k == n ? (n == 1 ? "in the run above" : "in every run above (" + n + " of " + n + " by its interval)")
                : "in " + k + " of the " + n + " runs above (the others cannot rank it)";
    }

    /** Bullets wrapped at 120 characters, continuation lines indented by two. */
    private static String wrap(String bullets) {
        StringBuilder out = new StringBuilder();
        for (String bullet : bullets.split("\n")) {
            StringBuilder line = new StringBuilder();
            for (String word : bullet.split(" ")) {
                if (line.length() > 0 && line.length() + 1 + word.length() > 120) {
                    out.append(line).append('\n');
                    line = new StringBuilder("  ");
                } else if (line.length() > 0 && !line.toString().equals("  ")) {
                    line.append(' ');
                }
                line.append(word);
            }
            out.append(line).append('\n');
        }
        return out.toString();
    }

    /** The line before the README's answer tables. */
    static final String BEGIN = "<!-- answer: begin. Written by `java -jar target/benchmarks.jar report --readme README.md"
            + " docs/results/*/results.json` from the committed runs; edit the runs, not this table -->";
    /** The line after them. */
    static final String END = "<!-- answer: end -->";

    /**
     * {@code readme} with the text between its answer markers replaced by the answer of {@code in}; a README without
     * the markers is a one-line error.
     */
    static String intoReadme(String readme, ReportInputs in) {
        int begin = readme.indexOf(BEGIN);
        int end = readme.indexOf(END);
        if (begin < 0 || end < begin) {
            throw new io.github.ccsidbench.CcsidBenchException("the README has no answer markers (a line '" + BEGIN
                    + "' and, after it, '" + END + "')");
        }
        List<Answer> answers = of(in);
        if (answers.isEmpty()) {
            throw new io.github.ccsidbench.CcsidBenchException("these results hold no answer (neither the article's INSERT"
                    + " paths nor the JDK's encode and decode of ASCII text): run the standard preset");
        }
        return readme.substring(0, begin + BEGIN.length()) + "\n" + readmeMarkdown(answers) + readme.substring(end);
    }

    /** The answer section of {@code readme}, markers excluded, or empty when it has none. */
    static Optional<String> inReadme(String readme) {
        int begin = readme.indexOf(BEGIN);
        int end = readme.indexOf(END);
        return begin < 0 || end < begin ? Optional.empty() : Optional.of(readme.substring(begin + BEGIN.length() + 1, end));
    }

    /** "+17% [+15%, +20%]", with the mark of a ratio that cannot rank the two. */
    /** "+19% [+17%, +22%]", with the reason when the run cannot rank the two (the README's glossary says what it means). */
    private static String cell(Comparison c) {
        if (c.supported()) {
            return c.change();
        }
        return c.change() + (c.excludesNoChange() ? " (cannot rank: too few steady forks)" : " (cannot rank: no change is inside)");
    }
}
