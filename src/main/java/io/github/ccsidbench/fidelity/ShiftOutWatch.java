package io.github.ccsidbench.fidelity;

/**
 * Follows the shift state of mixed EBCDIC bytes fed a chunk at a time, so input ending inside a double-byte run, which
 * decoders accept, is caught.
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
