package io.github.ccsidbench.fidelity;

import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.Providers;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RoundTripAnalysisTest {

    private static RoundTripAnalysis analysis(String provider, int ccsid) {
        return new RoundTripAnalysis(Providers.byName(provider), CcsidRegistry.byNumber(ccsid));
    }

    @Test
    void sortsCharactersIntoKeptLostAndChanged() {
        assertEquals(RoundTripAnalysis.Fate.KEPT, analysis("jdk", 37).fate('é').fate());
        assertEquals(RoundTripAnalysis.Fate.LOST, analysis("jdk", 367).fate('é').fate());
        assertEquals(RoundTripAnalysis.Fate.KEPT, analysis("jdk", 367).fate('?').fate(), "a real '?' survives");
        assertEquals(RoundTripAnalysis.Fate.CHANGED, analysis("jdk", 37).fate(0x85).fate(), "NEL becomes LF in IBM037");
        assertEquals("\n", analysis("jdk", 37).fate(0x85).becomes());
        assertEquals(RoundTripAnalysis.Fate.CHANGED, analysis("jt400", 37).fate(0x110).fate(), "best fit");
        assertEquals(RoundTripAnalysis.Fate.LOST, analysis("icu", 37).fate(0x200B).fate(), "dropped");
        assertEquals("", analysis("icu", 37).fate(0x200B).becomes());
        assertEquals(RoundTripAnalysis.Fate.LOST, analysis("jt400", 367).fate(0x1F600).fate(), "two substitution bytes");
    }

    @Test
    void countsAndLocatesWhatDoesNotSurviveInAText() {
        String text = "Straße\ncafé, naïve\n";
        RoundTripAnalysis.Result r = analysis("icu", 367).analyse(text, 2);
        assertEquals(text.length(), r.characters());
        assertEquals(3, r.lost());
        assertEquals(0, r.changed());
        List<RoundTripAnalysis.Example> ex = r.examples();
        assertEquals(2, ex.size());
        assertEquals(1, ex.get(0).line());
        assertEquals(5, ex.get(0).column());
        assertEquals("U+00DF 'ß' (LATIN SMALL LETTER SHARP S) at line 1, column 5 becomes U+001A (SUBSTITUTE)",
                ex.get(0).describe());
        assertEquals(2, ex.get(1).line());
        assertEquals(4, ex.get(1).column());
        assertTrue(analysis("jdk", 1208).analyse(text, 3).lossless());
    }

    @Test
    void bmpSummaryAndBytes() {
        RoundTripAnalysis.Result r = analysis("jdk", 1047).analyseBmp(0);
        assertEquals(0xF800, r.characters());
        assertEquals(0xF800 - 256, r.lost());
        assertEquals(0, r.changed());
        assertEquals(List.of(), analysis("jdk", 1047).bytesThatDoNotSurvive());
        List<int[]> jdk37 = analysis("jdk", 37).bytesThatDoNotSurvive();
        assertEquals(1, jdk37.size());
        assertEquals(0x25, jdk37.get(0)[0]);
        assertEquals(0x15, jdk37.get(0)[1]);
    }
}
