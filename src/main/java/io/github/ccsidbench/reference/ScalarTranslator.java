package io.github.ccsidbench.reference;

/** The portable translator: one table load per byte, on every JVM. */
public final class ScalarTranslator implements ByteTranslator {

    @Override
    public int translate(byte[] src, int srcOff, byte[] dst, int dstOff, int length, byte[] table, int watch) {
        return loop(src, srcOff, dst, dstOff, length, table, watch);
    }

    /** The scalar loop itself, also the vector translator's tail and short-input path. */
    static int loop(byte[] src, int srcOff, byte[] dst, int dstOff, int length, byte[] table, int watch) {
        int seen = 0;
        for (int i = 0; i < length; i++) {
            int b = src[srcOff + i] & 0xFF;
            seen += b == watch ? 1 : 0;
            dst[dstOff + i] = table[b];
        }
        return seen;
    }

    @Override
    public String describe() {
        return "scalar";
    }
}
