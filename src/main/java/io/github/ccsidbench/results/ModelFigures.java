package io.github.ccsidbench.results;

import io.github.ccsidbench.FileBeside;
import io.github.ccsidbench.CcsidBenchException;
import io.github.ccsidbench.bench.BenchmarkMethod;
import io.github.ccsidbench.bench.BenchmarkMethod.Param;
import io.github.ccsidbench.bench.Db2PathBenchmark;
import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.InsertTally;
import io.github.ccsidbench.db2.RowConversion;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.db2.RowGenerator;
import io.github.ccsidbench.db2.RowShape;
import io.github.ccsidbench.db2.ServerPath;
import com.google.gson.GsonBuilder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the Db2 model did with a run's rows, per shape, flavour and column, written by the run's own build beside
 * {@code results.json} so that a report shows the run's model, not the reporting build's (unknown without the file).
 *
 * @param entries one per shape, flavour and column the run measured
 */
public record ModelFigures(List<Entry> entries) {

    public static final String FILE = "model.json";

    /**
     * The model's figures for one column.
     *
     * @param shape the row shape
     * @param rows the row flavour
     * @param column the column type's id
     * @param paths the share of values per server path, by its label ("minor" to 0.8), in the paths' order
     * @param substitutedPerRow characters substituted per row
     * @param bytesPerRow the mean bytes of a row's values in the column's CCSID, before padding
     */
    public record Entry(String shape, String rows, String column, Map<String, Double> paths, double substitutedPerRow,
                        double bytesPerRow) {

        /** "20%": the share of values that took {@code path}. */
        public String share(ServerPath path) {
            return String.format(Locale.ROOT, "%.0f%%", 100 * paths.getOrDefault(path.label(), 0.0));
        }

        /** "minor 100%" or "minor 80%, major 20%". */
        public String describePaths() {
            StringBuilder sb = new StringBuilder();
            for (ServerPath p : ServerPath.values()) {
                if (paths.getOrDefault(p.label(), 0.0) > 0) {
                    sb.append(sb.length() == 0 ? "" : ", ").append(p.label()).append(' ').append(share(p));
                }
            }
            return sb.toString();
        }
    }

    public ModelFigures {
        entries = entries == null ? List.of() : List.copyOf(entries);
    }

    /** The figures of every generated shape, flavour and column among {@code results}' server INSERTs (not a user's rows). */
    public static ModelFigures of(List<BenchmarkResult> results) {
        Set<List<String>> keys = new LinkedHashSet<>();
        for (BenchmarkResult r : results) {
            if (r.shortName().equals(BenchmarkMethod.DB2_INSERT_SERVER.shortName())) {
                String shape = r.param(Param.SHAPE).orElse("");
                if (!shape.equals("data")) {
                    keys.add(List.of(shape, r.param(Param.ROWS).orElse(""), r.param(Param.COLUMN).orElse("")));
                }
            }
        }
        List<Entry> entries = new ArrayList<>();
        Map<List<String>, List<String[]>> rows = new LinkedHashMap<>();
        for (List<String> k : keys) {
            RowShape shape;
            try {
                shape = RowShape.named(k.get(0));
            } catch (CcsidBenchException e) {
                continue; // a shape file that is gone: its figures stay unknown
            }
            List<String[]> generated = rows.computeIfAbsent(k.subList(0, 2),
                    x -> RowGenerator.rows(shape, RowFlavour.byId(k.get(1)), Db2PathBenchmark.ROWS));
            RowConversion model = new RowConversion(shape, ColumnType.byId(k.get(2)));
            InsertTally tally = model.verify(generated);
            entries.add(new Entry(k.get(0), k.get(1), k.get(2), tally.pathShares(), (double) tally.substituted() / generated.size(),
                    generated.stream().mapToInt(model::valueBytes).average().orElse(Double.NaN)));
        }
        return new ModelFigures(entries);
    }

    /** The entry for one shape, flavour and column. */
    public Optional<Entry> find(String shape, String rows, String column) {
        return entries.stream().filter(e -> e.shape().equals(shape) && e.rows().equals(rows) && e.column().equals(column)).findFirst();
    }

    public String toJson() {
        return new GsonBuilder().setPrettyPrinting().serializeSpecialFloatingPointValues().create().toJson(this) + "\n";
    }

    /** The figures written beside {@code results}, if any; a malformed file is a one-line error. */
    public static Optional<ModelFigures> besides(Path results) {
        return FileBeside.read(results, FILE, ModelFigures.class, new GsonBuilder().create(),
                m -> m.entries() != null && m.entries().stream().allMatch(e -> e != null && e.shape() != null && e.paths() != null));
    }
}
