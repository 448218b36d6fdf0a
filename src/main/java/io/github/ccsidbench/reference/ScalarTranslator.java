package io.github.ccsidbench.reference;

/** The portable translator: one table load per byte, on every JVM. */
public final class ScalarTranslator implements ByteTranslator {

    @Override
    public int translate(byte[] src, int srcOff, byte[] dst, int dstOff, int length, byte[] table, int watch, int[] where) {
        return loop(src, srcOff, dst, dstOff, length, table, watch, where, 0, 0);
    }

    /**
     * The scalar loop itself, also the vector translators' tail and short-input path: translates {@code length}
     * bytes, counting the watched ones on top of {@code seen} and recording their positions, {@code base} plus
     * their index here, in {@code where} while it has room. Returns the new count.
     */
    static int loop(byte[] src, int srcOff, byte[] dst, int dstOff, int length, byte[] table, int watch, int[] where,
                    int seen, int base) {
        int count = seen;
        for (int i = 0; i < length; i++) {
            int b = src[srcOff + i] & 0xFF;
            if (b == watch) {
                if (where != null && count < where.length) {
                    where[count] = base + i;
                }
                count++;
            }
            dst[dstOff + i] = table[b];
        }
        return count;
    }

    @Override
    public String describe() {
        return "scalar";
    }
}
