/**
 * The report a run writes, the capacity plan, and the calibration and accuracy records its "How sure" line quotes
 * (docs/output.md, "How to read the report"); one rule decides every claimed ranking
 * ({@link io.github.ccsidbench.report.Comparison}). It reads results only and never runs a benchmark.
 */
package io.github.ccsidbench.report;
