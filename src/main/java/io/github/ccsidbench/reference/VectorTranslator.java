package io.github.ccsidbench.reference;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The SIMD translator, with the incubating Vector API: the 256-entry table is split into
 * 256 / L sub-tables of one vector each (L lanes); every input vector is looked up in each
 * sub-table with {@code selectFrom} on its low bits and the right result kept by its high bits.
 * On AVX-512 VBMI (L = 64) that is four byte permutes and three blends per 64 bytes.
 *
 * <p>Only ever loaded by {@link Translators} when the JVM resolved {@code jdk.incubator.vector}
 * ({@code --add-modules jdk.incubator.vector}); every other JVM uses {@link ScalarTranslator}.
 */
final class VectorTranslator implements ByteTranslator {

    private static final VectorSpecies<Byte> SPECIES = ByteVector.SPECIES_PREFERRED;
    private static final int LANES = SPECIES.length();
    private static final int TABLES = 256 / LANES;
    private static final byte LOW_MASK = (byte) (LANES - 1);
    private static final byte HIGH_MASK = (byte) ~(LANES - 1);

    /** The last table split into sub-table vectors, kept because a converter uses one table over and over. */
    private byte[] cachedTable;
    private ByteVector[] cachedParts;

    static boolean usable() {
        return LANES >= 16 && LANES <= 256 && 256 % LANES == 0;
    }

    @Override
    public int translate(byte[] src, int srcOff, byte[] dst, int dstOff, int length, byte[] table, int watch) {
        int bound = SPECIES.loopBound(length);
        if (bound == 0) {
            // shorter than one vector: the scalar loop, without the vector set-up
            return ScalarTranslator.loop(src, srcOff, dst, dstOff, length, table, watch);
        }
        ByteVector[] parts = parts(table);
        int seen = 0;
        int i = 0;
        if (watch < 0) {
            for (; i < bound; i += LANES) {
                lookup(ByteVector.fromArray(SPECIES, src, srcOff + i), parts).intoArray(dst, dstOff + i);
            }
        } else {
            // A count per vector, not a mask carried across iterations: a loop-carried mask is not
            // intrinsified on JDK 17 and is boxed on every iteration (measured: 1.5 extra bytes per byte).
            byte w = (byte) watch;
            for (; i < bound; i += LANES) {
                ByteVector in = ByteVector.fromArray(SPECIES, src, srcOff + i);
                seen += in.compare(VectorOperators.EQ, w).trueCount();
                lookup(in, parts).intoArray(dst, dstOff + i);
            }
        }
        return seen + ScalarTranslator.loop(src, srcOff + i, dst, dstOff + i, length - i, table, watch);
    }

    /** {@code table[in]} per lane: one permute per sub-table, the right one kept by the high bits. */
    private static ByteVector lookup(ByteVector in, ByteVector[] parts) {
        ByteVector low = in.and(LOW_MASK);
        ByteVector high = in.and(HIGH_MASK);
        ByteVector out = low.selectFrom(parts[0]);
        for (int t = 1; t < TABLES; t++) {
            out = out.blend(low.selectFrom(parts[t]), high.compare(VectorOperators.EQ, (byte) (t * LANES)));
        }
        return out;
    }

    private ByteVector[] parts(byte[] table) {
        if (table != cachedTable) {
            ByteVector[] parts = new ByteVector[TABLES];
            for (int t = 0; t < TABLES; t++) {
                parts[t] = ByteVector.fromArray(SPECIES, table, t * LANES);
            }
            cachedParts = parts;
            cachedTable = table;
        }
        return cachedParts;
    }

    @Override
    public String describe() {
        return "vector (" + LANES + " x 8-bit lanes)";
    }
}
