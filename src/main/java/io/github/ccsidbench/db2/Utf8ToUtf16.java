package io.github.ccsidbench.db2;

/**
 * The first half of a major conversion: UTF-8 to UTF-16 (1200), the pivot of every indirect conversion; malformed input
 * becomes U+FFFD. Source: z/OS Unicode Services User's Guide, "Character conversion".
 */
public final class Utf8ToUtf16 {

    private static final char REPLACEMENT = '\uFFFD';

    /** Decodes {@code utf8} into {@code out} (at least {@code utf8.length} long); the UTF-16 units written. */
    public int convert(byte[] utf8, char[] out) {
        int n = 0;
        int i = 0;
        while (i < utf8.length) {
            int b = utf8[i] & 0xFF;
            if (b < 0x80) {
                out[n++] = (char) b;
                i++;
                continue;
            }
            int need;
            int cp;
            if (b >= 0xC2 && b <= 0xDF) {
                need = 1;
                cp = b & 0x1F;
            } else if (b >= 0xE0 && b <= 0xEF) {
                need = 2;
                cp = b & 0x0F;
            } else if (b >= 0xF0 && b <= 0xF4) {
                need = 3;
                cp = b & 0x07;
            } else {
                out[n++] = REPLACEMENT;
                i++;
                continue;
            }
            if (i + need >= utf8.length) { // truncated sequence
                out[n++] = REPLACEMENT;
                i++;
                continue;
            }
            boolean ok = true;
            for (int k = 1; k <= need; k++) {
                int c = utf8[i + k] & 0xFF;
                if ((c & 0xC0) != 0x80) {
                    ok = false;
                    break;
                }
                cp = cp << 6 | c & 0x3F;
            }
            if (!ok || cp < MIN[need] || cp > 0x10FFFF || cp >= 0xD800 && cp <= 0xDFFF) {
                out[n++] = REPLACEMENT;
                i++;
                continue;
            }
            if (cp >= 0x10000) {
                out[n++] = Character.highSurrogate(cp);
                out[n++] = Character.lowSurrogate(cp);
            } else {
                out[n++] = (char) cp;
            }
            i += need + 1;
        }
        return n;
    }

    /** The smallest code point each sequence length may encode (no overlong forms). */
    private static final int[] MIN = {0, 0x80, 0x800, 0x10000};
}
