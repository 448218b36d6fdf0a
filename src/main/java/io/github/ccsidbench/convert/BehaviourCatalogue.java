package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;
import io.github.ccsidbench.ccsid.EncodingScheme;
import io.github.ccsidbench.ccsid.LineEnds;
import io.github.ccsidbench.ccsid.MixedEbcdic;

import java.util.List;
import java.util.Locale;

/**
 * The one catalogue of what each library does with each CCSID beyond the plain table, every fact read off the library
 * and stated only here: the providers return these entries, the oracle ({@link ExpectedEncoding}) predicts every byte
 * from them, and docs/fidelity.md's tables are written from them (checked by {@code BehaviourCatalogueTest}).
 */
public final class BehaviourCatalogue {

    /** '?' in every EBCDIC code page, and the JDK's replacement in its mixed EBCDIC charsets. */
    private static final byte EBCDIC_QUESTION_MARK = 0x6F;

    /** The characters ICU4J 78 writes as the double-byte substitution ending a 1390 or 1399 string (docs/fidelity.md). */
    public static final List<Integer> ICU_WRONG_AT_END = List.of(0x00E6, 0x0254, 0x0259, 0x025A, 0x028C, 0x02E5,
            0x02E9, 0x304B, 0x304D, 0x304F, 0x3051, 0x3053, 0x30AB, 0x30AD, 0x30AF, 0x30B1, 0x30B3, 0x30BB, 0x30C4,
            0x30C8, 0x31F7);

    private BehaviourCatalogue() {
    }

    /** How the JDK's charset for an EBCDIC CCSID maps the line ends (docs/fidelity.md, "Line ends"); null for others. */
    public static LineEnds jdkLineEnds(Ccsid ccsid) {
        if (ccsid.scheme() == EncodingScheme.EBCDIC_MIXED) {
            return ccsid.number() == 933 ? LineEnds.CDRA : LineEnds.JDK_BOTH_LF;
        }
        if (ccsid.scheme() != EncodingScheme.EBCDIC_SBCS) {
            return null;
        }
        return ccsid.number() == 1047 ? LineEnds.SWAPLFNL : LineEnds.JDK_BOTH_LF;
    }

    /** The JDK's charsets, however they are called (String API, a reused coder, streams): one behaviour. */
    public static ConverterBehaviour jdk(Ccsid ccsid) {
        switch (ccsid.scheme()) {
            case EBCDIC_SBCS:
                if (jdkLineEnds(ccsid) == LineEnds.SWAPLFNL) {
                    return ConverterBehaviour.substituting(ccsid.substitution()).lineEnds(LineEnds.SWAPLFNL)
                            .note("IBM1047 swaps the line ends: 0x15 is U+000A, 0x25 is U+0085 (ICU and JTOpen: the reverse).")
                            .build();
                }
                return ConverterBehaviour.substituting(ccsid.substitution()).lineEnds(LineEnds.JDK_BOTH_LF)
                        .note(ccsid.jdkName().orElseThrow() + " decodes both 0x15 and 0x25 to U+000A and encodes U+0085 as 0x15:"
                                + " byte 0x25 and U+0085 do not survive a round trip (OpenJDK bug 8186803).")
                        .build();
            case EBCDIC_MIXED:
                ConverterBehaviour.Builder b = ConverterBehaviour.substituting(EBCDIC_QUESTION_MARK).lineEnds(jdkLineEnds(ccsid))
                        .note("Writes 0x6F, the EBCDIC question mark, for every character it cannot hold (a supplementary one"
                                + " included), not the CCSID's substitution 0x3F or 0xFEFE: lost data looks like a real '?'.");
                if (jdkLineEnds(ccsid) == LineEnds.JDK_BOTH_LF) {
                    b.note(ccsid.jdkName().orElseThrow() + " decodes both 0x15 and 0x25 to U+000A and encodes U+0085 as 0x15.");
                }
                return b.build();
            case ASCII_SBCS:
                return ConverterBehaviour.substituting((byte) '?')
                        .note("Writes '?' (0x3F) for an unmappable character, not the CDRA substitution 0x1A,"
                                + " so lost data looks like a real question mark.")
                        .build();
            case UTF_8:
                return ConverterBehaviour.substituting((byte) '?')
                        .note("Writes '?' (0x3F) for an unpaired surrogate; malformed input decodes to U+FFFD.")
                        .build();
            case UTF_16:
                return replacingUnpairedSurrogates(ccsid);
            default:
                throw new AssertionError(ccsid.scheme());
        }
    }

    /** The JDK's UTF-16 and ICU4J's UTF-8 and UTF-16: the CCSID's substitution, U+FFFD, for an unpaired surrogate. */
    private static ConverterBehaviour replacingUnpairedSurrogates(Ccsid ccsid) {
        return ConverterBehaviour.substituting(ccsid.substitution()).note("Writes U+FFFD for an unpaired surrogate.").build();
    }

    /** ICU4J's converters (icu4j-charset 78). */
    public static ConverterBehaviour icu(Ccsid ccsid) {
        switch (ccsid.scheme()) {
            case EBCDIC_SBCS:
                return ConverterBehaviour.substituting(ccsid.substitution()).lineEnds(LineEnds.CDRA)
                        .ignorables(ConverterBehaviour.Ignorables.DROP)
                        .note("Drops unmappable Default_Ignorable code points (U+200B, U+FE0F, ...) instead of substituting them.")
                        .build();
            case EBCDIC_MIXED:
                byte[] dbcs = ccsid.mixed().orElseThrow().doubleByteSubstitution();
                ConverterBehaviour.Builder b = ConverterBehaviour
                        .substituting(MixedEbcdic.SHIFT_OUT, dbcs[0], dbcs[1], MixedEbcdic.SHIFT_IN)
                        .alsoSubstituting(ccsid.substitution())
                        .alsoSubstituting(dbcs)
                        .lineEnds(LineEnds.CDRA)
                        .ignorables(ConverterBehaviour.Ignorables.DROP)
                        .note("Writes IBM's substitutions: 0x3F for an unmappable U+0000..U+00FF (and a few others), shift-out"
                                + " 0xFEFE shift-in for the rest; drops unmappable Default_Ignorable code points (U+00AD, ...).");
                if (ccsid.number() == 1390 || ccsid.number() == 1399) {
                    b.wrongAtEnd(ICU_WRONG_AT_END)
                            .note("ICU4J 78 bug: " + ICU_WRONG_AT_END.size() + " characters that begin one of IBM's"
                                    + " multi-character mappings (U+304B \u304B, U+30C8 \u30C8, U+00E6, ...) are written as 0xFEFE,"
                                    + " without shift-out, when they end the string: \u30C6\u30B9\u30C8 comes back as"
                                    + " \u30C6\u30B9 and U+FFFD.");
                }
                return b.build();
            case ASCII_SBCS:
                return ConverterBehaviour.substituting(ccsid.substitution())
                        .ignorables(ConverterBehaviour.Ignorables.DROP_SUPPLEMENTARY)
                        .note("Writes the CDRA substitution 0x1A; drops supplementary Default_Ignorable code points"
                                + " (U+E0001, ...) but substitutes BMP ones.")
                        .build();
            case UTF_8:
            case UTF_16:
                return replacingUnpairedSurrogates(ccsid);
            default:
                throw new AssertionError(ccsid.scheme());
        }
    }

    /** JTOpen's {@code CharConverter} (jt400 21). */
    public static ConverterBehaviour jt400(Ccsid ccsid) {
        ConverterBehaviour.Builder b = ConverterBehaviour.substituting(ccsid.substitution()).unit(ConverterBehaviour.Unit.CODE_UNIT);
        switch (ccsid.scheme()) {
            case EBCDIC_SBCS:
                b.lineEnds(LineEnds.CDRA)
                        .note("Writes two substitution bytes for a supplementary character (one per UTF-16 unit).");
                jt400BestFits(ccsid, b);
                return b.build();
            case EBCDIC_MIXED:
                return ConverterBehaviour.substituting(ccsid.substitution()).lineEnds(LineEnds.CDRA)
                        .note("Writes 0x3F for every character it cannot hold, a supplementary one included, and decodes"
                                + " 0x3F as U+001A.")
                        .note("Writes U+000E and U+000F as the bytes 0x0E and 0x0F, which are shift-out and shift-in:"
                                + " the text after them is misread.")
                        .note(ccsid.number() == 937
                                ? "Its single-byte half is CCSID 37's whole Latin-1 table, not 28709's: 94 more bytes decode."
                                : "Maps many characters IBM's table for the CCSID lacks (user-defined areas to the Private"
                                + " Use Area, newer kanji and symbols): see fidelity.MixedDifferences.")
                        .build();
            case ASCII_SBCS:
                return b.decodeSubstitution('\u001A')
                        .note("Writes two substitution bytes for a supplementary character; bytes 0x80..0xFF decode to U+001A.")
                        .build();
            case UTF_8:
                return b.unpairedSurrogatesUnsupported("Does not check for unpaired surrogates: a lone high surrogate is paired with"
                                + " the next character (A U+D83D B becomes F0 91 A1 82), a lone low surrogate is written as"
                                + " 3 bytes ED xx xx, and a high surrogate at the end throws ArrayIndexOutOfBoundsException.")
                        .note("Does not validate UTF-8 on decode: malformed bytes become wrong characters, not U+FFFD.")
                        .build();
            case UTF_16:
                return b.unpairedSurrogatesUnsupported("Copies unpaired surrogates through unchanged, writing ill-formed UTF-16.")
                        .note("Drops an odd trailing byte on decode.")
                        .build();
            default:
                throw new AssertionError(ccsid.scheme());
        }
    }

    /** JTOpen's best fits in a single-byte EBCDIC CCSID, where the JDK and ICU4J substitute (docs/fidelity.md, "Substitution"). */
    private static void jt400BestFits(Ccsid ccsid, ConverterBehaviour.Builder b) {
        b.bestFit(0x203E, 0x00AF);
        if (ccsid.number() == 1047 || ccsid.number() >= 1140 && ccsid.number() <= 1149) { // JTOpen's newer tables
            for (int cp = 0xFF01; cp <= 0xFF5E; cp++) {
                b.bestFit(cp, cp - 0xFF01 + 0x21);
            }
            b.note("Best-fit mappings: fullwidth U+FF01..U+FF5E become their ASCII look-alikes, U+203E becomes "
                    + byteOf(ccsid, 0xAF) + " (U+00AF).");
        } else {
            b.bestFit(0x0110, 0x00D0);
            b.note("Best-fit mappings: U+0110 becomes " + byteOf(ccsid, 0xD0) + " (U+00D0), U+203E becomes "
                    + byteOf(ccsid, 0xAF) + " (U+00AF).");
        }
    }

    /** The project's reference codec: the JDK's line ends and substitution, or IBM's CDRA line ends ({@code cdra}). */
    public static ConverterBehaviour reference(Ccsid ccsid, boolean cdra) {
        ConverterBehaviour.Builder b = ConverterBehaviour.substituting(ccsid.substitution())
                .lineEnds(cdra ? LineEnds.CDRA : jdkLineEnds(ccsid));
        return cdra
                ? b.note("CDRA line ends like ICU4J and JTOpen; substitutes unmappable Default_Ignorable code points (ICU drops them).").build()
                : b.note("Line ends and substitution exactly as the JDK's " + ccsid.jdkName().orElseThrow() + ".").build();
    }

    /** "0xBC": the byte of {@code cp} in the CCSID's table (the macron is 0xBC in most EBCDIC CCSIDs, 0xA1 in 285). */
    private static String byteOf(Ccsid ccsid, int cp) {
        return String.format(Locale.ROOT, "0x%02X", ccsid.table().orElseThrow().toByte((char) cp));
    }
}
