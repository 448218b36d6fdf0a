package io.github.ccsidbench.reference;

import io.github.ccsidbench.ccsid.SingleByteTable;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The reference codec for a single-byte EBCDIC CCSID: the JDK's ISO-8859-1 copy (the floor) plus one table pass, exact
 * for every input (docs/reference-codec.md, "The idea"). Not thread-safe (a scratch buffer): one instance per thread.
 */
public final class SingleByteCodec {

    private static final int QUESTION_MARK = '?';
    /** Texts up to this length are decoded through the char table, and encoded in one pass unless the translator takes fewer. */
    static final int SHORT = 32;

    private final SingleByteTable table;
    private final byte substitution;
    private final ByteTranslator translator;
    /** Texts up to this length are encoded a character at a time ({@link ByteTranslator#encodeByCharsUpTo}). */
    private final int encodeByChars;
    /** Latin-1 character (as a byte) to CCSID byte; the substitution for Latin-1 characters the CCSID lacks. */
    private final byte[] encodeLatin1 = new byte[256];
    /** CCSID byte to Latin-1 character (as a byte); meaningless at {@link #decodeWatch}. */
    private final byte[] decodeLatin1 = new byte[256];
    /** The byte whose character is outside Latin-1 (0x9F, the euro, in 1140), or -1. */
    private final int decodeWatch;
    private byte[] scratch = new byte[64];
    /** Characters of a short text being decoded ({@link #decodeByChars}). */
    private final char[] chars = new char[SHORT];
    /** CCSID byte to character, the one outside Latin-1 included ({@link #decodeByChars}). */
    private final char[] decodeChars = new char[256];
    /** Where the Latin-1 bytes of the text being encoded hold '?' (the first {@value #MARKS} of them). */
    private final int[] where = new int[MARKS];
    /** Question marks an encode looks at one by one; a text with more is encoded a character at a time. */
    static final int MARKS = 64;

    /**
     * A codec for the CCSID described by {@code table} (line ends already chosen).
     *
     * @throws IllegalArgumentException when the table is not a single-byte table of this kind: some
     *     byte unmapped, or more than one byte outside Latin-1
     */
    public SingleByteCodec(SingleByteTable table, byte substitution, ByteTranslator translator) {
        this.table = table;
        this.substitution = substitution;
        this.translator = translator;
        this.encodeByChars = Math.min(SHORT, translator.encodeByCharsUpTo());
        int watch = -1;
        for (int b = 0; b < 256; b++) {
            int cp = table.toUnicode(b);
            if (cp == SingleByteTable.UNMAPPED) {
                throw new IllegalArgumentException(String.format("byte 0x%02X has no character: not an EBCDIC single-byte table", b));
            }
            decodeChars[b] = (char) cp;
            if (cp > 0xFF) {
                if (watch >= 0) {
                    throw new IllegalArgumentException("more than one byte maps outside Latin-1");
                }
                watch = b;
            } else {
                decodeLatin1[b] = (byte) cp;
            }
        }
        this.decodeWatch = watch;
        for (int c = 0; c < 256; c++) {
            int b = table.toByte((char) c);
            encodeLatin1[c] = b == SingleByteTable.UNMAPPED ? substitution : (byte) b;
        }
    }

    /** The bytes of {@code text}; unmappable characters become the substitution byte. */
    public byte[] encode(String text) {
        int n = text.length();
        if (n <= encodeByChars) {
            return encodeShort(text);
        }
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1); // an intrinsic copy for Latin-1 Strings
        if (bytes.length != n) {
            return encodeSlowly(text); // a surrogate pair became one '?': not a 1:1 text
        }
                // '?' is a real question mark or the copy's stand-in beyond Latin-1: only those are looked at again
        int marks = translator.translate(bytes, 0, bytes, 0, n, encodeLatin1, QUESTION_MARK, where);
        if (marks > where.length) {
            return encodeSlowly(text); // more than a few dozen: a text of question marks or of other scripts
        }
        for (int k = 0; k < marks; k++) {
            int i = where[k];
            if (text.charAt(i) != QUESTION_MARK) {
                bytes[i] = encodeChar(text.charAt(i));
            }
        }
        return bytes;
    }

    /**
     * Short texts in one pass, as the JDK's own single-byte encoders do (docs/reference-codec.md, "What makes it fast";
     * the alternatives measured are in docs/decisions.md).
     */
    private byte[] encodeShort(String text) {
        byte[] out = new byte[text.length()];
        for (int i = 0; i < out.length; i++) {
            char c = text.charAt(i);
            if (c > 0xFF) {
                return encodeSlowly(text);
            }
            out[i] = encodeLatin1[c];
        }
        return out;
    }

    /** The text of {@code length} bytes at {@code offset}. */
    public String decode(byte[] bytes, int offset, int length) {
        if (length <= SHORT) {
            return decodeByChars(bytes, offset, length);
        }
        if (scratch.length < length) {
            scratch = new byte[Math.max(length, scratch.length * 2)];
        }
        if (translator.translate(bytes, offset, scratch, 0, length, decodeLatin1, decodeWatch) > 0) {
            return decodeByChars(bytes, offset, length); // 1140's euro: not a Latin-1 text
        }
        return new String(scratch, 0, length, StandardCharsets.ISO_8859_1);
    }

    /** Encodes a code point at a time, exactly as the JDK's single-byte charsets do. */
    byte[] encodeSlowly(String text) {
        byte[] out = new byte[text.length()];
        int n = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                out[n++] = substitution;
                i++;
            } else {
                out[n++] = encodeChar(c);
            }
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    private byte encodeChar(char c) {
        int b = table.toByte(c);
        return b == SingleByteTable.UNMAPPED ? substitution : (byte) b;
    }

    /**
     * Decodes through the character table, the one character outside Latin-1 included: short texts, and texts that hold
     * that character ({@code new String(char[])} keeps 1140's euro as UTF-16).
     */
    private String decodeByChars(byte[] bytes, int offset, int length) {
        char[] out = length <= chars.length ? chars : new char[length];
        for (int i = 0; i < length; i++) {
            out[i] = decodeChars[bytes[offset + i] & 0xFF];
        }
        return new String(out, 0, length);
    }

    /** Which translator runs: "scalar" or "vector (...)". */
    public String translator() {
        return translator.describe();
    }
}
