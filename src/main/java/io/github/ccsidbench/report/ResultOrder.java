package io.github.ccsidbench.report;

import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.results.BenchmarkResult;
import io.github.ccsidbench.workload.Workload;

import java.util.Comparator;
import java.util.List;

/** The one order every table lists results in: JDK, CCSID (registry order), workload, length, provider. */
public final class ResultOrder {

    private ResultOrder() {
    }

    public static final Comparator<BenchmarkResult> TABLE = Comparator
            .comparing((BenchmarkResult r) -> r.jvm().jdkVersion())
            .thenComparingInt(r -> r.param("ccsid").map(ResultOrder::ccsidIndex).orElse(-1))
            .thenComparingInt(r -> r.param("workload").map(ResultOrder::workloadIndex).orElse(-1))
            .thenComparingInt(r -> r.param("length").map(Integer::parseInt).orElse(0))
            .thenComparingInt(r -> r.param("provider").map(ResultOrder::providerIndex).orElse(-1))
            .thenComparing(BenchmarkResult::method);

    static int ccsidIndex(String ccsid) {
        try {
            return CcsidRegistry.all().indexOf(CcsidRegistry.lookup(ccsid));
        } catch (RuntimeException e) {
            return Integer.MAX_VALUE;
        }
    }

    static int workloadIndex(String workload) {
        try {
            return Workload.byId(workload).ordinal();
        } catch (RuntimeException e) {
            return Integer.MAX_VALUE;
        }
    }

    static int providerIndex(String provider) {
        List<String> names = Providers.all().stream().map(ConverterProvider::name).toList();
        int i = names.indexOf(provider);
        return i < 0 ? Integer.MAX_VALUE : i;
    }
}
