package io.github.ccsidbench.fidelity;

import java.util.List;

/**
 * Where the JDK, ICU4J and JTOpen disagree on the mixed EBCDIC CCSIDs (docs/fidelity.md, "Named characters"). A cell:
 * "0E 43 A1 0F" (kept), "... → U+FF5E" (changed), "lost (6F)", "lost (nothing)", or "–" (no converter).
 */
public final class MixedDifferences {

    /** One named character and what each library does with it, and what follows for data crossing between them. */
    public record NamedCharacter(int ccsid, int codePoint, String jdk, String icu, String jt400, String consequence) {
    }

    private static final List<NamedCharacter> CHARACTERS = List.of(
            new NamedCharacter(930, 0x301C, "0E 43 A1 0F → U+FF5E", "0E 43 A1 0F", "0E 43 A1 0F → U+FF5E",
                    "WAVE DASH: one code, 0x43A1, for all three, but the JDK and JTOpen read it back as FULLWIDTH TILDE."),
            new NamedCharacter(930, 0xFF5E, "0E 43 A1 0F", "lost (0E FE FE 0F)", "0E 43 A1 0F",
                    "FULLWIDTH TILDE, what Windows-31J text holds: ICU4J cannot write it, the JDK and JTOpen write 0x43A1."),
            new NamedCharacter(930, 0x2014, "0E 44 4A 0F → U+2015", "0E 44 4A 0F", "0E 44 4A 0F → U+2015",
                    "EM DASH comes back from the JDK and JTOpen as HORIZONTAL BAR."),
            new NamedCharacter(930, 0x2015, "0E 44 4A 0F", "lost (0E FE FE 0F)", "0E 44 4A 0F",
                    "HORIZONTAL BAR, which the JDK and JTOpen decode 0x444A to, is lost in ICU4J."),
            new NamedCharacter(930, 0x2016, "0E 44 7C 0F → U+2225", "0E 44 7C 0F", "0E 44 7C 0F → U+2225",
                    "DOUBLE VERTICAL LINE comes back from the JDK and JTOpen as PARALLEL TO."),
            new NamedCharacter(930, 0x2225, "0E 44 7C 0F", "lost (0E FE FE 0F)", "0E 44 7C 0F",
                    "PARALLEL TO is lost in ICU4J."),
            new NamedCharacter(930, 0x00A6, "0E 42 6A 0F → U+FFE4", "0E 42 6A 0F", "0E 42 6A 0F → U+FFE4",
                    "BROKEN BAR comes back from the JDK and JTOpen as FULLWIDTH BROKEN BAR, which ICU4J cannot write."),
            new NamedCharacter(930, 0xFF0D, "0E 42 60 0F → U+2212", "lost (0E FE FE 0F)", "0E 42 60 0F",
                    "FULLWIDTH HYPHEN-MINUS: the JDK turns it into MINUS SIGN, ICU4J loses it; JTOpen turns MINUS SIGN into it."),
            new NamedCharacter(930, 0xFFE5, "0E 42 5B 0F", "0E 42 5B 0F", "0E 42 5B 0F",
                    "The fullwidth signs U+FFE0..U+FFE5 (cent, pound, not, macron, broken bar aside, yen): all three agree."),
            new NamedCharacter(930, 0x00A5, "5B", "5B", "5B",
                    "YEN SIGN is the single byte 0x5B in 930 (where 37 has '$'), 0xB2 in 939: all three agree."),
            new NamedCharacter(930, 0x005C, "B2", "B2", "B2",
                    "REVERSE SOLIDUS is 0xB2 in 930, 0xE0 in 939: all three agree; a yen sign is never a backslash here."),
            new NamedCharacter(930, 0x203E, "A1", "A1", "A1",
                    "OVERLINE is 0xA1 in 930 and TILDE 0xA0 (939: the reverse): all three agree."),
            new NamedCharacter(939, 0x00A5, "B2", "B2", "B2",
                    "YEN SIGN in 939: all three agree."),
            new NamedCharacter(939, 0x203E, "A0", "A0", "A0",
                    "OVERLINE in 939: all three agree."),
            new NamedCharacter(930, 0x4FE0, "0E 52 EC 0F → U+4FA0", "lost (0E FE FE 0F)", "0E B8 B4 0F",
                    "One of the JDK's one-way kanji mappings: written as a variant's code, read back as the variant."),
            new NamedCharacter(930, 0x9AD9, "0E 67 6B 0F", "0E 67 6B 0F", "0E 67 6B 0F",
                    "IBM extension kanji (U+9AD9, U+FA11, small roman numerals U+2170..): all three agree."),
            new NamedCharacter(930, 0x00E9, "lost (6F)", "lost (3F)", "0E D6 7E 0F",
                    "Latin-1 letters: JTOpen writes them in the double-byte extension (as 1390 does); the JDK and ICU4J lose them."),
            new NamedCharacter(930, 0x000E, "lost (6F)", "lost (3F)", "0E → nothing",
                    "JTOpen writes the control U+000E as the byte 0x0E, a shift-out: the text after it is misread."),
            new NamedCharacter(930, 0xFFFD, "lost (6F)", "0E FE FE 0F", "0E FE FE 0F",
                    "The JDK writes 0x6F, an EBCDIC '?', for everything it cannot hold: lost data looks like a question mark."),
            new NamedCharacter(1399, 0x301C, "–", "0E 43 A1 0F", "0E 43 A1 0F",
                    "In 1390 and 1399 WAVE DASH keeps 0x43A1 and FULLWIDTH TILDE has its own code, 0xE9F4 (next row)."),
            new NamedCharacter(1399, 0xFF5E, "–", "0E E9 F4 0F", "0E E9 F4 0F",
                    "So both survive: ICU4J and JTOpen agree (the JDK has no 1390 or 1399)."),
            new NamedCharacter(1399, 0x32FF, "–", "lost (0E FE FE 0F)", "0E E8 60 0F",
                    "SQUARE ERA NAME REIWA (2019): JTOpen writes 0xE860, ICU4J loses it."),
            new NamedCharacter(933, 0xFF5E, "lost (6F)", "lost (0E FE FE 0F)", "0E 49 54 0F → U+02DC",
                    "JTOpen best-fits FULLWIDTH TILDE to SMALL TILDE in 933; the JDK and ICU4J lose it."),
            new NamedCharacter(935, 0x6F22, "lost (6F)", "lost (0E FE FE 0F)", "0E 9D A2 0F",
                    "JTOpen's 935 holds traditional hanzi such as U+6F22 (23,076 characters beyond the JDK's); the JDK and ICU4J lose them."),
            new NamedCharacter(937, 0x00E6, "lost (6F)", "lost (3F)", "9C",
                    "JTOpen's 937 reads its single bytes as CCSID 37, so Latin-1 letters survive; the JDK and ICU4J lose them."),
            new NamedCharacter(937, 0x00A5, "lost (6F)", "lost (3F)", "B2",
                    "YEN SIGN in 937: only JTOpen keeps it."));

    private MixedDifferences() {
    }

    /** The named characters: the known trouble spots, and what each library does with them. */
    public static List<NamedCharacter> characters() {
        return CHARACTERS;
    }
}
