package io.github.ccsidbench.fidelity;

import java.util.Arrays;
import java.util.Comparator;
import io.github.ccsidbench.convert.ConverterBehaviour;
import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.convert.Converter;
import io.github.ccsidbench.convert.ConverterProvider;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one converter does to each character of a text, through encode and decode: kept, lost (substituted or dropped)
 * or changed (a merged line end, a best fit). For {@code fidelity} on users' text and the report's BMP table.
 */
public final class RoundTripAnalysis {

    /** What became of a character. */
    public enum Fate { KEPT, LOST, CHANGED }

    /** The fate of one code point, and what it came back as when it did not survive. */
    public record CharacterFate(int codePoint, Fate fate, String becomes) {
    }

    /** Where a character that did not survive stands in the text (line and column from 1). */
    public record Example(int codePoint, long index, long line, long column, String becomes) {
        /** "U+00E9 'é' at line 3, column 5 becomes '?'". */
        public String describe() {
            return Characters.describe(codePoint) + " at line " + line + ", column " + column + " becomes "
                    + (becomes.isEmpty() ? "nothing" : Characters.describe(becomes));
        }
    }

    /** The outcome for a whole text. */
    public record Result(String provider, Ccsid ccsid, long characters, long lost, long changed, List<Example> examples) {
        public boolean lossless() {
            return lost == 0 && changed == 0;
        }
    }

    private final Converter converter;
    private final ConverterBehaviour behaviour;
    private final Map<Integer, CharacterFate> cache = new HashMap<>();

    public RoundTripAnalysis(ConverterProvider provider, Ccsid ccsid) {
        this.converter = provider.open(ccsid);
        this.behaviour = provider.behaviour(ccsid);
    }

    /** What happens to one code point. */
    public CharacterFate fate(int codePoint) {
        return cache.computeIfAbsent(codePoint, this::classify);
    }

    /** As {@link #fate(int)} for a code point that ends a value converted on its own: lost where written wrong at an end. */
    public CharacterFate fateAtEnd(int codePoint) {
        CharacterFate inside = fate(codePoint);
        return behaviour.writesWrongAtEnd(codePoint) ? new CharacterFate(codePoint, Fate.LOST, "\uFFFD") : inside;
    }

    private CharacterFate classify(int codePoint) {
        String original = new String(Character.toChars(codePoint));
        byte[] bytes;
        String back;
        if (converter.ccsid().scheme().mixed()) {
            // Inside a string, as MixedAgreement reads it: ICU4J writes some characters wrong only at the very end.
            byte[] followed = converter.encode(original + MixedAgreement.SEPARATOR);
            bytes = Arrays.copyOf(followed, Math.max(0, followed.length - 1));
            String text = converter.decode(followed);
            back = text.endsWith(String.valueOf(MixedAgreement.SEPARATOR)) ? text.substring(0, text.length() - 1) : text;
        } else {
            bytes = converter.encode(original);
            back = converter.decode(bytes);
        }
        if (back.equals(original)) {
            return new CharacterFate(codePoint, Fate.KEPT, back);
        }
        return new CharacterFate(codePoint, behaviour.isSubstitution(bytes) ? Fate.LOST : Fate.CHANGED, back);
    }

    /** Analyses {@code text}, keeping up to {@code maxExamples} examples of what did not survive. */
    public Result analyse(String text, int maxExamples) {
        return analyse(TextCensus.of(text, maxExamples), maxExamples);
    }

    /** Analyses the text {@code census} counted, keeping up to {@code maxExamples} examples (the first in the text). */
    public Result analyse(TextCensus census, int maxExamples) {
        long[] lostChanged = new long[2];
        List<Example> examples = new ArrayList<>();
        census.forEach((cp, count, first) -> {
            CharacterFate f = fate(cp);
            if (f.fate() != Fate.KEPT) {
                lostChanged[f.fate() == Fate.LOST ? 0 : 1] += count;
                // A code point's first occurrences hold every one of its occurrences among the text's first maxExamples.
                first.stream().limit(maxExamples).forEach(o -> examples.add(new Example(cp, o.index(), o.line(), o.column(), f.becomes())));
            }
        });
        examples.sort(Comparator.comparingLong(Example::index));
        return new Result(converter.provider(), converter.ccsid(), census.characters(), lostChanged[0], lostChanged[1],
                List.copyOf(examples.subList(0, Math.min(maxExamples, examples.size()))));
    }

    /** Every BMP character but the surrogates, once each: how many are lost or changed, with examples. */
    public Result analyseBmp(int maxExamples) {
        StringBuilder all = new StringBuilder(0xF800);
        for (int cp = 0; cp <= 0xFFFF; cp++) {
            if (!Character.isSurrogate((char) cp)) {
                all.append((char) cp);
            }
        }
        return analyse(all.toString(), maxExamples);
    }

    /** For a single-byte CCSID, the bytes that do not survive decode then encode, as {byte, what comes back}; else empty. */
    public List<int[]> bytesThatDoNotSurvive() {
        List<int[]> out = new ArrayList<>();
        if (!converter.ccsid().scheme().singleByte()) {
            return out;
        }
        for (int b = 0; b < 256; b++) {
            byte[] again = converter.encode(converter.decode(new byte[]{(byte) b}));
            if (again.length != 1 || (again[0] & 0xFF) != b) {
                out.add(new int[]{b, again.length == 1 ? again[0] & 0xFF : -1});
            }
        }
        return out;
    }
}
