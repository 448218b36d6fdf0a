package io.github.ccsidbench.reference;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The SIMD translators (incubating Vector API), one per shape, 256 and 512 bits, so that {@link Translators} can run
 * the shape fastest on the CPU at hand: each 256-entry table is split into one-vector sub-tables, looked up with
 * {@code selectFrom} on each byte's low bits and blended by its high bits. Loaded only where the JVM resolved
 * {@code jdk.incubator.vector}. The shapes, the 7-bit half, the text rows and the rules the code keeps for C2 (one copy
 * of the loops per shape, one loop per method, no vector meets another) are in docs/reference-codec.md, "The idea"
 * and "The vector code".
 */
abstract class VectorTranslator implements ByteTranslator {

    /** Whether the 512-bit translator does its tail with masked loads and stores: JDK 25+ (docs/reference-codec.md). */
    static final boolean MASKED_TAIL = Runtime.version().feature() >= 25;

    /** The last two tables split: a codec's two tables share one translator, so a round trip splits neither again. */
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
     * {@code first} on: {@code base} plus the lane, in {@code where} while it has room; returns the new count. Takes the
     * mask's first lane and count, not the mask (docs/reference-codec.md, "The vector code"). Read before the vector is
     * stored: {@code src} may be the destination.
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
         * With text rows, translates by them while the input is text; a vector off its rows is looked up in full, and past
         * more than one such vector in eight {@link #tables} does the rest (kept apart: docs/reference-codec.md, "The vector
         * code").
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
         * The lookup from byte {@code from} on, then the scalar tail; {@code seen} watched bytes so far. Encode (a watched
         * byte) goes through {@link #watched}, decode through {@link #plain}: one loop each, so each is profiled by its own
         * inputs.
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

        /** The full lookup of {@code length} bytes, a multiple of {@link #LANES}. */
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
         * The lookup of bytes {@code from} to {@code bound} (whole vectors), recording where they equal {@code watch}; the
         * new count. Printable ASCII in sub-tables 1 to 3, other 7-bit bytes in 0 to 3, the rest in all eight, each case
         * storing its own result. Sub-tables read from {@code parts} per vector: eight locals would take half the registers.
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

        /** With the masked tail, above 16 characters a masked vector lookup beats the character loop. */
        @Override
        public int encodeByCharsUpTo() {
            return MASKED_TAIL ? 16 : super.encodeByCharsUpTo();
        }

        /** Bytes {@code from} to {@code length} (fewer than {@link #LANES}) in one masked lookup; the new watched count. */
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
         * The lookup of {@code bound} bytes, a multiple of {@link #LANES}, recording where they equal {@code watch} unless it
         * is negative; how many do. Only sub-tables 0 and 1 for a 7-bit vector. Sub-tables in locals: JDK 17's C2 would
         * reload and type-check them per vector.
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
