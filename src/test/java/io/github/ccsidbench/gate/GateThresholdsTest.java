package io.github.ccsidbench.gate;

import io.github.ccsidbench.CcsidBenchException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Thresholds that could never judge (a warning above the failure, a level outside (0, 0.5)) are refused in one line. */
class GateThresholdsTest {

    @Test
    void thresholdsAreValidated() {
        CcsidBenchException order = assertThrows(CcsidBenchException.class, () -> new GateThresholds(1.05, 1.10, 0.01, 0.95, 0.05, 16));
        assertTrue(order.getMessage().contains("need 1 < warn <= fail") && !order.getMessage().contains("\n"), order.getMessage());
        CcsidBenchException alpha = assertThrows(CcsidBenchException.class, () -> new GateThresholds(1.15, 1.08, 0.7, 0.95, 0.05, 16));
        assertTrue(alpha.getMessage().contains("alpha must be in (0, 0.5)"), alpha.getMessage());
        assertThrows(CcsidBenchException.class, () -> new GateThresholds(1.15, 1.08, 0.01, 0.4, 0.05, 16));
    }
}
