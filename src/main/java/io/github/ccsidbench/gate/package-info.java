/**
 * The CI regression gate as an A/B experiment: a base (a commit built in a temporary worktree, a release's jar, or
 * this jar on another JVM) and the candidate measured on the same machine in one run, in pairs of forks (at the
 * same time or interleaved), each pair refereed by the machine ruler, compared by an exact signed-rank test with
 * confirmation pairs for suspects (the test and the confirmation looks' arithmetic are in {@code stats}). Writes gate.md, gate.json and gate-forks.json.
 *
 * <p>It depends on {@code suite} (plans, fork launching) and the packages below it; only the command line uses it.
 */
package io.github.ccsidbench.gate;
