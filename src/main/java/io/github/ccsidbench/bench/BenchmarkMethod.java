package io.github.ccsidbench.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Every benchmark method of the suite and the {@code @Param} keys it takes, named once for the plan, the gate and the
 * report; {@code BenchmarkMethodTest} holds it to JMH's {@code META-INF/BenchmarkList}, so a rename fails the build.
 */
public enum BenchmarkMethod {

    CONVERSION_ENCODE(ConversionBenchmark.class, "encode", Param.CCSID, Param.PROVIDER, Param.WORKLOAD, Param.LENGTH),
    CONVERSION_DECODE(ConversionBenchmark.class, "decode", Param.CCSID, Param.PROVIDER, Param.WORKLOAD, Param.LENGTH),
    CONVERSION_ROUND_TRIP(ConversionBenchmark.class, "roundTrip", Param.CCSID, Param.PROVIDER, Param.WORKLOAD, Param.LENGTH),
    SUBSTITUTION_ENCODE(SubstitutionBenchmark.class, "encodeSubstituting", Param.CCSID, Param.PROVIDER, Param.WORKLOAD, Param.LENGTH),
    DB2_INSERT_CLIENT(Db2PathBenchmark.class, "insertClient", Param.SHAPE, Param.ROWS),
    DB2_INSERT_SERVER(Db2PathBenchmark.class, "insertServer", Param.SHAPE, Param.ROWS, Param.COLUMN),
    DB2_INSERT(Db2PathBenchmark.class, "insert", Param.SHAPE, Param.ROWS, Param.COLUMN),
    DB2_SELECT_CLIENT(Db2PathBenchmark.class, "selectClient", Param.SHAPE, Param.ROWS, Param.COLUMN),
    FLOOR_ENCODE(FloorBenchmark.class, "isoEncode", Param.LENGTH),
    FLOOR_DECODE(FloorBenchmark.class, "isoDecode", Param.LENGTH),
    FLOOR_ROUND_TRIP(FloorBenchmark.class, "isoRoundTrip", Param.LENGTH),
    FLOOR_ARRAY_COPY(FloorBenchmark.class, "arrayCopy", Param.LENGTH),
    DATA_ENCODE(DataBenchmark.class, "encode", Param.PROVIDER, Param.CCSID),
    DATA_DECODE(DataBenchmark.class, "decode", Param.PROVIDER, Param.CCSID);

    /** The {@code @Param} keys of the benchmark classes. */
    public static final class Param {
        public static final String CCSID = "ccsid";
        public static final String PROVIDER = "provider";
        public static final String WORKLOAD = "workload";
        public static final String LENGTH = "length";
        public static final String SHAPE = "shape";
        public static final String ROWS = "rows";
        public static final String COLUMN = "column";

        private Param() {
        }
    }

    private final Class<?> benchmark;
    private final String method;
    private final List<String> params;

    BenchmarkMethod(Class<?> benchmark, String method, String... params) {
        this.benchmark = benchmark;
        this.method = method;
        this.params = List.of(params);
    }

    /** The benchmark class. */
    public Class<?> benchmark() {
        return benchmark;
    }

    /** The method's name, "encode". */
    public String method() {
        return method;
    }

    /** "ConversionBenchmark.encode": how results and reports name it. */
    public String shortName() {
        return benchmark.getSimpleName() + "." + method;
    }

    /** "io.github.ccsidbench.bench.ConversionBenchmark.encode": how JMH names it. */
    public String fullName() {
        return benchmark.getName() + "." + method;
    }

    /** The {@code @Param} keys the method takes, in no particular order. */
    public List<String> params() {
        return params;
    }

    /** The constant for a benchmark class and method, if the suite has it. */
    public static Optional<BenchmarkMethod> of(Class<?> benchmark, String method) {
        return Arrays.stream(values()).filter(m -> m.benchmark == benchmark && m.method.equals(method)).findFirst();
    }

    /** The methods of one benchmark class, in declaration order. */
    public static List<BenchmarkMethod> of(Class<?> benchmark) {
        return Arrays.stream(values()).filter(m -> m.benchmark == benchmark).toList();
    }
}
