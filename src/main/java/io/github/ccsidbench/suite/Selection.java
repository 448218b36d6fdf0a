package io.github.ccsidbench.suite;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.workload.Workload;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The user's narrowing of a preset: each list, when given, replaces the preset's; the include
 * pattern (a JMH-style regular expression, found anywhere in the benchmark's name) filters methods.
 *
 * @param ccsids CCSIDs to measure instead of the preset's (null: the preset's); also selects Db2 column types
 * @param providers providers to measure instead of the preset's (null: the preset's)
 * @param workloads workloads instead of the preset's (null: the preset's)
 * @param lengths lengths instead of the preset's (null: the preset's)
 * @param include regular expression benchmark names must match
 * @param substitution also measure substitution for lossy combinations
 * @param shape row shape for the Db2 paths instead of the preset's (null: the preset's)
 * @param data a user's own rows to measure (null: none)
 */
public record Selection(List<Ccsid> ccsids, List<ConverterProvider> providers, List<Workload> workloads,
                        List<Integer> lengths, String include, boolean substitution, String shape, Data data) {

    /**
     * A user's rows, as the run has sampled them: where the forks read the sample, the column choices the Db2 paths
     * measure, and the CCSIDs the JVM side converts them to.
     *
     * @param sample the sample file the forks read (in the run's private space, {@link RunFolder#privateSpace})
     * @param columns the column choices (37, 367, 1208, the what-if, and any other CCSID asked for)
     * @param ccsids the CCSIDs of the JVM side
     * @param leftOut providers and CCSIDs ({@link #key}) the run's check left out of the JVM side: the provider treats
     *     a character of the rows in a way the catalogue of converter behaviour does not know
     */
    public record Data(Path sample, List<ColumnType> columns, List<Ccsid> ccsids,
                       Set<String> leftOut) {
        public Data {
            columns = List.copyOf(columns);
            ccsids = List.copyOf(ccsids);
            leftOut = Set.copyOf(leftOut);
        }

        /** The key of a provider and CCSID in {@link #leftOut}: "jt400/37". */
        public static String key(String provider, int ccsid) {
            return provider + "/" + ccsid;
        }

        /** True when the run's check left this provider and CCSID out of the application's side. */
        public boolean leftOut(String provider, Ccsid ccsid) {
            return leftOut.contains(key(provider, ccsid.number()));
        }
    }

    /** Everything the preset measures. */
    public static Selection everything() {
        return new Selection(null, null, null, null, ".*", false, null, null);
    }

    /** A copy that also measures a user's rows. */
    public Selection withData(Data value) {
        return new Selection(ccsids, providers, workloads, lengths, include, substitution, shape, value);
    }

    public Selection withCcsids(List<Ccsid> value) {
        return new Selection(value, providers, workloads, lengths, include, substitution, shape, data);
    }

    public Selection withProviders(List<ConverterProvider> value) {
        return new Selection(ccsids, value, workloads, lengths, include, substitution, shape, data);
    }

    public Selection withWorkloads(List<Workload> value) {
        return new Selection(ccsids, providers, value, lengths, include, substitution, shape, data);
    }

    public Selection withLengths(List<Integer> value) {
        return new Selection(ccsids, providers, workloads, value, include, substitution, shape, data);
    }

    public Selection withInclude(String value) {
        return new Selection(ccsids, providers, workloads, lengths, value, substitution, shape, data);
    }

    public Selection withSubstitution(boolean value) {
        return new Selection(ccsids, providers, workloads, lengths, include, value, shape, data);
    }

    public Selection withShape(String value) {
        return new Selection(ccsids, providers, workloads, lengths, include, substitution, value, data);
    }
}
