package io.github.ccsidbench.accuracy;

import io.github.ccsidbench.steady.SteadySettings;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The series readings on series whose truth is known: a JVM that gets 10% faster at 4 s of age reads its rule's level
 * at the young speed and its {@code long-window} reading (the long fork's 5 s to 15 s) at the old one.
 */
class SeriesReadingsTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void theLongWindowReadsTheSpeedOfTheLongForksSecondsOfAge(long seed) {
        Random random = new Random(seed);
        double[] series = new double[160];
        for (int i = 0; i < series.length; i++) {
            double level = i < 3 ? 300 : i < 40 ? 100 : 90; // warm-up, young, old
            series[i] = level * (1 + 0.005 * random.nextGaussian());
        }
        Map<String, Double> r = SeriesReadings.of(series, null, null, 100, SteadySettings.DEFAULT);
        assertEquals(100, r.get("rule"), 1.5, r.toString());
        assertEquals(90, r.get("long-window"), 0.5, r.toString());
        assertEquals(90, r.get("late"), 0.5, r.toString());
        assertTrue(r.get("stop") < 40, "the rule stops while the JVM is young: " + r);
    }

    @ParameterizedTest
    @ValueSource(ints = {60, 149})
    void aSeriesShorterThanTheLongWindowHasNoSuchReading(int length) {
        double[] series = new double[length];
        java.util.Arrays.fill(series, 100);
        assertFalse(SeriesReadings.of(series, null, null, 100, SteadySettings.DEFAULT).containsKey("long-window"));
    }
}
