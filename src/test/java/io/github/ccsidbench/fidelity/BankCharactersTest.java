package io.github.ccsidbench.fidelity;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.ConverterProvider;
import io.github.ccsidbench.convert.Providers;
import io.github.ccsidbench.testing.Iconv;
import io.github.ccsidbench.testing.PublicCorpora;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a bank's names hold beyond the common repertoire, per converter and mixed EBCDIC CCSID, held to glibc's iconv
 * (an implementation of IBM's tables that shares no code with the JDK, ICU4J or JTOpen), run at test time: a character
 * beyond the BMP (U+20BB7, the "tsuchi-yoshi" of family names), a private-use character (U+E000, where user-defined
 * characters live in Unicode) and a half-width katakana (U+FF71). The facts docs/fidelity.md states ("Characters a
 * bank's names hold") are the table below: a library upgrade or a changed table that moves any of them fails here.
 */
class BankCharactersTest {

    /** The three characters, as code points. */
    static final int[] CHARACTERS = {0x20BB7, 0xE000, 0xFF71};

    /**
     * Per CCSID and provider, each character's outcome: "kept XX XX" (the bytes written, shift codes included) or "lost",
     * with "(iconv: ...)" beside it where iconv differs (nowhere, today). The JDK's three providers share one table and
     * are one row.
     */
    static final List<String> EXPECTED = List.of(
            "930 jdk: U+20BB7 lost; U+E000 kept 0E 69 41 0F; U+FF71 kept 81",
            "930 icu: U+20BB7 lost; U+E000 kept 0E 69 41 0F; U+FF71 kept 81",
            "930 jt400: U+20BB7 lost; U+E000 kept 0E 69 41 0F; U+FF71 kept 81",
            "939 jdk: U+20BB7 lost; U+E000 kept 0E 69 41 0F; U+FF71 kept 59",
            "939 icu: U+20BB7 lost; U+E000 kept 0E 69 41 0F; U+FF71 kept 59",
            "939 jt400: U+20BB7 lost; U+E000 kept 0E 69 41 0F; U+FF71 kept 59",
            "1390 icu: U+20BB7 lost; U+E000 kept 0E 69 41 0F; U+FF71 kept 81",
            "1399 icu: U+20BB7 lost; U+E000 kept 0E 69 41 0F; U+FF71 kept 59",
            "1399 jt400: U+20BB7 lost; U+E000 kept 0E 69 41 0F; U+FF71 kept 59",
            "933 jdk: U+20BB7 lost; U+E000 kept 0E D4 41 0F; U+FF71 lost",
            "933 icu: U+20BB7 lost; U+E000 kept 0E D4 41 0F; U+FF71 lost",
            "933 jt400: U+20BB7 lost; U+E000 kept 0E D4 41 0F; U+FF71 lost",
            "935 jdk: U+20BB7 lost; U+E000 kept 0E 76 41 0F; U+FF71 lost",
            "935 icu: U+20BB7 lost; U+E000 kept 0E 76 41 0F; U+FF71 lost",
            "935 jt400: U+20BB7 lost; U+E000 kept 0E 76 41 0F; U+FF71 lost",
            "937 jdk: U+20BB7 lost; U+E000 kept 0E C2 41 0F; U+FF71 lost",
            "937 icu: U+20BB7 lost; U+E000 kept 0E C2 41 0F; U+FF71 lost",
            "937 jt400: U+20BB7 lost; U+E000 kept 0E C2 41 0F; U+FF71 lost");

    @Test
    void eachConvertersOutcomeIsIconvsOrANamedDifference() {
        boolean hasIconv = Iconv.name(CcsidRegistry.lookup("930")).isPresent();
        assertTrue(hasIconv || !PublicCorpora.required(), "glibc's iconv with IBM930 is required here (" + PublicCorpora.REQUIRE + ")");
        Assumptions.assumeTrue(hasIconv, "glibc's iconv has no IBM930 on this machine");
        List<String> seen = new ArrayList<>();
        TreeSet<String> iconvMissing = new TreeSet<>();
        for (Ccsid ccsid : CcsidRegistry.mixed()) {
            if (Iconv.name(ccsid).isEmpty()) {
                iconvMissing.add(Integer.toString(ccsid.number()));
                continue;
            }
            Map<String, byte[]> iconv = Iconv.encode(ccsid, codePointStrings());
            for (ConverterProvider p : Providers.builtIn()) {
                List<String> outcomes = new ArrayList<>();
                if (p.name().equals("jdk-coder") || p.name().equals("jdk-stream") || p.name().equals("reference")
                        || !p.supports(ccsid)) {
                    continue;
                }
                RoundTripAnalysis analysis = new RoundTripAnalysis(p, ccsid);
                for (int cp : CHARACTERS) {
                    String ch = new String(Character.toChars(cp));
                    String mine = outcome(analysis.fate(cp), p.open(ccsid).encode(ch));
                    byte[] theirs = iconv.get(ch);
                    String oracle = theirs == null ? "lost" : "kept " + hex(theirs);
                    outcomes.add("U+" + Integer.toHexString(cp).toUpperCase() + " " + mine
                            + (mine.equals(oracle) ? "" : " (iconv: " + oracle + ")"));
                }
                seen.add(ccsid.number() + " " + p.name() + ": " + String.join("; ", outcomes));
            }
        }
        assertFalse(seen.isEmpty(), "no mixed CCSID that iconv has: " + iconvMissing);
        assertEquals(String.join("\n", EXPECTED), String.join("\n", seen),
                "the outcomes of U+20BB7, U+E000 and U+FF71 moved; docs/fidelity.md quotes them");
    }

    /**
     * A Korean bank's names: of the 11,172 modern Hangul syllables (U+AC00..U+D7A3), 933 holds the 2,620 of IBM's table
     * in the JDK and ICU4J, exactly iconv's set (so names such as 똠, 햏 and 뷁 are lost there), while JTOpen's 933
     * keeps all 11,172 (docs/fidelity.md, "Characters a bank's names hold").
     */
    @Test
    void koreanNamesKeepTheHangulSyllablesOfIbmsTableExceptInJtopen() {
        Ccsid korean = requireIconv("933");
        List<String> syllables = new ArrayList<>();
        for (int cp = 0xAC00; cp <= 0xD7A3; cp++) {
            syllables.add(String.valueOf((char) cp));
        }
        TreeSet<String> iconv = new TreeSet<>(Iconv.encode(korean, syllables).keySet());
        assertEquals(2620, iconv.size(), "iconv's IBM933 Hangul syllables");
        for (ConverterProvider p : Providers.builtIn()) {
            if (!List.of("jdk", "icu", "jt400").contains(p.name())) {
                continue;
            }
            TreeSet<String> kept = kept(p, korean, syllables);
            if (p.name().equals("jt400")) {
                assertEquals(syllables.size(), kept.size(), "JTOpen's 933 keeps every modern syllable");
            } else {
                assertEquals(iconv, kept, p.name() + "'s 933 keeps iconv's syllables, no more and no fewer");
                assertFalse(kept.contains("똠") || kept.contains("햏") || kept.contains("뷁"), p.name());
            }
        }
    }

    /**
     * A Traditional Chinese bank's names: 937 keeps 13,052 of Big5's 13,053 hanzi (not U+5F5D, whose variant U+5F5E it
     * holds instead), 40 of the CJK unified ideographs of the basic block (U+4E00..U+9FFF) that Big5 lacks, and none of Extension A,
     * in each library exactly as in iconv (docs/fidelity.md, "Characters a bank's names hold"). Big5's hanzi are what
     * the JDK's Big5 decodes from its two hanzi ranges, A440..C67E and C940..F9D5.
     */
    @Test
    void traditionalChineseNamesKeepBig5sHanziButOneAndNothingBeyond() {
        Ccsid traditional = requireIconv("937");
        List<String> big5 = big5Hanzi();
        assertEquals(13053, big5.size(), "Big5's hanzi: 5,401 frequent and 7,652 less frequent");
        java.util.Set<String> inBig5 = new java.util.HashSet<>(big5);
        List<String> beyond = new ArrayList<>();
        for (int cp = 0x4E00; cp <= 0x9FFF; cp++) {
            String s = String.valueOf((char) cp);
            if (Character.isIdeographic(cp) && !inBig5.contains(s)) {
                beyond.add(s);
            }
        }
        List<String> extensionA = new ArrayList<>();
        for (int cp = 0x3400; cp <= 0x4DBF; cp++) {
            if (Character.isIdeographic(cp)) {
                extensionA.add(String.valueOf((char) cp));
            }
        }
        Map<String, Integer> expected = Map.of("Big5", 13052, "beyond", 40, "Extension A", 0);
        Map<String, List<String>> sets = Map.of("Big5", big5, "beyond", beyond, "Extension A", extensionA);
        for (Map.Entry<String, List<String>> set : sets.entrySet()) {
            TreeSet<String> iconv = new TreeSet<>(Iconv.encode(traditional, set.getValue()).keySet());
            assertEquals(expected.get(set.getKey()), iconv.size(), "iconv's IBM937 keeps of " + set.getKey());
            for (String provider : List.of("jdk", "icu", "jt400")) {
                assertEquals(iconv, kept(Providers.byName(provider), traditional, set.getValue()),
                        provider + "'s 937 keeps iconv's characters of " + set.getKey());
            }
        }
        assertFalse(Iconv.encode(traditional, List.of("\u5F5D")).containsKey("\u5F5D"), "Big5's U+5F5D is not 937's");
        assertTrue(Iconv.encode(traditional, List.of("\u5F5E")).containsKey("\u5F5E"), "937 holds the variant U+5F5E");
    }

    /**
     * Taiwan's household registers write names in CNS 11643, whose planes 1 and 2 hold Big5's hanzi and planes 3 to 7
     * rarer ones: what 937 keeps of each plane's hanzi, in each library exactly as in iconv; a plane's characters beyond
     * the BMP it keeps in none (docs/fidelity.md, "Characters a bank's names hold"). A plane's hanzi are what the JDK's
     * EUC-TW (CNS 11643 planes 1 to 7) decodes from its codes (plane 1: XX YY; plane p: 8E A0+p XX YY).
     */
    @Test
    void taiwanNamesFromCnsPlanesThreeToSevenAreAlmostAllLostIn937() {
        // Planes 1 and 2 are Big5's hanzi (and radicals): 937 keeps every one the JDK's EUC-TW decodes from them.
        Ccsid traditional = requireIconv("937");
        for (int plane = 1; plane <= 7; plane++) {
            List<String> hanzi = cnsPlane(plane);
            List<String> bmp = hanzi.stream().filter(h -> h.length() == 1).toList();
            List<String> beyond = hanzi.stream().filter(h -> h.length() == 2).toList();
            assertEquals(CNS_PLANES[plane - 1][0], bmp.size(), "plane " + plane + "'s hanzi in the BMP");
            assertEquals(CNS_PLANES[plane - 1][1], beyond.size(), "plane " + plane + "'s hanzi beyond the BMP");
            TreeSet<String> iconv = bmp.isEmpty() ? new TreeSet<>() : new TreeSet<>(Iconv.encode(traditional, bmp).keySet());
            assertEquals(CNS_PLANES[plane - 1][2], iconv.size(), "iconv's IBM937 keeps of plane " + plane);
            for (String provider : List.of("jdk", "icu", "jt400")) {
                assertEquals(iconv, kept(Providers.byName(provider), traditional, bmp), provider + "'s 937 keeps iconv's of plane " + plane);
            }
            assertTrue(beyond.isEmpty() || Iconv.encode(traditional, beyond).isEmpty(), "937 keeps nothing beyond the BMP");
        }
    }

    /** Per CNS 11643 plane 1 to 7: its hanzi in the BMP, beyond it, and those 937 keeps. */
    private static final int[][] CNS_PLANES = {
            {5423, 0, 5423}, {7650, 0, 7650}, {6323, 71, 27}, {3810, 3476, 0}, {458, 8143, 0}, {227, 6158, 0}, {149, 6388, 0}};

    /** The hanzi the JDK's EUC-TW decodes from CNS 11643 plane {@code plane}'s 94 x 94 codes. */
    private static List<String> cnsPlane(int plane) {
        java.nio.charset.Charset eucTw = java.nio.charset.Charset.forName("x-EUC-TW");
        List<String> out = new ArrayList<>();
        for (int row = 0xA1; row <= 0xFE; row++) {
            for (int cell = 0xA1; cell <= 0xFE; cell++) {
                byte[] code = plane == 1 ? new byte[] {(byte) row, (byte) cell}
                        : new byte[] {(byte) 0x8E, (byte) (0xA0 + plane), (byte) row, (byte) cell};
                try {
                    String s = eucTw.newDecoder().decode(java.nio.ByteBuffer.wrap(code)).toString();
                    if (s.codePointCount(0, s.length()) == 1 && Character.isIdeographic(s.codePointAt(0))) {
                        out.add(s);
                    }
                } catch (java.nio.charset.CharacterCodingException e) {
                    // an unassigned code
                }
            }
        }
        return out;
    }

    /** The CCSID, when glibc's iconv has it; required where the build asks for the corpora ({@link PublicCorpora#required}). */
    private static Ccsid requireIconv(String number) {
        Ccsid ccsid = CcsidRegistry.lookup(number);
        boolean hasIconv = Iconv.name(ccsid).isPresent();
        assertTrue(hasIconv || !PublicCorpora.required(), "glibc's iconv with IBM" + number + " is required here (" + PublicCorpora.REQUIRE + ")");
        Assumptions.assumeTrue(hasIconv, "glibc's iconv has no IBM" + number + " on this machine");
        return ccsid;
    }

    /** The values of one BMP character each that {@code p} writes in {@code ccsid} and reads back unchanged. */
    private static TreeSet<String> kept(ConverterProvider p, Ccsid ccsid, List<String> values) {
        RoundTripAnalysis analysis = new RoundTripAnalysis(p, ccsid);
        TreeSet<String> kept = new TreeSet<>();
        for (String s : values) {
            if (analysis.fate(s.charAt(0)).fate() == RoundTripAnalysis.Fate.KEPT) {
                kept.add(s);
            }
        }
        return kept;
    }

    /** The hanzi the JDK's Big5 decodes from A440..C67E and C940..F9D5 (trail bytes 40..7E and A1..FE). */
    private static List<String> big5Hanzi() {
        java.nio.charset.Charset big5 = java.nio.charset.Charset.forName("Big5");
        List<String> out = new ArrayList<>();
        for (int lead = 0xA4; lead <= 0xF9; lead++) {
            for (int trail = 0x40; trail <= 0xFE; trail++) {
                int code = lead << 8 | trail;
                boolean hanzi = (code >= 0xA440 && code <= 0xC67E) || (code >= 0xC940 && code <= 0xF9D5);
                if (!hanzi || (trail > 0x7E && trail < 0xA1)) {
                    continue;
                }
                try {
                    String s = big5.newDecoder().decode(java.nio.ByteBuffer.wrap(new byte[]{(byte) lead, (byte) trail})).toString();
                    if (s.length() == 1 && Character.isIdeographic(s.charAt(0))) {
                        out.add(s);
                    }
                } catch (java.nio.charset.CharacterCodingException e) {
                    // an unassigned code in the range
                }
            }
        }
        return out;
    }

    private static String outcome(RoundTripAnalysis.CharacterFate fate, byte[] bytes) {
        return switch (fate.fate()) {
            case KEPT -> "kept " + hex(bytes);
            case LOST -> "lost";
            case CHANGED -> "changed to U+" + fate.becomes().codePoints().mapToObj(c -> Integer.toHexString(c).toUpperCase())
                    .reduce((a, b) -> a + " U+" + b).orElse("");
        };
    }

    private static List<String> codePointStrings() {
        List<String> out = new ArrayList<>();
        for (int cp : CHARACTERS) {
            out.add(new String(Character.toChars(cp)));
        }
        return out;
    }

    /**
     * docs/fidelity.md, "Named characters": in 1399 ICU4J and JTOpen write accented Latin letters as the same
     * double-byte characters (a lone one between a shift-out and a shift-in) and the euro as one byte; in 930 the JDK
     * and ICU4J lose them and JTOpen keeps them.
     */
    @Test
    void accentedLatinLettersAreDoubleByteIn1399AndLostIn930ButByJtopen() {
        Map<String, String> in1399 = Map.of("é", "0E D6 7E 0F", "ü", "0E D6 90 0F", "Ł", "0E D6 F9 0F", "Œ", "0E D7 4C 0F",
                "€", "E1");
        for (String provider : List.of("icu", "jt400")) {
            ConverterProvider p = Providers.builtIn().stream().filter(x -> x.name().equals(provider)).findFirst().orElseThrow();
            in1399.forEach((ch, bytes) -> assertEquals(bytes, hex(p.open(CcsidRegistry.lookup("1399")).encode(ch)), provider + " " + ch));
            String lossy = "Müller José";
            String back = p.open(CcsidRegistry.lookup("930")).decode(p.open(CcsidRegistry.lookup("930")).encode(lossy));
            assertEquals(provider.equals("jt400"), back.equals(lossy), provider + " in 930: " + back);
        }
    }

    private static String hex(byte[] b) {
        return HexFormat.ofDelimiter(" ").withUpperCase().formatHex(b);
    }
}
