package io.github.ccsidbench.gate;

import io.github.ccsidbench.results.RunEnvironment;

import java.util.List;
import java.util.Map;

/**
 * Everything the A/B gate found, as gate.json holds it: one record, so gate.json and gate.md ({@link GateMarkdown}) agree.
 *
 * @param verdict the run's verdict (FAIL, CANNOT_TELL or PASS)
 * @param exitCode the gate's exit status
 * @param base the base side's label
 * @param candidate the candidate side's label
 * @param mode duet or interleaved, and the user's own fork arguments
 * @param environment where and how the run was made
 * @param thresholds when the gate warns and fails
 * @param pairs screening pairs every benchmark got
 * @param confirmationPairs the most further pairs a suspect got
 * @param comparisons every compared benchmark's verdict
 * @param newBenchmarks benchmarks only the candidate has
 * @param goneBenchmarks benchmarks only the base has
 * @param counts benchmarks per verdict name
 * @param pairsKept pairs kept
 * @param pairsRefereed pairs kept that the machine ruler refereed (both jars have its hooks)
 * @param pairsRulersApart pairs measured again or given up because their forks saw the machine ruler too far apart
 * @param basePlugins plug-in jars on the base side's class path ({@code --plugin})
 * @param candidatePlugins plug-in jars on the candidate side's class path
 * @param suspects benchmarks the screen could not clear, which got confirmation pairs
 * @param firstLooksBudget the {@code --budget} (minutes) that would have given every suspect its first look at this run's
 *        pace, where the budget stopped some before it (0: it stopped none)
 * @param command the gate's options as the user gave them, {@code --out} left out (empty for a bisection's gate)
 */
public record GateResult(String verdict, int exitCode, String base, String candidate, String mode, RunEnvironment environment,
                         GateThresholds thresholds, int pairs, int confirmationPairs, List<PairedComparison> comparisons,
                         List<String> newBenchmarks, List<String> goneBenchmarks, Map<String, Integer> counts,
                         int pairsKept, int pairsRefereed, int pairsRulersApart, List<String> basePlugins,
                         List<String> candidatePlugins, int suspects, int firstLooksBudget, List<String> command) {

    /** gate.json's text. */
    String toJson() {
        return GateFiles.PRETTY.toJson(this) + "\n";
    }
}
