package io.github.ccsidbench.steady;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The settings' defaults and checks. */
class SteadySettingsTest {

    /**
     * What the defaults do to a fork: a flat series (a level with 1% seeded noise) is not judged before its minimum
     * iterations and stops soon after; a series that keeps falling by 2% an iteration never looks steady and runs to the
     * cap.
     */
    @Test
    void theDefaultsStopAFlatForkEarlyAndLetAFallingOneRunToItsCap() {
        StoppingRule rule = new StoppingRule(SteadySettings.DEFAULT);
        java.util.Random random = new java.util.Random(42);
        double[] flat = new double[60];
        double[] falling = new double[60];
        for (int i = 0; i < flat.length; i++) {
            flat[i] = 100 * (1 + 0.01 * random.nextGaussian());
            falling[i] = 100 * Math.pow(0.98, i);
        }
        int flatStop = firstStop(rule, flat);
        assertTrue(flatStop >= SteadySettings.DEFAULT.minIterations() && flatStop <= 16, "a flat fork stopped after " + flatStop);
        assertEquals(SteadySettings.DEFAULT.maxIterations(), firstStop(rule, falling),
                "a falling fork never looks steady: it stops at its cap");
    }

    private static int firstStop(StoppingRule rule, double[] series) {
        for (int n = 1; n <= series.length; n++) {
            if (rule.done(java.util.Arrays.copyOf(series, n), null, null)) {
                return n;
            }
        }
        return -1;
    }

    @Test
    void withMaxIterations() {
        assertEquals(100, SteadySettings.DEFAULT.withMaxIterations(100).maxIterations());
        assertEquals(8, SteadySettings.DEFAULT.withMaxIterations(100).minIterations());
        // A cap below the minimum lowers the minimum to it.
        assertEquals(5, SteadySettings.DEFAULT.withMaxIterations(5).minIterations());
    }

    @Test
    void rejectsNonsense() {
        assertThrows(IllegalArgumentException.class, () -> new SteadySettings(-0.1, 6, 0.02, 8, 40, 0.1, 4, 1));
        assertThrows(IllegalArgumentException.class, () -> new SteadySettings(0.03, 1, 0.02, 8, 40, 0.1, 4, 1));
        assertThrows(IllegalArgumentException.class, () -> new SteadySettings(0.03, 6, 0, 8, 40, 0.1, 4, 1));
        assertThrows(IllegalArgumentException.class, () -> new SteadySettings(0.03, 6, 0.02, 8, 7, 0.1, 4, 1));
        assertThrows(IllegalArgumentException.class, () -> new SteadySettings(0.03, 6, 0.02, 0, 40, 0.1, 4, 1));
        assertThrows(IllegalArgumentException.class, () -> new SteadySettings(0.03, 6, 0.02, 8, 40, 0.02, 4, 1));
        assertThrows(IllegalArgumentException.class, () -> new SteadySettings(0.03, 6, 0.02, 8, 40, 0.1, 0, 1));
    }
}
