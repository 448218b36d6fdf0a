/**
 * Runs the benchmark suite: presets, the plan of valid combinations, forks in interleaved rounds until each settles,
 * progress, and the run's files written atomically. It uses {@code steady}, {@code report}, {@code results} and the
 * benchmark and model packages below them.
 */
package io.github.ccsidbench.suite;
