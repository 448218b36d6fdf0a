package io.github.ccsidbench.reference;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The SIMD translators, with the incubating Vector API, one per vector shape (256 and 512 bits), so that
 * {@link Translators} can run the shape that is fastest on the CPU at hand rather than the widest: a 256-entry table is
 * split into 256 / L sub-tables of one vector each (L byte lanes); every input vector is looked up in each sub-table
 * with {@code selectFrom} on its low bits and the right result kept by its high bits. On AVX-512 VBMI (L = 64) that is
 * four byte permutes ({@code vpermb}) and three blends per 64 bytes; without VBMI a 64-lane byte permute is a sequence
 * of shuffles, and on AVX2 a 32-lane one is two in-lane shuffles and a lane swap, so which shape wins is measured, not
 * assumed. No 128-bit shape: sixteen {@code pshufb} and blends per 16 bytes are no less work than the scalar loop.
 * Loaded only where the JVM resolved {@code jdk.incubator.vector}; other JVMs use {@link ScalarTranslator}.
 *
 * <p><b>The 7-bit half.</b> When no byte of an input vector is 0x80 or above (ASCII text being encoded), only the
 * sub-tables of the table's lower half are looked up: half the permutes and blends. The 256-bit shape goes one step
 * further for printable ASCII alone (no byte below 0x20 either): three of its eight sub-tables.
 *
 * <p><b>Text rows (256-bit only).</b> On AVX2 a 32-lane {@code selectFrom} is two in-lane shuffles, a lane swap and a
 * blend, so the eight sub-table lookups of a 256-entry table cost many times the copy. Most bytes of text need far
 * less: in the decode tables every letter, digit and the space lies on a run of its 8-byte row whose characters are the
 * bytes plus one constant ({@link TextRows}), so a vector is translated with two 32-entry lookups (the row's constant
 * and the ends of its run), an add, and a check that every byte lies on its run; a vector with any other byte is looked
 * up in full, and when such vectors are more than one in eight the rest of the input is too.
 *
 * <p><b>Why each shape has its own copy of the loop.</b> The species must be a compile-time constant where the vector
 * operations are, or C2 runs the Vector API's Java fallback: static methods taking the species are compiled on their
 * own first (species unknown, fallback code), then not inlined ("already compiled into a big method"). So
 * {@link Bits256} and {@link Bits512}, each with its {@code static final} species, repeat the vector code.
 *
 * <p><b>One loop per method.</b> Every loop that looks up vectors is a method of its own, called once per input (or
 * once per vector that falls off the text rows), and no vector value is passed to a call that may stay a call. C2
 * inlines the lookup into a loop only where its profile calls it at least once in four calls of the method holding that
 * loop: with the encode and decode loops in one method, whichever runs second was compiled while its loop was cold, and
 * its lookup stays a call that boxes its vectors, as only a JVM that both encodes and decodes shows (the round-trip row
 * of {@code java -jar target/benchmarks.jar run --preset reference}; AVX2: {@code --jvm-arg -XX:UseAVX=2}).
 *
 * <p><b>No vector meets another.</b> Each case of a lookup (printable ASCII, 7-bit, full) stores its own result in the
 * loop that chose it; a method that returns a vector has no branch. JDK 17's C2 boxes vector values that meet where
 * branches join, and a small method returning a vector from two branches is such a join once inlined: boxed there, the
 * 7-bit half would cost JDK 17 more than it saves.
 */
abstract class VectorTranslator implements ByteTranslator {

    /**
     * Whether the 512-bit translator looks up the bytes after its last whole vector (and inputs shorter than one) with
     * masked loads and stores instead of the scalar loop: on JDK 25 and later, whose C2 compiles the masks and the
     * masked memory operations for AVX-512; on JDK 17 the masked lookup of a short tail costs more than the scalar loop.
     */
    static final boolean MASKED_TAIL = Runtime.version().feature() >= 25;

    /**
     * The last two tables split ({@link #split}): a codec's two tables (one per direction) share one translator, and
     * with one kept, a round trip would split both on every call (the {@code reference} preset's round-trip row).
     */
    private Split recent;
    private Split older;
    /** How many times a table was split: what tests read to see that a codec's two tables stay split. */
    private int splits;

    /**
     * A table split into sub-table vectors of one shape, with its text rows ({@link TextRows}) as vectors, the rows'
     * constants and then their runs; {@code rows} null when not used.
     */
    record Split(byte[] table, ByteVector[] parts, ByteVector[] rows) {
    }

    /** True when this JVM compiles byte vectors of {@code bits} bits: the preferred shape is at least as wide. */
    static boolean supported(int bits) {
        return ByteVector.SPECIES_PREFERRED.vectorBitSize() >= bits && (bits == 256 || bits == 512);
    }

    /** A translator working on vectors of {@code bits} (256 or 512) bits; only when {@link #supported}. */
    static VectorTranslator of(int bits) {
        switch (bits) {
            case 256:
                return new Bits256();
            case 512:
                return new Bits512();
            default:
                throw new IllegalArgumentException("no " + bits + "-bit vector translator");
        }
    }

    /** {@code table} split for species {@code s}: one of the last two tables split, or split now. */
    final Split split(VectorSpecies<Byte> s, byte[] table) {
        Split last = recent;
        if (last != null && last.table() == table) {
            return last;
        }
        Split before = older;
        if (before != null && before.table() == table) {
            older = last;
            recent = before;
            return before;
        }
        int lanes = s.length();
        ByteVector[] parts = new ByteVector[256 / lanes];
        for (int t = 0; t < parts.length; t++) {
            parts[t] = ByteVector.fromArray(s, table, t * lanes);
        }
        TextRows rows = lanes == 32 ? TextRows.of(table) : null;
        Split made = new Split(table, parts, rows == null ? null
                : new ByteVector[] {ByteVector.fromArray(s, rows.constants(), 0), ByteVector.fromArray(s, rows.runs(), 0)});
        splits++;
        older = last;
        recent = made;
        return made;
    }

    /** How many times this translator has split a table ({@link #split}). */
    final int splits() {
        return splits;
    }

    /**
     * Records where the vector at {@code from} in {@code src} holds {@code watch}, {@code hits} times from lane
     * {@code first} on (its compare's first true lane and true count): {@code base} plus the lane, in {@code where}
     * while it has room; the new count. The bytes are read from lane {@code first} on until {@code hits} are found: one
     * step for a '?', nearly always alone in its vector of text. The mask is not passed (it could be boxed) nor asked
     * for its bits: JDK 17's C2 has no intrinsic for {@code VectorMask.toLong} and would allocate it as an array per
     * vector. Read before the vector is stored: {@code src} may be the destination.
     */
    static int record(int first, int hits, byte[] src, int from, byte watch, int base, int[] where, int seen) {
        int count = seen;
        for (int j = first; count < seen + hits; j++) {
            if (src[from + j] == watch) {
                if (where != null && count < where.length) {
                    where[count] = base + j;
                }
                count++;
            }
        }
        return count;
    }

    @Override
    public String describe() {
        return "vector " + bits() + "-bit (" + bits() / 8 + " x 8-bit lanes, 7-bit half"
                + (bits() == 256 ? ", text rows" : MASKED_TAIL ? ", masked tail" : "") + ")";
    }

    /** The vector size this translator works with. */
    abstract int bits();

    /** 32 byte lanes: AVX2. */
    static final class Bits256 extends VectorTranslator {
        private static final VectorSpecies<Byte> S = ByteVector.SPECIES_256;
        private static final int LANES = S.length();

        /**
         * With text rows, translates by them from the start while the input is text; a vector with a byte off its row's
         * run is looked up in full (from the vector: {@code src} may be {@code dst}), and when such vectors are more
         * than one in eight, {@link #tables} does the rest. The full lookups are in {@link #tables}: with all three in
         * one method, C2 gives up inlining them (NodeCountInliningCutoff) and boxes the vectors of every call.
         */
        @Override
        public int translate(byte[] src, int srcOff, byte[] dst, int dstOff, int length, byte[] table, int watch, int[] where) {
            int bound = S.loopBound(length);
            if (bound == 0) {
                return ScalarTranslator.loop(src, srcOff, dst, dstOff, length, table, watch, where, 0, 0);
            }
            Split split = split(S, table);
            ByteVector[] parts = split.parts();
            ByteVector[] rows = split.rows();
            if (rows == null) {
                return tables(src, srcOff, dst, dstOff, length, table, parts, watch, where, 0, 0);
            }
            ByteVector constants = rows[0];
            ByteVector runs = rows[1];
            byte w = (byte) watch;
            ByteVector watched = ByteVector.broadcast(S, w); // once, not per vector
            int seen = 0;
            int i = 0;
            int lookedUp = 0;
            while (i < bound) {
                ByteVector in = ByteVector.fromArray(S, src, srcOff + i);
                if (watch >= 0) {
                    VectorMask<Byte> hit = in.eq(watched);
                    if (hit.anyTrue()) {
                        seen = record(hit.firstTrue(), hit.trueCount(), src, srcOff + i, w, i, where, seen);
                    }
                }
                ByteVector row = in.reinterpretAsShorts().lanewise(VectorOperators.LSHR, 3).reinterpretAsBytes().and((byte) 31);
                ByteVector run = row.selectFrom(runs);
                ByteVector at = in.and((byte) 7);
                // negative where a byte is before its run's first byte or after its last: (at - first) | (last - at)
                ByteVector off = at.sub(run.and((byte) 7))
                        .or(run.reinterpretAsShorts().lanewise(VectorOperators.LSHR, 4).reinterpretAsBytes().and((byte) 7).sub(at));
                if (off.compare(VectorOperators.LT, (byte) 0).anyTrue()) {
                    plain(src, srcOff + i, dst, dstOff + i, LANES, parts); // not stored yet: src may be dst
                    if (++lookedUp > 2 + (i >>> 8)) {
                        i += LANES;
                        break; // more than one vector in eight is not text: the full lookup for the rest
                    }
                } else {
                    in.add(row.selectFrom(constants)).intoArray(dst, dstOff + i);
                }
                i += LANES;
            }
            return tables(src, srcOff, dst, dstOff, length, table, parts, watch, where, i, seen);
        }

        /**
         * The lookup from byte {@code from} on, then the scalar tail; {@code seen} watched bytes so far. Inputs with a
         * watched byte (every encode: the '?' of {@code getBytes(ISO_8859_1)}) go through {@link #watched} and its
         * 7-bit cases, the others (decode, EBCDIC input: letters above 0x80) through {@link #plain}, so each loop is
         * profiled by its own inputs: one loop for both is compiled for a mix of the two and slows a round trip, and a
         * decode loop written like {@link #watched} settles at a different level from one JVM to the next.
         */
        private static int tables(byte[] src, int srcOff, byte[] dst, int dstOff, int length, byte[] table, ByteVector[] parts,
                                  int watch, int[] where, int from, int seen) {
            int bound = S.loopBound(length);
            if (watch < 0) {
                plain(src, srcOff + from, dst, dstOff + from, bound - from, parts);
            } else {
                seen = watched(src, srcOff, dst, dstOff, from, bound, parts, watch, where, seen);
            }
            return ScalarTranslator.loop(src, srcOff + bound, dst, dstOff + bound, length - bound, table, watch, where, seen, bound);
        }

        /**
         * The full lookup of {@code length} bytes, a multiple of {@link #LANES}: the rest of a decode that is not text,
         * and each vector that falls off the text rows (see {@link VectorTranslator}, "One loop per method").
         */
        private static void plain(byte[] src, int srcOff, byte[] dst, int dstOff, int length, ByteVector[] parts) {
            for (int i = 0; i < length; i += LANES) {
                full(ByteVector.fromArray(S, src, srcOff + i), parts).intoArray(dst, dstOff + i);
            }
        }

        /** All eight sub-tables: no branch, so nothing for JDK 17's C2 to box where branches join. */
        private static ByteVector full(ByteVector in, ByteVector[] parts) {
            ByteVector low = in.and((byte) (LANES - 1));
            ByteVector high = in.and((byte) ~(LANES - 1));
            ByteVector out = low.selectFrom(parts[0]);
            for (int t = 1; t < 256 / LANES; t++) {
                out = out.blend(low.selectFrom(parts[t]), high.compare(VectorOperators.EQ, (byte) (t * LANES)));
            }
            return out;
        }

        /**
         * The lookup of bytes {@code from} to {@code bound} (whole vectors), recording where they equal {@code watch};
         * the new count of watched bytes. Printable ASCII alone is looked up in sub-tables 1 to 3, other 7-bit bytes in
         * 0 to 3 (the 7-bit half), the rest in all eight, each case storing its own result (see
         * {@link VectorTranslator}, "One loop per method" and "No vector meets another"). The sub-tables are read from
         * {@code parts} per vector: as eight locals they would hold half of AVX2's sixteen vector registers.
         */
        private static int watched(byte[] src, int srcOff, byte[] dst, int dstOff, int from, int bound, ByteVector[] parts,
                                   int watch, int[] where, int seen) {
            byte w = (byte) watch;
            ByteVector watched = ByteVector.broadcast(S, w); // once, not per vector
            int count = seen;
            for (int i = from; i < bound; i += LANES) {
                ByteVector in = ByteVector.fromArray(S, src, srcOff + i);
                VectorMask<Byte> hit = in.eq(watched);
                if (hit.anyTrue()) {
                    count = record(hit.firstTrue(), hit.trueCount(), src, srcOff + i, w, i, where, count);
                }
                ByteVector low = in.and((byte) (LANES - 1));
                ByteVector high = in.and((byte) ~(LANES - 1));
                if (!in.compare(VectorOperators.LT, (byte) 0x20).anyTrue()) {
                    // printable ASCII alone (0x20..0x7F; the compare is signed): sub-tables 1 to 3
                    low.selectFrom(parts[1])
                            .blend(low.selectFrom(parts[2]), high.compare(VectorOperators.EQ, (byte) (2 * LANES)))
                            .blend(low.selectFrom(parts[3]), high.compare(VectorOperators.EQ, (byte) (3 * LANES)))
                            .intoArray(dst, dstOff + i);
                } else if (!in.compare(VectorOperators.LT, (byte) 0).anyTrue()) {
                    low.selectFrom(parts[0])
                            .blend(low.selectFrom(parts[1]), high.compare(VectorOperators.EQ, (byte) LANES))
                            .blend(low.selectFrom(parts[2]), high.compare(VectorOperators.EQ, (byte) (2 * LANES)))
                            .blend(low.selectFrom(parts[3]), high.compare(VectorOperators.EQ, (byte) (3 * LANES)))
                            .intoArray(dst, dstOff + i);
                } else { // as full() does, written out: a call may stay a call (see "One loop per method")
                    low.selectFrom(parts[0])
                            .blend(low.selectFrom(parts[1]), high.compare(VectorOperators.EQ, (byte) LANES))
                            .blend(low.selectFrom(parts[2]), high.compare(VectorOperators.EQ, (byte) (2 * LANES)))
                            .blend(low.selectFrom(parts[3]), high.compare(VectorOperators.EQ, (byte) (3 * LANES)))
                            .blend(low.selectFrom(parts[4]), high.compare(VectorOperators.EQ, (byte) (4 * LANES)))
                            .blend(low.selectFrom(parts[5]), high.compare(VectorOperators.EQ, (byte) (5 * LANES)))
                            .blend(low.selectFrom(parts[6]), high.compare(VectorOperators.EQ, (byte) (6 * LANES)))
                            .blend(low.selectFrom(parts[7]), high.compare(VectorOperators.EQ, (byte) (7 * LANES)))
                            .intoArray(dst, dstOff + i);
                }
            }
            return count;
        }

        @Override
        int bits() {
            return 256;
        }
    }

    /** 64 byte lanes: AVX-512 ({@code vpermb} with VBMI). */
    static final class Bits512 extends VectorTranslator {
        private static final VectorSpecies<Byte> S = ByteVector.SPECIES_512;
        private static final int LANES = S.length();

        @Override
        public int translate(byte[] src, int srcOff, byte[] dst, int dstOff, int length, byte[] table, int watch, int[] where) {
            int bound = S.loopBound(length);
            boolean masked = MASKED_TAIL && bound < length;
            if (bound == 0 && !masked) {
                return ScalarTranslator.loop(src, srcOff, dst, dstOff, length, table, watch, where, 0, 0);
            }
            ByteVector[] parts = split(S, table).parts();
            int seen = bound > 0 ? lookups(src, srcOff, dst, dstOff, bound, parts, watch, where) : 0;
            if (masked) {
                return tail(src, srcOff, dst, dstOff, bound, length, parts, watch, where, seen);
            }
            return ScalarTranslator.loop(src, srcOff + bound, dst, dstOff + bound, length - bound, table, watch, where, seen, bound);
        }

        /**
         * With the masked tail, texts of 17-32 characters are faster copied and looked up in one masked vector than
         * encoded a character at a time: the masked lookup costs the same up to a vector, the character loop grows with
         * each character; they cross near 16 ({@code run --preset reference --length 16,20,24,28,32}).
         */
        @Override
        public int encodeByCharsUpTo() {
            return MASKED_TAIL ? 16 : super.encodeByCharsUpTo();
        }

        /**
         * Bytes {@code from} to {@code length} (fewer than {@link #LANES}) in one masked lookup ({@link #MASKED_TAIL}):
         * the new count of watched bytes. Lanes past the end are neither read nor written.
         */
        private static int tail(byte[] src, int srcOff, byte[] dst, int dstOff, int from, int length, ByteVector[] parts,
                                int watch, int[] where, int seen) {
            VectorMask<Byte> inRange = S.indexInRange(from, length);
            ByteVector in = ByteVector.fromArray(S, src, srcOff + from, inRange);
            if (watch >= 0) {
                VectorMask<Byte> hit = in.eq((byte) watch).and(inRange);
                if (hit.anyTrue()) {
                    seen = record(hit.firstTrue(), hit.trueCount(), src, srcOff + from, (byte) watch, from, where, seen);
                }
            }
            ByteVector low = in.and((byte) (LANES - 1));
            ByteVector high = in.and((byte) ~(LANES - 1));
            ByteVector half = low.selectFrom(parts[0]).blend(low.selectFrom(parts[1]), high.compare(VectorOperators.EQ, (byte) LANES));
            if (!in.compare(VectorOperators.LT, (byte) 0).anyTrue()) {
                half.intoArray(dst, dstOff + from, inRange);
            } else {
                half.blend(low.selectFrom(parts[2]), high.compare(VectorOperators.EQ, (byte) (2 * LANES)))
                        .blend(low.selectFrom(parts[3]), high.compare(VectorOperators.EQ, (byte) (3 * LANES)))
                        .intoArray(dst, dstOff + from, inRange);
            }
            return seen;
        }

        /**
         * The lookup of {@code bound} bytes, a multiple of {@link #LANES}, recording where they equal {@code watch}
         * unless it is negative; how many do. Four 64-entry sub-tables, only the first two when no byte is 0x80 or
         * above (the 7-bit half), written out in the loop, each case storing its own result (see
         * {@link VectorTranslator}, "One loop per method" and "No vector meets another"). The sub-tables are in locals:
         * read from the array inside the loop, JDK 17's C2 loads and type-checks each one for every vector.
         */
        private static int lookups(byte[] src, int srcOff, byte[] dst, int dstOff, int bound, ByteVector[] parts, int watch,
                                   int[] where) {
            ByteVector p0 = parts[0];
            ByteVector p1 = parts[1];
            ByteVector p2 = parts[2];
            ByteVector p3 = parts[3];
            byte w = (byte) watch;
            ByteVector watched = ByteVector.broadcast(S, w); // once, not per vector
            int seen = 0;
            for (int i = 0; i < bound; i += LANES) {
                ByteVector in = ByteVector.fromArray(S, src, srcOff + i);
                if (watch >= 0) {
                    VectorMask<Byte> hit = in.eq(watched);
                    if (hit.anyTrue()) {
                        seen = record(hit.firstTrue(), hit.trueCount(), src, srcOff + i, w, i, where, seen);
                    }
                }
                ByteVector low = in.and((byte) (LANES - 1));
                ByteVector high = in.and((byte) ~(LANES - 1));
                ByteVector half = low.selectFrom(p0).blend(low.selectFrom(p1), high.compare(VectorOperators.EQ, (byte) LANES));
                if (!in.compare(VectorOperators.LT, (byte) 0).anyTrue()) {
                    half.intoArray(dst, dstOff + i);
                } else {
                    half.blend(low.selectFrom(p2), high.compare(VectorOperators.EQ, (byte) (2 * LANES)))
                            .blend(low.selectFrom(p3), high.compare(VectorOperators.EQ, (byte) (3 * LANES)))
                            .intoArray(dst, dstOff + i);
                }
            }
            return seen;
        }

        @Override
        int bits() {
            return 512;
        }
    }
}
