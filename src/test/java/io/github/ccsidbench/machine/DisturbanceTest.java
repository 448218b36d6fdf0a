package io.github.ccsidbench.machine;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The disturbance follows a seeded schedule at the duty cycle asked for, in bursts, and stops when its time is up. */
class DisturbanceTest {

    @Test
    void theScheduleIsSeededAndOnForTheDutyCycleInBursts() {
        Disturbance.Schedule s = new Disturbance.Schedule(7, 0.25, Duration.ofMillis(500), false);
        boolean[] plan = s.plan(4000);
        assertArrayEquals(plan, new Disturbance.Schedule(7, 0.25, Duration.ofMillis(500), false).plan(4000), "the same seed, the same schedule");
        assertFalse(Arrays.equals(plan, new Disturbance.Schedule(8, 0.25, Duration.ofMillis(500), false).plan(4000)));
        int on = 0;
        int runs = 0;
        for (int i = 0; i < plan.length; i++) {
            on += plan[i] ? 1 : 0;
            runs += plan[i] && (i == 0 || !plan[i - 1]) ? 1 : 0;
        }
        assertEquals(0.25, on / 4000.0, 0.03, "the duty cycle");
        assertTrue((double) on / runs > 1.2, "on-phases often last more than one slice: " + on + " slices in " + runs + " bursts");
        for (boolean b : new Disturbance.Schedule(1, 0, Duration.ofMillis(500), false).plan(100)) {
            assertFalse(b, "a duty cycle of 0 is never on");
        }
        assertThrows(IllegalArgumentException.class, () -> new Disturbance.Schedule(1, 1.5, Duration.ofMillis(500), false));
    }

    /** A regular schedule: on for a slice, off for slice x (1 - duty) / duty, alternating, so the share on is the duty. */
    @Test
    void aRegularScheduleAlternatesFixedPhases() {
        long[] phases = new Disturbance.Schedule(1, 0.45, Duration.ofMillis(300), true).phases(Duration.ofSeconds(60));
        long on = 0;
        long all = 0;
        for (int i = 0; i < phases.length; i++) {
            if (i < phases.length - 2) {
                assertEquals(i % 2 == 0 ? 300 : 367, phases[i], "phase " + i);
            }
            on += i % 2 == 0 ? phases[i] : 0;
            all += phases[i];
        }
        assertEquals(60_000, all);
        assertEquals(0.45, (double) on / all, 0.005);
        // a drawn schedule merges equal slices into phases; its share on follows the duty only on average
        long[] drawn = new Disturbance.Schedule(1, 0.45, Duration.ofMillis(300), false).phases(Duration.ofSeconds(60));
        assertEquals(60_000, java.util.Arrays.stream(drawn).sum());
        assertThrows(IllegalArgumentException.class, () -> new Disturbance(Disturbance.Kind.CPU,
                new Disturbance.Schedule(1, 0.45, Duration.ofMillis(300), true), 0.9));
    }

    @Test
    void eachKindRunsItsScheduleAndStops() throws InterruptedException {
        for (Disturbance.Kind kind : Disturbance.Kind.values()) {
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            long t0 = System.nanoTime();
            double share = new Disturbance(kind, new Disturbance.Schedule(3, 0.5, Duration.ofMillis(50), false), Double.NaN)
                    .run(Duration.ofMillis(400), new PrintStream(log, true, StandardCharsets.UTF_8));
            long millis = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(millis >= 390 && millis < 5000, kind + " ran " + millis + " ms");
            assertTrue(share >= 0 && share <= 1);
            String text = log.toString(StandardCharsets.UTF_8);
            assertTrue(text.startsWith("ccsid-bench disturb: " + kind.description()), text);
            assertTrue(text.contains("ccsid-bench disturb: done, on for "), text);
        }
    }
}
