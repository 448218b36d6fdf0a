package io.github.ccsidbench.fidelity;

import io.github.ccsidbench.convert.BehaviourCatalogue;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.Providers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * All 63,488 BMP characters (surrogates aside) encoded, and all 36,101 double-byte codes and
 * 254 single bytes decoded, through every provider of each mixed EBCDIC CCSID; where the JDK, ICU4J and
 * JTOpen disagree is exactly what {@link MixedDifferences} says, counts and named characters alike. The
 * JDK's three ways of calling its charsets (String API, reused coder, stream) agree with one another on
 * every character and code. One CCSID per case, a few seconds each: the sweeps convert whole chunks.
 */
class MixedDifferencesTest {

    private static final List<String> PROVIDERS = List.of("jdk", "jdk-coder", "jdk-stream", "icu", "jt400");
    private static final List<String> LIBRARIES = List.of("jdk", "icu", "jt400");

    static Stream<Ccsid> mixed() {
        return CcsidRegistry.mixed().stream();
    }

    @ParameterizedTest
    @MethodSource("mixed")
    void theLibrariesDisagreeExactlyWhereTheFactsSay(Ccsid ccsid) {
        Map<String, MixedEbcdicSweep> sweeps = new LinkedHashMap<>();
        for (String name : PROVIDERS) {
            ConverterProvider p = Providers.byName(name);
            if (p.supports(ccsid)) {
                sweeps.put(name, MixedEbcdicSweep.of(p, ccsid));
            }
        }
        for (String style : List.of("jdk-coder", "jdk-stream")) {
            if (sweeps.containsKey(style)) {
                MixedEbcdicSweep.Differences d = MixedEbcdicSweep.differences(sweeps.get("jdk"), sweeps.get(style));
                assertEquals(List.of(), d.characters(), style + " encodes as jdk does");
                assertEquals(List.of(), d.doubleByteCodes(), style + " decodes as jdk does");
                assertEquals(List.of(), d.singleBytes(), style);
            }
        }
        for (MixedDifferences.Outcome o : MixedDifferences.outcomes()) {
            if (o.ccsid() == ccsid.number()) {
                int[] counts = sweeps.get(o.provider()).keptLostChanged();
                assertEquals(List.of(o.kept(), o.lost(), o.changed()), List.of(counts[0], counts[1], counts[2]),
                        o.provider() + " " + ccsid + ": kept, lost, changed");
                assertEquals(0x10000 - 0x800, counts[0] + counts[1] + counts[2]);
            }
        }
        assertEquals(LIBRARIES.stream().filter(sweeps::containsKey).count(),
                MixedDifferences.outcomes().stream().filter(o -> o.ccsid() == ccsid.number()).count(), "every library has its row");
        int pairs = 0;
        for (MixedDifferences.PairCount pc : MixedDifferences.pairs()) {
            if (pc.ccsid() == ccsid.number()) {
                MixedEbcdicSweep.Differences d = MixedEbcdicSweep.differences(sweeps.get(pc.first()), sweeps.get(pc.second()));
                assertEquals(List.of(pc.characters(), pc.doubleByteCodes(), pc.singleBytes()),
                        List.of(d.characters().size(), d.doubleByteCodes().size(), d.singleBytes().size()), d.summary());
                pairs++;
            }
        }
        long libraries = LIBRARIES.stream().filter(sweeps::containsKey).count();
        assertEquals(libraries * (libraries - 1) / 2, pairs, "every pair of libraries has its row");
        for (MixedDifferences.NamedCharacter c : MixedDifferences.characters()) {
            if (c.ccsid() == ccsid.number()) {
                String what = ccsid + " " + Characters.describe(c.codePoint());
                assertEquals(c.jdk(), MixedDifferences.describe(sweeps.get("jdk"), c.codePoint()), "jdk " + what);
                assertEquals(c.icu(), MixedDifferences.describe(sweeps.get("icu"), c.codePoint()), "icu " + what);
                assertEquals(c.jt400(), MixedDifferences.describe(sweeps.get("jt400"), c.codePoint()), "jt400 " + what);
            }
        }
        for (MixedDifferences.NamedCode c : MixedDifferences.codes()) {
            if (c.ccsid() == ccsid.number()) {
                String what = ccsid + " " + Integer.toHexString(c.code());
                assertEquals(c.jdk(), MixedDifferences.describeCode(sweeps.get("jdk"), c.code()), "jdk " + what);
                assertEquals(c.icu(), MixedDifferences.describeCode(sweeps.get("icu"), c.code()), "icu " + what);
                assertEquals(c.jt400(), MixedDifferences.describeCode(sweeps.get("jt400"), c.code()), "jt400 " + what);
            }
        }
    }

    @Test
    void theFactsNameTheKnownTroubleSpots() {
        List<Integer> named = MixedDifferences.characters().stream().map(MixedDifferences.NamedCharacter::codePoint).toList();
        assertTrue(named.containsAll(List.of(0x301C, 0xFF5E, 0x00A5, 0x005C, 0x203E, 0x2014, 0x2015, 0x2016, 0x2225, 0xFFE5,
                0x9AD9)), named.toString());
        assertTrue(MixedDifferences.characters().stream().allMatch(c -> !c.consequence().isBlank() && c.consequence().endsWith(".")));
        assertEquals(21, BehaviourCatalogue.ICU_WRONG_AT_END.size());
    }

    @Test
    void theSweepSplitsByShiftStateNotByByteValue() {
        byte[] bytes = {(byte) 0xC1, 0x01, 0x0E, 0x41, 0x01, 0x0F, 0x01, 0x0E, 0x42, 0x42, 0x0F, 0x01, 0x7F};
        List<byte[]> pieces = MixedEbcdicSweep.splitEncoded(bytes);
        assertEquals(List.of("c1", "0e41010f", "0e42420f", "7f"),
                pieces.stream().map(p -> java.util.HexFormat.of().formatHex(p)).toList(),
                "0x01 inside a double-byte run is half a character, not a separator");
    }
}
