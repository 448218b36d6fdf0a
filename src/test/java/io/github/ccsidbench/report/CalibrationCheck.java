package io.github.ccsidbench.report;

import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.results.AtomicFiles;
import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.results.Steadiness;
import io.github.ccsidbench.results.SteadinessFile;
import io.github.ccsidbench.stats.LogLevel;
import io.github.ccsidbench.stats.RepeatAgreement;
import io.github.ccsidbench.stats.Stats;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The calibration check, the project's own instrument (docs/how-sure.md, "How sure an interval is"): whether two
 * back-to-back runs of one preset on one machine and JDK agree within their 95% intervals, by Welch's test on the log
 * levels ({@link RepeatAgreement}). Writes {@value Calibration#JSON}, which the report reads ({@link Calibration}), and
 * {@value #MARKDOWN}; with an output folder it keeps both runs beside them. Run by {@code mvn verify -Pcalibration}.
 */
public final class CalibrationCheck {

    static final String MARKDOWN = "calibration.md";
    private static final String X_FLOOR = "x floor";
    /** The folders beside calibration.json that keep the two runs, and the files kept of each. */
    static final List<String> RUNS = List.of("first", "second");
    static final List<String> KEPT = List.of("results.json", SteadinessFile.FILE, RunEnvironment.FILE);

    private CalibrationCheck() {
    }

    /**
     * {@code CalibrationCheck A/results.json B/results.json [OUT]}: compares the two runs and writes the calibration to
     * OUT (keeping both runs there) or beside the second file. Bad input: one line on stderr, exit status 2.
     */
    public static void main(String[] given) {
        String[] args = Arrays.stream(given).filter(a -> !a.isBlank()).toArray(String[]::new); // unset profile properties
        if (args.length < 2 || args.length > 3) {
            System.err.println("calibration: give the two runs' results.json and, optionally, an output folder"
                    + " (mvn verify -Pcalibration -Dcalibration.first=A/results.json -Dcalibration.second=B/results.json"
                    + " -Dcalibration.out=DIR)");
            System.exit(CcsidBenchException.BAD_INPUT);
        }
        try {
            Path first = Path.of(args[0]);
            Path second = Path.of(args[1]);
            Path out = args.length == 3 ? Path.of(args[2]) : second.toAbsolutePath().getParent();
            System.out.println(run(first, second, out, args.length == 3));
        } catch (CcsidBenchException e) {
            System.err.println("calibration: " + e.getMessage());
            System.exit(e.exitCode());
        }
    }

    /** Compares, writes, and returns the one line to print. */
    public static String run(Path first, Path second, Path out, boolean keep) {
        ReportInputs inputs = ReportInputs.read(List.of(first, second));
        Calibration c = of(inputs.sources().get(0), inputs.sources().get(1));
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw new CcsidBenchException("cannot create " + out + ": " + CcsidBenchException.reason(e));
        }
        if (keep) {
            c = keepRuns(c, out, first, second);
        }
        write(c, out);
        return "calibration (" + c.cpu() + ", " + c.cpuClass() + ", JDK " + c.jdk() + "): " + headline(c) + "; wrote "
                + Calibration.JSON + " and " + MARKDOWN + " to " + out;
    }

    /** Compares two runs, each derived on its own; refuses two CPUs or JVMs; leaves out figures without an interval. */
    static Calibration of(ReportInputs.Source a, ReportInputs.Source b) {
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
        List<Calibration.Agreement> benchmarks = new ArrayList<>();
        for (DerivedFigures f : ia.jvms().get(0).figures()) {
            DerivedFigures g = second.get(f.result().key());
            if (g != null && hasInterval(f.estimate()) && hasInterval(g.estimate())) {
                benchmarks.add(agreement(f.result().key(), f.estimate(), g.estimate()));
            }
        }
        if (benchmarks.isEmpty()) {
            throw new CcsidBenchException("the two runs share no benchmark with an interval: nothing to compare");
        }
        List<Calibration.Agreement> ratios = new ArrayList<>();
        List<Answer> aa = Answer.of(ia);
        List<Answer> ab = Answer.of(ib);
        if (!aa.isEmpty() && !ab.isEmpty()) {
            Answer x = aa.get(0);
            Answer y = ab.get(0);
            ratio(ratios, "server: 367 against 37", x.sbcs367().map(Comparison::estimate), y.sbcs367().map(Comparison::estimate));
            ratio(ratios, "server: 1208 against 37", x.mixed1208().map(Comparison::estimate), y.mixed1208().map(Comparison::estimate));
            if (x.jvm().isPresent() && y.jvm().isPresent() && x.jvm().get().length() == y.jvm().get().length()) {
                Answer.Jvm jx = x.jvm().get();
                Answer.Jvm jy = y.jvm().get();
                ratio(ratios, "JVM: the JDK's encode in 37, " + jx.length() + " characters, " + X_FLOOR,
                        jx.encode().get(37).xFloorEstimate(), jy.encode().get(37).xFloorEstimate());
            }
        }
        String jdk = ia.jvms().get(0).figures().get(0).result().jvm().jdkVersion();
        return new Calibration(ea.cpu(), ea.vectorClass(), jdk, ea.preset(), a.file(), b.file(), busy(a.steadiness()),
                busy(b.steadiness()), benchmarks, ratios);
    }

    /** One figure or ratio in both runs, with Welch's test of their agreement at 95%. */
    static Calibration.Agreement agreement(String name, LogLevel a, LogLevel b) {
        Stats.Interval ca = a.interval(DerivedFigures.CONFIDENCE);
        Stats.Interval cb = b.interval(DerivedFigures.CONFIDENCE);
        RepeatAgreement r = RepeatAgreement.of(a, b, DerivedFigures.CONFIDENCE);
        return new Calibration.Agreement(name, a.level(), ca.low(), ca.high(), a.standardError(), a.dof(), a.variance().label(),
                b.level(), cb.low(), cb.high(), b.standardError(), b.dof(), b.variance().label(), r.z(), r.dof(),
                r.critical(), r.agrees());
    }

    private static Calibration.Busy busy(Optional<SteadinessFile> steadiness) {
        return steadiness.map(f -> new Calibration.Busy(f.benchmarks().stream().mapToInt(Steadiness::machineSlowIterations).sum(),
                f.benchmarks().stream().mapToInt(Steadiness::measuredIterations).sum())).orElse(null);
    }

    private static boolean hasInterval(LogLevel estimate) {
        return Double.isFinite(estimate.standardError());
    }

    private static void ratio(List<Calibration.Agreement> out, String name, Optional<LogLevel> x, Optional<LogLevel> y) {
        if (x.isPresent() && y.isPresent() && hasInterval(x.get()) && hasInterval(y.get())) {
            out.add(agreement(name, x.get(), y.get()));
        }
    }

    private static String labels(ReportInputs in) {
        return String.join(", ", in.jvms().stream().map(ReportInputs.JvmGroup::label).toList());
    }

    /** "163 of 171 figures (95%) agree within their combined 95% uncertainty; 3 of 3 of the answer's ratios". */
    static String headline(Calibration c) {
        return String.format(Locale.ROOT, "%d of %d figures (%.0f%%) agree within their combined 95%% uncertainty; %d of %d of the "
                        + "answer's ratios", Calibration.agreeing(c.benchmarks()), c.benchmarks().size(),
                100 * Calibration.share(c.benchmarks()), Calibration.agreeing(c.ratios()), c.ratios().size());
    }

    /** The Markdown page: what was compared, the shares, the ratios, and the figures that disagree, worst first. */
    static String markdown(Calibration c) {
        StringBuilder md = new StringBuilder("# Calibration: do two runs agree within their intervals?\n\n");
        md.append(ReportRenderers.markdown(List.of(ReportDocument.Table.keyValue("calibration", List.of(new String[] {"CPU", c.cpu()}, new String[] {"CPU class", c.cpuClass()},
                new String[] {"JDK", c.jdk()}, new String[] {"preset", c.preset()}, new String[] {"first run", c.first()},
                new String[] {"second run", c.second()},
                new String[] {"how busy", c.busy().orElse("not recorded (no steadiness.json)")}))))).append('\n');
        md.append("**").append(headline(c)).append(".** A figure agrees when |z| <= t, z = (ln l1 - ln l2) / sqrt(se1^2 + se2^2) "
                + "with each run's standard error of its log level, and t the 97.5% quantile of Student's t at the Welch-Satterthwaite "
                + "degrees of freedom (se1^2 + se2^2)^2 / (se1^4 / df1 + se2^4 / df2); calibrated 95% intervals give about 95%. "
                + "Every figure's numbers are in " + Calibration.JSON + ".\n\n");
        if (!c.ratios().isEmpty()) {
            md.append("## The answer's ratios\n\n").append(table(c.ratios(), true)).append('\n');
        }
        List<Calibration.Agreement> off = c.benchmarks().stream().filter(x -> !x.agrees())
                .sorted(Comparator.comparingDouble((Calibration.Agreement x) -> -Math.abs(x.z()))).toList();
        md.append("## Figures that disagree (").append(off.size()).append(")\n\n");
        md.append(off.isEmpty() ? "None.\n" : table(off, false));
        return md.toString();
    }

    private static String table(List<Calibration.Agreement> list, boolean ratio) {
        List<List<String>> rows = new ArrayList<>();
        for (Calibration.Agreement x : list) {
            Format format = !ratio ? Format.LEVEL : x.name().endsWith(X_FLOOR) ? Format.MULTIPLE : Format.CHANGE;
            rows.add(List.of(x.name(), format.cell(x.first(), x.firstLow(), x.firstHigh()),
                    error(x.firstStandardError(), x.firstDegreesOfFreedom()), format.cell(x.second(), x.secondLow(), x.secondHigh()),
                    error(x.secondStandardError(), x.secondDegreesOfFreedom()), String.format(Locale.ROOT, "%.2f", x.z()),
                    String.format(Locale.ROOT, "%.2f", x.critical()), x.agrees() ? "yes" : "no"));
        }
        return MarkdownTable.render(List.of(ratio ? "ratio" : "benchmark", "first run", "se, df", "second run", "se, df", "z", "t",
                "agree"), rows);
    }

    /** "0.0123, 7.0". */
    private static String error(double se, double dof) {
        return String.format(Locale.ROOT, "%.4f, %s", se, LogLevel.dofText(dof));
    }

    /** How a row's figures read: a level in ns, a change in per cent (367 against 37), a multiple (x floor). */
    private enum Format {
        LEVEL, CHANGE, MULTIPLE;

        String cell(double m, double lo, double hi) {
            return one(m) + " [" + one(lo) + ", " + one(hi) + "]";
        }

        private String one(double x) {
            return switch (this) {
                case LEVEL -> Numbers.format(x);
                case CHANGE -> Comparison.percent(x);
                case MULTIPLE -> String.format(Locale.ROOT, "%.2fx", x);
            };
        }
    }

    /** Copies both runs' {@link #KEPT} files into {@code dir}/first and /second, and returns the calibration naming them. */
    static Calibration keepRuns(Calibration c, Path dir, Path firstResults, Path secondResults) {
        List<Path> given = List.of(firstResults, secondResults);
        for (int i = 0; i < 2; i++) {
            Path from = given.get(i).toAbsolutePath().getParent();
            Path to = dir.resolve(RUNS.get(i)).toAbsolutePath();
            try {
                Files.createDirectories(to);
                for (String name : KEPT) {
                    Path source = from.resolve(name);
                    Path target = to.resolve(name);
                    if (Files.isRegularFile(source) && !(Files.exists(target) && Files.isSameFile(source, target))) {
                        AtomicFiles.write(target, Files.readAllBytes(source));
                    }
                }
            } catch (IOException e) {
                throw new CcsidBenchException("cannot keep the run " + given.get(i) + " in " + to + ": " + CcsidBenchException.reason(e));
            }
        }
        return new Calibration(c.cpu(), c.cpuClass(), c.jdk(), c.preset(), RUNS.get(0) + "/results.json",
                RUNS.get(1) + "/results.json", c.firstBusy(), c.secondBusy(), c.benchmarks(), c.ratios());
    }

    /** Writes calibration.json and calibration.md into {@code dir}, each whole or not at all. */
    static List<Path> write(Calibration c, Path dir) {
        Path json = dir.resolve(Calibration.JSON);
        Path md = dir.resolve(MARKDOWN);
        AtomicFiles.writeString(json, Calibration.GSON.toJson(c));
        AtomicFiles.writeString(md, markdown(c));
        return List.of(json, md);
    }
}
