package io.github.ccsidbench.fidelity;

import io.github.ccsidbench.convert.BehaviourCatalogue;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.Providers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * All 63,488 BMP characters (surrogates aside) encoded, and all 36,101 double-byte codes and
 * 254 single bytes decoded, through every provider of each mixed EBCDIC CCSID; where the JDK, ICU4J and
 * JTOpen disagree is exactly what the counts below and {@link MixedDifferences}' named characters say. The
 * JDK's three ways of calling its charsets (String API, reused coder, stream) agree with one another on
 * every character and code. One CCSID per case, a few seconds each: the sweeps convert whole chunks.
 */
class MixedDifferencesTest {

    /** How many of the 63,488 BMP characters (surrogates aside) one provider keeps, loses and changes. */
    private record Outcome(int ccsid, String provider, int kept, int lost, int changed) {
    }

    /**
     * Where two providers disagree on one CCSID.
     *
     * @param characters BMP characters one maps and the other does not, or that they write differently
     * @param doubleByteCodes double-byte codes (of 36,101) they decode to different characters
     * @param singleBytes single bytes they decode to different characters
     */
    private record PairCount(int ccsid, String first, String second, int characters, int doubleByteCodes, int singleBytes) {
    }

    /** One double-byte code and what each library decodes it to. */
    private record NamedCode(int ccsid, int code, String jdk, String icu, String jt400) {
    }

    /** Kept, lost and changed BMP characters per CCSID and provider (the JDK's three styles alike: one row). */
    private static final List<Outcome> OUTCOMES = List.of(
            new Outcome(930, "jdk", 11_860, 51_575, 53), new Outcome(930, "icu", 11_862, 51_625, 1),
            new Outcome(930, "jt400", 21_252, 42_218, 18),
            new Outcome(939, "jdk", 11_860, 51_574, 54), new Outcome(939, "icu", 11_862, 51_625, 1),
            new Outcome(939, "jt400", 21_252, 42_218, 18),
            new Outcome(1390, "icu", 22_001, 41_486, 1),
            new Outcome(1399, "icu", 22_001, 41_486, 1), new Outcome(1399, "jt400", 22_003, 41_477, 8),
            new Outcome(933, "jdk", 10_972, 52_516, 0), new Outcome(933, "icu", 10_973, 52_515, 0),
            new Outcome(933, "jt400", 19_768, 43_713, 7),
            new Outcome(935, "jdk", 9_518, 53_969, 1), new Outcome(935, "icu", 9_520, 53_968, 0),
            new Outcome(935, "jt400", 32_567, 30_894, 27),
            new Outcome(937, "jdk", 20_235, 43_252, 1), new Outcome(937, "icu", 20_237, 43_251, 0),
            new Outcome(937, "jt400", 20_322, 43_164, 2));

    /** Disagreements per CCSID and pair of libraries (jdk-coder and jdk-stream agree with jdk everywhere). */
    private static final List<PairCount> PAIRS = List.of(
            new PairCount(930, "jdk", "icu", 53, 4, 1), new PairCount(930, "jdk", "jt400", 9_401, 9_395, 2),
            new PairCount(930, "icu", "jt400", 9_407, 9_399, 1),
            new PairCount(939, "jdk", "icu", 54, 5, 1), new PairCount(939, "jdk", "jt400", 9_400, 9_394, 2),
            new PairCount(939, "icu", "jt400", 9_407, 9_399, 1),
            new PairCount(1399, "icu", "jt400", 9, 8, 0),
            new PairCount(933, "jdk", "icu", 1, 0, 0), new PairCount(933, "jdk", "jt400", 8_803, 8_794, 0),
            new PairCount(933, "icu", "jt400", 8_802, 8_794, 0),
            new PairCount(935, "jdk", "icu", 2, 0, 1), new PairCount(935, "jdk", "jt400", 23_076, 23_249, 1),
            new PairCount(935, "icu", "jt400", 23_074, 23_249, 0),
            new PairCount(937, "jdk", "icu", 2, 0, 1), new PairCount(937, "jdk", "jt400", 98, 0, 94),
            new PairCount(937, "icu", "jt400", 96, 0, 93));

    /** The named double-byte codes on which the libraries disagree; a cell is the character a code decodes to, or "none". */
    private static final List<NamedCode> CODES = List.of(
            new NamedCode(930, 0x43A1, "U+FF5E", "U+301C", "U+FF5E"),
            new NamedCode(930, 0x444A, "U+2015", "U+2014", "U+2015"),
            new NamedCode(930, 0x447C, "U+2225", "U+2016", "U+2225"),
            new NamedCode(930, 0x426A, "U+FFE4", "U+00A6", "U+FFE4"),
            new NamedCode(930, 0x4260, "U+2212", "U+2212", "U+FF0D"),
            new NamedCode(930, 0x42E1, "none", "none", "U+20AC"),
            new NamedCode(1399, 0xE860, "–", "none", "U+32FF"),
            new NamedCode(1399, 0xE9F4, "–", "U+FF5E", "U+FF5E"));

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
                Differences d = differences(sweeps.get("jdk"), sweeps.get(style));
                assertEquals(List.of(), d.characters(), style + " encodes as jdk does");
                assertEquals(List.of(), d.doubleByteCodes(), style + " decodes as jdk does");
                assertEquals(List.of(), d.singleBytes(), style);
            }
        }
        for (Outcome o : OUTCOMES) {
            if (o.ccsid() == ccsid.number()) {
                int[] counts = keptLostChanged(sweeps.get(o.provider()));
                assertEquals(List.of(o.kept(), o.lost(), o.changed()), List.of(counts[0], counts[1], counts[2]),
                        o.provider() + " " + ccsid + ": kept, lost, changed");
                assertEquals(0x10000 - 0x800, counts[0] + counts[1] + counts[2]);
            }
        }
        assertEquals(LIBRARIES.stream().filter(sweeps::containsKey).count(),
                OUTCOMES.stream().filter(o -> o.ccsid() == ccsid.number()).count(), "every library has its row");
        int pairs = 0;
        for (PairCount pc : PAIRS) {
            if (pc.ccsid() == ccsid.number()) {
                Differences d = differences(sweeps.get(pc.first()), sweeps.get(pc.second()));
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
                assertEquals(c.jdk(), describe(sweeps.get("jdk"), c.codePoint()), "jdk " + what);
                assertEquals(c.icu(), describe(sweeps.get("icu"), c.codePoint()), "icu " + what);
                assertEquals(c.jt400(), describe(sweeps.get("jt400"), c.codePoint()), "jt400 " + what);
            }
        }
        for (NamedCode c : CODES) {
            if (c.ccsid() == ccsid.number()) {
                String what = ccsid + " " + Integer.toHexString(c.code());
                assertEquals(c.jdk(), describeCode(sweeps.get("jdk"), c.code()), "jdk " + what);
                assertEquals(c.icu(), describeCode(sweeps.get("icu"), c.code()), "icu " + what);
                assertEquals(c.jt400(), describeCode(sweeps.get("jt400"), c.code()), "jt400 " + what);
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
        List<byte[]> pieces = MixedAgreement.splitEncoded(bytes);
        assertEquals(List.of("c1", "0e41010f", "0e42420f", "7f"),
                pieces.stream().map(p -> HexFormat.of().formatHex(p)).toList(),
                "0x01 inside a double-byte run is half a character, not a separator");
    }

    /** How many BMP characters (surrogates aside) come back unchanged, are lost, or come back as another character. */
    private static int[] keptLostChanged(MixedEbcdicSweep sweep) {
        int[] counts = new int[3];
        for (int cp = 0; cp <= 0xFFFF; cp++) {
            if (!Character.isSurrogate((char) cp)) {
                counts[sweep.back(cp).equals(String.valueOf((char) cp)) ? 0 : sweep.lost(cp) ? 1 : 2]++;
            }
        }
        return counts;
    }

    /**
     * Where two sweeps of one CCSID disagree. A character counts when one maps it and the other does not, or
     * they write different bytes for it (substitutions are not told apart: 0x6F and 0x3F both lose it); a code
     * counts when they decode it to different text (U+FFFD and U+001A, both "no character", not told apart).
     */
    private static Differences differences(MixedEbcdicSweep a, MixedEbcdicSweep b) {
        assertEquals(a.ccsid(), b.ccsid());
        List<Integer> characters = new ArrayList<>();
        for (int cp = 0; cp <= 0xFFFF; cp++) {
            if (Character.isSurrogate((char) cp)) {
                continue;
            }
            boolean same = a.lost(cp) ? b.lost(cp) : !b.lost(cp) && Arrays.equals(a.encoded(cp), b.encoded(cp));
            if (!same) {
                characters.add(cp);
            }
        }
        List<Integer> codes = new ArrayList<>();
        for (int code : MixedEbcdicSweep.doubleByteCodes()) {
            if (!Objects.equals(unmapped(a.doubleByte(code)), unmapped(b.doubleByte(code)))) {
                codes.add(code);
            }
        }
        List<Integer> bytes = new ArrayList<>();
        for (int x = 0; x < 256; x++) {
            if (a.singleByte(x) != null && !Objects.equals(unmapped(a.singleByte(x)), unmapped(b.singleByte(x)))) {
                bytes.add(x);
            }
        }
        return new Differences(a.provider(), b.provider(), a.ccsid().number(), characters, codes, bytes);
    }

    /** U+FFFD and U+001A (what the libraries decode an undefined code to) as one "no character". */
    private static String unmapped(String text) {
        return text.equals("\uFFFD") || text.equals("\u001A") ? "" : text;
    }

    /**
     * Where two providers disagree on one mixed EBCDIC CCSID.
     *
     * @param characters the BMP characters they encode differently
     * @param doubleByteCodes the double-byte codes they decode differently
     * @param singleBytes the single bytes they decode differently
     */
    private record Differences(String first, String second, int ccsid, List<Integer> characters, List<Integer> doubleByteCodes,
                              List<Integer> singleBytes) {
        /** "jdk/icu 930: 12 characters, 3 double-byte codes, 1 single byte". */
        public String summary() {
            return String.format("%s/%s %d: %d characters, %d double-byte codes, %d single bytes", first, second, ccsid,
                    characters.size(), doubleByteCodes.size(), singleBytes.size());
        }
    }

    /** A provider's cell for double-byte code {@code code}, as {@link #CODES} holds it; "–" without a sweep. */
    private static String describeCode(MixedEbcdicSweep sweep, int code) {
        if (sweep == null) {
            return "–";
        }
        String text = sweep.doubleByte(code);
        return unmapped(text).isEmpty() ? "none" : codePoints(text);
    }

    /** A provider's cell for character {@code cp}, as {@link MixedDifferences}' named characters hold it; "–" without a sweep. */
    private static String describe(MixedEbcdicSweep sweep, int cp) {
        if (sweep == null) {
            return "–";
        }
        byte[] bytes = sweep.encoded(cp);
        String hex = HexFormat.ofDelimiter(" ").withUpperCase().formatHex(bytes);
        if (sweep.lost(cp)) {
            return "lost (" + (bytes.length == 0 ? "nothing" : hex) + ")";
        }
        String back = sweep.back(cp);
        return back.equals(String.valueOf((char) cp)) ? hex : hex + " → " + (back.isEmpty() ? "nothing" : codePoints(back));
    }

    private static String codePoints(String text) {
        return text.codePoints().mapToObj(c -> String.format(Locale.ROOT, "U+%04X", c)).collect(Collectors.joining(" "));
    }
}
