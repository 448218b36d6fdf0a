package io.github.ccsidbench.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report's reader of a committed accuracy check in pairs. */
class AccuracyRecordTest {

    /** A bias of +2% and a spread of 0.01 between figures: sigma^2 = ln(1.02)^2 + 0.01^2 on 15 degrees of freedom. */
    @Test
    void theBiasAndTheSpreadBetweenFiguresBecomeTheBetweenRunVariance() {
        AccuracyRecord r = new AccuracyRecord("AMD EPYC", "AVX-512 VBMI", "17.0.15", "2026-11-28", "-wi 5 -w 1s -i 5 -r 2s",
                List.of(new AccuracyRecord.Pooled("series:late", 16, 0.5, 0.4, 0.6, 0.1, 0, 0),
                        new AccuracyRecord.Pooled("suite:quiet", 16, -0.04, -0.06, -0.02, 0.03, 1, 0),
                        new AccuracyRecord.Pooled("suite", 16, 0.02, 0.01, 0.03, 0.01, 1, 0),
                        new AccuracyRecord.Pooled("suite:jmh-mean", 16, 0.04, 0.03, 0.05, 0.01, 1, 0),
                        new AccuracyRecord.Pooled("suite:rule", 16, -0.01, -0.02, 0.0, 0.01, 1, 0)));
        assertEquals(Math.log(1.02) * Math.log(1.02) + 0.0001, r.betweenRun().variance(), 1e-15, "the figure's error against plain JMH");
        assertEquals(15, r.betweenRun().dof());
        assertTrue(r.headline().startsWith("the suite's figures differ from long plain JMH forks (-wi 5 -w 1s -i 5 -r 2s) by +2.0% [+1.0%, +3.0%]")
                && r.headline().contains("quiet state, slow phases left out, reads -4.0% [-6.0%, -2.0%]"), r.headline());
    }

    /**
     * A check with the figures' reading only quotes that reading, and no quiet state; without a {@code suite:jmh-mean}
     * reading it measured the figure before it became the time per operation, and says so.
     */
    @Test
    void withoutTheQuietReadingTheFiguresReadingServesAlone() {
        AccuracyRecord r = new AccuracyRecord("AMD EPYC", "AVX-512 VBMI", "17.0.15", "2026-11-28", "-wi 5",
                List.of(new AccuracyRecord.Pooled("suite", 16, 0.02, 0.01, 0.03, 0.01, 1, 0)));
        assertEquals(Math.log(1.02) * Math.log(1.02) + 0.0001, r.betweenRun().variance(), 1e-15);
        assertTrue(!r.headline().contains("quiet") && r.headline().contains("by +2.0%"), r.headline());
        assertTrue(r.headline().startsWith("the suite's figures, when they were JMH's mean of their iterations (not yet the"
                + " time per operation), differed from long plain JMH forks"), r.headline());
    }

    /** A check measured before each fork's window (no {@code suite:rule} reading) says which figure its bias is of. */
    @Test
    void aCheckBeforeTheWindowSaysSo() {
        AccuracyRecord r = new AccuracyRecord("Intel Xeon", "AVX-512 VBMI", "17.0.15", "2026-11-30", "-wi 5",
                List.of(new AccuracyRecord.Pooled("suite", 16, -0.02, -0.03, -0.01, 0.0, 0, 0),
                        new AccuracyRecord.Pooled("suite:jmh-mean", 16, 0.01, 0.0, 0.02, 0.0, 0, 0)));
        assertTrue(r.headline().startsWith("the suite's figures, when the stopping rule chose their iterations (before each"
                + " fork's window), differed from long plain JMH forks (-wi 5) by -2.0%"), r.headline());
    }

    /**
     * The committed Intel checks: a run whose forks record no window (every committed run before 2026-11-30) is quoted
     * the check of that figure (rule-window-SLUG, no suite:rule reading), a run with windows the slug's, which has one.
     */
    @Test
    void aRunIsQuotedTheCheckOfTheFigureItMeasured() {
        String cpu = "Intel(R) Xeon(R) Processor (family 6, model 207, stepping 2)";
        AccuracyRecord before = AccuracyRecord.committed(cpu, "AVX-512 VBMI", "17.0.15", false).orElseThrow();
        AccuracyRecord windowed = AccuracyRecord.committed(cpu, "AVX-512 VBMI", "17.0.15", true).orElseThrow();
        assertTrue(before.reading(AccuracyRecord.RULE).isEmpty() && before.reading(AccuracyRecord.JMH_MEAN).isPresent(),
                before.headline());
        assertTrue(windowed.reading(AccuracyRecord.RULE).isPresent(), windowed.headline());
        assertTrue(windowed.headline().startsWith("the suite's figures differ"), windowed.headline());
        assertEquals(windowed, AccuracyRecord.committed(cpu, "AVX-512 VBMI", "17.0.15").orElseThrow());
    }

    /** A check that measured no suite reading gives nothing to quote. */
    @Test
    void noSuiteReadingNothingToQuote() {
        AccuracyRecord r = new AccuracyRecord("AMD EPYC", "AVX-512 VBMI", "17.0.15", "2026-11-28", "-wi 5", List.of());
        assertEquals("", r.headline());
        assertEquals(0, r.betweenRun().variance());
    }
}
