package io.github.ccsidbench.accuracy;

import io.github.ccsidbench.bench.AnswerBenchmarks;
import io.github.ccsidbench.bench.ConversionBenchmark;
import io.github.ccsidbench.bench.Db2PathBenchmark;
import io.github.ccsidbench.bench.FloorBenchmark;
import io.github.ccsidbench.suite.BenchmarkCase;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures the accuracy check holds against long plain JMH forks: the answer's conversions and floors, and the
 * server's INSERT paths it rests on (docs/how-sure.md, "Accuracy").
 */
final class AccuracyFigures {

    private AccuracyFigures() {
    }

    /**
     * One figure: its short name and the benchmark it is.
     *
     * @param name "encode 37", "floor encode", "insert 367 accented"
     * @param c the benchmark
     */
    record Figure(String name, BenchmarkCase c) {
    }

    /** The 8 conversions and floors at 4096 characters: the JDK's encode and decode of 37, 367 and 1208, the two floors. */
    static List<Figure> conversions() {
        List<Figure> out = new ArrayList<>();
        for (String method : List.of("encode", "decode")) {
            for (int ccsid : AnswerBenchmarks.CCSIDS) {
                out.add(new Figure(method + " " + ccsid, new BenchmarkCase(ConversionBenchmark.class.getName(), method,
                        Map.of("ccsid", Integer.toString(ccsid), "provider", AnswerBenchmarks.PROVIDER,
                                "workload", AnswerBenchmarks.WORKLOAD, "length", "4096"), List.of())));
            }
            out.add(new Figure("floor " + method, new BenchmarkCase(FloorBenchmark.class.getName(),
                    method.equals("encode") ? "isoEncode" : "isoDecode", Map.of("length", "4096"), List.of())));
        }
        return out;
    }

    /** The server's INSERT into 37, 367, 1208 and 367-direct with ascii and accented rows. */
    static List<Figure> inserts() {
        List<Figure> out = new ArrayList<>();
        for (String rows : List.of("ascii", "accented")) {
            for (String column : List.of("37", "367", "1208", "367-direct")) {
                Map<String, String> params = new LinkedHashMap<>();
                params.put("shape", "article");
                params.put("rows", rows);
                params.put("column", column);
                out.add(new Figure("insert " + column + " " + rows,
                        new BenchmarkCase(Db2PathBenchmark.class.getName(), "insertServer", params, List.of())));
            }
        }
        return out;
    }

    /**
     * The figures of a name: {@code answer} (the 16: conversions and inserts), {@code conversions} (the 8), {@code fastest}
     * (UTF-8 encode and decode and the two floors), or a comma-separated list of figure names.
     */
    static List<Figure> named(String name) {
        List<Figure> all = new ArrayList<>(conversions());
        all.addAll(inserts());
        return switch (name) {
            case "answer" -> all;
            case "conversions" -> conversions();
            case "fastest" -> all.stream().filter(f -> List.of("encode 1208", "decode 1208", "floor encode", "floor decode")
                    .contains(f.name())).toList();
            default -> {
                List<Figure> chosen = new ArrayList<>();
                for (String n : name.split(",")) {
                    chosen.add(all.stream().filter(f -> f.name().equals(n.trim())).findFirst()
                            .orElseThrow(() -> new IllegalArgumentException("no figure named '" + n.trim() + "'")));
                }
                yield chosen;
            }
        };
    }
}
