package io.github.ccsidbench.gate;

/**
 * When the gate warns and fails. Defaults: FAIL when at least 15% slower and significant, WARN from
 * 8%; allocation fails when it grows by more than max(5%, 16 B); a pass is unstable when its rulers
 * moved by more than 8% together (or one of them by more than 16%) between its start and its end.
 * (The rulers' own level moves by up to 5-7% between quiet phases of a pass on this machine, so 5%
 * re-ran a pass in three of eight.)
 *
 * @param failRatio slowdown (candidate / baseline, normalised) at which a significant change fails
 * @param warnRatio slowdown at which a significant change warns
 * @param alpha one-sided Mann-Whitney significance level
 * @param confidence level of the bootstrap interval of the ratio of medians
 * @param allocRelative allowed relative growth of bytes per operation
 * @param allocAbsolute allowed absolute growth of bytes per operation
 * @param rulerTolerance allowed drift of the rulers (together) between the start and the end of a pass
 */
public record GateThresholds(double failRatio, double warnRatio, double alpha, double confidence, double allocRelative,
                             double allocAbsolute, double rulerTolerance) {

    /** The stored-baseline gate's defaults. */
    public static final GateThresholds DEFAULT = new GateThresholds(1.15, 1.08, 0.01, 0.95, 0.05, 16, 0.08);
    /**
     * The A/B gate's defaults: FAIL from +8%, WARN from +4% (paired forks cancel the machine's drift, so the
     * gate can aim at +10% regressions; provisional until the A/A and power runs of the README calibrate them).
     */
    public static final GateThresholds AB = new GateThresholds(1.08, 1.04, 0.01, 0.95, 0.05, 16, 0.08);

    public GateThresholds {
        if (!(failRatio > 1 && warnRatio > 1 && warnRatio <= failRatio)) {
            throw new io.github.ccsidbench.CcsidBenchException("thresholds: need 1 < warn <= fail, not warn "
                    + warnRatio + ", fail " + failRatio);
        }
        if (!(alpha > 0 && alpha < 0.5 && confidence > 0.5 && confidence < 1 && rulerTolerance > 0)) {
            throw new io.github.ccsidbench.CcsidBenchException("thresholds: alpha must be in (0, 0.5), confidence in (0.5, 1),"
                    + " ruler tolerance above 0");
        }
    }
}
