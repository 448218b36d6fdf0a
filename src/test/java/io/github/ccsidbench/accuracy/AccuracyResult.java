package io.github.ccsidbench.accuracy;

import io.github.ccsidbench.report.AccuracyRecord;
import io.github.ccsidbench.stats.Stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the accuracy check in pairs measured, as accuracy.json holds it: every pair's readings, and per reading (an arm,
 * or one way of reading an arm's series) each figure's bias against the long fork with its paired interval, the pooled
 * bias over the figures, and the answer's ratios. The report reads the part it quotes with {@link AccuracyRecord}.
 *
 * @param cpu the CPU model, as environment.json names it
 * @param cpuClass the vector class of the forks
 * @param jdk the forks' java.version
 * @param date when the check started (UTC)
 * @param seconds how long it took
 * @param longOptions the long fork's JMH options ("none": the first arm is the reference)
 * @param jvmArgs every fork's JVM options
 * @param arms the arms beside the long fork
 * @param target the half-width a figure stops at
 * @param maxPairs the most pairs a figure gets
 * @param reference the reading every other is held against
 * @param pooled per reading, the pooled bias ("suite" first: the one the report quotes)
 * @param figures per reading and figure, its bias
 * @param ratios per reading, the answer's ratios against the reference's
 * @param sentBack why pairs were measured again, with counts
 * @param pairs every pair kept, in the order measured
 */
record AccuracyResult(String cpu, String cpuClass, String jdk, String date, long seconds, String longOptions,
                      List<String> jvmArgs, List<String> arms, double target, int maxPairs, String reference,
                      List<AccuracyRecord.Pooled> pooled, List<FigureBias> figures, List<Ratio> ratios,
                      Map<String, Integer> sentBack, List<Pair> pairs) {

    /** The long fork's default JMH options: the checks the issue names, 5 x 1 s warm-up, 5 x 2 s measured. */
    static final String LONG_OPTIONS = "-wi 5 -w 1s -i 5 -r 2s";
    static final String JSON = AccuracyRecord.JSON;
    static final String MARKDOWN = "accuracy.md";

    /**
     * One pair (or tuple) of forks measured one after the other.
     *
     * @param figure the figure's name
     * @param round its round
     * @param order the arms in the order run
     * @param readings every reading, ns/op ("long", "suite", "series:late", ...; counts such as "suite:iterations" too)
     * @param ended when the last fork ended
     */
    record Pair(String figure, int round, List<String> order, Map<String, Double> readings, String ended) {

        String describe() {
            StringBuilder sb = new StringBuilder();
            readings.forEach((k, v) -> {
                if (isLevel(k)) {
                    sb.append(sb.length() == 0 ? "" : ", ").append(k).append(' ').append(String.format(Locale.ROOT, "%.1f", v));
                }
            });
            return sb.toString();
        }
    }

    /**
     * One figure's bias by one reading.
     *
     * @param reading the reading held against the reference
     * @param figure the figure
     * @param pairs pairs with both readings
     * @param bias exp(centre of the log ratios) - 1, the centre by Hodges-Lehmann ({@link PairedBias#signedRank})
     * @param low lower end of its 95% signed-rank interval, as a relative difference
     * @param high upper end
     * @param halfWidth relative half-width
     * @param meanBias exp(mean log ratio) - 1: the same pairs read by their mean, for comparison
     * @param meanHalfWidth the relative half-width of the mean's paired t interval
     * @param level the reading's geometric mean over the pairs, ns/op
     * @param referenceLevel the reference's, over the same pairs
     * @param ratios every pair's ratio, in order
     */
    record FigureBias(String reading, String figure, int pairs, double bias, double low, double high, double halfWidth,
                      double meanBias, double meanHalfWidth, double level, double referenceLevel, List<Double> ratios) {

        FigureBias named(String name) {
            return new FigureBias(name, figure, pairs, bias, low, high, halfWidth, meanBias, meanHalfWidth, level,
                    referenceLevel, ratios);
        }

        double[] logRatios() {
            return ratios.stream().mapToDouble(Math::log).toArray();
        }

        /** The log-scale standard error its 95% interval implies (width over 2 x 1.96); infinite with fewer than 2 pairs. */
        double logStandardError() {
            return (Math.log1p(high) - Math.log1p(low)) / (2 * Stats.Z95);
        }
    }

    /**
     * One of the answer's ratios by one reading: the reference's ratio of two figures' levels, and the reading's as the two
     * figures' estimated biases move it, with the difference's 95% interval (the two figures' pairs are separate forks, so
     * their log-scale standard errors add in quadrature). The interval says whether a difference is more than the two
     * figures' noise.
     *
     * @param reading the reading
     * @param name "encode 37 / floor encode"
     * @param value the reading's ratio: reference x (1 + difference)
     * @param reference the reference's ratio: the geometric means of its forks over the pairs
     * @param difference (1 + bias of the first figure) / (1 + bias of the second) - 1
     * @param low lower end of the difference's 95% interval, as a relative difference
     * @param high upper end
     */
    record Ratio(String reading, String name, double value, double reference, double difference, double low, double high) {

        /** The ratio of figures {@code a} over {@code b}, each read against the same reference. */
        static Ratio of(String reading, String name, FigureBias a, FigureBias b) {
            double ref = a.referenceLevel() / b.referenceLevel();
            double centre = Math.log1p(a.bias()) - Math.log1p(b.bias());
            double se = Math.hypot(a.logStandardError(), b.logStandardError());
            return new Ratio(reading, name, ref * Math.exp(centre), ref, Math.expm1(centre), Math.expm1(centre - Stats.Z95 * se),
                    Math.expm1(centre + Stats.Z95 * se));
        }
    }

    /** The answer's ratios: each conversion against its floor, and each INSERT against 37's. */
    static final List<String[]> ANSWER_RATIOS = answerRatios();

    private static List<String[]> answerRatios() {
        List<String[]> r = new ArrayList<>();
        for (String m : List.of("encode", "decode")) {
            for (String ccsid : List.of("37", "367", "1208")) {
                r.add(new String[] {m + " " + ccsid, "floor " + m});
            }
        }
        for (String rows : List.of("ascii", "accented")) {
            for (String col : List.of("367", "1208", "367-direct")) {
                r.add(new String[] {"insert " + col + " " + rows, "insert 37 " + rows});
            }
        }
        return r;
    }

    /** The readings that are levels of a figure (not counts): the reference's and every arm's. */
    static List<String> levelReadings(List<Pair> pairs) {
        Set<String> out = new LinkedHashSet<>();
        for (Pair p : pairs) {
            p.readings().keySet().stream().filter(AccuracyResult::isLevel).forEach(out::add);
        }
        return List.copyOf(out);
    }

    /** The readings that count rather than time: every other reading is a level in ns/op. */
    private static final Set<String> COUNTS = Set.of("iterations", "kept", "warmup", "stop", "firstKept", "keptJitMillis", "jit-fixed-stop",
            "window-from", "window-to");

    private static boolean isLevel(String reading) {
        return !COUNTS.contains(reading.substring(reading.lastIndexOf(':') + 1));
    }

    /** The figure's bias by {@code reading} against {@code reference}, over its pairs with both. */
    static FigureBias bias(List<Pair> pairs, String figure, String reading, String reference) {
        List<Double> ratios = new ArrayList<>();
        double logLevel = 0;
        double logReference = 0;
        for (Pair p : pairs) {
            Double x = p.readings().get(reading);
            Double y = p.readings().get(reference);
            if (p.figure().equals(figure) && x != null && y != null && x > 0 && y > 0) {
                ratios.add(x / y);
                logLevel += Math.log(x);
                logReference += Math.log(y);
            }
        }
        double[] logs = ratios.stream().mapToDouble(Math::log).toArray();
        PairedBias.Estimate e = PairedBias.signedRank(logs);
        PairedBias.Estimate t = PairedBias.paired(logs);
        int n = ratios.size();
        return new FigureBias(reading, figure, n, e.bias(), Math.expm1(e.low()), Math.expm1(e.high()), e.halfWidth(),
                t.bias(), t.halfWidth(), Math.exp(logLevel / n), Math.exp(logReference / n), ratios);
    }

    /** Whether every reading's half-width for {@code figure} is at most {@code target}. */
    static boolean halfWidthsBelow(List<Pair> pairs, String figure, double target) {
        String reference = referenceOf(pairs);
        return levelReadings(pairs).stream().filter(r -> !r.equals(reference) && !r.contains(":"))
                .allMatch(r -> bias(pairs, figure, r, reference).halfWidth() <= target);
    }

    private static String referenceOf(List<Pair> pairs) {
        return pairs.isEmpty() ? "long" : pairs.get(0).readings().containsKey("long") ? "long"
                : pairs.get(0).readings().keySet().iterator().next();
    }

    static AccuracyResult of(String cpu, String cpuClass, String jdk, String date, long seconds, String longOptions,
                             List<String> jvmArgs, List<String> arms, double target, int maxPairs, List<Pair> pairs,
                             Map<String, Integer> sentBack) {
        String reference = referenceOf(pairs);
        List<String> figureNames = pairs.stream().map(Pair::figure).distinct().toList();
        List<FigureBias> figures = new ArrayList<>();
        List<AccuracyRecord.Pooled> pooled = new ArrayList<>();
        List<Ratio> ratios = new ArrayList<>();
        List<String[]> comparisons = new ArrayList<>();
        for (String reading : levelReadings(pairs)) {
            if (!reading.equals(reference)) {
                comparisons.add(new String[] {reading, reference});
            }
            // a second reading of one fork against the fork's own level: a suspect measured inside one JVM
            if (reading.contains(":") && !reading.substring(0, reading.indexOf(':')).equals(reference)) {
                comparisons.add(new String[] {reading, reading.substring(0, reading.indexOf(':'))});
            }
        }
        for (String[] comparison : comparisons) {
            String reading = comparison[0];
            String against = comparison[1];
            String name = against.equals(reference) ? reading : reading + " / " + against;
            List<PairedBias.Estimate> estimates = new ArrayList<>();
            Map<String, FigureBias> byFigure = new LinkedHashMap<>();
            for (String f : figureNames) {
                FigureBias b = bias(pairs, f, reading, against).named(name);
                if (b.pairs() == 0) {
                    continue;
                }
                figures.add(b);
                byFigure.put(f, b);
                // pooled from the figures' mean log ratios, the bias the issue defines, each with its t standard error (what
                // DerSimonian and Laird's weights need; the rank interval's width is conservative and would hide the
                // figures' spread, tau, which the report adds to every interval)
                estimates.add(PairedBias.paired(b.logRatios()));
            }
            PairedBias.Pooled p = PairedBias.pooled(estimates);
            long wide = byFigure.values().stream().filter(b -> b.halfWidth() > 0.03).count();
            long outside = byFigure.values().stream().filter(b -> b.low() > 0.03 || b.high() < -0.03).count();
            pooled.add(new AccuracyRecord.Pooled(name, p.figures(), p.bias(), Math.expm1(p.low()), Math.expm1(p.high()),
                    Math.sqrt(p.tau2()), (int) wide, (int) outside));
            for (String[] r : ANSWER_RATIOS) {
                FigureBias a = byFigure.get(r[0]);
                FigureBias b = byFigure.get(r[1]);
                if (a != null && b != null) {
                    ratios.add(Ratio.of(name, r[0] + " / " + r[1], a, b));
                }
            }
        }
        return new AccuracyResult(cpu, cpuClass, jdk, date, seconds, longOptions, jvmArgs, arms, target, maxPairs, reference,
                pooled, figures, ratios, sentBack, pairs);
    }
}
