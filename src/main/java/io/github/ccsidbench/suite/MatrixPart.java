package io.github.ccsidbench.suite;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.workload.Workload;

import java.util.List;
import java.util.Set;

/**
 * One slice of a preset's conversion matrix, so that a preset can be a union of parts (say, one more length for encode
 * and decode only; duplicates are measured once).
 *
 * @param methods the ConversionBenchmark methods; empty for all of them
 * @param ccsids CCSIDs to measure
 * @param workloads workloads to measure
 * @param lengths lengths to measure
 */
public record MatrixPart(Set<String> methods, List<Ccsid> ccsids, List<Workload> workloads, List<Integer> lengths) {

    public MatrixPart {
        methods = Set.copyOf(methods);
        ccsids = List.copyOf(ccsids);
        workloads = List.copyOf(workloads);
        lengths = List.copyOf(lengths);
    }

    /** Every operation. */
    public static MatrixPart all(List<Ccsid> ccsids, List<Workload> workloads, List<Integer> lengths) {
        return new MatrixPart(Set.of(), ccsids, workloads, lengths);
    }

    /** A copy with the user's choices in place of the preset's (null keeps the preset's). */
    MatrixPart narrowed(List<Ccsid> userCcsids, List<Workload> userWorkloads, List<Integer> userLengths) {
        return new MatrixPart(methods, userCcsids != null ? userCcsids : ccsids,
                userWorkloads != null ? userWorkloads : workloads, userLengths != null ? userLengths : lengths);
    }
}
