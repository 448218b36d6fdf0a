package io.github.ccsidbench.bench;

import io.github.ccsidbench.bench.BenchmarkMethod.Param;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.JdkProvider;
import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.db2.RowShape;
import io.github.ccsidbench.workload.Workload;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The benchmarks the answer rests on, named once for the scheduler (which measures them first, with more forks), for
 * {@code run --profile} (which samples them) and for the report (which quotes them): the encode and decode of English
 * text into the article's CCSIDs, the floors beside them, and the server's INSERT of the article's ASCII rows
 * (docs/method.md, "Extra forks: modes and wide intervals").
 */
public final class AnswerBenchmarks {

    /** The article's CCSIDs, in its order: 37, 367, 1208. */
    public static final List<Integer> CCSIDS = CcsidRegistry.core().stream().map(Ccsid::number).toList();
    /** The answer's text: English prose, the article's ASCII text. */
    public static final String WORKLOAD = Workload.ASCII_TEXT.id();
    /** The converter whose multiples of a copy the answer quotes: the JDK's String API. */
    public static final String PROVIDER = JdkProvider.Style.STRING.providerName();
    /** The providers the answer ranks ("fastest") and {@code run --profile} samples: the JDK, ICU4J and JTOpen. */
    public static final Set<String> RANKED = Set.of(PROVIDER, "icu", "jt400");
    /** The article's Db2 columns, with the what-if direct table beside 367: what {@code run --profile} samples. */
    public static final Set<String> COLUMNS = Set.of(ColumnType.EBCDIC_SBCS.id(), ColumnType.UNICODE_SBCS.id(),
            ColumnType.UNICODE_MIXED.id(), ColumnType.UNICODE_SBCS_DIRECT.id());

    private AnswerBenchmarks() {
    }

    /**
     * True for an encode or decode of the answer's text into one of the article's CCSIDs by one of {@code providers}, at
     * any length.
     *
     * @param shortName how results name the method, "ConversionBenchmark.encode"
     * @param params its parameters
     */
    public static boolean conversion(String shortName, Map<String, String> params, Set<String> providers) {
        return (shortName.equals(BenchmarkMethod.CONVERSION_ENCODE.shortName())
                || shortName.equals(BenchmarkMethod.CONVERSION_DECODE.shortName()))
                && WORKLOAD.equals(params.get(Param.WORKLOAD)) && providers.contains(params.get(Param.PROVIDER))
                && CCSIDS.stream().anyMatch(c -> Integer.toString(c).equals(params.get(Param.CCSID)))
                && params.get(Param.LENGTH) != null;
    }

    /** True for the floor's encode or decode, the copies the answer's multiples divide by. */
    public static boolean floor(String shortName) {
        return shortName.equals(BenchmarkMethod.FLOOR_ENCODE.shortName()) || shortName.equals(BenchmarkMethod.FLOOR_DECODE.shortName());
    }

    /** True for the server's INSERT of the article's ASCII rows into one of {@code columns} (by id). */
    public static boolean articleInsert(String shortName, Map<String, String> params, Set<String> columns) {
        return shortName.equals(BenchmarkMethod.DB2_INSERT_SERVER.shortName()) && RowShape.ARTICLE.equals(params.get(Param.SHAPE))
                && ROWS.equals(params.get(Param.ROWS)) && columns.contains(params.get(Param.COLUMN));
    }

    /** The parameters of the server's INSERT of ASCII rows of {@code shape} into {@code column}. */
    public static Map<String, String> serverParams(String shape, ColumnType column) {
        return Map.of(Param.SHAPE, shape, Param.ROWS, ROWS, Param.COLUMN, column.id());
    }

    /** The rows of the server's INSERT the answer quotes: the article's, ASCII. */
    private static final String ROWS = RowFlavour.ASCII.id();
}
