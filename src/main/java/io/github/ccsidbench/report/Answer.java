package io.github.ccsidbench.report;

import io.github.ccsidbench.bench.AnswerBenchmarks;
import io.github.ccsidbench.bench.ConversionBenchmark;
import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.db2.RowShape;
import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.Steadiness;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.machine.CpuNames;
import io.github.ccsidbench.stats.Stats;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The project's question answered in a few figures of one run: the server's INSERT of the article's ASCII rows in 367
 * and 1208 against 37, and the JDK's encode and decode of ASCII text in 37, 367 and 1208 as multiples of the floor.
 * Computed here once; the report, the README and the page of every run render them (docs/output.md, "How to read the report").
 *
 * @param label the JVM the figures come from ("JDK 17.x (...)")
 * @param cpu the CPU the run measured on ("" when not recorded)
 * @param jdk the JDK's version ("17.x")
 * @param server the server's INSERT of the article's ASCII rows (empty when the run has no Db2 paths)
 * @param jvm the JDK's encode and decode of ASCII text (empty when the run did not measure all six with a floor)
 * @param fastest per "encode 37" and so on: the provider ranked fastest, where its ratio to the next excludes no change
 * @param profiled what the run's profiles measured of the reasons the lines give (empty without {@code run --profile})
 * @param environment the run's environment record, when it has one
 * @param folder the run's folder, when its results were read from a file
 */
record Answer(String label, String cpu, String jdk, Optional<Server> server, Optional<Jvm> jvm, Map<String, Fastest> fastest,
              Profiled profiled, Optional<RunEnvironment> environment, Optional<Path> folder) {

    /** The server's INSERT of ASCII rows of one shape: into 37, and 367 and 1208 against it (each empty when not measured). */
    record Server(DerivedFigures insert37, Optional<Comparison> sbcs367, Optional<Comparison> mixed1208) {

        /** What {@code g} measured of the server's INSERT of ASCII rows of {@code shape}; empty without the one into 37. */
        static Optional<Server> of(ReportInputs.JvmGroup g, String shape) {
            return insert(g, shape, ColumnType.EBCDIC_SBCS).map(base -> new Server(base,
                    insert(g, shape, ColumnType.UNICODE_SBCS).map(x -> Comparison.of("367", x, "37", base)),
                    insert(g, shape, ColumnType.UNICODE_MIXED).map(x -> Comparison.of("1208", x, "37", base))));
        }

        private static Optional<DerivedFigures> insert(ReportInputs.JvmGroup g, String shape, ColumnType column) {
            return g.find(BenchmarkMethod.DB2_INSERT_SERVER.shortName(), AnswerBenchmarks.serverParams(shape, column));
        }
    }

    /** The JDK's String API on one workload and length: encode and decode per CCSID, and 37's level over 367's and 1208's. */
    record Jvm(int length, Map<Integer, DerivedFigures> encode, Map<Integer, DerivedFigures> decode, Comparison encode367,
               Comparison encode1208, Comparison decode1208) {

        /** {@code workload} at the longest length where all six figures have a floor (least per-call overhead); or empty. */
        static Optional<Jvm> of(ReportInputs.JvmGroup g, String workload) {
            for (int length : lengths(g, workload)) {
                Map<Integer, DerivedFigures> e = floored(g, BenchmarkMethod.CONVERSION_ENCODE, workload, length);
                Map<Integer, DerivedFigures> d = floored(g, BenchmarkMethod.CONVERSION_DECODE, workload, length);
                if (e.size() == AnswerBenchmarks.CCSIDS.size() && d.size() == AnswerBenchmarks.CCSIDS.size()) {
                    return Optional.of(new Jvm(length, e, d, Comparison.of("37", e.get(37), "367", e.get(367)),
                            Comparison.of("37", e.get(37), "1208", e.get(1208)), Comparison.of("37", d.get(37), "1208", d.get(1208))));
                }
            }
            return Optional.empty();
        }

        /** The JDK's figures of {@code op} per CCSID of the article, those with a floor. */
        private static Map<Integer, DerivedFigures> floored(ReportInputs.JvmGroup g, BenchmarkMethod op, String workload,
                                                            int length) {
            Map<Integer, DerivedFigures> out = new LinkedHashMap<>();
            for (int ccsid : AnswerBenchmarks.CCSIDS) {
                g.find(op.shortName(), Map.of("ccsid", Integer.toString(ccsid), "provider", AnswerBenchmarks.PROVIDER, "workload", workload,
                        "length", Integer.toString(length))).filter(f -> f.xFloor().isPresent()).ifPresent(f -> out.put(ccsid, f));
            }
            return out;
        }

        /** The lengths the JDK's conversions of {@code workload} were measured at, longest first. */
        private static List<Integer> lengths(ReportInputs.JvmGroup g, String workload) {
            return g.figures().stream().filter(f -> f.result().shortName().startsWith(ConversionBenchmark.class.getSimpleName() + ".")
                            && f.result().param("provider").orElse("").equals(AnswerBenchmarks.PROVIDER)
                            && f.result().param("workload").orElse("").equals(workload))
                    .map(f -> Integer.parseInt(f.result().param("length").orElse("0"))).distinct()
                    .sorted(Comparator.reverseOrder()).toList();
        }
    }

    /** The INSERT into 37 on the server, when measured. */
    Optional<DerivedFigures> server37() {
        return server.map(Server::insert37);
    }

    /** 367 against 37 on the server, when measured. */
    Optional<Comparison> sbcs367() {
        return server.flatMap(Server::sbcs367);
    }

    /** 1208 against 37 on the server, when measured. */
    Optional<Comparison> mixed1208() {
        return server.flatMap(Server::mixed1208);
    }

    /** The answer's "why": shares of the profiled benchmark thread's samples ({@link CollapsedProfile}), empty if unprofiled. */
    record Profiled(OptionalDouble ebcdicLoop, Map<Integer, Double> intrinsic, Map<Integer, Double> intrinsicKernel,
                    OptionalDouble pivot) {

        static final Profiled NONE = new Profiled(OptionalDouble.empty(), Map.of(), Map.of(), OptionalDouble.empty());

        /** What the profiles beside the figures measured; {@link #NONE} when the run has none. */
        static Profiled of(ReportInputs in, Optional<DerivedFigures> server367, Map<Integer, DerivedFigures> encode) {
            OptionalDouble loop = Optional.ofNullable(encode.get(37)).flatMap(f -> profile(in, f))
                    .map(p -> OptionalDouble.of(p.selfShare(k -> k.reader().contains("sun.nio.cs.SingleByte$Encoder"))))
                    .orElse(OptionalDouble.empty());
            Map<Integer, Double> intrinsic = new TreeMap<>();
            Map<Integer, Double> kernel = new TreeMap<>();
            for (int ccsid : List.of(367, 1208)) {
                Optional.ofNullable(encode.get(ccsid)).flatMap(f -> profile(in, f)).ifPresent(p -> {
                    intrinsic.put(ccsid, p.inclusiveShare(f -> KnownFrames.of(f, false).component() == KnownFrames.Component.JDK_INTRINSIC));
                    kernel.put(ccsid, p.components().getOrDefault(KnownFrames.Component.KERNEL, 0.0));
                });
            }
            OptionalDouble pivot = server367.flatMap(f -> profile(in, f)).map(p -> OptionalDouble.of(p.pivotShare()))
                    .orElse(OptionalDouble.empty());
            return new Profiled(loop, intrinsic, kernel, pivot);
        }

        /** The profile of the benchmark a figure measures, when its run profiled it. */
        private static Optional<CollapsedProfile> profile(ReportInputs in, DerivedFigures f) {
            return in.sourceOf(f.result()).flatMap(s -> s.profiles().flatMap(p -> p.entry(f.result().key()))
                    .filter(e -> e.failure() == null).flatMap(e -> in.collapsed(s, e)))
                    .filter(p -> p.benchmarkSamples() > 0);
        }

        /** "**Why, as profiled:** ..." with every share the run's profiles measured, or "" when they measured none. */
        String why() {
            List<String> parts = new ArrayList<>();
            pivot.ifPresent(v -> parts.add("on the server, the major conversion through UTF-16 (MajorConversion: Utf8ToUtf16,"
                    + " then Utf16ToSingleByte) takes " + ProfileSection.percent(v) + " of the 367 path's samples"));
            ebcdicLoop.ifPresent(v -> parts.add(loopText(v)));
            intrinsic.forEach((ccsid, v) -> parts.add(intrinsicText(ccsid, v, intrinsicKernel.get(ccsid))));
            return parts.isEmpty() ? "" : "**Why, as profiled:** " + String.join("; ", parts) + ".";
        }

        /** What {@link #ebcdicLoop} is a share of, after the share; the page of every run says it the same way. */
        static final String LOOP = " of the JDK's IBM037 encode samples in the single-byte table loop, sun.nio.cs.SingleByte$Encoder";
        /** What {@link #intrinsic} is a share of, after the charset's name. */
        static final String INTRINSIC = " encode samples in the intrinsic String coding and the copy under it";

        static String loopText(double share) {
            return ProfileSection.percent(share) + LOOP;
        }

        static String intrinsicText(int ccsid, double share, Double kernel) {
            return ProfileSection.percent(share) + " of its " + (ccsid == 367 ? "US-ASCII" : "UTF-8") + INTRINSIC
                    + (kernel != null && kernel >= 0.2
                    ? ", " + ProfileSection.percent(kernel) + " in the kernel zeroing the fresh pages that copy writes" : "");
        }
    }

    /** The fastest provider of one operation and CCSID at the answer's length, with its level per character. */
    record Fastest(String provider, double nsPerChar) {
    }

    /** One answer per JVM of the inputs. */
    static List<Answer> of(ReportInputs in) {
        List<Answer> out = new ArrayList<>();
        for (ReportInputs.JvmGroup g : in.jvms()) {
            Optional<Server> server = Server.of(g, RowShape.ARTICLE);
            Optional<Jvm> jvm = Jvm.of(g, AnswerBenchmarks.WORKLOAD);
            Optional<DerivedFigures> any = server.map(Server::insert37).or(() -> jvm.map(j -> j.encode().get(37)));
            if (any.isEmpty()) {
                continue;
            }
            Optional<ReportInputs.Source> source = in.sourceOf(any.get().result());
            Optional<RunEnvironment> env = source.flatMap(ReportInputs.Source::environment);
            String cpu = env.map(e -> CpuNames.readable(e.cpu(), e.vectorClass())).orElse("");
            Map<Integer, DerivedFigures> encode = jvm.map(Jvm::encode).orElse(Map.of());
            out.add(new Answer(g.label(), cpu == null ? "" : cpu, any.get().result().jvm().jdkVersion(), server, jvm,
                    fastest(g, jvm.map(Jvm::length).orElse(0)),
                    Profiled.of(in, server.flatMap(Server::sbcs367).map(Comparison::x), encode), env,
                    source.flatMap(ReportInputs.Source::folder)));
        }
        return out;
    }

    /**
     * One answer per run of the inputs, each run read on its own, as its own report reads it: the README and the page of
     * every run quote each committed run as its report does, whatever other run of the same CPU and JDK lies beside it.
     */
    static List<Answer> ofEachRun(ReportInputs in) {
        return in.sources().stream().flatMap(s -> of(new ReportInputs(List.of(s))).stream()).toList();
    }

    /** The answer of {@code g}'s figures among {@code answers}, when it has one. */
    static Optional<Answer> of(List<Answer> answers, ReportInputs.JvmGroup g) {
        return answers.stream().filter(a -> a.label().equals(g.label())).findFirst();
    }

    /** The server side of {@code g}'s ASCII rows of {@code shape}: the answer's for the article's, else {@link Server#of}. */
    static Optional<Server> server(List<Answer> answers, ReportInputs.JvmGroup g, String shape) {
        return RowShape.ARTICLE.equals(shape) ? of(answers, g).flatMap(Answer::server) : Server.of(g, shape);
    }

    /** The JDK side of {@code g} on {@code workload}: the answer's for ASCII text, else measured the same way ({@link Jvm#of}). */
    static Optional<Jvm> jvm(List<Answer> answers, ReportInputs.JvmGroup g, String workload) {
        return AnswerBenchmarks.WORKLOAD.equals(workload) ? of(answers, g).flatMap(Answer::jvm) : Jvm.of(g, workload);
    }

    /** Per operation and CCSID of the article, the provider ranked fastest at {@code length} on ASCII text. */
    private static Map<String, Fastest> fastest(ReportInputs.JvmGroup g, int length) {
        Map<String, Fastest> out = new LinkedHashMap<>();
        if (length == 0) {
            return out;
        }
        for (BenchmarkMethod op : List.of(BenchmarkMethod.CONVERSION_ENCODE, BenchmarkMethod.CONVERSION_DECODE)) {
            for (int ccsid : AnswerBenchmarks.CCSIDS) {
                List<DerivedFigures> all = g.of(op.shortName(), Map.of("ccsid", Integer.toString(ccsid), "workload", AnswerBenchmarks.WORKLOAD,
                                "length", Integer.toString(length))).stream()
                        .sorted(Comparator.comparingDouble(DerivedFigures::level)).toList();
                if (all.size() < 2) {
                    continue;
                }
                DerivedFigures first = all.get(0);
                DerivedFigures second = all.get(1);
                String p1 = first.result().param("provider").orElse("?");
                String p2 = second.result().param("provider").orElse("?");
                Comparison c = Comparison.of(p1, first, p2, second);
                if (c.supported() && c.direction() < 0) {
                    out.put(op.method() + " " + ccsid, new Fastest(p1, first.nsPerChar().orElse(Double.NaN)));
                }
            }
        }
        return out;
    }

    /** Every figure the answer rests on. */
    List<DerivedFigures> figures() {
        List<DerivedFigures> all = new ArrayList<>();
        server.ifPresent(s -> {
            all.add(s.insert37());
            s.sbcs367().ifPresent(c -> all.add(c.x()));
            s.mixed1208().ifPresent(c -> all.add(c.x()));
        });
        jvm.ifPresent(j -> {
            all.addAll(j.encode().values());
            all.addAll(j.decode().values());
        });
        return all;
    }

    /** Each comparison the answer rests on, claimed ({@link Comparison#supported}) or not and why, with its interval and p. */
    String claimsLine() {
        List<String> claims = new ArrayList<>();
        sbcs367().ifPresent(c -> claims.add(claim(c, "on the server")));
        mixed1208().ifPresent(c -> claims.add(claim(c, "on the server")));
        jvm.ifPresent(j -> {
            claims.add(claim(j.encode367(), "in the JVM's encode"));
            claims.add(claim(j.encode1208(), "in the JVM's encode"));
        });
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
    static String times(Comparison c) {
        return String.format(Locale.ROOT, "%.1fx", c.ratio()) + (Double.isInfinite(c.ci().high()) ? " [no interval]"
                : String.format(Locale.ROOT, " [%.1fx, %.1fx]", c.ci().low(), c.ci().high()));
    }

    /** The report's opening: per JVM what to choose, the z/OS figure once, the table, the why and claims; then how sure. */
    static ReportDocument.Section section(ReportInputs in, List<Answer> answers, ZosEstimate.Costs zos) {
        List<ReportDocument.Block> blocks = new ArrayList<>();
        for (Answer a : answers) {
            String who = in.severalJvms() ? " (" + a.label() + ")" : "";
            if (a.server().isPresent() || a.jvm().isPresent()) {
                for (String bullet : Recommendation.bullets(a, false).split("\n")) {
                    blocks.add(new ReportDocument.Paragraph(bullet.substring(2) + who));
                }
                if (a == answers.get(0) && answers.stream().anyMatch(x -> x.server().isPresent())) {
                    blocks.addAll(ZosFigure.forArticle(zos).blocks()); // once: z/OS's figure depends on no JVM
                }
                blocks.add(new ReportDocument.Paragraph(Recommendation.WORDS));
                blocks.add(new ReportDocument.Table("answer" + (in.severalJvms() ? "-" + a.jdk() : ""), Recommendation.HEADER,
                        Recommendation.rows(a)));
            }
            if (!a.profiled().why().isEmpty()) {
                blocks.add(new ReportDocument.Paragraph(a.profiled().why() + who));
            }
            String claims = a.claimsLine();
            if (!claims.isEmpty()) {
                blocks.add(new ReportDocument.Paragraph(claims + who));
            }
        }
        List<ShopAnswer> shops = ShopAnswer.of(in, zos);
        if (!shops.isEmpty()) {
            blocks.addAll(ShopAnswer.blocks(shops, "shops"));
        }
        if (answers.isEmpty() && shops.isEmpty()) {
            blocks.add(new ReportDocument.Paragraph("These results hold neither the article's INSERT paths nor the JDK's encode "
                    + "and decode of ASCII text in 37, 367 and 1208: the tables below show what they hold."));
        }
        List<DerivedFigures> focus = java.util.stream.Stream.concat(answers.stream().flatMap(a -> a.figures().stream()),
                shops.stream().flatMap(s -> s.figures().stream())).toList();
        // Without steadiness.json nothing judges the figures: "every figure is decisive" is never said of none.
        boolean judged = in.jvms().stream().flatMap(g -> g.figures().stream()).anyMatch(f -> f.steadiness().isPresent());
        String sure = !judged ? "these results record no steadiness (no steadiness.json beside them): nothing says whether the"
                + " machine ran slow, and no figure is called decisive."
                : SteadinessSection.disturbedNote(in, focus)
                .orElse("the machine did not run slow, no fork fell into modes, and every figure is decisive.");
        blocks.add(new ReportDocument.Paragraph((sure.startsWith("**") ? sure : "**How sure:** " + sure)
                + " Intervals are 95% intervals with forks as the samples; each ratio is measured within one run."
                + slowPhasesNote(focus) + Calibration.note(in)));
        return new ReportDocument.Section("answer", "The answer", blocks);
    }

    /** The host's quiet state ({@link Steadiness#quietLevel()}) over the figures: median and range, or "" (docs/how-sure.md). */
    static String slowPhasesNote(List<DerivedFigures> figures) {
        double[] shifts = figures.stream().filter(f -> f.steadiness().isPresent())
                .mapToDouble(f -> f.steadiness().get().quietLevel() / f.level() - 1)
                .filter(Double::isFinite).sorted().toArray();
        if (shifts.length == 0) {
            return "";
        }
        // the window's length as the run measured it: the most common among its forks' windows
        int window = figures.stream().flatMap(f -> f.steadiness().stream()).flatMap(s -> s.forks().stream())
                .filter(Steadiness.Fork::windowed).collect(Collectors.groupingBy(k -> k.figureTo() - k.figureFrom(), Collectors.counting()))
                .entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(0);
        return String.format(Locale.ROOT, " The figures are each fork's time per operation over %s,"
                        + " the host's slow phases included; the host's quiet state, each fork's median of its steady iterations with slow phases"
                        + " left out, reads %s (%s to %s) against them over the answer's %d figures (docs/how-sure.md, Accuracy).",
                window > 0 ? "its window (the " + window + " iterations after the JIT's last busy one)" : "every iteration after its warm-up",
                Numbers.signedPercent(Stats.median(shifts)), Numbers.signedPercent(shifts[0]),
                Numbers.signedPercent(shifts[shifts.length - 1]), shifts.length);
    }

    /** "2.9x". */
    static String floor(DerivedFigures f) {
        return String.format(Locale.ROOT, "%.1fx", f.xFloor().getAsDouble());
    }

    /** "[2.7x, 3.1x]" or "" when the run recorded no interval. */
    static String floorInterval(DerivedFigures f) {
        return f.xFloorCi().map(ci -> String.format(Locale.ROOT, " [%.1fx, %.1fx]", ci.low(), ci.high())).orElse("");
    }
}
