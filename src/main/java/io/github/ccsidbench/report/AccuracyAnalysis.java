package io.github.ccsidbench.report;

import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.report.Accuracy.Figure;
import io.github.ccsidbench.report.Accuracy.Inputs;
import io.github.ccsidbench.report.Accuracy.Ratio;
import io.github.ccsidbench.report.Accuracy.RatioRun;
import io.github.ccsidbench.report.Accuracy.Run;
import io.github.ccsidbench.report.Accuracy.Summary;
import io.github.ccsidbench.report.Accuracy.Verdict;
import io.github.ccsidbench.results.BenchmarkResult;
import io.github.ccsidbench.results.DerivedFigures;
import io.github.ccsidbench.results.JmhResults;
import io.github.ccsidbench.results.RunEnvironment;
import io.github.ccsidbench.results.Steadiness;
import io.github.ccsidbench.results.SteadinessFile;
import io.github.ccsidbench.stats.LogLevel;
import io.github.ccsidbench.stats.RepeatAgreement;
import io.github.ccsidbench.stats.Stats;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.github.ccsidbench.report.Accuracy.FIGURE_GOAL;
import static io.github.ccsidbench.report.Accuracy.HELD_GOAL;
import static io.github.ccsidbench.report.Accuracy.RATIO_GOAL;
import static io.github.ccsidbench.report.Accuracy.percent;
import static io.github.ccsidbench.report.Accuracy.suiteLabel;

/**
 * The analysis of an accuracy check ({@link Accuracy}): reads each suite run's steadiness.json and environment.json and
 * each long run's JMH JSON, and compares them figure by figure, ratio by ratio, against the project's goal. How the long
 * level and its standard error are made (the forks pooled, the fork the sample), and what <i>held</i> and <i>agrees</i>
 * mean: docs/how-sure.md, section "Accuracy", "The comparison".
 */
final class AccuracyAnalysis {

    private static final double CONFIDENCE = DerivedFigures.CONFIDENCE;

    private AccuracyAnalysis() {
    }

    /** The check of {@code in}'s outputs; see {@link Accuracy#of}. */
    static Accuracy of(Inputs in) {
        if (in.suites().isEmpty() || in.longs().size() < 2) {
            throw new CcsidBenchException("an accuracy check needs at least 1 suite run and 2 long runs");
        }
        List<Map<String, Steadiness>> suites = new ArrayList<>();
        RunEnvironment env = null;
        for (String s : in.suites()) {
            Path results = in.root().resolve(s).resolve("results.json");
            SteadinessFile file = SteadinessFile.besides(results).orElseThrow(() -> new CcsidBenchException(
                    in.root().resolve(s).resolve(SteadinessFile.FILE) + " does not exist: the suite run recorded no figures"));
            RunEnvironment e = RunEnvironment.besides(results).orElseThrow(() -> new CcsidBenchException(
                    in.root().resolve(s).resolve(RunEnvironment.FILE) + " does not exist: the suite run recorded no environment"));
            if (env != null && !env.cpu().equals(e.cpu())) {
                throw new CcsidBenchException("the suite runs name different CPUs (" + env.cpu() + "; " + e.cpu() + ")");
            }
            env = env == null ? e : env;
            Map<String, Steadiness> byKey = new LinkedHashMap<>();
            file.benchmarks().forEach(b -> byKey.put(b.key(), b));
            suites.add(byKey);
        }
        List<Map<String, BenchmarkResult>> longs = new ArrayList<>();
        for (String l : in.longs()) {
            Map<String, BenchmarkResult> byKey = new LinkedHashMap<>();
            for (BenchmarkResult r : JmhResults.read(in.root().resolve(l))) {
                byKey.put(r.key(), r);
            }
            longs.add(byKey);
        }
        String jdk = null;
        List<Figure> figures = new ArrayList<>();
        Map<String, LogLevel> longLog = new LinkedHashMap<>();
        List<Map<String, LogLevel>> suiteLog = new ArrayList<>();
        suites.forEach(s -> suiteLog.add(new LinkedHashMap<>()));
        for (String key : in.figures()) {
            List<BenchmarkResult> runs = new ArrayList<>();
            for (int j = 0; j < longs.size(); j++) {
                BenchmarkResult r = longs.get(j).get(key);
                Path file = in.root().resolve(in.longs().get(j));
                if (r == null) {
                    throw new CcsidBenchException(file + " holds no result for " + key + ": the long run did not measure it");
                }
                if (!"ns/op".equals(r.unit()) || !(r.score() > 0) || Double.isInfinite(r.score())) {
                    throw new CcsidBenchException(file + ": " + key + " has score " + r.score() + " " + r.unit()
                            + ", not a time in ns/op");
                }
                jdk = sameJdk(jdk, r.jvm().jdkVersion(), file.toString());
                runs.add(r);
            }
            List<Steadiness> suite = new ArrayList<>();
            for (int k = 0; k < suites.size(); k++) {
                Steadiness s = suites.get(k).get(key);
                Path file = in.root().resolve(in.suites().get(k)).resolve(SteadinessFile.FILE);
                if (s == null) {
                    throw new CcsidBenchException(file + " holds no figure " + key + ": the suite run did not measure it");
                }
                if (!(s.level() > 0) || Double.isInfinite(s.level())) {
                    throw new CcsidBenchException(file + ": " + key + " has level " + s.level() + ", not a time");
                }
                jdk = sameJdk(jdk, s.jdkVersion(), file.toString());
                suite.add(s);
            }
            Figure f = figure(key, runs, suite);
            figures.add(f);
            longLog.put(key, longLevel(f));
            for (int k = 0; k < suite.size(); k++) {
                suiteLog.get(k).put(key, suiteLevel(suite.get(k)));
            }
        }
        List<Ratio> ratios = ratios(in.figures(), longLog, suiteLog);
        List<Summary> summaries = new ArrayList<>();
        for (int k = 0; k < suites.size(); k++) {
            summaries.add(summary(suiteLabel(k + 1), figures, ratios, k, k + 1));
        }
        Summary overall = summary("all suite runs", figures, ratios, 0, suites.size());
        Matcher id = CPU_ID.matcher(env.cpu());
        boolean hasId = id.find();
        return new Accuracy(env.cpu(), hasId ? id.group(1) : "", hasId ? id.group(2) : "", hasId ? id.group(3) : "",
                env.vectorClass(), jdk, in.date(), in.settings(), List.copyOf(in.order()), List.copyOf(in.suites()),
                List.copyOf(in.longs()), figures, ratios, summaries, overall, verdict(overall));
    }


    /** "AMD EPYC (family 26, model 2, stepping 1)": the numbers machine.CpuInfo puts after the name. */
    private static final Pattern CPU_ID = Pattern.compile("\\(family ([^,)]+), model ([^,)]+), stepping ([^,)]+)\\)");

    private static String sameJdk(String known, String seen, String where) {
        if (known != null && !known.equals(seen)) {
            throw new CcsidBenchException(where + " was measured on JDK " + seen + ", the check's other runs on " + known
                    + ": compare runs of one JDK");
        }
        return seen;
    }

    private static Figure figure(String key, List<BenchmarkResult> runs, List<Steadiness> suite) {
        double[] scores = runs.stream().mapToDouble(BenchmarkResult::score).toArray();
        double sum = 0;
        for (double s : scores) {
            sum += Math.log(s);
        }
        double longLevel = Math.exp(sum / scores.length);
        List<Double> forks = new ArrayList<>();
        for (BenchmarkResult r : runs) {
            for (double[] fork : r.rawData()) {
                double mean = Arrays.stream(fork).average().orElse(Double.NaN);
                if (mean > 0 && Double.isFinite(mean)) {
                    forks.add(Math.log(mean));
                }
            }
        }
        // The centre is the level a reader sees (the scores' geometric mean), the standard error the pooled forks': the mean
        // of the fork logs differs from the centre only by the forks' spread within a run, squared.
        int n = forks.size();
        double se = Double.POSITIVE_INFINITY;
        double dof = Double.POSITIVE_INFINITY;
        if (n >= 2) {
            double mean = forks.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            double ss = forks.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum();
            se = Math.sqrt(ss / (n - 1) / n);
            dof = n - 1;
        }
        LogLevel longLog = new LogLevel(Math.log(longLevel), se, dof, LogLevel.Variance.OWN);
        List<Run> out = new ArrayList<>();
        for (int k = 0; k < suite.size(); k++) {
            Steadiness s = suite.get(k);
            LogLevel sl = suiteLevel(s);
            boolean interval = Double.isFinite(s.standardError()) && Double.isFinite(s.high());
            RepeatAgreement a = RepeatAgreement.of(sl, longLog, CONFIDENCE);
            LogLevel ratio = sl.over(longLog);
            Stats.Interval ci = ratio.interval(CONFIDENCE);
            out.add(new Run(k + 1, s.level(), s.low(), s.high(), s.standardError(), s.degreesOfFreedom(), s.variance(), interval,
                    interval && s.low() <= longLevel && longLevel <= s.high(), a.z(), a.dof(), a.critical(),
                    interval && a.agrees(), ratio.level(), ci.low(), ci.high(), s.level() / longLevel - 1));
        }
        return new Figure(key, Arrays.stream(scores).boxed().toList(), longLevel, se, dof, n,
                scores[scores.length - 1] / scores[0] - 1, out);
    }

    private static LogLevel suiteLevel(Steadiness s) {
        return new LogLevel(Math.log(s.level()), s.standardError(), s.degreesOfFreedom(), LogLevel.Variance.OWN);
    }

    private static LogLevel longLevel(Figure f) {
        return new LogLevel(Math.log(f.longLevel()), f.longStandardError(), f.longDegreesOfFreedom(), LogLevel.Variance.OWN);
    }

    /** A figure's key read back: "ConversionBenchmark.encode ccsid=37 length=256 ..." to its name and parameters. */
    private record Key(String name, Map<String, String> params) {
        static Key of(String key) {
            String[] words = key.split(" ");
            Map<String, String> params = new TreeMap<>();
            for (int i = 1; i < words.length; i++) {
                int eq = words[i].indexOf('=');
                if (eq > 0) {
                    params.put(words[i].substring(0, eq), words[i].substring(eq + 1));
                }
            }
            return new Key(words[0], params);
        }

        String with(String name, Map<String, String> changed) {
            Map<String, String> p = new TreeMap<>(params);
            changed.forEach((k, v) -> {
                if (v == null) {
                    p.remove(k);
                } else {
                    p.put(k, v);
                }
            });
            StringBuilder sb = new StringBuilder(name);
            p.forEach((k, v) -> sb.append(' ').append(k).append('=').append(v));
            return sb.toString();
        }
    }

    /**
     * The answer's ratios among the figures: each encode and decode over the floor's encode and decode of the same
     * length, and the server's INSERT into 367 and 1208 over the INSERT into 37 of the same rows; each only where both
     * figures are compared.
     */
    private static List<Ratio> ratios(List<String> keys, Map<String, LogLevel> longLog, List<Map<String, LogLevel>> suiteLog) {
        List<String[]> pairs = new ArrayList<>();
        for (String key : keys) {
            Key k = Key.of(key);
            String op = k.name().substring(k.name().indexOf('.') + 1);
            boolean encode = k.name().equals(BenchmarkMethod.CONVERSION_ENCODE.shortName());
            if (encode || k.name().equals(BenchmarkMethod.CONVERSION_DECODE.shortName())) {
                String floor = (encode ? BenchmarkMethod.FLOOR_ENCODE : BenchmarkMethod.FLOOR_DECODE).shortName() + " length="
                        + k.params().get("length");
                pairs.add(new String[] {op + " " + k.params().get("ccsid") + " / floor, " + k.params().get("length")
                        + " characters", key, floor});
            }
            if (k.name().equals(BenchmarkMethod.DB2_INSERT_SERVER.shortName()) && List.of("367", "1208").contains(k.params().get("column"))) {
                pairs.add(new String[] {"INSERT " + k.params().get("column") + " / 37, " + k.params().get("rows") + " rows", key,
                        k.with(k.name(), Map.of("column", "37"))});
            }
        }
        List<Ratio> out = new ArrayList<>();
        for (String[] p : pairs) {
            if (!longLog.containsKey(p[1]) || !longLog.containsKey(p[2])) {
                continue;
            }
            LogLevel longRatio = longLog.get(p[1]).over(longLog.get(p[2]));
            List<RatioRun> runs = new ArrayList<>();
            for (int k = 0; k < suiteLog.size(); k++) {
                LogLevel r = suiteLog.get(k).get(p[1]).over(suiteLog.get(k).get(p[2]));
                Stats.Interval ci = r.interval(CONFIDENCE);
                boolean interval = Double.isFinite(r.standardError());
                RepeatAgreement a = RepeatAgreement.of(r, longRatio, CONFIDENCE);
                runs.add(new RatioRun(k + 1, r.level(), ci.low(), ci.high(), interval,
                        interval && ci.low() <= longRatio.level() && longRatio.level() <= ci.high(), interval && a.agrees(),
                        r.level() / longRatio.level() - 1));
            }
            out.add(new Ratio(p[0], p[1], p[2], longRatio.level(), runs));
        }
        return out;
    }

    /** The summary of suite runs {@code from} (0-based) to {@code to} (exclusive). */
    private static Summary summary(String scope, List<Figure> figures, List<Ratio> ratios, int from, int to) {
        int n = 0;
        int withInterval = 0;
        int held = 0;
        int agreeing = 0;
        double largest = 0;
        String largestAt = "";
        boolean several = to - from > 1;
        for (Figure f : figures) {
            for (Run r : f.suite().subList(from, to)) {
                n++;
                withInterval += r.interval() ? 1 : 0;
                held += r.held() ? 1 : 0;
                agreeing += r.agrees() ? 1 : 0;
                if (Math.abs(r.difference()) > Math.abs(largest) || largestAt.isEmpty()) {
                    largest = r.difference();
                    largestAt = f.key() + (several ? " (" + suiteLabel(r.run()) + ")" : "");
                }
            }
        }
        int nr = 0;
        int ratiosHeld = 0;
        double largestRatio = Double.NaN;
        String largestRatioAt = "";
        for (Ratio q : ratios) {
            for (RatioRun r : q.suite().subList(from, to)) {
                nr++;
                ratiosHeld += r.held() ? 1 : 0;
                if (Double.isNaN(largestRatio) || Math.abs(r.difference()) > Math.abs(largestRatio)) {
                    largestRatio = r.difference();
                    largestRatioAt = q.name() + (several ? " (" + suiteLabel(r.run()) + ")" : "");
                }
            }
        }
        return new Summary(scope, n, withInterval, held, withInterval == 0 ? Double.NaN : (double) held / withInterval, agreeing,
                largest, largestAt, nr, ratiosHeld, largestRatio, largestRatioAt);
    }

    /** The goal in words, as the verdict states it. */
    static final String GOAL = String.format(Locale.ROOT, "at least %.0f%% of figures held, no figure off by more than %.0f%%,"
            + " no ratio by more than %.0f%%", 100 * HELD_GOAL, 100 * FIGURE_GOAL, 100 * RATIO_GOAL);

    /** The verdict over all suite runs, against {@link #GOAL}. */
    static Verdict verdict(Summary all) {
        if (all.withInterval() == 0) {
            return new Verdict(false, "Verdict: cannot judge against the goal (" + GOAL + "): no figure of the suite has an"
                    + " interval (a smoke run's have none); largest difference " + percent(all.largestDifference()) + ".");
        }
        boolean held = all.heldShare() >= HELD_GOAL;
        boolean figures = Math.abs(all.largestDifference()) <= FIGURE_GOAL;
        boolean ratios = all.ratios() == 0 || Math.abs(all.largestRatioDifference()) <= RATIO_GOAL;
        boolean meets = held && figures && ratios;
        String line = String.format(Locale.ROOT, "Verdict: %s (%s): held %d of %d figures (%s%s), largest difference %s (%s%s), %s.",
                meets ? "meets the goal" : "falls short of the goal", GOAL, all.held(), all.withInterval(),
                Numbers.percent(all.held(), all.withInterval()), held ? "" : String.format(Locale.ROOT, ", short of %.0f%%", 100 * HELD_GOAL),
                percent(all.largestDifference()), all.largestDifferenceAt(),
                figures ? "" : String.format(Locale.ROOT, ", over %.0f%%", 100 * FIGURE_GOAL),
                all.ratios() == 0 ? "no ratio of the answer among the figures"
                        : String.format(Locale.ROOT, "largest ratio difference %s (%s%s)", percent(all.largestRatioDifference()),
                        all.largestRatioDifferenceAt(), ratios ? "" : String.format(Locale.ROOT, ", over %.0f%%", 100 * RATIO_GOAL)));
        return new Verdict(meets, line);
    }

}
