package io.github.ccsidbench.report;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.results.AtomicFiles;
import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.stats.Stats;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a run's 95% intervals mean what they say: two runs of the same benchmarks on one machine and JDK, and the
 * share of figures whose two medians agree within their combined uncertainty. With each interval's half-width on the
 * log scale taken as 1.96 standard errors, z = (log m1 - log m2) / sqrt(se1^2 + se2^2), and a figure agrees when
 * |z| < 1.96: for calibrated intervals about 95% do. The same for the answer's ratios (367 and 1208 against 37 on the
 * server, the JDK's encode in 37 as a multiple of the floor). It exists because an interval that a repeat falls
 * outside of a third of the time makes every ranking the report draws from it a guess.
 *
 * @param cpu the CPU model both runs name
 * @param cpuClass the class of SIMD code the forks could run ("AVX-512 VBMI", "AVX2")
 * @param jdk the forks' JDK version
 * @param preset the runs' preset
 * @param first the first run's results file, as given
 * @param second the second's
 * @param benchmarks every figure both runs hold
 * @param ratios the answer's ratios both runs hold
 */
public record Calibration(String cpu, String cpuClass, String jdk, String preset, String first, String second,
                          List<Agreement> benchmarks, List<Agreement> ratios) {

    /** The file names in the output folder. */
    public static final String JSON = "calibration.json";
    public static final String MARKDOWN = "calibration.md";

    /** One figure in both runs: medians, intervals, z. */
    public record Agreement(String name, double first, double firstLow, double firstHigh, double second, double secondLow,
                            double secondHigh, double z) {

        static Agreement of(String name, double m1, Stats.Interval ci1, double m2, Stats.Interval ci2) {
            double se1 = (Math.log(ci1.high()) - Math.log(ci1.low())) / 2 / Stats.Z95;
            double se2 = (Math.log(ci2.high()) - Math.log(ci2.low())) / 2 / Stats.Z95;
            double z = (Math.log(m1) - Math.log(m2)) / Math.sqrt(se1 * se1 + se2 * se2);
            return new Agreement(name, m1, ci1.low(), ci1.high(), m2, ci2.low(), ci2.high(), z);
        }

        public boolean agrees() {
            return Math.abs(z) < Stats.Z95;
        }
    }

    /** The share of {@code list} that agrees (NaN when empty). */
    public static double share(List<Agreement> list) {
        return list.isEmpty() ? Double.NaN : (double) list.stream().filter(Agreement::agrees).count() / list.size();
    }

    /** How many of {@code list} agree. */
    public static long agreeing(List<Agreement> list) {
        return list.stream().filter(Agreement::agrees).count();
    }

    /**
     * Compares two runs, each read with what it recorded beside it; each run's figures are derived on their own (never
     * pooled, since each run's intervals are what is audited). Refuses runs of another JDK, CPU or preset in one line.
     */
    public static Calibration of(ReportInputs.Source a, ReportInputs.Source b) {
        RunEnvironment ea = a.environment().orElseThrow(() -> new CcsidBenchException(a.file() + ": no environment.json beside it"));
        RunEnvironment eb = b.environment().orElseThrow(() -> new CcsidBenchException(b.file() + ": no environment.json beside it"));
        if (!ea.cpu().equals(eb.cpu())) {
            throw new CcsidBenchException("the two runs were measured on different CPUs (" + ea.cpu() + "; " + eb.cpu()
                    + "): a calibration compares runs of one machine");
        }
        ReportInputs ia = new ReportInputs(List.of(a));
        ReportInputs ib = new ReportInputs(List.of(b));
        if (ia.jvms().size() != 1 || ib.jvms().size() != 1 || !ia.jvms().get(0).label().equals(ib.jvms().get(0).label())) {
            throw new CcsidBenchException("the two runs must each come from one JVM, the same one (" + labels(ia) + "; " + labels(ib) + ")");
        }
        Map<String, DerivedFigures> second = new LinkedHashMap<>();
        ib.jvms().get(0).figures().forEach(f -> second.put(f.result().key(), f));
        List<Agreement> benchmarks = new ArrayList<>();
        for (DerivedFigures f : ia.jvms().get(0).figures()) {
            DerivedFigures g = second.get(f.result().key());
            if (g != null) {
                benchmarks.add(Agreement.of(f.result().key(), f.level(), f.levelCi(), g.level(), g.levelCi()));
            }
        }
        if (benchmarks.isEmpty()) {
            throw new CcsidBenchException("the two runs share no benchmark: nothing to compare");
        }
        List<Agreement> ratios = new ArrayList<>();
        List<Answer> aa = Answer.of(ia);
        List<Answer> ab = Answer.of(ib);
        if (!aa.isEmpty() && !ab.isEmpty()) {
            Answer x = aa.get(0);
            Answer y = ab.get(0);
            ratio(ratios, "server: 367 against 37", x.sbcs367(), y.sbcs367());
            ratio(ratios, "server: 1208 against 37", x.mixed1208(), y.mixed1208());
            if (x.length() > 0 && x.length() == y.length()) {
                DerivedFigures ex = x.encode().get(37);
                DerivedFigures ey = y.encode().get(37);
                if (ex.xFloorCi().isPresent() && ey.xFloorCi().isPresent()) {
                    ratios.add(Agreement.of("JVM: the JDK's encode in 37, " + x.length() + " characters, x floor",
                            ex.xFloor().getAsDouble(), ex.xFloorCi().get(), ey.xFloor().getAsDouble(), ey.xFloorCi().get()));
                }
            }
        }
        String jdk = ia.jvms().get(0).figures().get(0).result().jvm().jdkVersion();
        return new Calibration(ea.cpu(), ea.vectorClass(), jdk, ea.preset(), a.file(), b.file(), benchmarks, ratios);
    }

    private static void ratio(List<Agreement> out, String name, Optional<Comparison> x, Optional<Comparison> y) {
        if (x.isPresent() && y.isPresent()) {
            out.add(Agreement.of(name, x.get().ratio(), x.get().ci(), y.get().ratio(), y.get().ci()));
        }
    }

    private static String labels(ReportInputs in) {
        return String.join(", ", in.jvms().stream().map(ReportInputs.JvmGroup::label).toList());
    }

    /** "163 of 171 figures (95%) agree within their combined 95% uncertainty". */
    public String headline() {
        return String.format(Locale.ROOT, "%d of %d figures (%.0f%%) agree within their combined 95%% uncertainty; %d of %d of the "
                + "answer's ratios", agreeing(benchmarks), benchmarks.size(), 100 * share(benchmarks), agreeing(ratios), ratios.size());
    }

    /** The Markdown page: what was compared, the shares, the ratios, and the figures that disagree, worst first. */
    public String markdown() {
        StringBuilder md = new StringBuilder("# Calibration: do two runs agree within their intervals?\n\n");
        md.append(MarkdownTable.keyValue(List.of(new String[] {"CPU", cpu}, new String[] {"CPU class", cpuClass},
                new String[] {"JDK", jdk}, new String[] {"preset", preset}, new String[] {"first run", first},
                new String[] {"second run", second}))).append('\n');
        md.append("**").append(headline()).append(".** A figure agrees when |z| < 1.96, z = (log m1 - log m2) / sqrt(se1^2 + se2^2), "
                + "each se its interval's half-width on the log scale over 1.96; calibrated 95% intervals give about 95%.\n\n");
        if (!ratios.isEmpty()) {
            md.append("## The answer's ratios\n\n").append(table(ratios, true)).append('\n');
        }
        List<Agreement> off = benchmarks.stream().filter(x -> !x.agrees())
                .sorted(Comparator.comparingDouble((Agreement x) -> -Math.abs(x.z()))).toList();
        md.append("## Figures that disagree (").append(off.size()).append(")\n\n");
        md.append(off.isEmpty() ? "None.\n" : table(off, false));
        return md.toString();
    }

    private static String table(List<Agreement> list, boolean ratio) {
        List<List<String>> rows = new ArrayList<>();
        for (Agreement x : list) {
            rows.add(List.of(x.name(), cell(x.first(), x.firstLow(), x.firstHigh(), ratio), cell(x.second(), x.secondLow(), x.secondHigh(), ratio),
                    String.format(Locale.ROOT, "%.2f", x.z()), x.agrees() ? "yes" : "no"));
        }
        return MarkdownTable.render(List.of(ratio ? "ratio" : "benchmark", "first run", "second run", "z", "agree"), rows);
    }

    private static String cell(double m, double lo, double hi, boolean ratio) {
        return ratio ? Comparison.percent(m) + " [" + Comparison.percent(lo) + ", " + Comparison.percent(hi) + "]"
                : Numbers.format(m) + " [" + Numbers.format(lo) + ", " + Numbers.format(hi) + "]";
    }

    /** Writes {@value #JSON} and {@value #MARKDOWN} into {@code dir}, each whole or not at all. */
    public List<Path> write(Path dir) {
        Path json = dir.resolve(JSON);
        Path md = dir.resolve(MARKDOWN);
        AtomicFiles.writeString(json, new GsonBuilder().setPrettyPrinting().serializeSpecialFloatingPointValues().create().toJson(this));
        AtomicFiles.writeString(md, markdown());
        return List.of(json, md);
    }

    /** The folder of a committed calibration: "avx-512-vbmi-jdk17", from the CPU class and the JDK's feature release. */
    public static String slug(String cpuClass, String jdk) {
        return (cpuClass + "-jdk" + jdk.split("[.+-]")[0]).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
    }

    /**
     * The calibration committed with the project for {@code cpuClass} and {@code jdk}'s feature release, if one was
     * measured: docs/results/calibration/SLUG/calibration.json, built into the jar, for the report's "How sure" line.
     */
    static Optional<Calibration> committed(String cpuClass, String jdk) {
        try (InputStream in = Calibration.class.getResourceAsStream("/calibration/" + slug(cpuClass, jdk) + "/" + JSON)) {
            if (in == null) {
                return Optional.empty();
            }
            return Optional.ofNullable(new GsonBuilder().serializeSpecialFloatingPointValues().create()
                    .fromJson(new String(in.readAllBytes(), StandardCharsets.UTF_8), Calibration.class));
        } catch (IOException | JsonParseException e) {
            return Optional.empty();
        }
    }
}
