package io.github.ccsidbench.fidelity;

/**
 * Follows the shift state of mixed EBCDIC bytes, fed a chunk at a time (single bytes until a shift-out 0x0E, then
 * double-byte pairs until a shift-in 0x0F), so that input ending inside a double-byte run is caught: decoders accept
 * it, but it is not valid mixed EBCDIC. One place for the rule, for whole inputs and for streamed files alike.
 */
public final class ShiftOutWatch {

    private long open = -1;
    private boolean secondByte;
    private long seen;

    /** Takes the next {@code n} bytes of the input. */
    public void feed(byte[] b, int from, int n) {
        for (int i = from; i < from + n; i++, seen++) {
            int x = b[i] & 0xFF;
            if (open < 0) {
                if (x == 0x0E) {
                    open = seen;
                }
            } else if (secondByte) {
                secondByte = false;
            } else if (x == 0x0F) {
                open = -1;
            } else {
                secondByte = true;
            }
        }
    }

    /** The offset of the shift-out whose run is still open after the bytes fed so far, or -1. */
    public long open() {
        return open;
    }
}
