package io.github.ccsidbench.accuracy;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** An answer's ratio from two figures' biases: the centre moves by both biases, and the interval adds their errors. */
class AccuracyResultTest {

    private static AccuracyResult.FigureBias figure(String name, double logCentre, double logHalfWidth, double referenceLevel) {
        return new AccuracyResult.FigureBias("suite", name, 16, Math.expm1(logCentre), Math.expm1(logCentre - logHalfWidth),
                Math.expm1(logCentre + logHalfWidth), Double.NaN, Double.NaN, Double.NaN, Double.NaN, referenceLevel, List.of());
    }

    @Test
    void aRatiosIntervalAddsTheTwoFiguresStandardErrorsInQuadrature() {
        // encode reads 3% slow (log half-width 0.02), its floor 1% fast (0.02): the ratio reads exp(0.04) over the long
        // forks' 1200 / 400, with a log half-width of 0.02 x sqrt(2)
        AccuracyResult.Ratio r = AccuracyResult.Ratio.of("suite", "encode 37 / floor encode",
                figure("encode 37", 0.03, 0.02, 1200), figure("floor encode", -0.01, 0.02, 400));
        assertEquals(3.0, r.reference(), 1e-12);
        assertEquals(Math.expm1(0.04), r.difference(), 1e-12);
        assertEquals(3.0 * Math.exp(0.04), r.value(), 1e-12);
        assertEquals(Math.expm1(0.04 - 0.02 * Math.sqrt(2)), r.low(), 1e-12);
        assertEquals(Math.expm1(0.04 + 0.02 * Math.sqrt(2)), r.high(), 1e-12);
    }
}
