/**
 * Everything that probes the machine the benchmarks run on: the CPU's model and vector extensions
 * ({@link io.github.ccsidbench.machine.CpuInfo}, the one reader of {@code /proc/cpuinfo}), the class of SIMD code
 * the JIT can emit there ({@link io.github.ccsidbench.machine.CpuClass}), the CPU time the hypervisor stole
 * ({@link io.github.ccsidbench.machine.CpuSteal}) and the machine ruler, the short lookup loop timed around every
 * iteration that tells a slow phase of the machine from a converter's cost
 * ({@link io.github.ccsidbench.machine.MachineRuler}); and a disturbance one can command, a co-runner that loads the
 * machine on a seeded schedule ({@link io.github.ccsidbench.machine.Disturbance}).
 *
 * <p>It depends on the JDK only: the machine ruler runs inside every benchmark fork, on the benchmark's thread.
 */
package io.github.ccsidbench.machine;
