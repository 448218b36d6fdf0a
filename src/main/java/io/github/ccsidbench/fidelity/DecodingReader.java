package io.github.ccsidbench.fidelity;

import io.github.ccsidbench.ccsid.Ccsid;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;

/**
 * The one reader of users' text: decodes bytes in their declared CCSID chunk by chunk, each invalid sequence one counted
 * U+FFFD, the first kept for a one-line refusal ({@link #malformed()}); it notes the first NUL too.
 */
public final class DecodingReader extends Reader {

    private static final int CHUNK = 64 * 1024;

    private final Ccsid ccsid;
    private final InputStream in;
    private final CharsetDecoder decoder;
    private final ByteBuffer bytes = ByteBuffer.allocate(CHUNK);
    private final CharBuffer chars = CharBuffer.allocate(CHUNK);
    private long consumed;
    private boolean eof;
    private boolean flushed;
    private boolean pendingReplacement;
    private long malformedCount;
    private long unmappableCount;
    private long firstInvalid = -1;
    private long lastInvalid = -1;
    private byte[] firstBytes = new byte[0];
    private long charsRead;
    private long firstNul = -1;

    /** Mixed EBCDIC only: the shift state of the bytes read so far (null for other encodings). */
    private final ShiftOutWatch shifts;

    /** Reads {@code in} as text in {@code ccsid} ({@link MalformedInput#readerCharset}). */
    public DecodingReader(InputStream in, Ccsid ccsid) {
        this.ccsid = ccsid;
        this.shifts = ccsid.scheme().mixed() ? new ShiftOutWatch() : null;
        this.in = in;
        this.decoder = MalformedInput.readerCharset(ccsid).newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        bytes.flip();
        chars.flip();
    }

    /** How many malformed or unmappable sequences were read so far. */
    public long invalid() {
        return malformedCount + unmappableCount;
    }

    /** The byte offset of the first malformed or unmappable sequence, -1 when none. */
    public long firstInvalid() {
        return firstInvalid;
    }

    /** The bytes decoded so far: for progress, and for messages about where reading stopped. */
    public long bytesRead() {
        return consumed;
    }

    /** The character offset of the first U+0000, -1 when none: text files do not hold NUL. */
    public long firstNul() {
        return firstNul;
    }

    /** What was not valid so far; at the end, of the whole input, a double-byte run left open counted as malformed. */
    public MalformedInput malformed() {
        long malformed = malformedCount;
        long first = firstInvalid;
        byte[] firstSequence = firstBytes;
        long open = unterminatedShiftOut();
        if (open >= 0 && lastInvalid < open) {
            malformed++;
            if (first < 0 || open < first) {
                first = open;
                firstSequence = new byte[]{0x0E};
            }
        }
        return new MalformedInput(ccsid, malformed, unmappableCount, first, firstSequence);
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
        if (firstNul < 0) {
            for (int i = off; i < off + n; i++) {
                if (cbuf[i] == 0) {
                    firstNul = charsRead + (i - off);
                    break;
                }
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
                if (r.isMalformed()) {
                    malformedCount++;
                } else {
                    unmappableCount++;
                }
                lastInvalid = consumed;
                int skip = Math.min(r.length(), bytes.remaining());
                if (firstInvalid < 0) {
                    firstInvalid = consumed;
                    firstBytes = new byte[skip];
                    bytes.get(bytes.position(), firstBytes);
                }
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
    public long unterminatedShiftOut() {
        return eof && shifts != null ? shifts.open() : -1;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
