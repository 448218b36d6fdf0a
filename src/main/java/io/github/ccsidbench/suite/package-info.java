/**
 * Runs the benchmark suite: the presets, the plan of valid benchmark combinations, forks started in interleaved
 * rounds until each settles (extra forks where they disagree, within a time budget), progress on stderr, and the
 * run's files written atomically at the end.
 *
 * <p>It depends on {@code steady} (the fork driver's protocol), {@code report} and {@code results} (what a run
 * writes) and the benchmark and model packages below them.
 */
package io.github.ccsidbench.suite;
