package io.github.ccsidbench.convert;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.TreeMap;
import java.util.TreeSet;
import io.github.ccsidbench.ccsid.LineEnds;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * What one provider does with one CCSID beyond the plain table (line ends, substitution, best fits, characters written
 * wrongly at a string's end), as {@link BehaviourCatalogue} states it, so that {@link ExpectedEncoding} can predict the
 * exact bytes and the report can show what does not survive (docs/fidelity.md).
 */
public final class ConverterBehaviour {

    /** How many substitution bytes a supplementary character (a surrogate pair) gets. */
    public enum Unit {
        /** One substitution per unmappable code point (JDK, ICU). */
        CODE_POINT,
        /** One substitution per UTF-16 code unit: a supplementary character gets two (JTOpen). */
        CODE_UNIT
    }

    /** What happens to an unmappable Unicode Default_Ignorable_Code_Point (U+200B, U+FE0F, ...). */
    public enum Ignorables {
        /** Substituted like any other unmappable character. */
        SUBSTITUTE,
        /** Dropped: written as nothing (ICU's table-based converters). */
        DROP,
        /** Supplementary ones dropped, BMP ones substituted (ICU's algorithmic US-ASCII). */
        DROP_SUPPLEMENTARY
    }

    private final LineEnds lineEnds;
    private final byte[] substitution;
    private final Unit unit;
    private final Ignorables ignorables;
    private final boolean substitutesUnpairedSurrogates;
    private final char decodeSubstitution;
    private final List<String> notes;
    private final List<byte[]> otherSubstitutions;
    private final Map<Integer, Integer> bestFits;
    private final Set<Integer> wrongAtEnd;

    private ConverterBehaviour(LineEnds lineEnds, byte[] substitution, List<byte[]> otherSubstitutions, Unit unit,
                     Ignorables ignorables, boolean substitutesUnpairedSurrogates, char decodeSubstitution,
                     List<String> notes, Map<Integer, Integer> bestFits, Set<Integer> wrongAtEnd) {
        this.lineEnds = lineEnds;
        this.substitution = substitution.clone();
        this.otherSubstitutions = otherSubstitutions.stream().map(byte[]::clone).toList();
        this.unit = unit;
        this.ignorables = ignorables;
        this.substitutesUnpairedSurrogates = substitutesUnpairedSurrogates;
        this.decodeSubstitution = decodeSubstitution;
        this.notes = List.copyOf(notes);
        this.bestFits = Map.copyOf(bestFits);
        this.wrongAtEnd = Set.copyOf(wrongAtEnd);
    }

    /** Starts a description with the given substitution bytes; everything else as the JDK does. */
    public static Builder substituting(byte... substitution) {
        return new Builder(substitution);
    }

    /** The line-end convention, for EBCDIC CCSIDs; empty for the others. */
    public Optional<LineEnds> lineEnds() {
        return Optional.ofNullable(lineEnds);
    }

    /** The bytes written for one unmappable character (or one unpaired surrogate). */
    public byte[] substitution() {
        return substitution.clone();
    }

    /**
     * True when {@code bytes} are what this provider writes for characters it cannot hold: nothing (dropped), the
     * {@link #substitution()} once or more, or one of its {@link #otherSubstitutions()}.
     */
    public boolean isSubstitution(byte[] bytes) {
        return repeats(bytes, substitution) || otherSubstitutions.stream().anyMatch(other -> repeats(bytes, other));
    }

    private static boolean repeats(byte[] bytes, byte[] unit) {
        if (bytes.length % unit.length != 0) {
            return false;
        }
        for (int i = 0; i < bytes.length; i += unit.length) {
            if (!Arrays.equals(bytes, i, i + unit.length, unit, 0, unit.length)) {
                return false;
            }
        }
        return true;
    }

    /** The other byte sequences a mixed EBCDIC converter writes for some unmappable characters (see {@link #isSubstitution}). */
    public List<byte[]> otherSubstitutions() {
        return otherSubstitutions.stream().map(byte[]::clone).toList();
    }

    public Unit unit() {
        return unit;
    }

    public Ignorables ignorables() {
        return ignorables;
    }

    /** True when an unpaired surrogate becomes the substitution; false when the output is undefined (see the notes). */
    public boolean substitutesUnpairedSurrogates() {
        return substitutesUnpairedSurrogates;
    }

    /** The character a byte with no mapping decodes to (U+FFFD for the JDK and ICU). */
    public char decodeSubstitution() {
        return decodeSubstitution;
    }

    /** The look-alike this provider writes for {@code cp} where the CCSID cannot hold it (JTOpen's best fits); else empty. */
    public OptionalInt bestFit(int cp) {
        Integer to = bestFits.get(cp);
        return to == null ? OptionalInt.empty() : OptionalInt.of(to);
    }

    /** Every best fit, from the character to its look-alike. */
    public Map<Integer, Integer> bestFits() {
        return bestFits;
    }

    /**
     * True when this provider writes {@code cp} wrongly as a string's last character (ICU4J in 1390 and 1399;
     * docs/fidelity.md, "Named characters").
     */
    public boolean writesWrongAtEnd(int cp) {
        return wrongAtEnd.contains(cp);
    }

    /** The same behaviour without the end-of-string quirk: how the provider writes a string's characters before its end. */
    public ConverterBehaviour withoutWrongAtEnd() {
        return new ConverterBehaviour(lineEnds, substitution, otherSubstitutions, unit, ignorables, substitutesUnpairedSurrogates,
                decodeSubstitution, notes, bestFits, Set.of());
    }

    /** Every character {@link #writesWrongAtEnd} holds for. */
    public Set<Integer> wrongAtEnd() {
        return wrongAtEnd;
    }

    /** Quirks worth telling users, one sentence each. */
    public List<String> notes() {
        return notes;
    }

    /** Builds a {@link ConverterBehaviour}; defaults are the JDK's behaviour. */
    public static final class Builder {
        private final byte[] substitution;
        private LineEnds lineEnds;
        private Unit unit = Unit.CODE_POINT;
        private Ignorables ignorables = Ignorables.SUBSTITUTE;
        private boolean substitutesUnpairedSurrogates = true;
        private char decodeSubstitution = '\uFFFD';
        private final ArrayList<String> notes = new ArrayList<>();
        private final ArrayList<byte[]> otherSubstitutions = new ArrayList<>();
        private final Map<Integer, Integer> bestFits = new TreeMap<>();
        private final Set<Integer> wrongAtEnd = new TreeSet<>();

        private Builder(byte[] substitution) {
            this.substitution = substitution.clone();
        }

        public Builder lineEnds(LineEnds value) {
            this.lineEnds = value;
            return this;
        }

        /** Another byte sequence the provider writes for some unmappable characters (mixed EBCDIC: see {@link #isSubstitution}). */
        public Builder alsoSubstituting(byte... bytes) {
            otherSubstitutions.add(bytes.clone());
            return this;
        }

        public Builder unit(Unit value) {
            this.unit = value;
            return this;
        }

        public Builder ignorables(Ignorables value) {
            this.ignorables = value;
            return this;
        }

        /** Marks ill-formed UTF-16 input as unsupported, with the note saying what happens instead. */
        public Builder unpairedSurrogatesUnsupported(String whatHappens) {
            this.substitutesUnpairedSurrogates = false;
            notes.add(whatHappens);
            return this;
        }

        public Builder decodeSubstitution(char value) {
            this.decodeSubstitution = value;
            return this;
        }

        /** The provider writes {@code cp} as the bytes of {@code lookAlike}, where the CCSID cannot hold {@code cp}. */
        public Builder bestFit(int cp, int lookAlike) {
            bestFits.put(cp, lookAlike);
            return this;
        }

        /** The provider writes each of {@code cps} wrongly at the end of a string (see {@link ConverterBehaviour#writesWrongAtEnd}). */
        public Builder wrongAtEnd(Collection<Integer> cps) {
            wrongAtEnd.addAll(cps);
            return this;
        }

        public Builder note(String sentence) {
            notes.add(sentence);
            return this;
        }

        public ConverterBehaviour build() {
            return new ConverterBehaviour(lineEnds, substitution, otherSubstitutions, unit, ignorables, substitutesUnpairedSurrogates,
                    decodeSubstitution, notes, bestFits, wrongAtEnd);
        }
    }
}
