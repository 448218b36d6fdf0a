package io.github.ccsidbench.suite;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.bench.AnswerBenchmarks;
import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.bench.BenchmarkMethod.Param;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.db2.RowShape;
import io.github.ccsidbench.steady.SteadySettings;
import io.github.ccsidbench.workload.Workload;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** A named choice of what to measure and how long: matrix parts, Db2 paths and {@link Timing}; every preset runs the floors. */
public enum Preset {

    SMOKE("smoke", "harness check: 1 fork of 2 tiny iterations; its numbers are NOT measurements",
            new Timing(1, 1, Duration.ofMillis(50), fixed(2), Duration.ZERO),
            List.of(MatrixPart.all(CcsidRegistry.core(), List.of(Workload.ASCII_TEXT), List.of(16))),
            List.of(Db2Part.all(RowShape.ARTICLE)), false),
    QUICK("quick", "a first look in a few minutes: encode and decode of 1 KiB English text",
            new Timing(2, 3, Defaults.ITERATION, steady(20), Duration.ofMinutes(3).plusSeconds(30)),
            List.of(new MatrixPart(Set.of("encode", "decode"), CcsidRegistry.core(), List.of(Workload.ASCII_TEXT), List.of(1024))),
            List.of(), false),
    /**
     * Sized so that its required forks fit its budget on 2 shared cores with time left for extra forks (docs/method.md,
     * "The time budget"; docs/decisions.md, "Forks start one way, measured").
     */
    STANDARD("standard", "37/367/1208, every provider: encode and decode of English text at 16, 256 and 4096 characters "
            + "and of database rows at 16, round trips at 256, and the article's Db2 paths",
            new Timing(2, 5, Defaults.ITERATION, steady(30), Duration.ofMinutes(14)),
            List.of(new MatrixPart(Set.of("encode", "decode"), CcsidRegistry.core(), List.of(Workload.ASCII_TEXT), List.of(16, 256, 4096)),
                    new MatrixPart(Set.of("roundTrip"), CcsidRegistry.core(), List.of(Workload.ASCII_TEXT), List.of(256)),
                    new MatrixPart(Set.of("encode", "decode"), CcsidRegistry.core(), List.of(Workload.DB_ROW), List.of(16))),
            List.of(Db2Part.all(RowShape.ARTICLE)), false),
    /**
     * The regression gate's matrix, short enough for CI (docs/gate.md), forks capped at 30 iterations (docs/decisions.md,
     * "Tried in the gate and dropped"); the reference codec is in it: a slower SIMD path of ours is a regression too.
     */
    GATE("gate", "the CI gate's matrix: 37/367/1208 x every library provider (and the reference codec on 37) x "
            + "encode/decode/round trip at 16 and 1024, and the INSERT paths (use the gate command: A/B against a base)",
            new Timing(2, 2, Defaults.ITERATION, SteadySettings.DEFAULT.withMaxIterations(30), Duration.ZERO),
            List.of(MatrixPart.all(CcsidRegistry.core(), List.of(Workload.ASCII_TEXT), List.of(16, 1024))),
            List.of(new Db2Part(List.of(RowShape.ARTICLE), List.of(RowFlavour.ASCII),
                    List.of(ColumnType.EBCDIC_SBCS, ColumnType.UNICODE_SBCS,
                            ColumnType.UNICODE_MIXED))), false,
            List.of("jdk", "jdk-coder", "jdk-stream", "icu", "jt400", "reference")),
    /** The reference codec against the libraries and the floor, over the whole length range: how far each is from the floor. */
    REFERENCE("reference", "the reference EBCDIC codec (SIMD and scalar) against the JDK, ICU4J, JTOpen and the floor: "
            + "CCSID 37, encode and decode, 8 characters to 1 MiB, and a round trip of 1 KiB",
            new Timing(2, 4, Defaults.ITERATION, steady(30), Duration.ofMinutes(10)),
            List.of(new MatrixPart(Set.of("encode", "decode"), List.of(CcsidRegistry.byNumber(37)), List.of(Workload.ASCII_TEXT),
                            List.of(8, 16, 32, 64, 256, 1024, 4096, 65536, 1 << 20)),
                    new MatrixPart(Set.of("encode", "decode"), List.of(CcsidRegistry.byNumber(37)), List.of(Workload.LATIN1_TEXT),
                            List.of(1024, 65536)),
                    // both directions in one JVM, as an application converts: one direction's cost can depend on the other's
                    new MatrixPart(Set.of("roundTrip"), List.of(CcsidRegistry.byNumber(37)), List.of(Workload.ASCII_TEXT),
                            List.of(1024))),
            List.of(), false, List.of("jdk", "icu", "jt400", "reference", "reference-scalar")),
    /**
     * The mixed EBCDIC CCSIDs and each mixed-EBCDIC shop's question (its host CCSIDs against 1208), sized for 14 minutes on
     * 2 shared cores; beyond each CCSID's rows, 1399 (a Japanese shop's).
     */
    DBCS("dbcs", "mixed EBCDIC 930/939/1390/1399/933/935/937 x jdk/icu/jt400: encode and decode of Japanese, Korean and "
            + "Chinese rows at 64, and of the same rows in 1208; on 1399 Japanese rows round trip, prose at 64 and 1024, switch "
            + "density 1/4/16 per 64; each shop's Db2 paths (Japanese rows into 1399, 1390 and 1208, Korean into 933 and 1208, "
            + "Chinese into 935 or 937 and 1208)",
            new Timing(2, 3, Defaults.ITERATION, steady(20), Duration.ofMinutes(14)),
            List.of(new MatrixPart(Set.of("encode", "decode"), CcsidRegistry.mixed(),
                            List.of(Workload.JP_ROWS, Workload.KO_ROWS, Workload.ZH_HANS_ROWS, Workload.ZH_HANT_ROWS), List.of(64)),
                    new MatrixPart(Set.of("encode", "decode"), List.of(CcsidRegistry.byNumber(1208)),
                            List.of(Workload.JP_ROWS, Workload.KO_ROWS, Workload.ZH_HANS_ROWS, Workload.ZH_HANT_ROWS), List.of(64)),
                    new MatrixPart(Set.of("roundTrip"), List.of(CcsidRegistry.byNumber(1399)), List.of(Workload.JP_ROWS), List.of(64)),
                    new MatrixPart(Set.of("encode", "decode"), List.of(CcsidRegistry.byNumber(1399)), List.of(Workload.JP_PROSE),
                            List.of(64, 1024)),
                    new MatrixPart(Set.of("encode"), List.of(CcsidRegistry.byNumber(1399)),
                            List.of(Workload.JP_SWITCH_1, Workload.JP_SWITCH_4, Workload.JP_SWITCH_16), List.of(64, 1024))),
            Db2Part.shops(), false, List.of("jdk", "icu", "jt400")),
    /**
     * Another country's single-byte EBCDIC: seven single-byte EBCDIC CCSIDs (the other countries' euro and Nordic,
     * Italian and Spanish ones run the same JDK template, so they are left to {@code run --ccsid}) and 1208 on Western
     * European prose, and the German and French shops' questions (their host CCSID against 1208), sized for 10 minutes on 2 shared cores.
     */
    COUNTRIES("countries", "single-byte EBCDIC 37/1047/1140/500/273/285/297 and 1208 x jdk/icu/jt400: encode and decode of "
            + "Western European prose at 64; the German (273) and French (297) shops' Db2 paths (their rows into the host "
            + "CCSID and 1208)",
            // 3 to 6 forks: the JDK's decode of 273 and 297 falls into two modes, which two forks cannot bound
            new Timing(3, 6, Defaults.ITERATION, steady(20), Duration.ofMinutes(20)),
            List.of(new MatrixPart(Set.of("encode", "decode"),
                    Stream.of(37, 1047, 1140, 500, 273, 285, 297, 1208).map(CcsidRegistry::byNumber).toList(),
                    List.of(Workload.LATIN1_TEXT), List.of(64))),
            Db2Part.countries(), false, List.of("jdk", "icu", "jt400")),
    /** A user's own rows ({@code run --data FILE}): the matrix comes from the data; sized for 10 columns of 10,000 rows. */
    DATA("data", "your rows (run --data FILE): the Db2 INSERT and SELECT paths per column choice (37, 367, 1208, the what-if "
            + "and any --ccsid) and the JVM's encode and decode per provider, over a seeded sample of the file",
            new Timing(2, 3, Defaults.ITERATION, steady(20), Duration.ofMinutes(6)), List.of(), List.of(), false,
            List.of("jdk", "icu", "jt400")),
    /**
     * Every CCSID; mixed EBCDIC only with its workloads, never for substitution (docs/decisions.md, "Tried in fidelity
     * and dropped").
     */
    FULL("full", "the whole matrix: every CCSID, workload and length from 8 to 1 MiB, substitution, Db2 paths (hours)",
            new Timing(2, 6, Defaults.ITERATION, steady(40), Duration.ZERO),
            List.of(MatrixPart.all(CcsidRegistry.all(), List.of(Workload.values()),
                    List.of(8, 16, 32, 64, 256, 1024, 4096, 16384, 65536, 1 << 20))),
            Stream.of(Stream.of(Db2Part.all(RowShape.ARTICLE)), Db2Part.shops().stream(), Db2Part.countries().stream())
                    .flatMap(x -> x).toList(), true,
            List.of("jdk", "jdk-coder", "jdk-stream", "icu", "jt400", "reference", "reference-scalar"));


    /** Holds what the constants use (an enum's own static fields are not yet set while its constants are built). */
    private static final class Defaults {
        /** Iterations are short, so a fork's series shows where it settled (see {@code steady.ForkAnalysis}). */
        static final Duration ITERATION = Duration.ofMillis(100);
    }

    /** The defaults, capped at {@code max} usable iterations, {@link SteadySettings#SUITE_BUSY_STRETCH} times that in all. */
    private static SteadySettings steady(int max) {
        return SteadySettings.DEFAULT.withMaxIterations(max).withBusyStretch(SteadySettings.SUITE_BUSY_STRETCH);
    }

    /** Exactly {@code n} iterations per fork (n at most the default minimum), for a smoke run whose numbers are not measurements. */
    private static SteadySettings fixed(int n) {
        return SteadySettings.DEFAULT.withMaxIterations(n);
    }

    private final String id;
    private final String description;
    private final Timing timing;
    private final List<MatrixPart> parts;
    private final List<Db2Part> db2;
    private final boolean substitution;
    private final List<String> providers;
    /** The length of the answer's multiples of a copy ({@link #inTheAnswer}), or -1 where the preset has none. */
    private final int copyMultipleLength;

    Preset(String id, String description, Timing timing, List<MatrixPart> parts, List<Db2Part> db2,
           boolean substitution) {
        this(id, description, timing, parts, db2, substitution, null);
    }

    Preset(String id, String description, Timing timing, List<MatrixPart> parts, List<Db2Part> db2,
           boolean substitution, List<String> providers) {
        this.id = id;
        this.description = description;
        this.timing = timing;
        this.parts = parts;
        this.db2 = db2;
        this.substitution = substitution;
        this.providers = providers;
        this.copyMultipleLength = db2.stream().noneMatch(d -> d.flavours().get(0).article()) ? -1
                : parts.stream().filter(m -> m.workloads().stream().anyMatch(w -> w.id().equals(AnswerBenchmarks.WORKLOAD))
                                && (m.methods().isEmpty() || m.methods().containsAll(Set.of("encode", "decode"))))
                        .flatMap(m -> m.lengths().stream()).mapToInt(Integer::intValue).max().orElse(-1);
    }

    /** The providers a preset measures unless the user names others: the library ones unless it says. */
    public List<ConverterProvider> providers() {
        return providers != null ? providers.stream().map(Providers::byName).toList() : Providers.builtIn();
    }

    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    public Timing timing() {
        return timing;
    }

    /** The conversion matrix, as parts whose union is measured. */
    public List<MatrixPart> parts() {
        return parts;
    }

    /** The Db2 paths the preset measures (none, the article's, the shops', or both). */
    public List<Db2Part> db2() {
        return db2;
    }

    /**
     * True for a benchmark this preset's answer rests on, which the scheduler measures first and with the answer's forks:
     * its Db2 paths' INSERTs ({@link Db2Part#inTheAnswer}), and the multiples of a copy the answer quotes: the JDK's
     * encode and decode of English text in 37, 367 and 1208 at the preset's longest length, with the two floors there,
     * where the preset measures the article's Db2 paths (docs/method.md, "Extra forks: modes and wide intervals").
     */
    public boolean inTheAnswer(BenchmarkCase c) {
        return db2.stream().anyMatch(d -> d.inTheAnswer(c)) || copyMultipleInTheAnswer(c);
    }

    private boolean copyMultipleInTheAnswer(BenchmarkCase c) {
        Map<String, String> p = c.params();
        if (copyMultipleLength < 0 || !Integer.toString(copyMultipleLength).equals(p.get(Param.LENGTH))) {
            return false;
        }
        return AnswerBenchmarks.floor(c.shortName()) || AnswerBenchmarks.conversion(c.shortName(), p, Set.of(AnswerBenchmarks.PROVIDER));
    }

    /** True when the preset also measures substitution for the lossy combinations. */
    public boolean substitution() {
        return substitution;
    }

    /** The preset named {@code id}, or a {@link CcsidBenchException} listing the known ones. */
    public static Preset byId(String id) {
        String key = id == null ? "" : id.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(p -> p.id.equals(key)).findFirst()
                .orElseThrow(() -> new CcsidBenchException("unknown preset '" + id + "'; known: " + ids()));
    }

    public static String ids() {
        return Arrays.stream(values()).map(Preset::id).collect(Collectors.joining(", "));
    }
}
