/**
 * The report a run writes (report.md, a self-contained report.html, charts, CSV, summary.md): the article's table
 * measured, the JVM side, the mixed EBCDIC CCSIDs, a cost model, fidelity, the reference codec against the floor,
 * steadiness and the environment, and the capacity plan. One rule decides every claimed ranking
 * ({@link io.github.ccsidbench.report.Comparison}). Beside the report: the calibration of two runs and the accuracy check's
 * analysis (the suite against long plain JMH runs), whose committed results the report's "How sure" line quotes.
 *
 * <p>It reads results only ({@code results}, {@code stats}) and the model packages below it; it never runs a
 * benchmark.
 */
package io.github.ccsidbench.report;
