package io.github.ccsidbench.reference;

/** The portable translator: one table load per byte, on every JVM. */
public final class ScalarTranslator implements ByteTranslator {

    @Override
    public boolean translate(byte[] src, int srcOff, byte[] dst, int dstOff, int length, byte[] table, int watch) {
        boolean seen = false;
        for (int i = 0; i < length; i++) {
            int b = src[srcOff + i] & 0xFF;
            seen |= b == watch;
            dst[dstOff + i] = table[b];
        }
        return seen;
    }

    @Override
    public String describe() {
        return "scalar";
    }
}
