package io.github.ccsidbench.suite;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.workload.Workload;

import java.util.List;

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
 */
public record Selection(List<Ccsid> ccsids, List<ConverterProvider> providers, List<Workload> workloads,
                        List<Integer> lengths, String include, boolean substitution, String shape) {

    /** Everything the preset measures. */
    public static Selection everything() {
        return new Selection(null, null, null, null, ".*", false, null);
    }

    public Selection withCcsids(List<Ccsid> value) {
        return new Selection(value, providers, workloads, lengths, include, substitution, shape);
    }

    public Selection withProviders(List<ConverterProvider> value) {
        return new Selection(ccsids, value, workloads, lengths, include, substitution, shape);
    }

    public Selection withWorkloads(List<Workload> value) {
        return new Selection(ccsids, providers, value, lengths, include, substitution, shape);
    }

    public Selection withLengths(List<Integer> value) {
        return new Selection(ccsids, providers, workloads, value, include, substitution, shape);
    }

    public Selection withInclude(String value) {
        return new Selection(ccsids, providers, workloads, lengths, value, substitution, shape);
    }

    public Selection withSubstitution(boolean value) {
        return new Selection(ccsids, providers, workloads, lengths, include, value, shape);
    }

    public Selection withShape(String value) {
        return new Selection(ccsids, providers, workloads, lengths, include, substitution, value);
    }
}
