/**
 * The JMH benchmarks: conversion (encode, decode, round trip), substitution, the Db2 paths, and the ISO-8859-1
 * floor every ratio is taken against. Each benchmark's {@code @Setup} proves, through
 * {@link io.github.ccsidbench.bench.VerifiedInputs}, that the converter's output is byte-exact to the oracle's, so a
 * fast wrong converter never produces a number.
 *
 * <p>The suite ({@code run}, {@code gate}) chooses the forks, iterations and {@code @Param} values per preset and runs
 * each fork through {@code steady.ForkDriver}, which overrides the benchmarks' annotations; they are what plain JMH
 * uses, e.g. {@code java -jar target/benchmarks.jar ConversionBenchmark -f 2}.
 *
 * <p>It depends on {@code db2}, {@code workload}, {@code convert}, {@code ccsid} and {@code machine} (the machine
 * ruler's iteration hooks).
 */
package io.github.ccsidbench.bench;
