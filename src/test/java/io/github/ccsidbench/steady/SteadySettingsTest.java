package io.github.ccsidbench.steady;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The settings' defaults and checks. */
class SteadySettingsTest {

    @Test
    void defaults() {
        SteadySettings d = SteadySettings.DEFAULT;
        assertEquals(0.03, d.equivalence());
        assertEquals(6, d.minSteady());
        assertEquals(0.05, d.targetHalfWidth());
        assertEquals(8, d.minIterations());
        assertEquals(40, d.maxIterations());
        assertEquals(0.10, d.slowPhase());
        assertEquals(4.0, d.penalty());
    }

    @Test
    void withMaxIterations() {
        assertEquals(100, SteadySettings.DEFAULT.withMaxIterations(100).maxIterations());
        assertEquals(8, SteadySettings.DEFAULT.withMaxIterations(100).minIterations());
        // A cap below the minimum lowers the minimum to it.
        assertEquals(5, SteadySettings.DEFAULT.withMaxIterations(5).minIterations());
        assertEquals(2.5, SteadySettings.DEFAULT.withPenalty(2.5).penalty());
    }

    @Test
    void rejectsNonsense() {
        assertThrows(IllegalArgumentException.class, () -> new SteadySettings(-0.1, 6, 0.02, 8, 40, 0.1, 4));
        assertThrows(IllegalArgumentException.class, () -> new SteadySettings(0.03, 1, 0.02, 8, 40, 0.1, 4));
        assertThrows(IllegalArgumentException.class, () -> new SteadySettings(0.03, 6, 0, 8, 40, 0.1, 4));
        assertThrows(IllegalArgumentException.class, () -> new SteadySettings(0.03, 6, 0.02, 8, 7, 0.1, 4));
        assertThrows(IllegalArgumentException.class, () -> new SteadySettings(0.03, 6, 0.02, 0, 40, 0.1, 4));
        assertThrows(IllegalArgumentException.class, () -> new SteadySettings(0.03, 6, 0.02, 8, 40, 0.02, 4));
        assertThrows(IllegalArgumentException.class, () -> new SteadySettings(0.03, 6, 0.02, 8, 40, 0.1, 0));
    }
}
