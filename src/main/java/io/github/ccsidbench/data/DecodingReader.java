package io.github.ccsidbench.data;

import io.github.ccsidbench.fidelity.ShiftOutWatch;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;

/**
 * Reads a user's file as text in its declared encoding, a chunk at a time, counting what is not valid in that
 * encoding instead of guessing: every malformed or unmappable sequence becomes U+FFFD, is counted, and the byte offset
 * of the first one is kept, so the caller can refuse the file in one line that names where, without ever quoting the
 * bytes (they may be a customer's data). It also notes the first NUL, the mark of a binary file.
 */
final class DecodingReader extends Reader {

    private static final int CHUNK = 64 * 1024;

    private final InputStream in;
    private final CharsetDecoder decoder;
    private final ByteBuffer bytes = ByteBuffer.allocate(CHUNK);
    private final CharBuffer chars = CharBuffer.allocate(CHUNK);
    private long consumed;
    private boolean eof;
    private boolean flushed;
    private boolean pendingReplacement;
    private long invalid;
    private long firstInvalid = -1;
    private long charsRead;
    private long firstNul = -1;

    /** Mixed EBCDIC only: the shift state of the bytes read so far (null for other encodings). */
    private final ShiftOutWatch shifts;

    DecodingReader(InputStream in, Charset charset) {
        this(in, charset, false);
    }

    /** With {@code mixed}, also watches that every shift-out (0x0E) is closed by a shift-in (0x0F) before the end. */
    DecodingReader(InputStream in, Charset charset, boolean mixed) {
        this.shifts = mixed ? new ShiftOutWatch() : null;
        this.in = in;
        this.decoder = charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        bytes.flip();
        chars.flip();
    }

    /** How many malformed or unmappable sequences were read so far. */
    long invalid() {
        return invalid;
    }

    /** The byte offset of the first malformed or unmappable sequence, -1 when none. */
    long firstInvalid() {
        return firstInvalid;
    }

    /** The byte offset just past what was decoded so far, roughly: for messages about where reading stopped. */
    long bytesRead() {
        return consumed;
    }

    /** The character offset of the first U+0000, -1 when none: text files do not hold NUL. */
    long firstNul() {
        return firstNul;
    }

    @Override
    public int read(char[] cbuf, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (!chars.hasRemaining()) {
            if (!fill()) {
                return -1;
            }
        }
        int n = Math.min(len, chars.remaining());
        chars.get(cbuf, off, n);
        for (int i = off; i < off + n; i++) {
            if (cbuf[i] == 0 && firstNul < 0) {
                firstNul = charsRead + (i - off);
            }
        }
        charsRead += n;
        return n;
    }

    /** Decodes the next chunk into {@code chars}; false at the end of the input. */
    private boolean fill() throws IOException {
        chars.clear();
        if (pendingReplacement) {
            chars.put('\uFFFD');
            pendingReplacement = false;
        }
        while (chars.position() == 0 && !flushed) {
            if (!eof && bytes.remaining() < 16) {
                bytes.compact();
                readMore();
                bytes.flip();
            }
            int before = bytes.position();
            CoderResult r = decoder.decode(bytes, chars, eof);
            consumed += bytes.position() - before;
            if (r.isError()) {
                if (firstInvalid < 0) {
                    firstInvalid = consumed;
                }
                invalid++;
                int skip = Math.min(r.length(), bytes.remaining());
                bytes.position(bytes.position() + skip);
                consumed += skip;
                if (chars.hasRemaining()) {
                    chars.put('\uFFFD');
                } else {
                    pendingReplacement = true;
                }
            } else if (r.isUnderflow()) {
                if (eof) {
                    decoder.flush(chars);
                    flushed = true;
                } else {
                    bytes.compact();
                    readMore();
                    bytes.flip();
                }
            } else {
                break; // overflow: chars is full
            }
        }
        chars.flip();
        return chars.hasRemaining();
    }

    /** Reads bytes into {@code bytes} (in write mode) until it is full or the stream ends. */
    private void readMore() throws IOException {
        while (bytes.hasRemaining() && !eof) {
            int n = in.read(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
            if (n < 0) {
                eof = true;
            } else {
                if (shifts != null) {
                    shifts.feed(bytes.array(), bytes.arrayOffset() + bytes.position(), n);
                }
                bytes.position(bytes.position() + n);
            }
        }
    }

    /** Mixed EBCDIC: the byte offset of a shift-out never closed by a shift-in before the end, or -1. */
    long unterminatedShiftOut() {
        return eof && shifts != null ? shifts.open() : -1;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
