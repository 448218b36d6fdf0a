package io.github.ccsidbench.fidelity;

/**
 * Names characters the way every table and message in the project does:
 * "U+00E9 'é' (LATIN SMALL LETTER E WITH ACUTE)", "U+000A (LINE FEED (LF))".
 */
public final class Characters {

    private Characters() {
    }

    /** One code point: its number, the glyph when printable, else its Unicode name. */
    public static String describe(int codePoint) {
        boolean printable = !Character.isISOControl(codePoint) && Character.isDefined(codePoint)
                && !(codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE)
                && Character.getType(codePoint) != Character.FORMAT && !Character.isWhitespace(codePoint);
        String name = Character.getName(codePoint);
        return String.format("U+%04X", codePoint) + (printable ? " '" + new String(Character.toChars(codePoint)) + "'" : "")
                + (name == null ? "" : " (" + name + ")");
    }

    /** A short text: each code point described, joined by spaces. */
    public static String describe(String text) {
        StringBuilder sb = new StringBuilder();
        text.codePoints().forEach(cp -> sb.append(sb.length() == 0 ? "" : " ").append(describe(cp)));
        return sb.toString();
    }
}
