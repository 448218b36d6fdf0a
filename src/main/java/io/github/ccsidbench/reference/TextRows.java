package io.github.ccsidbench.reference;

/**
 * A byte table seen as 32 rows of 8 bytes, each with one run of bytes the table maps to the byte plus one constant:
 * what lets the 256-bit translator translate text with two 32-entry lookups instead of eight (docs/reference-codec.md,
 * "What makes it fast").
 *
 * @param constants per row, {@code table[b] - b} for the bytes {@code b} of its run
 * @param runs      per row, where its run starts and ends within the row: first | last << 4 (0..7 each)
 */
record TextRows(byte[] constants, byte[] runs) {

    /** The weight of a letter, a digit or the space in {@link #textWeight}: what a text row must hold. */
    static final int TEXT = 10_000;

    /**
     * The rows of {@code table}, each row's run the one whose characters weigh most as text; null when a letter, digit
     * or space is off its row's run (the encode tables), where rows would not pay.
     */
    static TextRows of(byte[] table) {
        byte[] constants = new byte[32];
        byte[] runs = new byte[32];
        for (int r = 0; r < 32; r++) {
            long best = -1;
            for (int first = 0; first < 8; first++) {
                int b0 = r * 8 + first;
                int constant = (table[b0] - b0) & 0xFF;
                long weight = 0;
                for (int last = first; last < 8 && ((table[r * 8 + last] - (r * 8 + last)) & 0xFF) == constant; last++) {
                    weight += textWeight(table[r * 8 + last] & 0xFF);
                    if (weight > best) {
                        best = weight;
                        constants[r] = (byte) constant;
                        runs[r] = (byte) (first | last << 4);
                    }
                }
            }
        }
        TextRows rows = new TextRows(constants, runs);
        for (int b = 0; b < 256; b++) {
            if (textWeight(table[b] & 0xFF) >= TEXT && !rows.onRun(b)) {
                return null;
            }
        }
        return rows;
    }

    /** True when byte {@code b} (0..255) lies on its row's run, so that the table maps it to {@code b + constant}. */
    boolean onRun(int b) {
        int at = b & 7;
        int run = runs[b >>> 3];
        return at >= (run & 7) && at <= run >>> 4;
    }

    /** A character's weight in choosing a row's run: letters, digits and space most, then common punctuation, else 1. */
    static int textWeight(int c) {
        if (c == ' ' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
            return TEXT;
        }
        if (c == '.' || c == ',') {
            return 1000;
        }
        return "-'!?\":;()/".indexOf(c) >= 0 ? 100 : 1;
    }
}
