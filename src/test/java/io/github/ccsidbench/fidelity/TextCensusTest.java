package io.github.ccsidbench.fidelity;

import io.github.ccsidbench.ccsid.CcsidRegistry;
import io.github.ccsidbench.convert.Providers;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The streamed census against the plain reading it replaces: for seeded random texts (ASCII, accented and CJK letters,
 * emoji as surrogate pairs, lone surrogates, line ends), cut into chunks at random places (a pair split between two),
 * what a converter loses, changes and where, counted from the census, equals a character-by-character walk of the
 * whole String as {@code fidelity} read it before it streamed.
 */
class TextCensusTest {

    /** What decoded input can hold (a decoder turns an unpaired surrogate into U+FFFD): pieces of every kind. */
    private static final String[] PIECES = {"a", "Z", " ", "\n", "\r", "é", "ł", "ą", "€", "日", "ｶ", "\uD83D\uDE00", "\uFFFD",
            "\u0085", "ß", "\uD840\uDC0B"};

    /** The reading before streaming: a walk over the whole String, as RoundTripAnalysis.analyse did. */
    private static RoundTripAnalysis.Result walk(RoundTripAnalysis a, String text, int max) {
        long characters = 0;
        long lost = 0;
        long changed = 0;
        List<RoundTripAnalysis.Example> examples = new ArrayList<>();
        long line = 1;
        long column = 1;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            RoundTripAnalysis.CharacterFate f = a.fate(cp);
            characters++;
            if (f.fate() != RoundTripAnalysis.Fate.KEPT) {
                if (f.fate() == RoundTripAnalysis.Fate.LOST) {
                    lost++;
                } else {
                    changed++;
                }
                if (examples.size() < max) {
                    examples.add(new RoundTripAnalysis.Example(cp, i, line, column, f.becomes()));
                }
            }
            if (cp == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
            i += Character.charCount(cp);
        }
        return new RoundTripAnalysis.Result(null, null, characters, lost, changed, examples);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void theStreamedCensusAnswersAsTheWholeText(long seed) {
        Random random = new Random(seed);
        StringBuilder sb = new StringBuilder();
        int n = 2000 + random.nextInt(3000);
        for (int i = 0; i < n; i++) {
            sb.append(PIECES[random.nextInt(PIECES.length)]);
        }
        String text = sb.toString();
        int max = random.nextInt(6);
        TextCensus census = new TextCensus(max);
        char[] chars = text.toCharArray();
        for (int from = 0; from < chars.length; ) {
            int len = Math.min(chars.length - from, 1 + random.nextInt(7)); // tiny chunks: pairs get split
            census.accept(chars, from, len);
            from += len;
        }
        census.finish();
        for (String ccsid : List.of("37", "367", "1208", "1047")) {
            for (String provider : List.of("jdk", "icu", "jt400")) {
                RoundTripAnalysis a = new RoundTripAnalysis(Providers.byName(provider), CcsidRegistry.lookup(ccsid));
                RoundTripAnalysis.Result expected = walk(a, text, max);
                RoundTripAnalysis.Result streamed = a.analyse(census, max);
                String what = ccsid + "/" + provider + " seed " + seed;
                assertEquals(expected.characters(), streamed.characters(), what);
                assertEquals(expected.lost(), streamed.lost(), what);
                assertEquals(expected.changed(), streamed.changed(), what);
                assertEquals(expected.examples(), streamed.examples(), what);
            }
        }
        assertEquals(text.codePoints().distinct().count(), census.distinct());
        assertEquals(text.codePoints().count(), census.characters());
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {11, 12, 13})
    void loneSurrogatesAreCountedAsStringReadsThem(long seed) {
        Random random = new Random(seed);
        String[] pieces = {"a", "\n", "\uD800", "\uDC00", "\uD83D\uDE00", "é"};
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            sb.append(pieces[random.nextInt(pieces.length)]);
        }
        String text = sb.toString();
        TextCensus census = new TextCensus(2);
        char[] chars = text.toCharArray();
        for (int from = 0; from < chars.length; ) {
            int len = Math.min(chars.length - from, 1 + random.nextInt(3));
            census.accept(chars, from, len);
            from += len;
        }
        census.finish();
        assertEquals(text.codePoints().count(), census.characters());
        java.util.Map<Integer, Long> counts = new java.util.TreeMap<>();
        text.codePoints().forEach(cp -> counts.merge(cp, 1L, Long::sum));
        java.util.Map<Integer, Long> censused = new java.util.TreeMap<>();
        census.forEach((cp, count, first) -> censused.put(cp, count));
        assertEquals(counts, censused);
    }
}
